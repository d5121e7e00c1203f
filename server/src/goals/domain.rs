//! Setting the monthly electricity budget and CO2 savings goal, each a recorded change.

use serde_json::json;

use super::store;
use crate::error::ApiResult;
use crate::kernel::change::{Actor, Entry};
use crate::state::AppState;

pub async fn set_budget(state: &AppState, actor: Actor, pence: i64) -> ApiResult<()> {
    let mut change = state.change(actor).await?;
    store::set_budget(change.db(), actor.business_id, pence).await?;
    let entry = Entry::new("update", "budget", actor.business_id);
    change.commit(entry.after(&json!({"electricity_budget_pence": pence}))).await?;
    Ok(())
}

pub async fn set_carbon_goal(state: &AppState, actor: Actor, kg: f64) -> ApiResult<()> {
    let mut change = state.change(actor).await?;
    store::set_carbon_goal(change.db(), actor.business_id, kg).await?;
    let entry = Entry::new("update", "carbon_goal", actor.business_id);
    change.commit(entry.after(&json!({"carbon_goal_kg": kg}))).await?;
    Ok(())
}
