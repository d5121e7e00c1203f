//! The home dashboard's figures (`GET /v2/dashboard/commercial/web`): energy, cost and CO2 today
//! and this month, the month against the budget with a forecast to its end, CO2 saved this month
//! against the goal, the radiators online and heating, the indoor and outdoor temperatures, and
//! the schedules in force.

use jiff::ToSpan;
use jiff::civil::Date;
use serde::Serialize;
use utoipa::ToSchema;

use super::baseline::Model;
use super::baseline::degree_days::is_working_day;
use super::domain::{Figures, Span, energy_history};
use super::savings::{DaySaving, co2_saving};
use super::store;
use crate::devices::OFFLINE_AFTER_SECS;
use crate::devices::thermal::uk_outside_temperature;
use crate::error::ApiResult;
use crate::schedules::closed_days::{self, ClosedDays};
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
    /// The whole month's baseline at the rate so far (see `month_baseline_kg`): no goal above
    /// it can be reached. Null until the month has a whole working day with a baseline.
    pub month_baseline_kg: Option<f64>,
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
    /// The closed days under way, or the next to come; null with none to come.
    pub next_closed_days: Option<ClosedDays>,
}

pub async fn dashboard(state: &AppState, business_id: i64) -> ApiResult<Dashboard> {
    let now = state.clock.now();
    let pool = state.store.reader();
    let online_since = now.unix_timestamp() - OFFLINE_AFTER_SECS;
    let settings = crate::business::get(state, business_id).await?;
    let local_today = crate::business::local_date(&settings, now);
    let month_saving = async {
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
    let (today, month, goals, fleet, active_schedules, closed, saving, cost) = tokio::try_join!(
        energy_history(state, business_id, Span::Day),
        energy_history(state, business_id, Span::Month),
        async { ApiResult::Ok(crate::goals::read(pool, business_id).await?) },
        async { ApiResult::Ok(store::fleet(pool, business_id, online_since).await?) },
        async { ApiResult::Ok(store::active_schedules(pool, business_id).await?) },
        async { ApiResult::Ok(closed_days::domain::next(pool, business_id, local_today).await?) },
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
        month_baseline_kg: month_baseline_kg(&saving.days, local_today, &settings.working_days),
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
        next_closed_days: closed,
    })
}

/// The whole month's baseline, kg: its whole days (`days`, the month up to `today`) as they
/// were, and today and the days to come each at the mean of the month's whole days of its kind
/// (working day or day off) that have a baseline. A month that began on a weekend is not
/// carried at the rate of its weekend. Without a whole working day yet it is too early to tell
/// (None); without a day off yet, days off are taken at the working days' mean, the larger
/// guess, so that a goal said to be out of reach is.
fn month_baseline_kg(days: &[DaySaving], today: Date, working_days: &[u8]) -> Option<f64> {
    let whole: Vec<(Date, f64)> = days
        .iter()
        .filter_map(|day| Some((day.date.parse::<Date>().ok()?, day.baseline_kg)))
        .filter(|(day, _)| {
            *day < today && day.year() == today.year() && day.month() == today.month()
        })
        .collect();
    let mean = |working: bool| {
        let kind: Vec<f64> = whole
            .iter()
            .filter(|(day, kg)| *kg > 0.0 && is_working_day(*day, working_days) == working)
            .map(|(_, kg)| *kg)
            .collect();
        (!kind.is_empty()).then(|| kind.iter().sum::<f64>() / kind.len() as f64)
    };
    let working_mean = mean(true)?;
    let off_mean = mean(false).unwrap_or(working_mean);
    let to_come: f64 = today
        .series(1.day())
        .take_while(|day| day.month() == today.month())
        .map(|day| if is_working_day(day, working_days) { working_mean } else { off_mean })
        .sum();
    let past: f64 = whole.iter().map(|(_, kg)| kg).sum();
    Some(((past + to_come) * 1000.0).round() / 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn month(baselines: &[(&str, f64)]) -> Vec<DaySaving> {
        let day = |(date, kg): &(&str, f64)| DaySaving {
            date: date.to_string(),
            baseline_kg: *kg,
            actual_kg: 0.0,
            saved_kg: *kg,
        };
        baselines.iter().map(day).collect()
    }

    const WEEKDAYS: [u8; 5] = [1, 2, 3, 4, 5];

    #[test]
    fn a_month_that_begins_on_a_weekend_is_not_carried_at_the_weekends_rate() {
        // November 2026 begins on a Sunday; on Tuesday the 3rd, Sunday (1 kg) and Monday
        // (10 kg) are whole. Today and 19 more weekdays at 10 kg, 8 weekend days at 1 kg.
        let days = month(&[("2026-11-01", 1.0), ("2026-11-02", 10.0), ("2026-11-03", 4.0)]);
        let today = Date::constant(2026, 11, 3);
        assert_eq!(
            month_baseline_kg(&days, today, &WEEKDAYS),
            Some(1.0 + 10.0 + 20.0 * 10.0 + 8.0)
        );
    }

    #[test]
    fn too_early_without_a_whole_working_day_and_days_off_guessed_high() {
        let weekend = month(&[("2026-11-01", 1.0), ("2026-11-02", 3.0)]);
        assert_eq!(month_baseline_kg(&weekend, Date::constant(2026, 11, 2), &WEEKDAYS), None);
        // On Wednesday the 4th of February 2026 (a Sunday 1st): no day off with a baseline
        // (the radiators began on Monday), so the 25 days to come are taken at the weekdays'
        // 10 kg.
        let days = month(&[("2026-02-01", 0.0), ("2026-02-02", 9.0), ("2026-02-03", 11.0)]);
        let expected = 20.0 + 25.0 * 10.0;
        assert_eq!(month_baseline_kg(&days, Date::constant(2026, 2, 4), &WEEKDAYS), Some(expected));
    }
}
