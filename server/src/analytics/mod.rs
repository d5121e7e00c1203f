//! Energy analytics (spec §7, under `/analytics/commercial/web/` with and without `/v2`), read
//! from the rollups: the energy history and room and zone usage, each as JSON or CSV; and the
//! home dashboard's figures. Handlers
//! here, the periods and sums in `domain.rs` and `usage.rs`, the SQL in `store.rs`.

pub mod baseline;
mod csv;
mod dashboard;
mod domain;
mod savings;
mod store;
mod usage;

use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{Answer, Envelope, Query, ok};
use crate::kernel::csv::Format;
use crate::kernel::validation::FieldCheck;
use crate::kernel::values::calendar_date;
use crate::state::AppState;
pub use baseline::Model;
use dashboard::Dashboard;
use domain::{EnergyHistory, Span};
use savings::Co2Saving;
pub use savings::co2_saving as co2_saving_between;
pub use store::MonthCover;
use usage::PlaceUsage;

pub fn router() -> OpenApiRouter<AppState> {
    let mut router = OpenApiRouter::new()
        .routes(routes!(energy_history))
        .routes(routes!(rooms_usage))
        .routes(routes!(zones_usage))
        .routes(routes!(co2_saving))
        .routes(routes!(show_dashboard));
    // Spec §7 serves the analytics calls at the same paths without `/v2` too (DESIGN.md §3):
    // the same handlers, documented again there.
    let unversioned: [(&str, MethodRouter<AppState>); 4] = [
        ("energy-history-graph", get(energy_history)),
        ("rooms-radiator-usage", get(rooms_usage)),
        ("zone-radiator-usage", get(zones_usage)),
        ("co2_saving", get(co2_saving)),
    ];
    for (call, handler) in unversioned {
        let path = format!("/analytics/commercial/web/{call}");
        let paths = &mut router.get_openapi_mut().paths.paths;
        if let Some(mut item) = paths.get(&format!("/v2{path}")).cloned() {
            for operation in item.get.iter_mut() {
                operation.operation_id =
                    operation.operation_id.take().map(|id| id + "_unversioned");
            }
            paths.insert(path.clone(), item);
        }
        router = router.route(&path, handler);
    }
    router
}

#[derive(Deserialize, IntoParams)]
pub struct HistoryQuery {
    /// `day` (the hours of today), `week` (its days), `month` (its days) or `year` (its months).
    #[serde(rename = "type")]
    kind: Option<String>,
    /// `csv` for a download instead of JSON.
    format: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct EnergyHistoryData {
    energy_history: EnergyHistory,
}

async fn answer(state: AppState, business_id: i64, query: HistoryQuery) -> ApiResult<Response> {
    let span = Span::parse(query.kind.as_deref().unwrap_or("day"))
        .map_err(|message| ApiError::field("type", message))?;
    let format = Format::parse(query.format.as_deref())?;
    let energy_history = domain::energy_history(&state, business_id, span).await?;
    Ok(match format {
        Format::Csv => csv::energy_history(&energy_history, state.clock.now().unix_timestamp()),
        Format::Json => ok("Energy history.", EnergyHistoryData { energy_history }).into_response(),
    })
}

/// Energy, cost and CO2 of this day, week, month or year by hour, day or month, with the period
/// before. `?format=csv` answers a CSV file.
#[utoipa::path(get, path = "/v2/analytics/commercial/web/energy-history-graph", tag = "energy",
    params(HistoryQuery),
    responses((status = 200, body = Envelope<EnergyHistoryData>), (status = 422, body = ErrorBody)))]
pub async fn energy_history(
    Business { state, user }: Business,
    Query(query): Query<HistoryQuery>,
) -> ApiResult<Response> {
    answer(state, user.business_id, query).await
}

#[derive(Deserialize, IntoParams)]
pub struct RangeQuery {
    /// The first local day, `YYYY-MM-DD` (with `end_date`; both absent: this month so far).
    start_date: Option<String>,
    /// The last local day, `YYYY-MM-DD`; at most 5 years after the first.
    end_date: Option<String>,
    /// `csv` for a download instead of JSON.
    format: Option<String>,
}

/// Longest range, days.
const MOST_DAYS: i32 = 5 * 366;

/// The range asked for, checked: both dates or neither (this month so far).
/// The range asked for; without one, this month to `today`.
fn range(query: &RangeQuery, today: Date) -> ApiResult<(Date, Date)> {
    let mut check = FieldCheck::default();
    let dates = match (query.start_date.as_deref(), query.end_date.as_deref()) {
        (None, None) => Some((today.first_of_month(), today)),
        (first, last) => {
            let first = check.check("start_date", calendar_date(first.unwrap_or_default()));
            let last = check.check("end_date", calendar_date(last.unwrap_or_default()));
            first.zip(last)
        }
    };
    if let Some((first, last)) = dates {
        if last < first {
            check.check::<()>(
                "end_date",
                Err("Make the end date on or after the start date.".into()),
            );
        } else if (last - first).get_days() > MOST_DAYS {
            check.check::<()>("end_date", Err("Choose at most 5 years.".into()));
        }
    }
    check.finish(dates)
}

#[derive(Serialize, ToSchema)]
pub struct RoomsUsageData {
    rooms: Vec<PlaceUsage>,
}

#[derive(Serialize, ToSchema)]
pub struct ZonesUsageData {
    zones: Vec<PlaceUsage>,
}

async fn usage_answer(
    state: AppState,
    business_id: i64,
    query: RangeQuery,
    zones: bool,
) -> ApiResult<Response> {
    let settings = crate::business::get(&state, business_id).await?;
    let today = crate::business::local_date(&settings, state.clock.now());
    let (first, last) = range(&query, today)?;
    let format = Format::parse(query.format.as_deref())?;
    let places = usage::usage(&state, business_id, (first, last), today, zones).await?;
    Ok(match format {
        Format::Csv => csv::usage(if zones { "zone" } else { "room" }, &places, (first, last)),
        Format::Json if zones => {
            ok("Zone usage.", ZonesUsageData { zones: places }).into_response()
        }
        Format::Json => ok("Room usage.", RoomsUsageData { rooms: places }).into_response(),
    })
}

/// Each room's use over a range of days, with its radiators'. `?format=csv` answers a CSV file.
#[utoipa::path(get, path = "/v2/analytics/commercial/web/rooms-radiator-usage", tag = "energy",
    params(RangeQuery),
    responses((status = 200, body = Envelope<RoomsUsageData>), (status = 422, body = ErrorBody)))]
pub async fn rooms_usage(
    Business { state, user }: Business,
    Query(query): Query<RangeQuery>,
) -> ApiResult<Response> {
    usage_answer(state, user.business_id, query, false).await
}

/// Each zone's use over a range of days, with its radiators'. `?format=csv` answers a CSV file.
#[utoipa::path(get, path = "/v2/analytics/commercial/web/zone-radiator-usage", tag = "energy",
    params(RangeQuery),
    responses((status = 200, body = Envelope<ZonesUsageData>), (status = 422, body = ErrorBody)))]
pub async fn zones_usage(
    Business { state, user }: Business,
    Query(query): Query<RangeQuery>,
) -> ApiResult<Response> {
    usage_answer(state, user.business_id, query, true).await
}

#[derive(Serialize, ToSchema)]
pub struct DashboardData {
    dashboard: Dashboard,
}

/// The home dashboard's figures: today, this month against the budget with a forecast, the
/// radiators, indoor and outdoor temperatures and the schedules on.
#[utoipa::path(get, path = "/v2/dashboard/commercial/web", tag = "energy",
    responses((status = 200, body = Envelope<DashboardData>)))]
pub async fn show_dashboard(Business { state, user }: Business) -> Answer<DashboardData> {
    let dashboard = dashboard::dashboard(&state, user.business_id).await?;
    Ok(ok("Dashboard.", DashboardData { dashboard }))
}

#[derive(Serialize, ToSchema)]
pub struct Co2SavingData {
    co2_saving: Co2Saving,
}

async fn saving_answer(
    state: AppState,
    business_id: i64,
    query: RangeQuery,
) -> ApiResult<Response> {
    let now = state.clock.now();
    let settings = crate::business::get(&state, business_id).await?;
    let today = crate::business::local_date(&settings, now);
    let (first, last) = range(&query, today)?;
    if last > today {
        let message =
            format!("Savings are known up to today: choose an end date no later than {today}.");
        return Err(ApiError::field("end_date", &message));
    }
    let format = Format::parse(query.format.as_deref())?;
    let model = Model::for_devices(state.devices.as_ref());
    let co2_saving =
        savings::co2_saving(&state.store, model, business_id, &settings, (first, last), now)
            .await?;
    Ok(match format {
        Format::Csv => csv::co2_saving(&co2_saving, (first, last)),
        Format::Json => ok("CO2 saving.", Co2SavingData { co2_saving }).into_response(),
    })
}

/// CO2 saved per day against the baseline (the same rooms at the comfort setpoint through
/// working hours, no schedules or automations), with the monthly CF goal's progress.
#[utoipa::path(get, path = "/v2/analytics/commercial/web/co2_saving", tag = "energy",
    params(RangeQuery),
    responses((status = 200, body = Envelope<Co2SavingData>), (status = 422, body = ErrorBody)))]
pub async fn co2_saving(
    Business { state, user }: Business,
    Query(query): Query<RangeQuery>,
) -> ApiResult<Response> {
    saving_answer(state, user.business_id, query).await
}
