//! Heating schedules: every schedules call of spec §7 (DESIGN.md §3), and the engine that runs
//! them (`engine.rs`). Handlers here, what they do in `domain.rs`, what a schedule asks for at a
//! moment in `program.rs`, the SQL in `store.rs`; the business's closed days in `closed_days/`.

pub mod closed_days;
pub mod domain;
pub mod engine;
mod in_force;
pub mod program;
mod store;
pub mod timeline;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::{Business, BusinessUser};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, Path, Query, ok};
use crate::kernel::validation::{FieldCheck, flag};
use crate::kernel::values::{ClockTime, Temperature, calendar_date, record_name};
use crate::state::AppState;
use crate::store::contains_pattern;
use domain::{Checked, Duration, InForceView, KINDS, Kept, ScheduleView};
use program::Slot;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(closed_days::router())
        .routes(routes!(durations))
        .routes(routes!(in_force))
        .routes(routes!(list, create))
        .routes(routes!(get_one, update, delete))
        .routes(routes!(toggle))
}

#[derive(Serialize, ToSchema)]
pub struct DurationsData {
    durations: Vec<Duration>,
}

/// The day sets a schedule can repeat on.
#[utoipa::path(get, path = "/v2/schedules/durations", tag = "schedules",
    responses((status = 200, body = Envelope<DurationsData>)))]
pub async fn durations(_user: BusinessUser) -> Answer<DurationsData> {
    Ok(ok("Schedule durations.", DurationsData { durations: domain::durations() }))
}

#[derive(Serialize, ToSchema)]
pub struct InForceData {
    in_force: Vec<InForceView>,
    /// The closed days under way, when the business is closed today: every schedule runs as
    /// between its slots, each closed day a period of its own.
    closed_today: Option<closed_days::ClosedDays>,
}

/// The schedule in force on each radiator that has one: what it asks for, until when, and
/// whether a manual change holds until then; and the closed days under way.
#[utoipa::path(get, path = "/v2/schedules/in-force", tag = "schedules",
    responses((status = 200, body = Envelope<InForceData>)))]
pub async fn in_force(Business { state, user }: Business) -> Answer<InForceData> {
    let in_force = domain::in_force(&state, user.business_id).await?;
    let closed_today = closed_days::domain::under_way(&state, user.business_id).await?;
    Ok(ok("Schedules in force.", InForceData { in_force, closed_today }))
}

#[derive(Deserialize, IntoParams)]
pub struct Search {
    /// Case-insensitive part of the name.
    search: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SchedulesData {
    schedules: Vec<ScheduleView>,
}

#[derive(Serialize, ToSchema)]
pub struct ScheduleData {
    schedule: ScheduleView,
}

/// The business's schedules, by name, each with its targets and next change.
#[utoipa::path(get, path = "/v2/schedules", tag = "schedules",
    params(Search), responses((status = 200, body = Envelope<SchedulesData>)))]
pub async fn list(
    Business { state, user }: Business,
    Query(search): Query<Search>,
) -> Answer<SchedulesData> {
    let pattern = contains_pattern(search.search.as_deref().unwrap_or_default());
    let schedules = domain::list(&state, user.business_id, &pattern).await?;
    Ok(ok("Schedules.", SchedulesData { schedules }))
}

/// One schedule.
#[utoipa::path(get, path = "/v2/schedules/{id}", tag = "schedules",
    responses((status = 200, body = Envelope<ScheduleData>), (status = 404, body = ErrorBody)))]
pub async fn get_one(
    Business { state, user }: Business,
    Path(id): Path<i64>,
) -> Answer<ScheduleData> {
    let schedule = domain::find(&state, user.business_id, id).await?;
    Ok(ok("Schedule.", ScheduleData { schedule }))
}

#[derive(Deserialize, Serialize, ToSchema, Default)]
#[serde(default)]
pub struct SlotRequest {
    #[schema(example = "07:30")]
    start: String,
    #[schema(example = "18:00")]
    end: String,
    #[schema(example = 21.0)]
    setpoint: Option<f64>,
}

/// A schedule as sent to create or replace one.
#[derive(Deserialize, Serialize, ToSchema, Default)]
#[serde(default)]
pub struct ScheduleRequest {
    #[schema(example = "Office hours")]
    name: String,
    /// `room`, `zone` or `radiator`.
    #[schema(example = "zone")]
    schedule_for: String,
    /// The rooms, zones or radiators it runs (all of the business).
    target_ids: Vec<i64>,
    /// `every_day`, `weekdays`, `weekends` or `custom`.
    #[schema(example = "weekdays")]
    duration: String,
    /// ISO days (1 = Monday), for `custom` only.
    days: Vec<i64>,
    slots: Vec<SlotRequest>,
    /// The setpoint outside the slots; null: off.
    setback: Option<f64>,
    /// `YYYY-MM-DD`, or null.
    start_date: Option<String>,
    end_date: Option<String>,
    /// 1 (on, the default) or 0.
    status: Option<i64>,
    /// 1: its slots run on the business's closed days too; 0 (the default): on them it runs as
    /// between its slots.
    runs_on_closed_days: Option<i64>,
    /// When replacing: the `revision` the schedule had when it was read. It is refused (409) if
    /// the schedule has changed since; left out, the schedule is replaced whatever it is now.
    revision: Option<i64>,
}

/// Slots per day at most.
const MAX_SLOTS: usize = 12;
/// Targets per schedule at most.
const MAX_TARGETS: usize = 500;

fn kind(raw: &str) -> Result<&'static str, String> {
    KINDS
        .into_iter()
        .find(|kind| *kind == raw)
        .ok_or_else(|| "Choose room, zone or radiator.".into())
}

fn target_ids(ids: &[i64]) -> Result<Vec<i64>, String> {
    if ids.is_empty() {
        return Err("Choose at least one target.".into());
    }
    if ids.len() > MAX_TARGETS {
        return Err(format!("Choose at most {MAX_TARGETS} targets."));
    }
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// The duration's key and its days (a custom one's from `days`).
fn duration(raw: &str, days: &[i64], check: &mut FieldCheck) -> Option<(&'static str, Vec<u8>)> {
    let Some(duration) = domain::durations().into_iter().find(|d| d.key == raw) else {
        check
            .check::<()>("duration", Err("Choose every day, weekdays, weekends or custom.".into()));
        return None;
    };
    if duration.key != "custom" {
        return Some((duration.key, duration.days));
    }
    let mut chosen = Vec::new();
    for &day in days {
        match u8::try_from(day) {
            Ok(day @ 1..=7) => chosen.push(day),
            _ => {
                let message = format!("Days are 1 (Monday) to 7 (Sunday), not {day}.");
                return check.check("days", Err(message));
            }
        }
    }
    chosen.sort_unstable();
    chosen.dedup();
    if chosen.is_empty() {
        return check.check("days", Err("Choose the days a custom schedule repeats on.".into()));
    }
    Some((duration.key, chosen))
}

/// Each slot checked, and the day's slots in order without overlaps.
fn slots(requests: &[SlotRequest], check: &mut FieldCheck) -> Option<Vec<Slot>> {
    if requests.is_empty() || requests.len() > MAX_SLOTS {
        let message = format!("Add from 1 to {MAX_SLOTS} time slots.");
        return check.check("slots", Err(message));
    }
    let mut slots = Vec::new();
    // Each slot's index and times, for the overlap check even when its setpoint is wrong.
    let mut times = Vec::new();
    for (index, request) in requests.iter().enumerate() {
        let field = |name: &str| format!("slots.{index}.{name}");
        let start = check.check(&field("start"), ClockTime::parse(&request.start));
        let end = check.check(&field("end"), ClockTime::parse(&request.end));
        let setpoint = check.check(&field("setpoint"), Temperature::parse(request.setpoint));
        let (Some(start), Some(end)) = (start, end) else { continue };
        if end <= start {
            let message = "Make the end later than the start. A slot past midnight is two: one \
                           to 24:00, one from 00:00.";
            check.check::<()>(&field("end"), Err(message.into()));
            continue;
        }
        times.push((index, start, end));
        if let Some(setpoint) = setpoint {
            slots.push(Slot { start, end, setpoint: setpoint.celsius() });
        }
    }
    times.sort_by_key(|&(_, start, _)| start);
    for pair in times.windows(2) {
        let ((_, start, end), (index, later, _)) = (pair[0], pair[1]);
        if later < end {
            let message = format!("Overlaps the slot {start}–{end}.");
            check.check::<()>(&format!("slots.{index}.start"), Err(message));
        }
    }
    slots.sort_by_key(|slot| slot.start);
    Some(slots)
}

/// A calendar date, or none.
fn date(raw: Option<&str>) -> Result<Option<jiff::civil::Date>, String> {
    match raw.map(str::trim).filter(|raw| !raw.is_empty()) {
        Some(raw) => calendar_date(raw).map(Some),
        None => Ok(None),
    }
}

fn parse(request: &ScheduleRequest) -> Result<Checked, ApiError> {
    let mut check = FieldCheck::default();
    let name = check.check("name", record_name(&request.name));
    let schedule_for = check.check("schedule_for", kind(&request.schedule_for));
    let target_ids = check.check("target_ids", target_ids(&request.target_ids));
    let duration = duration(&request.duration, &request.days, &mut check);
    let slots = slots(&request.slots, &mut check);
    let setback = match request.setback {
        None => Some(None),
        Some(setback) => {
            check.check("setback", Temperature::parse(Some(setback))).map(|t| Some(t.celsius()))
        }
    };
    // A setback warmer than every slot heats the hours outside them the most: a mix-up.
    if let (Some(Some(setback)), Some(slots)) = (setback, &slots)
        && let Some(warmest) = slots.iter().map(|slot| slot.setpoint).reduce(f64::max)
        && setback > warmest
    {
        let message = format!(
            "The setback is for the hours outside the slots: make it no warmer than the warmest \
             slot, {warmest} °C."
        );
        check.check::<()>("setback", Err(message));
    }
    let start_date = check.check("start_date", date(request.start_date.as_deref()));
    let end_date = check.check("end_date", date(request.end_date.as_deref()));
    if let (Some(Some(start)), Some(Some(end))) = (start_date, end_date)
        && end < start
    {
        check.check::<()>("end_date", Err("Make the end date on or after the start date.".into()));
    }
    let status = check.check("status", flag(Some(request.status.unwrap_or(1))));
    let runs_on_closed_days =
        check.check("runs_on_closed_days", flag(Some(request.runs_on_closed_days.unwrap_or(0))));
    let checked = (|| {
        let (duration, days) = duration?;
        Some(Checked {
            name: name?,
            schedule_for: schedule_for?,
            target_ids: target_ids?,
            duration,
            days,
            slots: slots?,
            setback: setback?,
            start_date: start_date?,
            end_date: end_date?,
            status: status?,
            runs_on_closed_days: runs_on_closed_days?,
        })
    })();
    check.finish(checked)
}

/// Create a schedule.
#[utoipa::path(post, path = "/v2/schedules", tag = "schedules",
    request_body = ScheduleRequest,
    responses((status = 200, body = Envelope<ScheduleData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<ScheduleRequest>,
) -> Answer<ScheduleData> {
    let checked = parse(&request)?;
    let (schedule, kept) = domain::create(&state, user.actor(), &checked).await?;
    let description = written(&schedule.name, Written::Created, &kept);
    Ok(ok(description, ScheduleData { schedule }))
}

enum Written {
    Created,
    Saved,
}

/// The answer to a schedule written, naming the radiators kept to their own limits (their
/// range when they share one) and what that does to a setpoint outside them.
fn written(name: &str, how: Written, kept: &[Kept]) -> String {
    let shared = kept
        .first()
        .filter(|first| kept.iter().all(|other| (other.min, other.max) == (first.min, first.max)));
    match (how, kept, shared) {
        (Written::Created, [], _) => format!("Schedule '{name}' created."),
        (Written::Saved, [], _) => format!("Schedule '{name}' saved."),
        (Written::Created, [one], _) => format!(
            "Schedule '{name}' created; '{}' keeps to its own limits, {}–{} °C, and is held at \
             its nearest limit where the schedule asks for more or less.",
            one.name, one.min, one.max
        ),
        (Written::Saved, [one], _) => format!(
            "Schedule '{name}' saved; '{}' keeps to its own limits, {}–{} °C, and is held at its \
             nearest limit where the schedule asks for more or less.",
            one.name, one.min, one.max
        ),
        (Written::Created, many, Some(range)) => format!(
            "Schedule '{name}' created; {} radiators keep to their own limits, {}–{} °C, and are \
             held at their nearest limit where the schedule asks for more or less.",
            many.len(),
            range.min,
            range.max
        ),
        (Written::Saved, many, Some(range)) => format!(
            "Schedule '{name}' saved; {} radiators keep to their own limits, {}–{} °C, and are \
             held at their nearest limit where the schedule asks for more or less.",
            many.len(),
            range.min,
            range.max
        ),
        (Written::Created, many, None) => format!(
            "Schedule '{name}' created; {} radiators keep to their own limits, and are held at \
             their nearest limit where the schedule asks for more or less.",
            many.len()
        ),
        (Written::Saved, many, None) => format!(
            "Schedule '{name}' saved; {} radiators keep to their own limits, and are held at their \
             nearest limit where the schedule asks for more or less.",
            many.len()
        ),
    }
}

/// Replace a schedule.
#[utoipa::path(post, path = "/v2/schedules/{id}", tag = "schedules",
    request_body = ScheduleRequest,
    responses((status = 200, body = Envelope<ScheduleData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    Business { state, user }: Business,
    Path(id): Path<i64>,
    ApiJson(request): ApiJson<ScheduleRequest>,
) -> Answer<ScheduleData> {
    let checked = parse(&request)?;
    let (schedule, kept) =
        domain::update(&state, user.actor(), id, request.revision, &checked).await?;
    let description = written(&schedule.name, Written::Saved, &kept);
    Ok(ok(description, ScheduleData { schedule }))
}

/// Delete a schedule; its radiators keep their settings until something changes them.
#[utoipa::path(delete, path = "/v2/schedules/{id}", tag = "schedules",
    responses((status = 200, body = Envelope<ScheduleData>), (status = 404, body = ErrorBody)))]
pub async fn delete(
    Business { state, user }: Business,
    Path(id): Path<i64>,
) -> Answer<ScheduleData> {
    let schedule = domain::delete(&state, user.actor(), id).await?;
    Ok(ok(format!("Schedule '{}' deleted.", schedule.name), ScheduleData { schedule }))
}

/// Switch a schedule on (1) or off (0). The first segment is `toggle-status` or
/// `toggle-{room|zone|radiator}` naming the schedule's own kind.
#[utoipa::path(put, path = "/v2/schedules/{toggle}/{id}/{status}", tag = "schedules",
    params(("toggle" = String, Path, description = "toggle-status, toggle-room, toggle-zone or toggle-radiator")),
    responses((status = 200, body = Envelope<ScheduleData>), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn toggle(
    Business { state, user }: Business,
    Path((toggle, id, status)): Path<(String, i64, i64)>,
) -> Answer<ScheduleData> {
    let kind = toggle
        .strip_prefix("toggle-")
        .filter(|kind| *kind == "status" || KINDS.contains(kind))
        .ok_or_else(|| {
            ApiError::NotFound(format!("There is no endpoint PUT /v2/schedules/{toggle}."))
        })?;
    let on = flag(Some(status)).map_err(|message| ApiError::field("status", message))?;
    let schedule = domain::toggle(&state, user.actor(), kind, id, on).await?;
    let said = if on {
        format!("Schedule '{}' switched on.", schedule.name)
    } else {
        format!("Schedule '{}' switched off.", schedule.name)
    };
    Ok(ok(said, ScheduleData { schedule }))
}
