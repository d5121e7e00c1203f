//! Which schedule holds a radiator: of the enabled schedules whose period covers now, one in a
//! slot or on a day its slots run beats one between its slots on another day (a Monday and
//! Wednesday room schedule leaves Thursday to its zone's; on a closed day none owns it); then a
//! radiator's own beats its room's, which beats its zone's. Of one rank, one in a slot beats one
//! between its slots (a weekday schedule and a Saturday one on one room each heat their own
//! days); between slots, the one whose slot ended last holds (its setback follows its slots; a
//! schedule's first day counts as a slot ending at its midnight); where slots meet, the one
//! changed last. A schedule whose first date is still to come holds nothing until then, but ends
//! the hold of another at its first midnight if it is the stronger there. The engine applies it;
//! the pages show it.

use jiff::Timestamp;
use jiff::tz::TimeZone;
use sqlx::AnyPool;
use time::OffsetDateTime;

use super::closed_days::ClosedDates;
use super::program::{Period, Program, midnights, program_on, time_zone};
use super::store::{self, RadiatorPlace, ScheduleRow};
use crate::store::StoreResult;

/// A schedule in force now (or whose first day is still to come), with its period (or its first)
/// and the one after it.
pub struct InForce {
    pub schedule: ScheduleRow,
    pub period: Period,
    pub next: Option<Period>,
    targets: Vec<i64>,
    program: Program,
    tz: TimeZone,
    /// The moment `period` was found for (before it, for a schedule still to come).
    at: Timestamp,
}

impl InForce {
    /// Every enabled schedule (of one business with `Some`) whose period covers `now`, and those
    /// whose first day is still to come.
    pub async fn all(
        pool: &AnyPool,
        business_id: Option<i64>,
        now: OffsetDateTime,
    ) -> StoreResult<Vec<Self>> {
        let at = Timestamp::from_second(now.unix_timestamp()).unwrap_or(Timestamp::UNIX_EPOCH);
        let targets = store::targets(pool, business_id).await?;
        let utc_today = at.to_zoned(TimeZone::UTC).date();
        // A day early: where a business is west of UTC, its day may be a day behind.
        let from = utc_today.yesterday().unwrap_or(utc_today);
        let closed = ClosedDates::load(pool, business_id, from).await?;
        Ok(store::enabled(pool, business_id)
            .await?
            .into_iter()
            .filter_map(|(schedule, zone)| {
                let program = program_on(&schedule, &closed.of(schedule.business_id));
                let zone = time_zone(&zone);
                // One whose first day is still to come takes its first period: it takes no part
                // before that begins, when it may end the hold of another.
                let period =
                    program.period_at(&zone, at).or_else(|| program.first_period(&zone, at))?;
                let next = program.period_at(&zone, period.end);
                let ids = targets.iter().filter(|(id, _)| *id == schedule.id);
                let targets = ids.map(|&(_, target)| target).collect();
                Some(Self { schedule, period, next, targets, program, tz: zone, at })
            })
            .collect())
    }

    /// What of `all` holds the radiator now, if anything: the strongest claim, for as long as it
    /// stays the strongest, and what holds the radiator after it.
    pub fn on<'a>(all: &'a [Self], radiator: &RadiatorPlace) -> Option<Hold<'a>> {
        let theirs = all.iter().filter(|s| s.schedule.business_id == radiator.business_id);
        let claims: Vec<(Claim, &Self)> =
            theirs.filter_map(|s| Some((claim(&s.schedule, &s.targets, radiator)?, s))).collect();
        let now = claims.first()?.1.at;
        let (schedule, period) = strongest(&claims, now)?;
        // Another claim's period ending (or a schedule's first one beginning) may hand the
        // radiator to another schedule earlier, and so may a midnight, where a schedule between
        // its slots reaches a day it does not repeat.
        let bounds = claims.iter().flat_map(|(_, s)| [s.period.start, s.period.end]);
        let mut changes: Vec<Timestamp> = bounds.filter(|bound| *bound > now).collect();
        changes.extend(midnights(&schedule.tz, now, period.end));
        changes.retain(|end| *end < period.end);
        changes.sort();
        changes.push(period.end);
        let taken_over = |(_, then): &(Timestamp, Option<(&Self, Period)>)| {
            then.is_none_or(|(other, next)| {
                other.schedule.id != schedule.schedule.id || next != period
            })
        };
        let (end, next) = changes
            .into_iter()
            .map(|at| (at, strongest(&claims, at)))
            .find(taken_over)
            .unwrap_or((period.end, None));
        Some(Hold { schedule, period: Period { end, ..period }, next })
    }

    /// Its period at `at`, the current one or the next; `None` beyond them.
    fn period_at(&self, at: Timestamp) -> Option<Period> {
        [Some(self.period), self.next].into_iter().flatten().find(|p| p.start <= at && at < p.end)
    }

    /// Names one of the schedule's periods (this one or the next): a radiator is set once per
    /// period (and again if eco starts or stops lowering it).
    pub fn period_key(&self, period: &Period, eco: bool) -> String {
        format!("{}:{}", self.base_key(period), u8::from(eco))
    }

    /// The period's key without the eco mark.
    pub fn base_key(&self, period: &Period) -> String {
        let schedule = &self.schedule;
        format!("{}:{}:{}", schedule.id, schedule.revision, period.start.as_second())
    }
}

/// What holds a radiator: a schedule, its period for as long as it holds it, and the schedule
/// and period that hold it next (as far as the schedules in force tell).
pub struct Hold<'a> {
    pub schedule: &'a InForce,
    pub period: Period,
    pub next: Option<(&'a InForce, Period)>,
}

/// How strongly a schedule holds a radiator at a moment: in a slot or on a day it repeats,
/// rank, in a slot, since when it has been between slots (0 in a slot), revision, id.
pub type Strength = (bool, u8, bool, i64, i64, i64);

/// A schedule's claim on a radiator, all but what its period at the moment adds (in a slot or
/// between slots, and since when).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The radiator's own 3, its room's 2, its zone's 1.
    rank: u8,
    revision: i64,
    schedule_id: i64,
}

impl Claim {
    /// How strongly it holds the radiator while the schedule asks for `period`, which is its
    /// own at the moment (`owned`: see [`Program::owns`]) or only fills in.
    pub fn strength(self, period: &Period, owned: bool) -> Strength {
        let between_since = if period.slot { 0 } else { period.since_slot.as_second() };
        (owned, self.rank, period.slot, between_since, self.revision, self.schedule_id)
    }
}

/// The claim `schedule` (with its `targets`) has on the radiator; `None`: not its schedule.
pub fn claim(schedule: &ScheduleRow, targets: &[i64], radiator: &RadiatorPlace) -> Option<Claim> {
    let (rank, place) = match schedule.schedule_for.as_str() {
        "radiator" => (3, Some(radiator.id)),
        "room" => (2, radiator.room_id),
        _ => (1, radiator.zone_id),
    };
    let claim = Claim { rank, revision: schedule.revision, schedule_id: schedule.id };
    place.filter(|id| targets.contains(id)).map(|_| claim)
}

/// The strongest of `claims` at `at` (now or later) with the period it asks for then.
fn strongest<'a>(claims: &[(Claim, &'a InForce)], at: Timestamp) -> Option<(&'a InForce, Period)> {
    claims
        .iter()
        .filter_map(|&(claim, s)| {
            let period = s.period_at(at)?;
            Some((claim.strength(&period, s.program.owns(&s.tz, &period, at)), s, period))
        })
        .max_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, s, period)| (s, period))
}
