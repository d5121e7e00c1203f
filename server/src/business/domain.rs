//! How the business works — its time zone, working days and hours, comfort setpoint — read
//! with the defaults for a business that never set them, and changed as one recorded change.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store::{self, SettingsRow};
use crate::error::ApiResult;
use crate::kernel::change::{Actor, Entry};
use crate::kernel::values::{ClockTime, Temperature, TimeZoneName};
use crate::state::AppState;
use crate::store::{Db, StoreResult};

/// The settings as the API answers them.
#[derive(Serialize, Deserialize, ToSchema, Clone, Debug, PartialEq)]
pub struct BusinessSettings {
    /// IANA time zone name; schedules and working hours are in it.
    #[schema(example = "Europe/London")]
    pub time_zone: String,
    /// ISO days of the week, 1 = Monday … 7 = Sunday, in order.
    #[schema(example = json!([1, 2, 3, 4, 5]))]
    pub working_days: Vec<u8>,
    pub working_hours: WorkingHours,
    /// The temperature rooms are kept at while people work, °C.
    #[schema(example = 21.0)]
    pub comfort_setpoint: f64,
}

#[derive(Serialize, Deserialize, ToSchema, Clone, Debug, PartialEq)]
pub struct WorkingHours {
    #[schema(example = "08:00")]
    pub start: String,
    #[schema(example = "18:00")]
    pub end: String,
}

/// Checked settings, ready to store.
pub struct Checked {
    pub time_zone: TimeZoneName,
    pub working_days: Vec<u8>,
    pub start: ClockTime,
    pub end: ClockTime,
    pub comfort_setpoint: Temperature,
}

/// Until a business sets its own: London, Monday to Friday 08:00–18:00, 21 °C.
pub fn defaults() -> BusinessSettings {
    from_row(default_row())
}

fn default_row() -> SettingsRow {
    SettingsRow {
        time_zone: "Europe/London".into(),
        working_days: "1,2,3,4,5".into(),
        work_start: 8 * 60,
        work_end: 18 * 60,
        comfort_setpoint: 21.0,
    }
}

fn from_row(row: SettingsRow) -> BusinessSettings {
    let time =
        |minutes| ClockTime::from_minutes(minutes).map(|t| t.to_string()).unwrap_or_default();
    BusinessSettings {
        time_zone: row.time_zone,
        working_days: row.working_days.split(',').filter_map(|day| day.parse().ok()).collect(),
        working_hours: WorkingHours { start: time(row.work_start), end: time(row.work_end) },
        comfort_setpoint: row.comfort_setpoint,
    }
}

pub async fn get(state: &AppState, business_id: i64) -> ApiResult<BusinessSettings> {
    Ok(read(state.store.reader(), business_id).await?)
}

/// The settings, for a background job that has the store but no request, or inside a change.
pub async fn read<'e>(db: impl Db<'e>, business_id: i64) -> StoreResult<BusinessSettings> {
    let row = store::find(db, business_id).await?;
    Ok(row.map_or_else(defaults, from_row))
}

/// The business's time zone (UTC should a stored name no longer be known).
pub fn time_zone(settings: &BusinessSettings) -> jiff::tz::TimeZone {
    jiff::tz::TimeZone::get(&settings.time_zone).unwrap_or(jiff::tz::TimeZone::UTC)
}

/// The business's local date at `at`.
pub fn local_date(settings: &BusinessSettings, at: time::OffsetDateTime) -> jiff::civil::Date {
    let at =
        jiff::Timestamp::from_second(at.unix_timestamp()).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
    at.to_zoned(time_zone(settings)).date()
}

/// Replaces the settings; recorded in the action history with what they were.
pub async fn update(
    state: &AppState,
    actor: Actor,
    settings: Checked,
) -> ApiResult<BusinessSettings> {
    let mut change = state.change(actor).await?;
    let was = store::find(change.db(), actor.business_id).await?.unwrap_or_else(default_row);
    let days: Vec<String> = settings.working_days.iter().map(u8::to_string).collect();
    let row = SettingsRow {
        time_zone: settings.time_zone.as_str().to_owned(),
        working_days: days.join(","),
        work_start: settings.start.minutes(),
        work_end: settings.end.minutes(),
        comfort_setpoint: settings.comfort_setpoint.celsius(),
    };
    let now = change.now();
    store::save(change.db(), actor.business_id, &row, now).await?;
    // A day's savings baseline keeps the pattern of its day: a new one holds from today (in
    // the new time zone), and the first change keeps the one it replaces for the days before.
    if row.pattern() != was.pattern() {
        let today = time::OffsetDateTime::from_unix_timestamp(now)
            .map(|at| local_date(&from_row(row.clone()), at).to_string())
            .unwrap_or_default();
        store::keep_pattern(change.db(), actor.business_id, BEFORE_ANY_CHANGE, &was, false).await?;
        store::keep_pattern(change.db(), actor.business_id, &today, &row, true).await?;
    }
    // The schedules' slots are wall-clock times in this time zone.
    change.reschedule();
    let (before, after) = (from_row(was), from_row(row));
    let entry = Entry::new("update", "business_settings", actor.business_id);
    change.commit(entry.before(&before).after(&after)).await?;
    Ok(after)
}

/// The day the pattern replaced by a business's first change is kept from.
const BEFORE_ANY_CHANGE: &str = "0001-01-01";

/// The working pattern in force from each local day it was set on, oldest first (the first
/// from 0001-01-01, before any day of the business), each with the time zone of `settings`;
/// none for a business that never changed it, whose `settings` hold for every day.
pub async fn patterns_in_force<'e>(
    db: impl Db<'e>,
    business_id: i64,
    settings: &BusinessSettings,
) -> StoreResult<Vec<(jiff::civil::Date, BusinessSettings)>> {
    let rows = store::patterns(db, business_id).await?;
    Ok(rows
        .into_iter()
        .map(|pattern| {
            let from = pattern.from_day.parse().unwrap_or(jiff::civil::Date::MIN);
            let row = SettingsRow {
                time_zone: settings.time_zone.clone(),
                working_days: pattern.working_days,
                work_start: pattern.work_start,
                work_end: pattern.work_end,
                comfort_setpoint: pattern.comfort_setpoint,
            };
            (from, from_row(row))
        })
        .collect())
}
