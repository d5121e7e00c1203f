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
    /// The month's baseline: 0 while none is counted yet, when nothing counts towards the goal.
    pub baseline_kg: f64,
    pub saved_kg: f64,
    /// Saved over the monthly goal (1 = reached); null without a goal.
    pub progress: Option<f64>,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Goal {
    /// The monthly CO2 savings goal; null until set.
    pub monthly_kg: Option<f64>,
    /// Each month the range touches, saved in all of it up to today; none without a goal.
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

/// CO2 saved per local day from `first` to `last`, counting today up to `now`; with a goal, its
/// progress in each month the range touches, all of the month up to today.
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
    let (shown, today) = ((first, last), crate::business::local_date(settings, now));
    let monthly_kg = goals.carbon_goal_kg;
    // The goal's months are read whole: a range from the 29th shows its first month's progress.
    let (first, last) = match monthly_kg {
        Some(_) => (first.first_of_month(), last.last_of_month().min(today).max(last)),
        None => (first, last),
    };
    let (from, to) = (first.to_string(), last.to_string());
    // The baseline and the use are read side by side, each on a connection of its own.
    let (Baseline { days: baseline_days, method, parts }, used) = tokio::try_join!(
        business_baseline(store, model, &business, first, last, now.unix_timestamp()),
        async { ApiResult::Ok(store::placed_daily_use(pool, business_id, &from, &to).await?) },
    )?;
    let baseline: BTreeMap<Date, f64> =
        baseline_days.into_iter().map(|(day, (wh, co2_g))| (day, co2.co2_g(wh, co2_g))).collect();
    // What the baseline models: the radiators in the business's rooms as they are now, so
    // neither one in no room nor one deleted (whose room the baseline no longer has).
    let actual: BTreeMap<String, f64> =
        used.into_iter().map(|(day, wh, co2_g)| (day, co2.co2_g(wh, co2_g))).collect();
    // Each day's saving is its figures' difference as shown, so that the days and their totals
    // add up to the gram.
    let all_days: Vec<DaySaving> = first
        .series(1.day())
        .take_while(|day| *day <= last)
        .map(|day| {
            let baseline_kg = rounded(baseline.get(&day).copied().unwrap_or(0.0) / 1000.0, 3);
            let actual_kg =
                rounded(actual.get(&day.to_string()).copied().unwrap_or(0.0) / 1000.0, 3);
            let saved_kg = rounded(baseline_kg - actual_kg, 3);
            DaySaving { date: day.to_string(), baseline_kg, actual_kg, saved_kg }
        })
        .collect();
    let (shown_from, shown_to) = (shown.0.to_string(), shown.1.to_string());
    let days: Vec<DaySaving> = all_days
        .iter()
        .filter(|day| shown_from <= day.date && day.date <= shown_to)
        .cloned()
        .collect();
    let sum = |f: fn(&DaySaving) -> f64| rounded(days.iter().map(f).sum(), 3);
    let totals = SavingTotals {
        baseline_kg: sum(|d| d.baseline_kg),
        actual_kg: sum(|d| d.actual_kg),
        saved_kg: sum(|d| d.saved_kg),
    };
    let mut by_month: BTreeMap<String, (f64, f64)> = BTreeMap::new();
    for saving in all_days.iter().filter(|_| monthly_kg.is_some()) {
        let month = by_month.entry(saving.date[..7].to_owned()).or_default();
        *month = (month.0 + saving.baseline_kg, month.1 + saving.saved_kg);
    }
    let months = by_month
        .into_iter()
        .map(|(month, (baseline, saved))| MonthProgress {
            month,
            baseline_kg: rounded(baseline, 3),
            saved_kg: rounded(saved, 3),
            progress: monthly_kg.filter(|goal| *goal > 0.0).map(|goal| rounded(saved / goal, 3)),
        })
        .collect();
    let method = format!("{method} {}", co2.sentence());
    let goal = Goal { monthly_kg, months };
    Ok(Co2Saving { method, method_parts: parts, days, totals, goal })
}
