//! CO2 savings over a range of local days: each day's baseline (`baseline.rs`) beside its
//! actual CO2, the saving, and the monthly CF goal's progress. Savings are never shown without
//! the baseline they are measured against.

use std::collections::BTreeMap;

use jiff::ToSpan;
use jiff::civil::Date;
use serde::Serialize;
use utoipa::ToSchema;

use time::OffsetDateTime;

use super::baseline::{Baseline, ForBusiness, MethodParts, Model, business_baseline};
use super::store;
use crate::business::BusinessSettings;
use crate::error::ApiResult;
use crate::kernel::values::rounded;
use crate::store::Store;

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
    /// The same, in parts.
    pub method_parts: MethodParts,
    pub days: Vec<DaySaving>,
    pub totals: SavingTotals,
    pub goal: Goal,
}

/// CO2 saved per local day from `first` to `last`, counting today up to `now`.
pub async fn co2_saving(
    store: &Store,
    model: Model,
    business_id: i64,
    settings: &BusinessSettings,
    (first, last): (Date, Date),
    now: OffsetDateTime,
) -> ApiResult<Co2Saving> {
    let pool = store.reader();
    let goals = crate::goals::read(pool, business_id).await?;
    let co2 = goals.carbon_method;
    let business = ForBusiness { id: business_id, settings, carbon: co2 };
    let (from, to) = (first.to_string(), last.to_string());
    // The baseline and the use are read side by side, each on a connection of its own.
    let (Baseline { days: baseline_days, method, parts }, used, unplaced) = tokio::try_join!(
        business_baseline(store, model, &business, first, last, now.unix_timestamp()),
        async { ApiResult::Ok(crate::goals::daily_use(pool, business_id, &from, &to).await?) },
        async { ApiResult::Ok(store::unplaced_daily_use(pool, business_id, &from, &to).await?) },
    )?;
    let baseline: BTreeMap<Date, f64> =
        baseline_days.into_iter().map(|(day, (wh, co2_g))| (day, co2.co2_g(wh, co2_g))).collect();
    // The rooms' use: the business's, less its radiators outside any room (no baseline).
    let mut actual: BTreeMap<String, f64> =
        used.into_iter().map(|(day, wh, co2_g)| (day, co2.co2_g(wh, co2_g))).collect();
    for (day, wh, co2_g) in unplaced {
        *actual.entry(day).or_default() -= co2.co2_g(wh, co2_g);
    }
    let mut days = Vec::new();
    for day in first.series(1.day()).take_while(|day| *day <= last) {
        let baseline_kg = baseline.get(&day).copied().unwrap_or(0.0) / 1000.0;
        let actual_kg = actual.get(&day.to_string()).copied().unwrap_or(0.0) / 1000.0;
        days.push(DaySaving {
            date: day.to_string(),
            baseline_kg: rounded(baseline_kg, 3),
            actual_kg: rounded(actual_kg, 3),
            saved_kg: rounded(baseline_kg - actual_kg, 3),
        });
    }
    let sum = |f: fn(&DaySaving) -> f64| rounded(days.iter().map(f).sum(), 3);
    let totals = SavingTotals {
        baseline_kg: sum(|d| d.baseline_kg),
        actual_kg: sum(|d| d.actual_kg),
        saved_kg: sum(|d| d.saved_kg),
    };
    let monthly_kg = goals.carbon_goal_kg;
    let mut by_month: BTreeMap<String, f64> = BTreeMap::new();
    for saving in &days {
        *by_month.entry(saving.date[..7].to_owned()).or_default() += saving.saved_kg;
    }
    let months = by_month
        .into_iter()
        .map(|(month, saved)| MonthProgress {
            month,
            saved_kg: rounded(saved, 3),
            progress: monthly_kg.filter(|goal| *goal > 0.0).map(|goal| rounded(saved / goal, 3)),
        })
        .collect();
    let method = format!("{method} {}", co2.sentence());
    let goal = Goal { monthly_kg, months };
    Ok(Co2Saving { method, method_parts: parts, days, totals, goal })
}
