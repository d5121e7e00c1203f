//! The monthly electricity budget (`PATCH /v2/users/budget/electricity/{pounds}`) and CO2 savings
//! goal (`PATCH /v2/users/goal/carbon-footprint/{kg}`), shown in `me`, with spec §8's fixed
//! texts, each removed by a `DELETE` of its path without the value; and the budget the eco
//! automation checks. Handlers here, the changes and the month's cost in `domain.rs`, the SQL in
//! `store.rs`.

mod domain;
mod store;

pub use domain::{MonthCost, MonthlyBudget, month_cost};
use store::Goal;
pub use store::{Goals, daily_use, read};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::error::{ApiError, ErrorBody};
use crate::grid::Co2Method;
use crate::http::{Answer, Envelope, NoData, Path, done};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(set_budget))
        .routes(routes!(remove_budget))
        .routes(routes!(set_carbon_goal))
        .routes(routes!(remove_carbon_goal))
        .routes(routes!(set_carbon_method))
}

/// The most either may be: far above any business's month, low enough to stay exact.
const MOST: f64 = 10_000_000.0;

/// A positive amount up to [`MOST`] with at most two decimals, from the path.
fn amount(raw: &str, unit: &str) -> Result<f64, ApiError> {
    let invalid = || {
        ApiError::field(
            "value",
            format!(
                "Use a number of {unit} above 0 and up to 10,000,000, with at most two decimals."
            ),
        )
    };
    let value: f64 = raw.trim().parse().map_err(|_| invalid())?;
    let hundredths = value * 100.0;
    if !(value > 0.0 && value <= MOST) || (hundredths - hundredths.round()).abs() > 1e-6 {
        return Err(invalid());
    }
    Ok(value)
}

/// Set the monthly electricity budget, in pounds.
#[utoipa::path(patch, path = "/v2/users/budget/electricity/{value}", tag = "energy",
    params(("value" = String, Path, description = "The monthly budget in pounds, e.g. 1250.50")),
    responses((status = 200, body = Envelope<NoData>), (status = 422, body = ErrorBody)))]
pub async fn set_budget(
    Business { state, user }: Business,
    Path(value): Path<String>,
) -> Answer<NoData> {
    let pounds = amount(&value, "pounds")?;
    let pence = (pounds * 100.0).round() as i64;
    domain::set(&state, user.actor(), Goal::Budget(Some(pence))).await?;
    Ok(done("Energy budget updated successfully"))
}

/// Remove the monthly electricity budget: nothing is held against one until it is set again.
#[utoipa::path(delete, path = "/v2/users/budget/electricity", tag = "energy",
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn remove_budget(Business { state, user }: Business) -> Answer<NoData> {
    domain::set(&state, user.actor(), Goal::Budget(None)).await?;
    Ok(done("Energy budget removed."))
}

/// Set the monthly CO2 savings goal, in kg.
#[utoipa::path(patch, path = "/v2/users/goal/carbon-footprint/{value}", tag = "energy",
    params(("value" = String, Path, description = "The monthly CO2 savings goal in kg")),
    responses((status = 200, body = Envelope<NoData>), (status = 422, body = ErrorBody)))]
pub async fn set_carbon_goal(
    Business { state, user }: Business,
    Path(value): Path<String>,
) -> Answer<NoData> {
    let kg = amount(&value, "kg")?;
    domain::set(&state, user.actor(), Goal::Co2Savings(Some(kg))).await?;
    Ok(done("CF Goal updated successfully"))
}

/// Remove the monthly CO2 savings goal.
#[utoipa::path(delete, path = "/v2/users/goal/carbon-footprint", tag = "energy",
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn remove_carbon_goal(Business { state, user }: Business) -> Answer<NoData> {
    domain::set(&state, user.actor(), Goal::Co2Savings(None)).await?;
    Ok(done("CF goal removed."))
}

/// Choose how CO2 is counted: `profile` (the GB grid's half-hourly intensity) or `desnz` (the
/// flat DESNZ factor, 0.20705 kg/kWh).
#[utoipa::path(patch, path = "/v2/users/goal/carbon-method/{value}", tag = "energy",
    params(("value" = String, Path, description = "`profile` or `desnz`")),
    responses((status = 200, body = Envelope<NoData>), (status = 422, body = ErrorBody)))]
pub async fn set_carbon_method(
    Business { state, user }: Business,
    Path(value): Path<String>,
) -> Answer<NoData> {
    let method = Co2Method::parse(&value).ok_or_else(|| {
        ApiError::field(
            "value",
            "Choose profile (the GB grid's half-hourly intensity) or desnz (the DESNZ factor).",
        )
    })?;
    domain::set(&state, user.actor(), Goal::Co2Method(method)).await?;
    Ok(done("CO2 method updated successfully"))
}
