//! The business's monthly budget and CO2 goal, as columns of its row.

use sqlx::AnyConnection;

use crate::grid::Co2Method;
use crate::store::{Db, StoreResult, rows_in_range};

/// One of the business's energy goals, as a user sets it.
#[derive(Clone, Copy, Debug)]
pub enum Goal {
    /// The monthly electricity budget, in pence; `None`: no budget.
    Budget(Option<i64>),
    /// The monthly CO2 savings goal, in kg; `None`: no goal.
    Co2Savings(Option<f64>),
    /// How CO2 is counted.
    Co2Method(Co2Method),
}

pub async fn set_goal(db: &mut AnyConnection, business_id: i64, goal: Goal) -> StoreResult<()> {
    let query = match goal {
        Goal::Budget(pence) => {
            sqlx::query("UPDATE businesses SET electricity_budget_pence = $1 WHERE id = $2")
                .bind(pence)
        }
        Goal::Co2Savings(kg) => {
            sqlx::query("UPDATE businesses SET carbon_goal_kg = $1 WHERE id = $2").bind(kg)
        }
        Goal::Co2Method(method) => {
            sqlx::query("UPDATE businesses SET carbon_method = $1 WHERE id = $2").bind(method.key())
        }
    };
    query.bind(business_id).execute(db).await?;
    Ok(())
}

/// The business's energy (Wh) and its CO2 (g) per local day from `first` to `last`
/// (`YYYY-MM-DD`), from its daily rollup.
pub async fn daily_use(
    pool: &sqlx::AnyPool,
    business_id: i64,
    first: &str,
    last: &str,
) -> StoreResult<Vec<(String, f64, f64)>> {
    let sql = "SELECT day, energy_wh, co2_g FROM business_energy_daily
         WHERE business_id = $1 AND day >= $2 AND day <= $3 ORDER BY day";
    rows_in_range(pool, sql, business_id, (first, last)).await
}

/// The business's monthly budget, CO2 savings goal and CO2 method, as set (or the defaults).
#[derive(Clone, Copy, Debug, Default)]
pub struct Goals {
    /// The monthly budget in pence, if set.
    pub budget_pence: Option<i64>,
    /// The monthly CO2 savings goal in kg, if set.
    pub carbon_goal_kg: Option<f64>,
    pub carbon_method: Co2Method,
}

pub async fn read<'e>(db: impl Db<'e>, business_id: i64) -> StoreResult<Goals> {
    let row: Option<(Option<i64>, Option<f64>, String)> = sqlx::query_as(
        "SELECT electricity_budget_pence, carbon_goal_kg, carbon_method FROM businesses
         WHERE id = $1",
    )
    .bind(business_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map_or_else(Goals::default, |(budget_pence, carbon_goal_kg, method)| Goals {
        budget_pence,
        carbon_goal_kg,
        carbon_method: Co2Method::parse(&method).unwrap_or_default(),
    }))
}
