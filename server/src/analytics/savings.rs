//! CO2 savings over a range of local days: each day's baseline (`baseline.rs`) beside its
//! actual CO2, the saving, and the monthly CF goal's progress. Savings are never shown without
//! the baseline they are measured against.

use std::collections::BTreeMap;

use jiff::civil::Date;
use jiff::tz::TimeZone;
use serde::Serialize;
use utoipa::ToSchema;

use super::baseline::{Surroundings, WorkingPattern, room_baseline};
use super::store;
use crate::error::ApiResult;
use crate::kernel::values::ClockTime;

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct DaySaving {
    /// `YYYY-MM-DD`, a local day.
    pub date: String,
    pub baseline_kg: f64,
    pub actual_kg: f64,
    pub saved_kg: f64,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct SavingTotals {
    pub baseline_kg: f64,
    pub actual_kg: f64,
    pub saved_kg: f64,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct MonthProgress {
    /// `YYYY-MM`.
    pub month: String,
    pub saved_kg: f64,
    /// Saved over the monthly goal (1 = reached); null without a goal.
    pub progress: Option<f64>,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Goal {
    /// The monthly CO2 savings goal; null until set.
    pub monthly_kg: Option<f64>,
    pub months: Vec<MonthProgress>,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Co2Saving {
    /// How the baseline and the CO2 were worked out, in a sentence.
    pub method: String,
    pub days: Vec<DaySaving>,
    pub totals: SavingTotals,
    pub goal: Goal,
}

fn round(value: f64) -> f64 {
    (value * 1000.0).round() / 1000.0
}

pub async fn co2_saving(
    pool: &sqlx::AnyPool,
    business_id: i64,
    first: Date,
    last: Date,
) -> ApiResult<Co2Saving> {
    let settings = crate::business::read(pool, business_id).await?;
    let tz = TimeZone::get(&settings.time_zone).unwrap_or(TimeZone::UTC);
    let time = |text: &str| ClockTime::parse(text).unwrap_or(ClockTime::MIDNIGHT);
    let pattern = WorkingPattern {
        days: settings.working_days.clone(),
        start: time(&settings.working_hours.start),
        end: time(&settings.working_hours.end),
        comfort: settings.comfort_setpoint,
    };
    let co2 = crate::goals::carbon_method(pool, business_id).await?;
    let instant = |day: Date| day.to_zoned(tz.clone()).map_or(0, |at| at.timestamp().as_second());
    let end = last.tomorrow().map_or(i64::MAX, instant);
    let fetched = crate::grid::fetched_between(pool, instant(first), end).await?;
    let surroundings = Surroundings { tz: &tz, fetched: &fetched };
    let mut baseline: BTreeMap<Date, f64> = BTreeMap::new();
    // Each room from its first report on, so baseline and actual cover the same time.
    for (room_id, radiators, since) in store::rooms_reporting(pool, business_id).await? {
        let count = usize::try_from(radiators).unwrap_or(0);
        let days = room_baseline(room_id, count, first, last, since, &pattern, &surroundings);
        for (day, (wh, co2_g)) in days {
            *baseline.entry(day).or_default() += co2.co2_g(wh, co2_g);
        }
    }
    let (from, to) = (first.to_string(), last.to_string());
    let actual: BTreeMap<String, f64> =
        crate::goals::daily_use(pool, business_id, &from, &to, true)
            .await?
            .into_iter()
            .map(|(day, wh, co2_g)| (day, co2.co2_g(wh, co2_g)))
            .collect();
    let mut days = Vec::new();
    let mut day = first;
    while day <= last {
        let baseline_kg = baseline.get(&day).copied().unwrap_or(0.0) / 1000.0;
        let actual_kg = actual.get(&day.to_string()).copied().unwrap_or(0.0) / 1000.0;
        days.push(DaySaving {
            date: day.to_string(),
            baseline_kg: round(baseline_kg),
            actual_kg: round(actual_kg),
            saved_kg: round(baseline_kg - actual_kg),
        });
        match day.tomorrow() {
            Ok(next) => day = next,
            Err(_) => break,
        }
    }
    let sum = |f: fn(&DaySaving) -> f64| round(days.iter().map(f).sum());
    let totals = SavingTotals {
        baseline_kg: sum(|d| d.baseline_kg),
        actual_kg: sum(|d| d.actual_kg),
        saved_kg: sum(|d| d.saved_kg),
    };
    let monthly_kg = crate::goals::carbon_goal(pool, business_id).await?;
    let mut by_month: BTreeMap<String, f64> = BTreeMap::new();
    for saving in &days {
        *by_month.entry(saving.date[..7].to_owned()).or_default() += saving.saved_kg;
    }
    let months = by_month
        .into_iter()
        .map(|(month, saved)| MonthProgress {
            month,
            saved_kg: round(saved),
            progress: monthly_kg.filter(|goal| *goal > 0.0).map(|goal| round(saved / goal)),
        })
        .collect();
    let method = format!(
        "Baseline: the same rooms held at {:.1} °C from {} to {} on working days and off \
         otherwise, with no schedules or automations, in the same modelled weather. {}",
        pattern.comfort,
        settings.working_hours.start,
        settings.working_hours.end,
        co2.sentence()
    );
    Ok(Co2Saving { method, days, totals, goal: Goal { monthly_kg, months } })
}
