//! The home dashboard's figures (`GET /v2/dashboard/commercial/web`): energy, cost and CO2 today
//! and this month, the month against the budget with a forecast to its end, CO2 saved this month
//! against the goal, the radiators online and heating, the indoor and outdoor temperatures, and
//! the schedules in force.

use serde::Serialize;
use utoipa::ToSchema;

use super::baseline::Model;
use super::domain::{Figures, Span, energy_history};
use super::savings::co2_saving;
use super::store;
use crate::devices::OFFLINE_AFTER_SECS;
use crate::devices::thermal::uk_outside_temperature;
use crate::error::ApiResult;
use crate::state::AppState;

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct MonthFigures {
    #[serde(flatten)]
    pub so_far: Figures,
    /// The monthly budget in pence; null until set.
    pub budget_pence: Option<i64>,
    /// The cost so far carried to the month's end (see `goals::MonthCost`).
    pub forecast_pence: i64,
    /// The share of the budget spent so far (1 = all of it); null without a budget.
    pub budget_used: Option<f64>,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct RadiatorCounts {
    pub total: i64,
    /// Reported within the last five minutes.
    pub online: i64,
    pub heating: i64,
}

/// CO2 saved this month so far against the baseline, and the monthly goal.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct CarbonFigures {
    pub baseline_kg: f64,
    pub actual_kg: f64,
    pub saved_kg: f64,
    /// The monthly CO2 savings goal; null until set.
    pub goal_kg: Option<f64>,
    /// Saved over the goal (1 = reached); null without a goal.
    pub progress: Option<f64>,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Dashboard {
    pub today: Figures,
    pub month: MonthFigures,
    /// This month's CO2 saving (see `co2_saving` for the method).
    pub co2_saved: CarbonFigures,
    pub radiators: RadiatorCounts,
    /// The mean temperature the online radiators report, °C; null with none online.
    pub indoor_temperature: Option<f64>,
    /// The modelled UK outside temperature now, °C (the simulated fleet's weather).
    pub outdoor_temperature: f64,
    /// Schedules switched on.
    pub active_schedules: i64,
}

pub async fn dashboard(state: &AppState, business_id: i64) -> ApiResult<Dashboard> {
    let now = state.clock.now();
    let pool = state.store.reader();
    let online_since = now.unix_timestamp() - OFFLINE_AFTER_SECS;
    let settings = crate::business::get(state, business_id).await?;
    let month_saving = async {
        let local_today = crate::business::local_date(&settings, now);
        let model = Model::for_devices(state.devices.as_ref());
        let month = (local_today.first_of_month(), local_today);
        co2_saving(&state.store, model, business_id, &settings, month, now).await
    };
    let month_cost = async {
        let tz = crate::business::time_zone(&settings);
        let at = jiff::Timestamp::from_second(now.unix_timestamp()).unwrap_or_default();
        ApiResult::Ok(crate::goals::month_cost(pool, business_id, &tz, at).await?)
    };
    // The figures are read side by side, each on a connection of its own.
    let (today, month, goals, fleet, active_schedules, saving, cost) = tokio::try_join!(
        energy_history(state, business_id, Span::Day),
        energy_history(state, business_id, Span::Month),
        async { ApiResult::Ok(crate::goals::read(pool, business_id).await?) },
        async { ApiResult::Ok(store::fleet(pool, business_id, online_since).await?) },
        async { ApiResult::Ok(store::active_schedules(pool, business_id).await?) },
        month_saving,
        month_cost,
    )?;
    let forecast_pence = cost.forecast.round() as i64;
    let (budget_pence, (total, online, heating, indoor)) = (goals.budget_pence, fleet);
    let so_far = month.current.totals.clone();
    let budget_used = budget_pence
        .filter(|budget| *budget > 0)
        .map(|budget| (so_far.cost_pence as f64 / budget as f64 * 1000.0).round() / 1000.0);
    let co2_saved = CarbonFigures {
        baseline_kg: saving.totals.baseline_kg,
        actual_kg: saving.totals.actual_kg,
        saved_kg: saving.totals.saved_kg,
        goal_kg: saving.goal.monthly_kg,
        progress: saving.goal.months.first().and_then(|month| month.progress),
    };
    let round1 = |value: f64| (value * 10.0).round() / 10.0;
    Ok(Dashboard {
        today: today.current.totals,
        month: MonthFigures { so_far, budget_pence, forecast_pence, budget_used },
        co2_saved,
        radiators: RadiatorCounts { total, online, heating },
        indoor_temperature: indoor.map(round1),
        outdoor_temperature: round1(uk_outside_temperature(now)),
        active_schedules,
    })
}
