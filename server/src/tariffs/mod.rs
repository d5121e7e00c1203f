//! The business's electricity tariff (`/v2/commercial/charges`): unit rate and standing charge
//! from an effective date, with the history kept so past days are costed at their own tariff.
//! Handlers here, costing in `domain.rs`, the SQL in `store.rs`.

pub mod domain;
mod store;

use axum::extract::Path;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::error::{ApiResult, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, ok};
use crate::kernel::validation::FieldCheck;
use crate::kernel::values::calendar_date;
use crate::state::AppState;
use domain::{Charges, Rates};
pub use domain::{Tariffs, charged_from, hours_begun};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, add)).routes(routes!(delete))
}

#[derive(Serialize, ToSchema)]
pub struct ChargesData {
    charges: Charges,
}

async fn today(state: &AppState, business_id: i64) -> ApiResult<jiff::civil::Date> {
    let settings = crate::business::get(state, business_id).await?;
    Ok(crate::business::local_date(&settings, state.clock.now()))
}

/// The tariff in force today (25 p/kWh and 50 p a day until one is set) and the history.
#[utoipa::path(get, path = "/v2/commercial/charges", tag = "energy",
    responses((status = 200, body = Envelope<ChargesData>)))]
pub async fn show(Business { state, user }: Business) -> Answer<ChargesData> {
    let today = today(&state, user.business_id).await?;
    let charges = domain::charges(&state, user.business_id, today).await?;
    Ok(ok("Electricity charges.", ChargesData { charges }))
}

#[derive(Deserialize, Serialize, ToSchema, Default)]
#[serde(default)]
pub struct TariffRequest {
    /// Pence per kWh, above 0 and at most 200.
    #[schema(example = 24.5)]
    unit_rate_pence: Option<f64>,
    /// Pence per day, 0 to 500.
    #[schema(example = 53.35)]
    standing_charge_pence: Option<f64>,
    /// `YYYY-MM-DD`: from this day on.
    #[schema(example = "2026-04-01")]
    effective_from: String,
}

fn pence(
    raw: Option<f64>,
    range: std::ops::RangeInclusive<f64>,
    what: &str,
) -> Result<f64, String> {
    let value = raw.ok_or_else(|| format!("Enter the {what} in pence."))?;
    let hundredths = value * 100.0;
    if !range.contains(&value) {
        return Err(format!("Use {} to {} pence.", range.start(), range.end()));
    }
    if (hundredths - hundredths.round()).abs() > 1e-6 {
        return Err("Use at most two decimals.".into());
    }
    Ok(value)
}

/// Set the tariff from a date (a tariff from the same date is replaced); answers the charges.
#[utoipa::path(post, path = "/v2/commercial/charges", tag = "energy",
    request_body = TariffRequest,
    responses((status = 200, body = Envelope<ChargesData>), (status = 422, body = ErrorBody)))]
pub async fn add(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<TariffRequest>,
) -> Answer<ChargesData> {
    let mut check = FieldCheck::default();
    let unit =
        check.check("unit_rate_pence", pence(request.unit_rate_pence, 0.01..=200.0, "unit rate"));
    let standing = check.check(
        "standing_charge_pence",
        pence(request.standing_charge_pence, 0.0..=500.0, "standing charge"),
    );
    let from = check.check("effective_from", calendar_date(&request.effective_from));
    let (unit, standing, from) =
        check.finish(unit.zip(standing).zip(from).map(|((u, s), f)| (u, s, f)))?;
    let rates = Rates { unit_rate_pence: unit, standing_charge_pence: standing };
    let today = today(&state, user.business_id).await?;
    let charges = domain::set(&state, user.actor(), rates, from, today).await?;
    Ok(ok("Electricity charges saved.", ChargesData { charges }))
}

/// Delete a tariff entered by mistake; the days it covered are costed at the tariff before it,
/// or the default. Answers the charges.
#[utoipa::path(delete, path = "/v2/commercial/charges/{id}", tag = "energy",
    responses((status = 200, body = Envelope<ChargesData>), (status = 404, body = ErrorBody)))]
pub async fn delete(
    Business { state, user }: Business,
    Path(id): Path<i64>,
) -> Answer<ChargesData> {
    let today = today(&state, user.business_id).await?;
    let charges = domain::delete(&state, user.actor(), id, today).await?;
    Ok(ok("Tariff deleted.", ChargesData { charges }))
}
