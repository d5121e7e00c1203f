//! Setting the monthly electricity budget and CO2 savings goal, each a recorded change, and the
//! month's cost so far against the budget, for the eco automation.

use std::pin::Pin;

use serde_json::json;

use super::store::{self, Goal};
use crate::automations::Budget;
use crate::error::ApiResult;
use crate::kernel::change::{Actor, Entry};
use crate::state::AppState;
use crate::store::{Store, StoreResult};
use crate::tariffs::Tariffs;

/// Sets one goal, as a change recorded with the goal's new value.
pub async fn set(state: &AppState, actor: Actor, goal: Goal) -> ApiResult<()> {
    let mut change = state.change(actor).await?;
    store::set_goal(change.db(), actor.business_id, goal).await?;
    let (record, after) = match goal {
        Goal::Budget(pence) => ("budget", json!({"electricity_budget_pence": pence})),
        Goal::Co2Savings(kg) => ("carbon_goal", json!({"carbon_goal_kg": kg})),
        Goal::Co2Method(method) => ("carbon_method", json!({"carbon_method": method.key()})),
    };
    change.commit(Entry::new("update", record, actor.business_id).after(&after)).await?;
    Ok(())
}

/// What electricity cost the business this month, to and including `today` (its local date in
/// `tz`), in pence: each day's energy at that day's unit rate, plus each day's standing charge
/// from when the business began (as the energy history counts it).
pub async fn month_to_date_cost(
    pool: &sqlx::AnyPool,
    business_id: i64,
    tz: &jiff::tz::TimeZone,
    today: jiff::civil::Date,
) -> StoreResult<f64> {
    let first = today.first_of_month();
    let tariffs = Tariffs::load(pool, business_id).await?;
    let charged_from = crate::tariffs::charged_from(pool, business_id, tz).await?;
    let (from, to) = (first.to_string(), today.to_string());
    let energy = store::daily_use(pool, business_id, &from, &to).await?;
    let mut pence = 0.0;
    let mut day = first;
    while day <= today {
        let rates = tariffs.on(day);
        let wh =
            energy.iter().find(|(date, ..)| *date == day.to_string()).map_or(0.0, |use_| use_.1);
        pence += wh / 1000.0 * rates.unit_rate_pence;
        if day >= charged_from {
            pence += rates.standing_charge_pence;
        }
        day = match day.tomorrow() {
            Ok(next) => next,
            Err(_) => break,
        };
    }
    Ok(pence)
}

/// The budget the eco automation asks about: a business is over it when this month's cost so
/// far is above its monthly budget (never, without one).
pub struct MonthlyBudget;

impl Budget for MonthlyBudget {
    fn over_budget<'a>(
        &'a self,
        store: &'a Store,
        business_id: i64,
        now: time::OffsetDateTime,
    ) -> Pin<Box<dyn Future<Output = StoreResult<bool>> + Send + 'a>> {
        Box::pin(async move {
            let pool = store.reader();
            let Some(budget) = store::read(pool, business_id).await?.budget_pence else {
                return Ok(false);
            };
            let settings = crate::business::read(pool, business_id).await?;
            let today = crate::business::local_date(&settings, now);
            let tz = crate::business::time_zone(&settings);
            Ok(month_to_date_cost(pool, business_id, &tz, today).await? > budget as f64)
        })
    }
}
