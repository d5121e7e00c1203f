//! Setting the monthly electricity budget and CO2 savings goal, each a recorded change, and the
//! month's cost so far and forecast to its end, that the budget is held against (the eco
//! automation, the notifications, the insights, the home page).

use std::pin::Pin;

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use serde_json::json;

use super::store::{self, Goal};
use crate::automations::Budget;
use crate::error::ApiResult;
use crate::kernel::change::{Actor, Entry};
use crate::notifications::store as notifications;
use crate::state::AppState;
use crate::store::{Store, StoreResult};
use crate::tariffs::Tariffs;

/// Sets one goal, as a change recorded with the goal's value before and after; a goal set to
/// what it is already (a removal of none) changes nothing and records nothing.
pub async fn set(state: &AppState, actor: Actor, goal: Goal) -> ApiResult<()> {
    let mut change = state.change(actor).await?;
    let was = store::read(change.db(), actor.business_id).await?;
    let unchanged = match goal {
        Goal::Budget(pence) => was.budget_pence == pence,
        Goal::Co2Savings(kg) => was.carbon_goal_kg == kg,
        Goal::Co2Method(method) => was.carbon_method == method,
    };
    if unchanged {
        return Ok(());
    }
    store::set_goal(change.db(), actor.business_id, goal).await?;
    if let Goal::Budget(pence) = goal {
        // The month's budget notifications of the budget replaced no longer stand.
        let settings = crate::business::read(change.db(), actor.business_id).await?;
        let today = crate::business::local_date(&settings, state.clock.now());
        let month = notifications::event_month(today);
        notifications::withdraw_budget_events(change.db(), actor.business_id, &month, pence)
            .await?;
    }
    let (record, before, after) = match goal {
        Goal::Budget(pence) => (
            "budget",
            json!({"electricity_budget_pence": was.budget_pence}),
            json!({"electricity_budget_pence": pence}),
        ),
        Goal::Co2Savings(kg) => (
            "carbon_goal",
            json!({"carbon_goal_kg": was.carbon_goal_kg}),
            json!({"carbon_goal_kg": kg}),
        ),
        Goal::Co2Method(method) => (
            "carbon_method",
            json!({"carbon_method": was.carbon_method.key()}),
            json!({"carbon_method": method.key()}),
        ),
    };
    let entry = Entry::new("update", record, actor.business_id).before(&before).after(&after);
    change.commit(entry).await?;
    Ok(())
}

/// This month's electricity cost, in pence: so far, and carried to the month's end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MonthCost {
    /// Each day's energy at that day's unit rate and its standing charge from when the business
    /// began, today's by the hours begun (as the energy history counts it).
    pub so_far: f64,
    /// `so_far`, the rest of today and each day to come at what the same weekday cost over the
    /// four weeks before today (so weekends cost what weekends cost), at the tariff of the day
    /// to come. A weekday with no day behind it (a business younger than a week) counts at the
    /// month's average day so far (since the business began).
    pub forecast: f64,
}

/// The business's [`MonthCost`] at `now`, in its time zone `tz`, from the daily rollups.
pub async fn month_cost(
    pool: &sqlx::AnyPool,
    business_id: i64,
    tz: &TimeZone,
    now: Timestamp,
) -> StoreResult<MonthCost> {
    let today = now.to_zoned(tz.clone()).date();
    let tariffs = Tariffs::load(pool, business_id).await?;
    let charged_from = crate::tariffs::charged_from(pool, business_id, tz).await?;
    let behind = today.checked_sub(28.days()).unwrap_or(today).max(charged_from);
    let first = today.first_of_month().min(behind);
    let energy =
        store::daily_use(pool, business_id, &first.to_string(), &today.to_string()).await?;
    let kwh_on = |day: Date| {
        let day = day.to_string();
        energy.iter().find(|(date, ..)| *date == day).map_or(0.0, |(_, wh, _)| wh / 1000.0)
    };
    let days = |from: Date, to: Date| {
        std::iter::successors(Some(from), |day| day.tomorrow().ok()).take_while(move |d| *d <= to)
    };
    // Today's standing charge by the hours begun, as the energy history shares it.
    let (hours, begun) = crate::tariffs::hours_begun(today, tz, now);
    let begun = begun as f64 / hours as f64;
    let cost_on = |day: Date, standing_share: f64| {
        let rates = tariffs.on(day);
        let standing = if day >= charged_from { rates.standing_charge_pence } else { 0.0 };
        kwh_on(day) * rates.unit_rate_pence + standing * standing_share
    };
    let today_so_far = cost_on(today, begun);
    let so_far = days(today.first_of_month(), today)
        .map(|day| if day == today { today_so_far } else { cost_on(day, 1.0) })
        .sum::<f64>();
    // kWh of each weekday behind today, and how many of that weekday there were.
    let mut weekdays = [(0.0, 0u32); 7];
    for day in days(behind, today).filter(|day| *day < today) {
        let weekday = &mut weekdays[day.weekday().to_monday_zero_offset() as usize];
        weekday.0 += kwh_on(day);
        weekday.1 += 1;
    }
    // The month's days so far since the business began, today by the hours begun.
    let since = today.first_of_month().max(charged_from);
    let average_day =
        so_far / (days(since, today).filter(|day| *day < today).count() as f64 + begun);
    let expected = |day: Date| match weekdays[day.weekday().to_monday_zero_offset() as usize] {
        (_, 0) => average_day,
        (kwh, count) => {
            let rates = tariffs.on(day);
            kwh / f64::from(count) * rates.unit_rate_pence + rates.standing_charge_pence
        }
    };
    let rest_of_today = (expected(today) - today_so_far).max(0.0);
    let to_come: f64 = match (today.tomorrow(), today.last_of_month()) {
        (Ok(tomorrow), last) if tomorrow <= last => days(tomorrow, last).map(expected).sum(),
        _ => 0.0,
    };
    Ok(MonthCost { so_far, forecast: so_far + rest_of_today + to_come })
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
            let tz = crate::business::time_zone(&settings);
            let now = Timestamp::from_second(now.unix_timestamp()).unwrap_or(Timestamp::UNIX_EPOCH);
            Ok(month_cost(pool, business_id, &tz, now).await?.so_far > budget as f64)
        })
    }
}
