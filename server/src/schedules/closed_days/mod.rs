//! The days a business is closed (bank holidays, a Christmas closure): on them every schedule
//! runs as it does between its slots, at its setback or off, whatever day of the week it is.
//! Handlers here, what they do in `domain.rs`, the SQL in `store.rs`.

mod bank_holidays;
pub mod domain;
mod store;

use jiff::ToSpan;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, Path, Query, ok};
use crate::kernel::validation::FieldCheck;
use crate::kernel::values::{calendar_date, record_name};
use crate::state::AppState;
use bank_holidays::{BankHoliday, Region};
use domain::Checked;
pub use domain::ClosedDates;
pub use store::ClosedDays;

/// Days one closure lasts at most: a year, and a day for a leap year.
const MOST_DAYS: i32 = 366;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, add))
        .routes(routes!(remove))
        .routes(routes!(bank_holidays))
}

#[derive(Serialize, ToSchema)]
pub struct ClosedDaysList {
    closed_days: Vec<ClosedDays>,
}

#[derive(Serialize, ToSchema)]
pub struct ClosedDaysData {
    closed_days: ClosedDays,
}

/// The business's closed days from today on, the earliest first.
#[utoipa::path(get, path = "/v2/schedules/closed-days", tag = "schedules",
    responses((status = 200, body = Envelope<ClosedDaysList>)))]
pub async fn list(Business { state, user }: Business) -> Answer<ClosedDaysList> {
    let closed_days = domain::upcoming(&state, user.business_id).await?;
    Ok(ok("Closed days.", ClosedDaysList { closed_days }))
}

/// Closed days as sent to add them.
#[derive(Deserialize, Serialize, ToSchema, Default)]
#[serde(default)]
pub struct ClosedDaysRequest {
    #[schema(example = "Christmas")]
    name: String,
    /// `YYYY-MM-DD`, today or later in the business's time zone.
    #[schema(example = "2026-12-24")]
    first_date: String,
    /// `YYYY-MM-DD`, on or after the first; left out: the first day alone.
    #[schema(example = "2027-01-01")]
    last_date: Option<String>,
}

fn parse(request: &ClosedDaysRequest) -> Result<Checked, ApiError> {
    let mut check = FieldCheck::default();
    let name = check.check("name", record_name(&request.name));
    let first = check.check("first_date", calendar_date(&request.first_date));
    let last = match request.last_date.as_deref().map(str::trim).filter(|raw| !raw.is_empty()) {
        Some(raw) => check.check("last_date", calendar_date(raw)),
        None => first,
    };
    if let (Some(first), Some(last)) = (first, last) {
        if last < first {
            let message = "Make the last day the first day or a later one.";
            check.check::<()>("last_date", Err(message.into()));
        } else if first.checked_add(MOST_DAYS.days()).is_ok_and(|limit| last >= limit) {
            let message = format!("Close at most {MOST_DAYS} days in a row.");
            check.check::<()>("last_date", Err(message));
        }
    }
    let checked = (|| Some(Checked { name: name?, first: first?, last: last? }))();
    check.finish(checked)
}

/// Add closed days: from the first to the last, every schedule runs as between its slots.
#[utoipa::path(post, path = "/v2/schedules/closed-days", tag = "schedules",
    request_body = ClosedDaysRequest,
    responses((status = 200, body = Envelope<ClosedDaysData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn add(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<ClosedDaysRequest>,
) -> Answer<ClosedDaysData> {
    let checked = parse(&request)?;
    let closed_days = domain::add(&state, user.actor(), &checked).await?;
    let said = format!(
        "'{}' added to the closed days: every schedule runs as outside its slots then.",
        closed_days.name
    );
    Ok(ok(said, ClosedDaysData { closed_days }))
}

/// Remove closed days: the schedules run their slots on them again.
#[utoipa::path(delete, path = "/v2/schedules/closed-days/{id}", tag = "schedules",
    responses((status = 200, body = Envelope<ClosedDaysData>), (status = 404, body = ErrorBody)))]
pub async fn remove(
    Business { state, user }: Business,
    Path(id): Path<i64>,
) -> Answer<ClosedDaysData> {
    let closed_days = domain::remove(&state, user.actor(), id).await?;
    let said = format!(
        "'{}' removed from the closed days: the schedules run their slots then again.",
        closed_days.name
    );
    Ok(ok(said, ClosedDaysData { closed_days }))
}

#[derive(Deserialize, IntoParams)]
pub struct RegionQuery {
    /// `england_and_wales` (the default), `scotland` or `northern_ireland`.
    region: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct BankHolidaysData {
    bank_holidays: Vec<BankHoliday>,
}

/// The bank holidays of one of the UK's three sets from today (in the business's time zone) to
/// a year on, as the usual rules fix them, to add to the closed days.
#[utoipa::path(get, path = "/v2/schedules/closed-days/bank-holidays", tag = "schedules",
    params(RegionQuery),
    responses((status = 200, body = Envelope<BankHolidaysData>), (status = 422, body = ErrorBody)))]
pub async fn bank_holidays(
    Business { state, user }: Business,
    Query(query): Query<RegionQuery>,
) -> Answer<BankHolidaysData> {
    let region =
        Region::parse(query.region.as_deref().unwrap_or("england_and_wales")).ok_or_else(|| {
            ApiError::field("region", "Choose england_and_wales, scotland or northern_ireland.")
        })?;
    let today = domain::today(&state, user.business_id).await?;
    let bank_holidays = bank_holidays::coming(region, today);
    Ok(ok("Bank holidays.", BankHolidaysData { bank_holidays }))
}
