//! What schedules are and do: the durations, a schedule's checks against the business's records
//! (targets, radiator bounds, a unique name), every change as one recorded change, and the read
//! with its next change.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::closed_days::ClosedDates;
use super::in_force::InForce;
use super::program::{
    Closures, Program, Slot, SlotView, Wanted, program, program_on, slot_view, time_zone,
};
use super::store::{self, Fields, RadiatorPlace, ScheduleRow};
use crate::error::{ApiError, ApiResult, FieldErrors};
use crate::kernel::change::{Actor, Change, Entry};
use crate::kernel::named::{RecordKind, ensure_name_free};
use crate::state::AppState;
use crate::store::StoreError;

/// A day set a schedule can repeat on.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Duration {
    #[schema(example = "weekdays")]
    pub key: &'static str,
    #[schema(example = "Weekdays")]
    pub name: &'static str,
    /// ISO days, 1 = Monday; empty for custom (the schedule names its days).
    pub days: Vec<u8>,
}

pub fn durations() -> Vec<Duration> {
    vec![
        Duration { key: "every_day", name: "Every day", days: (1..=7).collect() },
        Duration { key: "weekdays", name: "Weekdays", days: (1..=5).collect() },
        Duration { key: "weekends", name: "Weekends", days: vec![6, 7] },
        Duration { key: "custom", name: "Custom", days: vec![] },
    ]
}

/// What the kinds of target are called in sentences.
pub const KINDS: [&str; 3] = ["room", "zone", "radiator"];

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct TargetView {
    pub id: i64,
    pub name: String,
}

/// When the schedule next asks for something else, and what: a setpoint, or off (`null`).
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct NextChange {
    /// ISO 8601 with the business's offset.
    pub at: String,
    pub setpoint: Option<f64>,
}

/// A schedule as the API answers it.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct ScheduleView {
    pub id: i64,
    pub name: String,
    /// `room`, `zone` or `radiator`.
    pub schedule_for: String,
    pub target_ids: Vec<i64>,
    /// The targets that still exist, with their names.
    pub targets: Vec<TargetView>,
    /// `every_day`, `weekdays`, `weekends` or `custom`.
    pub duration: String,
    /// The ISO days it repeats on.
    pub days: Vec<u8>,
    pub slots: Vec<SlotView>,
    /// The setpoint outside the slots; `null`: off.
    pub setback: Option<f64>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub status: i64,
    /// 1: its slots run on the business's closed days too (a server room, a security desk);
    /// 0: on them it runs as between its slots.
    pub runs_on_closed_days: i64,
    /// `null` when the schedule is off or past its last date.
    pub next_change: Option<NextChange>,
    /// The names of the other schedules on for a target of its own (of its kind) whose slots
    /// meet its slots on some day: where they meet, the one changed last holds. Empty while it
    /// is off.
    pub overlaps: Vec<String>,
    /// The names of the schedules on for fewer radiators (a room's inside its zone, a
    /// radiator's inside its room) that reach radiators of its own and whose slots meet its
    /// slots on some day: where they meet, those hold on the radiators they share. Empty while
    /// it is off.
    pub outranked_by: Vec<String>,
    /// Moves on each time the schedule is saved or switched on or off: sent back with an edit,
    /// it refuses the edit when someone else has done either since it was read.
    pub revision: i64,
}

/// The schedule in force on a radiator, as its pages show it.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct InForceView {
    pub radiator_id: i64,
    pub schedule_id: i64,
    pub schedule_name: String,
    /// What the radiator heats to now under the schedule, within its own limits; `null`: off.
    pub setpoint: Option<f64>,
    /// What the schedule asks for when the radiator's limits keep it to `setpoint` instead;
    /// `null` when it gets what it asks.
    pub asked: Option<f64>,
    /// When it next asks for something else (ISO 8601 with the business's offset).
    pub until: String,
    /// 1 when someone changed the radiator since the schedule set it: the change holds until
    /// `until`.
    pub manual: i64,
    /// 1 while optimum start heats early for the period that begins at `until`; `setpoint` is
    /// then that period's.
    pub preheating: i64,
    /// What holds the radiator from `until`, as far as the schedules in force tell; `null`:
    /// none does, and it stays as it is.
    pub then: Option<ThenView>,
}

/// The schedule that holds a radiator next, and what it asks of it.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct ThenView {
    pub schedule_id: i64,
    pub schedule_name: String,
    /// What the radiator heats to then, within its own limits; `null`: off.
    pub setpoint: Option<f64>,
}

/// A schedule's fields, checked one by one (the handler's part).
pub struct Checked {
    pub name: String,
    pub schedule_for: &'static str,
    pub target_ids: Vec<i64>,
    pub duration: &'static str,
    pub days: Vec<u8>,
    pub slots: Vec<Slot>,
    pub setback: Option<f64>,
    pub start_date: Option<jiff::civil::Date>,
    pub end_date: Option<jiff::civil::Date>,
    pub status: bool,
    pub runs_on_closed_days: bool,
}

pub fn not_found() -> ApiError {
    ApiError::NotFound("This schedule does not exist.".into())
}

fn days_text(days: &[u8]) -> String {
    days.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
}

fn slots_json(slots: &[Slot]) -> String {
    let views: Vec<SlotView> = slots.iter().map(slot_view).collect();
    serde_json::to_string(&views).unwrap_or_else(|_| "[]".into())
}

fn iso(at: Timestamp, tz: &TimeZone) -> String {
    crate::clock::local_iso8601(&at.to_zoned(tz.clone()))
}

/// Where and when schedules are shown: the business's time zone and closed days, and now.
struct Seen {
    tz: TimeZone,
    closed: Arc<Closures>,
    now: Timestamp,
}

impl Seen {
    async fn read(state: &AppState, db: &mut AnyConnection, business_id: i64) -> ApiResult<Self> {
        let tz = time_zone(&crate::business::get(state, business_id).await?.time_zone);
        let now = now(state);
        let today = now.to_zoned(tz.clone()).date();
        let closed = ClosedDates::load(db, Some(business_id), today).await?.of(business_id);
        Ok(Self { tz, closed, now })
    }
}

/// When the schedule next asks for something else.
fn next_change(row: &ScheduleRow, seen: &Seen) -> Option<NextChange> {
    if row.status != 1 {
        return None;
    }
    let (tz, now) = (&seen.tz, seen.now);
    let program = program_on(row, &seen.closed);
    let change = |at: Timestamp, wanted: Wanted| {
        let setpoint = match wanted {
            Wanted::Heat(setpoint) => Some(setpoint),
            Wanted::Off => None,
        };
        NextChange { at: iso(at, tz), setpoint }
    };
    let Some(current) = program.period_at(tz, now) else {
        // Not yet in force: it starts at its first date's midnight.
        let first = program.first_period(tz, now)?;
        return Some(change(first.start, first.wanted));
    };
    // Closed days end periods without changing what they ask: the change is where it does.
    let mut at = current.end;
    for _ in 0..2 * program.closed_runs() + 1 {
        let next = program.period_at(tz, at)?;
        if next.wanted != current.wanted || !program.closure_boundary(tz, at) {
            return Some(change(at, next.wanted));
        }
        at = program.reopening(tz, at).unwrap_or(next.end);
    }
    None
}

/// The schedule as the API shows it.
fn view(
    row: &ScheduleRow,
    target_ids: Vec<i64>,
    names: &[(i64, String)],
    enabled: &EnabledSchedules,
    seen: &Seen,
) -> ScheduleView {
    let program = program(row);
    let today = seen.now.to_zoned(seen.tz.clone()).date();
    let overlaps = enabled.meeting(row, &program, today);
    let outranked_by = enabled.outranking(row, &program, today);
    let target_ids_empty = target_ids.is_empty();
    let targets = target_ids
        .iter()
        .filter_map(|id| names.iter().find(|(known, _)| known == id))
        .map(|(id, name)| TargetView { id: *id, name: name.clone() })
        .collect();
    ScheduleView {
        id: row.id,
        name: row.name.clone(),
        schedule_for: row.schedule_for.clone(),
        target_ids,
        targets,
        duration: row.duration.clone(),
        days: program.days.clone(),
        slots: program.slots.iter().map(slot_view).collect(),
        setback: row.setback,
        start_date: row.start_date.clone(),
        end_date: row.end_date.clone(),
        status: row.status,
        runs_on_closed_days: row.runs_on_closed_days,
        // A schedule left with no targets changes nothing.
        next_change: if target_ids_empty { None } else { next_change(row, seen) },
        overlaps,
        outranked_by,
        revision: row.revision,
    }
}

/// A schedule that is on and asks a radiator for what the radiator's own limits keep it from.
pub struct AskedBeyond {
    pub schedule: String,
    /// The setpoint (a slot's or the setback) furthest outside the limits.
    pub setpoint: f64,
}

/// The schedules on that reach the radiator and ask it for a setpoint outside `min`–`max`: it
/// is kept to its limits there, which a business narrowing them should hear of.
pub async fn asking_beyond(
    db: &mut AnyConnection,
    business_id: i64,
    radiator_id: i64,
    (min, max): (f64, f64),
) -> ApiResult<Vec<AskedBeyond>> {
    let schedules = EnabledSchedules::read(db, business_id).await?;
    let beyond = |setpoint: f64| (setpoint - max).max(min - setpoint);
    let asking = schedules.enabled.iter().filter_map(|(program, row)| {
        let reached = schedules.reach.get(&row.id).is_some_and(|ids| ids.contains(&radiator_id));
        let asked = program.slots.iter().map(|slot| slot.setpoint).chain(program.setback);
        let furthest = asked
            .filter(|&setpoint| beyond(setpoint) > 0.0)
            .max_by(|a, b| beyond(*a).total_cmp(&beyond(*b)));
        let setpoint = furthest.filter(|_| reached)?;
        Some(AskedBeyond { schedule: row.name.clone(), setpoint })
    });
    Ok(asking.collect())
}

/// The business's schedules that are on, with every schedule's targets: what a schedule's
/// overlaps are found among.
struct EnabledSchedules {
    /// The schedules on, each after its program.
    enabled: Vec<(Program, ScheduleRow)>,
    /// Each schedule's targets, by schedule id.
    targets: HashMap<i64, Vec<i64>>,
    /// The radiators each schedule reaches through its targets, by schedule id.
    reach: HashMap<i64, HashSet<i64>>,
}

impl EnabledSchedules {
    async fn read(db: &mut AnyConnection, business_id: i64) -> ApiResult<Self> {
        let enabled = store::enabled(&mut *db, Some(business_id)).await?;
        let enabled: Vec<(Program, ScheduleRow)> =
            enabled.into_iter().map(|(row, _)| (program(&row), row)).collect();
        let mut targets: HashMap<i64, Vec<i64>> = HashMap::new();
        for (schedule, target) in store::targets(&mut *db, Some(business_id)).await? {
            targets.entry(schedule).or_default().push(target);
        }
        let radiators = store::radiators(db, Some(business_id)).await?;
        let reach = enabled
            .iter()
            .map(|(_, row)| {
                let ids = targets.get(&row.id).map_or(&[][..], Vec::as_slice);
                let reached = radiators.iter().filter(|r| reaches(&row.schedule_for, ids, r));
                (row.id, reached.map(|radiator| radiator.id).collect())
            })
            .collect();
        Ok(Self { enabled, targets, reach })
    }

    /// `row`'s targets.
    fn of(&self, row: &ScheduleRow) -> Vec<i64> {
        self.targets.get(&row.id).cloned().unwrap_or_default()
    }

    /// The names of the other schedules on, of `row`'s kind, on one of its targets, whose slots
    /// meet those of its program (`own`) from `today` on.
    fn meeting(&self, row: &ScheduleRow, own: &Program, today: Date) -> Vec<String> {
        if row.status == 0 {
            return Vec::new();
        }
        let ids = self.of(row);
        let shares_a_target = |other: &ScheduleRow| {
            self.targets.get(&other.id).is_some_and(|theirs| theirs.iter().any(|t| ids.contains(t)))
        };
        self.enabled
            .iter()
            .filter(|(_, other)| other.id != row.id && other.schedule_for == row.schedule_for)
            .filter(|(theirs, other)| shares_a_target(other) && own.slots_meet(theirs, today))
            .map(|(_, other)| other.name.clone())
            .collect()
    }

    /// The names of the other schedules on, for fewer radiators than `row`'s kind covers, that
    /// reach one of its radiators and run on a day its program (`own`) runs, from `today` on:
    /// the engine holds theirs there all day (radiator beats room beats zone), slots or not.
    fn outranking(&self, row: &ScheduleRow, own: &Program, today: Date) -> Vec<String> {
        let none = HashSet::new();
        let mine = self.reach.get(&row.id).unwrap_or(&none);
        if row.status == 0 || mine.is_empty() {
            return Vec::new();
        }
        let mut names: Vec<String> = self
            .enabled
            .iter()
            .filter(|(_, other)| rank(&other.schedule_for) > rank(&row.schedule_for))
            .filter(|(_, other)| self.reach.get(&other.id).is_some_and(|r| !r.is_disjoint(mine)))
            .filter(|(theirs, _)| own.share_a_day(theirs, today))
            .map(|(_, other)| other.name.clone())
            .collect();
        names.sort();
        names
    }
}

/// How few radiators a kind of schedule covers: the engine holds the one covering fewest.
fn rank(schedule_for: &str) -> u8 {
    match schedule_for {
        "zone" => 0,
        "room" => 1,
        _ => 2,
    }
}

/// The business's schedules whose name contains `pattern`, with their next changes.
pub async fn list(
    state: &AppState,
    business_id: i64,
    pattern: &str,
) -> ApiResult<Vec<ScheduleView>> {
    let pool = state.store.reader();
    let rows = store::list(pool, business_id, pattern).await?;
    let mut db = pool.acquire().await.map_err(StoreError::from)?;
    let enabled = EnabledSchedules::read(&mut db, business_id).await?;
    let names = store::target_names(&mut db, business_id).await?;
    let seen = Seen::read(state, &mut db, business_id).await?;
    Ok(rows
        .iter()
        .map(|row| view(row, enabled.of(row), names.get(&row.schedule_for), &enabled, &seen))
        .collect())
}

fn now(state: &AppState) -> Timestamp {
    Timestamp::from_second(state.clock.now().unix_timestamp()).unwrap_or(Timestamp::UNIX_EPOCH)
}

pub async fn find(state: &AppState, business_id: i64, id: i64) -> ApiResult<ScheduleView> {
    let mut db = state.store.reader().acquire().await.map_err(StoreError::from)?;
    read(state, &mut db, business_id, id).await
}

/// The schedule in force on each of the business's radiators that has one.
pub async fn in_force(state: &AppState, business_id: i64) -> ApiResult<Vec<InForceView>> {
    let pool = state.store.reader();
    let all = InForce::all(pool, Some(business_id), state.clock.now()).await?;
    let tz = time_zone(&crate::business::get(state, business_id).await?.time_zone);
    let radiators = store::radiators(pool, Some(business_id)).await?;
    Ok(radiators
        .iter()
        .filter_map(|radiator| {
            let hold = InForce::on(&all, radiator)?;
            let applied_base = radiator.period_key.as_deref().and_then(|key| key.rsplit_once(':'));
            let applied = |schedule: &InForce, period| {
                applied_base.is_some_and(|(base, _)| base == schedule.base_key(period))
            };
            // Optimum start applied the next period early: that is what the radiator does now.
            let early = hold.next.as_ref().filter(|(schedule, next)| applied(schedule, next));
            let (schedule, period) = early.map_or((hold.schedule, &hold.period), |(s, p)| (*s, p));
            let kept = |asked: f64| asked.clamp(radiator.min_temperature, radiator.max_temperature);
            let (wanted, asked) = match period.wanted {
                Wanted::Heat(asked) => {
                    ((true, kept(asked)), (kept(asked) != asked).then_some(asked))
                }
                Wanted::Off => ((false, radiator.setpoint), None),
            };
            let then = hold.next.as_ref().map(|(next, period)| ThenView {
                schedule_id: next.schedule.id,
                schedule_name: next.schedule.name.clone(),
                setpoint: match period.wanted {
                    Wanted::Heat(asked) => Some(kept(asked)),
                    Wanted::Off => None,
                },
            });
            let manual =
                applied(schedule, period) && (radiator.is_on == 1, radiator.setpoint) != wanted;
            Some(InForceView {
                radiator_id: radiator.id,
                schedule_id: schedule.schedule.id,
                schedule_name: schedule.schedule.name.clone(),
                setpoint: wanted.0.then_some(wanted.1),
                asked,
                until: iso(hold.period.end, &tz),
                manual: i64::from(manual),
                preheating: i64::from(early.is_some()),
                then,
            })
        })
        .collect())
}

/// A radiator a room or zone schedule reaches whose own limits keep it from a setpoint or the
/// setback the schedule asks: it is kept to its limits, as setting a zone's temperature keeps it.
pub struct Kept {
    pub name: String,
    pub min: f64,
    pub max: f64,
}

/// 404 unless every target is one of the business's records of the kind. A radiator's own
/// schedule is refused (422 naming the slot and field) where it asks what the radiator does not
/// take, as setting its temperature is; a room's or zone's answers the radiators kept to their
/// own limits.
async fn check_targets(change: &mut Change, checked: &Checked) -> ApiResult<Vec<Kept>> {
    let business_id = change.business_id();
    let kind = checked.schedule_for;
    let names = store::target_names(change.db(), business_id).await?;
    let found = names.get(kind);
    if let Some(missing) =
        checked.target_ids.iter().find(|id| !found.iter().any(|(known, _)| known == *id))
    {
        return Err(ApiError::NotFound(format!("There is no {kind} with id {missing}.")));
    }
    let radiators = store::radiators(change.db(), Some(business_id)).await?;
    let reached = radiators.iter().filter(|radiator| targets(checked, radiator));
    let slots = checked.slots.iter().enumerate();
    let mut asked: Vec<(String, f64)> =
        slots.map(|(index, slot)| (format!("slots.{index}.setpoint"), slot.setpoint)).collect();
    asked.extend(checked.setback.map(|setback| ("setback".to_owned(), setback)));
    let outside = |radiator: &RadiatorPlace, setpoint: f64| {
        setpoint < radiator.min_temperature || setpoint > radiator.max_temperature
    };
    if kind != "radiator" {
        let kept = reached
            .filter(|radiator| asked.iter().any(|(_, setpoint)| outside(radiator, *setpoint)));
        return Ok(kept
            .map(|radiator| Kept {
                name: radiator.name.clone(),
                min: radiator.min_temperature,
                max: radiator.max_temperature,
            })
            .collect());
    }
    let reached: Vec<&RadiatorPlace> = reached.collect();
    let mut errors = FieldErrors::new();
    for (field, setpoint) in asked {
        if let Some(radiator) = reached.iter().find(|radiator| outside(radiator, setpoint)) {
            let message = format!(
                "{setpoint} °C is outside what radiator '{}' takes ({}–{} °C).",
                radiator.name, radiator.min_temperature, radiator.max_temperature
            );
            errors.entry(field).or_default().push(message);
        }
    }
    if errors.is_empty() {
        Ok(Vec::new())
    } else {
        Err(ApiError::Validation { description: "Some fields need correcting.".into(), errors })
    }
}

/// Whether a schedule with these targets reaches the radiator.
fn targets(checked: &Checked, radiator: &RadiatorPlace) -> bool {
    reaches(checked.schedule_for, &checked.target_ids, radiator)
}

/// Whether a schedule for `schedule_for` with `target_ids` reaches the radiator.
fn reaches(schedule_for: &str, target_ids: &[i64], radiator: &RadiatorPlace) -> bool {
    let place = match schedule_for {
        "room" => radiator.room_id,
        "zone" => radiator.zone_id,
        _ => Some(radiator.id),
    };
    place.is_some_and(|id| target_ids.contains(&id))
}

/// Writes the schedule; answers its id and the radiators kept to their own limits.
async fn write(
    change: &mut Change,
    id: Option<i64>,
    checked: &Checked,
) -> ApiResult<(i64, Vec<Kept>)> {
    let business_id = change.business_id();
    ensure_name_free(
        change.db(),
        RecordKind::Schedule,
        business_id,
        &checked.name,
        id.unwrap_or(0),
    )
    .await?;
    let kept = check_targets(change, checked).await?;
    let (days, slots) = (days_text(&checked.days), slots_json(&checked.slots));
    let (start, end) =
        (checked.start_date.map(|d| d.to_string()), checked.end_date.map(|d| d.to_string()));
    let fields = Fields {
        name: &checked.name,
        schedule_for: checked.schedule_for,
        duration: checked.duration,
        days: &days,
        slots_json: &slots,
        setback: checked.setback,
        start_date: start.as_deref(),
        end_date: end.as_deref(),
        status: i64::from(checked.status),
        runs_on_closed_days: i64::from(checked.runs_on_closed_days),
    };
    let id = match id {
        Some(id) => {
            store::update(change.db(), business_id, id, &fields).await?;
            id
        }
        None => {
            let now = change.now();
            store::insert(change.db(), business_id, &fields, now).await?
        }
    };
    store::set_targets(change.db(), id, &checked.target_ids).await?;
    change.reschedule();
    Ok((id, kept))
}

/// The schedule as it stands on `db` (a reader, or a change's own connection).
async fn read(
    state: &AppState,
    db: &mut AnyConnection,
    business_id: i64,
    id: i64,
) -> ApiResult<ScheduleView> {
    let row = store::find(&mut *db, business_id, id).await?.ok_or_else(not_found)?;
    let enabled = EnabledSchedules::read(db, business_id).await?;
    let names = store::target_names(&mut *db, business_id).await?;
    let seen = Seen::read(state, db, business_id).await?;
    Ok(view(&row, enabled.of(&row), names.get(&row.schedule_for), &enabled, &seen))
}

/// 422 on `end_date` when that day has passed in the business's time zone: a schedule over
/// before it is saved would never run, yet show as on. An end date `kept` as it was is let be,
/// so a schedule that has run its course can still be renamed.
async fn ensure_not_over(
    state: &AppState,
    business_id: i64,
    end: Option<Date>,
    kept: Option<&str>,
) -> ApiResult<()> {
    let Some(end) = end.filter(|end| kept != Some(end.to_string().as_str())) else {
        return Ok(());
    };
    let tz = time_zone(&crate::business::get(state, business_id).await?.time_zone);
    if end < now(state).to_zoned(tz).date() {
        let message = "This end date has passed: choose today or a later day, or none.";
        return Err(ApiError::field("end_date", message));
    }
    Ok(())
}

/// Creates a schedule; answers it and the radiators kept to their own limits.
pub async fn create(
    state: &AppState,
    actor: Actor,
    checked: &Checked,
) -> ApiResult<(ScheduleView, Vec<Kept>)> {
    ensure_not_over(state, actor.business_id, checked.end_date, None).await?;
    let mut change = state.change(actor).await?;
    let (id, kept) = write(&mut change, None, checked).await?;
    let after = read(state, change.db(), actor.business_id, id).await?;
    change.commit(Entry::new("create", "schedule", id).after(&after)).await?;
    Ok((after, kept))
}

/// Replaces the schedule; with the `revision` the editor read, only if nobody has changed it
/// since (409: saved over, their changes would be lost without a word).
pub async fn update(
    state: &AppState,
    actor: Actor,
    id: i64,
    revision: Option<i64>,
    checked: &Checked,
) -> ApiResult<(ScheduleView, Vec<Kept>)> {
    let mut change = state.change(actor).await?;
    let before = read(state, change.db(), actor.business_id, id).await?;
    if revision.is_some_and(|read| read != before.revision) {
        return Err(ApiError::Conflict {
            description: format!(
                "Schedule '{}' was changed after you opened it (in another tab, or by someone \
                 else). Open it again to see it as it is now, then make your changes.",
                before.name
            ),
            errors: FieldErrors::new(),
        });
    }
    ensure_not_over(state, actor.business_id, checked.end_date, before.end_date.as_deref()).await?;
    let (_, kept) = write(&mut change, Some(id), checked).await?;
    let after = read(state, change.db(), actor.business_id, id).await?;
    change.commit(Entry::new("update", "schedule", id).before(&before).after(&after)).await?;
    Ok((after, kept))
}

pub async fn delete(state: &AppState, actor: Actor, id: i64) -> ApiResult<ScheduleView> {
    let mut change = state.change(actor).await?;
    let before = read(state, change.db(), actor.business_id, id).await?;
    store::delete(change.db(), actor.business_id, id).await?;
    change.reschedule();
    change.commit(Entry::new("delete", "schedule", id).before(&before)).await?;
    Ok(before)
}

/// Switches the schedule on or off; `kind` is `status` or the schedule's own kind.
pub async fn toggle(
    state: &AppState,
    actor: Actor,
    kind: &str,
    id: i64,
    on: bool,
) -> ApiResult<ScheduleView> {
    let mut change = state.change(actor).await?;
    let before = read(state, change.db(), actor.business_id, id).await?;
    if kind != "status" && kind != before.schedule_for {
        return Err(not_found());
    }
    store::set_status(change.db(), actor.business_id, id, i64::from(on)).await?;
    change.reschedule();
    let after = read(state, change.db(), actor.business_id, id).await?;
    change
        .commit(Entry::new("toggle_status", "schedule", id).before(&before).after(&after))
        .await?;
    Ok(after)
}
