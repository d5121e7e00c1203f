//! The baseline savings are measured against (DESIGN.md §5), per local day of a business's
//! rooms, counted from when each room's radiators began reporting so that it covers the same
//! time as the actual use. Simulated rooms run the thermal model (`thermal.rs`); a day's result
//! is stored once the day is over and read back after, so only today is simulated per request
//! (`simulated.rs`). Real radiators are predicted from their first weeks by degree-days
//! (`degree_days.rs`), each day's sum likewise stored once over (`fitted.rs`).

mod context;
pub mod degree_days;
mod fitted;
mod simulated;
mod stored;
pub mod thermal;

use std::collections::BTreeMap;

use jiff::Timestamp;
use jiff::civil::Date;
use serde::Serialize;
use utoipa::ToSchema;

use self::context::Context;
use self::degree_days::{BASE_TEMPERATURE, LEARNING_DAYS};
use self::thermal::{WorkingPattern, WorkingPatterns};
use crate::business::BusinessSettings;
use crate::error::ApiResult;
use crate::grid::Co2Method;
use crate::kernel::values::ClockTime;
use crate::store::Store;

/// How a business's baseline is worked out, by the radiators it has.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Model {
    /// Simulated radiators: the thermal model they run in.
    Thermal,
    /// Real radiators: degree-days fitted to their first weeks.
    DegreeDays,
}

impl Model {
    /// The model for the radiators behind `devices`.
    pub fn for_devices(devices: &dyn crate::devices::DeviceGateway) -> Self {
        if devices.simulated() { Self::Thermal } else { Self::DegreeDays }
    }
}

/// The business's baseline per local day: energy (Wh) and CO2 at the grid's intensity (g),
/// and how it was worked out, in a sentence and in parts.
pub struct Baseline {
    pub days: BTreeMap<Date, (f64, f64)>,
    pub method: String,
    pub parts: MethodParts,
}

/// How a baseline and its CO2 were worked out, for the web app to word in the reader's
/// language.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct MethodParts {
    /// `thermal` (simulated radiators: the thermal model) or `degree_days` (real radiators).
    pub baseline: &'static str,
    /// The business's comfort setpoint, °C, and working hours (`HH:MM`).
    pub comfort_setpoint: f64,
    pub working_start: String,
    pub working_end: String,
    /// Days of reports a degree-day fit learns from, and its base temperature, °C.
    pub learning_days: i64,
    pub base_temperature: f64,
    /// `profile` (the GB grid's half-hourly intensity) or `desnz` (the flat reporting factor).
    pub carbon: &'static str,
}

/// The business a baseline is worked out for: its settings, and how it counts CO2.
pub struct ForBusiness<'a> {
    pub id: i64,
    pub settings: &'a BusinessSettings,
    pub carbon: Co2Method,
}

/// The baseline from `first` to `last`, counting today up to `now` (unix seconds) and no day
/// after it.
pub async fn business_baseline(
    store: &Store,
    model: Model,
    business: &ForBusiness<'_>,
    first: Date,
    last: Date,
    now: i64,
) -> ApiResult<Baseline> {
    let (business_id, settings) = (business.id, business.settings);
    let tz = crate::business::time_zone(settings);
    let mut in_force =
        crate::business::patterns_in_force(store.reader(), business_id, settings).await?;
    let patterns = if in_force.is_empty() {
        WorkingPatterns { first: working_pattern(settings), changes: Vec::new() }
    } else {
        let (_, first) = in_force.remove(0);
        let changes = in_force.iter().map(|(from, set)| (*from, working_pattern(set))).collect();
        WorkingPatterns { first: working_pattern(&first), changes }
    };
    let today = Timestamp::from_second(now).unwrap_or(Timestamp::UNIX_EPOCH).to_zoned(tz.clone());
    let ctx =
        Context { store, business_id, tz: &tz, patterns: &patterns, today: today.date(), now };
    let last = last.min(ctx.today);
    // Nothing to work out for a range that begins after today.
    let days = if first > last {
        BTreeMap::new()
    } else {
        match model {
            Model::Thermal => simulated::thermal_days(&ctx, settings, first, last).await?,
            Model::DegreeDays => fitted::degree_day_days(&ctx, first, last).await?,
        }
    };
    let parts = MethodParts {
        baseline: match model {
            Model::Thermal => "thermal",
            Model::DegreeDays => "degree_days",
        },
        comfort_setpoint: settings.comfort_setpoint,
        working_start: settings.working_hours.start.clone(),
        working_end: settings.working_hours.end.clone(),
        learning_days: LEARNING_DAYS,
        base_temperature: BASE_TEMPERATURE,
        carbon: business.carbon.key(),
    };
    Ok(Baseline { days, method: method(model, settings), parts })
}

fn working_pattern(settings: &BusinessSettings) -> WorkingPattern {
    let time = |text: &str| ClockTime::parse(text).unwrap_or(ClockTime::MIDNIGHT);
    WorkingPattern {
        days: settings.working_days.clone(),
        start: time(&settings.working_hours.start),
        end: time(&settings.working_hours.end),
        comfort: settings.comfort_setpoint,
    }
}

fn method(model: Model, settings: &BusinessSettings) -> String {
    match model {
        Model::Thermal => format!(
            "Baseline: the same rooms held at the comfort setpoint through the working hours in \
             force each day (now {:.1} °C, {} to {}), off outside them, with no schedules or \
             automations, in the same modelled weather.",
            settings.comfort_setpoint, settings.working_hours.start, settings.working_hours.end
        ),
        Model::DegreeDays => format!(
            "Baseline: each room's daily energy over its first {LEARNING_DAYS} full days of \
             reports, fitted to heating degree-days ({BASE_TEMPERATURE} °C base) of the modelled \
             UK weather, working days and other days apart; until then the baseline is the \
             energy used, so nothing counts as saved."
        ),
    }
}
