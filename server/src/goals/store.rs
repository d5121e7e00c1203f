//! The business's monthly budget and CO2 goal, as columns of its row.

use sqlx::AnyConnection;

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
