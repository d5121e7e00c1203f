//! Which schedule is in force on a radiator: of the enabled schedules whose period covers now,
//! a radiator's own beats its room's, which beats its zone's; among equals the one changed last
//! wins. The engine applies it; the pages show it.

use jiff::Timestamp;
use sqlx::AnyPool;
use time::OffsetDateTime;

use super::program::{Period, program, time_zone};
use super::store::{self, RadiatorPlace, ScheduleRow};
use crate::store::StoreResult;

/// A schedule in force now, with its period and the one after it.
pub struct InForce {
    pub schedule: ScheduleRow,
    pub period: Period,
    pub next: Option<Period>,
    targets: Vec<i64>,
}

impl InForce {
    /// Every enabled schedule (of one business with `Some`) whose period covers `now`.
    pub async fn all(
        pool: &AnyPool,
        business_id: Option<i64>,
        now: OffsetDateTime,
    ) -> StoreResult<Vec<Self>> {
        let at = Timestamp::from_second(now.unix_timestamp()).unwrap_or(Timestamp::UNIX_EPOCH);
        let targets = store::targets(pool, business_id).await?;
        Ok(store::enabled(pool, business_id)
            .await?
            .into_iter()
            .filter_map(|(schedule, zone)| {
                let (program, zone) = (program(&schedule), time_zone(&zone));
                let period = program.period_at(&zone, at)?;
                let next = program.period_at(&zone, period.end);
                let ids = targets.iter().filter(|(id, _)| *id == schedule.id);
                let targets = ids.map(|&(_, target)| target).collect();
                Some(Self { schedule, period, next, targets })
            })
            .collect())
    }

    /// The schedule of `all` in force on the radiator, if any.
    pub fn on<'a>(all: &'a [Self], radiator: &RadiatorPlace) -> Option<&'a Self> {
        let theirs = all.iter().filter(|s| s.schedule.business_id == radiator.business_id);
        theirs
            .filter_map(|s| Some((s.claim_on(radiator)?, s)))
            .max_by_key(|(claim, _)| *claim)
            .map(|(_, s)| s)
    }

    fn claim_on(&self, radiator: &RadiatorPlace) -> Option<(u8, i64, i64)> {
        claim(&self.schedule, &self.targets, radiator)
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

/// How strongly `schedule` (with its `targets`) holds the radiator: a radiator's own schedule
/// beats its room's, which beats its zone's; among equals the one changed last wins. `None`:
/// not its schedule.
pub fn claim(
    schedule: &ScheduleRow,
    targets: &[i64],
    radiator: &RadiatorPlace,
) -> Option<(u8, i64, i64)> {
    let (rank, place) = match schedule.schedule_for.as_str() {
        "radiator" => (3, Some(radiator.id)),
        "room" => (2, radiator.room_id),
        _ => (1, radiator.zone_id),
    };
    place.filter(|id| targets.contains(id)).map(|_| (rank, schedule.revision, schedule.id))
}
