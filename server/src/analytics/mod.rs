//! Energy analytics (spec §7, under `/analytics/commercial/web/` with and without `/v2`), read
//! from the rollups: energy history so far. Handlers here, the periods and sums in `domain.rs`,
//! the GB carbon intensity profile in `carbon.rs`, the SQL in `store.rs`.

pub mod carbon;
mod domain;
mod store;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::BusinessUser;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{Envelope, Query, ok};
use crate::state::AppState;
use domain::{EnergyHistory, Span};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(energy_history)).routes(routes!(energy_history_v2))
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

/// The CSV of a history: the current period's buckets, then the previous period's.
fn csv(history: &EnergyHistory) -> Response {
    let mut text = String::from("period,start,kwh,cost_pence,co2_kg\n");
    for (name, period) in [("current", &history.current), ("previous", &history.previous)] {
        for bucket in &period.buckets {
            let figures = &bucket.figures;
            let line = format!(
                "{name},{},{},{},{}\n",
                bucket.start, figures.kwh, figures.cost_pence, figures.co2_kg
            );
            text.push_str(&line);
        }
    }
    let disposition = format!("attachment; filename=\"energy-history-{}.csv\"", history.kind);
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response()
}

async fn answer(state: AppState, business_id: i64, query: HistoryQuery) -> ApiResult<Response> {
    let span = Span::parse(query.kind.as_deref().unwrap_or("day"))
        .map_err(|message| ApiError::field("type", message))?;
    let energy_history = domain::energy_history(&state, business_id, span).await?;
    Ok(match query.format.as_deref() {
        Some("csv") => csv(&energy_history),
        Some(other) if other != "json" => {
            return Err(ApiError::field("format", "Choose json or csv."));
        }
        _ => ok("Energy history.", EnergyHistoryData { energy_history }).into_response(),
    })
}

/// Energy, cost and CO2 of this day, week, month or year by hour, day or month, with the period
/// before. `?format=csv` answers a CSV file.
#[utoipa::path(get, path = "/v2/analytics/commercial/web/energy-history-graph", tag = "energy",
    security(("bearer" = [])), params(HistoryQuery),
    responses((status = 200, body = Envelope<EnergyHistoryData>), (status = 422, body = ErrorBody)))]
pub async fn energy_history_v2(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Query(query): Query<HistoryQuery>,
) -> ApiResult<Response> {
    answer(state, user.business_id, query).await
}

/// The same, at the path without `/v2` (DESIGN.md §3).
#[utoipa::path(get, path = "/analytics/commercial/web/energy-history-graph", tag = "energy",
    security(("bearer" = [])), params(HistoryQuery),
    responses((status = 200, body = Envelope<EnergyHistoryData>), (status = 422, body = ErrorBody)))]
pub async fn energy_history(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Query(query): Query<HistoryQuery>,
) -> ApiResult<Response> {
    answer(state, user.business_id, query).await
}
