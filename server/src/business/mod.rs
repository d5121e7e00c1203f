//! The business's own settings (`/v2/settings/business`): time zone, working days and hours,
//! comfort setpoint. Schedules run in the time zone; baselines and insights use the rest.
//! Handlers here, what they do in `domain.rs`, the SQL in `store.rs`.

pub mod domain;
mod store;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::error::ErrorBody;
use crate::http::{Answer, ApiJson, Envelope, ok};
use crate::kernel::validation::FieldCheck;
use crate::kernel::values::{ClockTime, Temperature, TimeZoneName};
use crate::state::AppState;
pub use domain::{BusinessSettings, get, local_date, patterns_in_force, read, time_zone};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, update))
}

#[derive(Serialize, ToSchema)]
pub struct BusinessSettingsData {
    business_settings: BusinessSettings,
}

/// The business's settings (the defaults until it sets them: Europe/London, Monday to Friday
/// 08:00–18:00, 21 °C).
#[utoipa::path(get, path = "/v2/settings/business", tag = "settings",
    responses((status = 200, body = Envelope<BusinessSettingsData>)))]
pub async fn show(Business { state, user }: Business) -> Answer<BusinessSettingsData> {
    let business_settings = domain::get(&state, user.business_id).await?;
    Ok(ok("Business settings.", BusinessSettingsData { business_settings }))
}

#[derive(Deserialize, Serialize, ToSchema, Default)]
#[serde(default)]
pub struct SettingsRequest {
    #[schema(example = "Europe/London")]
    time_zone: String,
    /// ISO days, 1 = Monday … 7 = Sunday; at least one.
    working_days: Vec<i64>,
    working_hours: HoursRequest,
    comfort_setpoint: Option<f64>,
}

#[derive(Deserialize, Serialize, ToSchema, Default)]
#[serde(default)]
pub struct HoursRequest {
    #[schema(example = "08:00")]
    start: String,
    #[schema(example = "18:00")]
    end: String,
}

fn working_days(days: &[i64]) -> Result<Vec<u8>, String> {
    if days.is_empty() {
        return Err("Choose at least one working day.".into());
    }
    let mut checked = Vec::with_capacity(days.len());
    for &day in days {
        match u8::try_from(day) {
            Ok(day @ 1..=7) => checked.push(day),
            _ => return Err(format!("Days are 1 (Monday) to 7 (Sunday), not {day}.")),
        }
    }
    checked.sort_unstable();
    checked.dedup();
    Ok(checked)
}

fn parse(request: &SettingsRequest) -> Result<domain::Checked, crate::error::ApiError> {
    let mut check = FieldCheck::default();
    let time_zone = check.check("time_zone", TimeZoneName::parse(&request.time_zone));
    let days = check.check("working_days", working_days(&request.working_days));
    let start = check.check("working_hours.start", ClockTime::parse(&request.working_hours.start));
    let end = check.check("working_hours.end", ClockTime::parse(&request.working_hours.end));
    if let (Some(start), Some(end)) = (start, end)
        && end <= start
    {
        check.check::<()>("working_hours.end", Err("Make the end later than the start.".into()));
    }
    let comfort = check.check("comfort_setpoint", Temperature::parse(request.comfort_setpoint));
    let checked = (|| {
        Some(domain::Checked {
            time_zone: time_zone?,
            working_days: days?,
            start: start?,
            end: end?,
            comfort_setpoint: comfort?,
        })
    })();
    check.finish(checked)
}

/// Replace the business's settings.
#[utoipa::path(put, path = "/v2/settings/business", tag = "settings",
    request_body = SettingsRequest,
    responses((status = 200, body = Envelope<BusinessSettingsData>),
        (status = 422, body = ErrorBody)))]
pub async fn update(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<SettingsRequest>,
) -> Answer<BusinessSettingsData> {
    let checked = parse(&request)?;
    let business_settings = domain::update(&state, user.actor(), checked).await?;
    Ok(ok("Business settings saved.", BusinessSettingsData { business_settings }))
}
