//! The business's monthly budget and CO2 goal, as columns of its row.

use sqlx::AnyConnection;

use crate::grid::Co2Method;
use crate::store::StoreResult;

pub async fn set_budget(db: &mut AnyConnection, business_id: i64, pence: i64) -> StoreResult<()> {
    sqlx::query("UPDATE businesses SET electricity_budget_pence = $1 WHERE id = $2")
        .bind(pence)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn set_carbon_goal(db: &mut AnyConnection, business_id: i64, kg: f64) -> StoreResult<()> {
    sqlx::query("UPDATE businesses SET carbon_goal_kg = $1 WHERE id = $2")
        .bind(kg)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}

/// The business's monthly budget in pence, if set.
pub async fn budget(pool: &sqlx::AnyPool, business_id: i64) -> StoreResult<Option<i64>> {
    let row: Option<(Option<i64>,)> =
        sqlx::query_as("SELECT electricity_budget_pence FROM businesses WHERE id = $1")
            .bind(business_id)
            .fetch_optional(pool)
            .await?;
    Ok(row.and_then(|(budget,)| budget))
}

/// The business's energy (Wh) and its CO2 (g) per local day from `first` to `last`
/// (`YYYY-MM-DD`), from its daily rollup.
pub async fn daily_use(
    pool: &sqlx::AnyPool,
    business_id: i64,
    first: &str,
    last: &str,
) -> StoreResult<Vec<(String, f64, f64)>> {
    let rows = sqlx::query_as(
        "SELECT day, energy_wh, co2_g FROM business_energy_daily
         WHERE business_id = $1 AND day >= $2 AND day <= $3 ORDER BY day",
    )
    .bind(business_id)
    .bind(first)
    .bind(last)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

/// How the business counts its CO2.
pub async fn carbon_method(pool: &sqlx::AnyPool, business_id: i64) -> StoreResult<Co2Method> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT carbon_method FROM businesses WHERE id = $1")
            .bind(business_id)
            .fetch_optional(pool)
            .await?;
    Ok(row.and_then(|(method,)| Co2Method::parse(&method)).unwrap_or_default())
}

pub async fn set_carbon_method(
    db: &mut AnyConnection,
    business_id: i64,
    method: Co2Method,
) -> StoreResult<()> {
    sqlx::query("UPDATE businesses SET carbon_method = $1 WHERE id = $2")
        .bind(method.key())
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}

/// The business's monthly CO2 savings goal in kg, if set.
pub async fn carbon_goal(pool: &sqlx::AnyPool, business_id: i64) -> StoreResult<Option<f64>> {
    let row: Option<(Option<f64>,)> =
        sqlx::query_as("SELECT carbon_goal_kg FROM businesses WHERE id = $1")
            .bind(business_id)
            .fetch_optional(pool)
            .await?;
    Ok(row.and_then(|(goal,)| goal))
}
