//! The baseline savings are measured against (DESIGN.md §5), per local day of a business's
//! rooms, counted from when each room's radiators began reporting so that it covers the same
//! time as the actual use. Simulated rooms run the thermal model (`thermal.rs`); a day's result
//! is stored once the day is over and read back after, so only today is simulated per request
//! (`simulated.rs`). Real radiators are predicted from their first weeks by degree-days
//! (`degree_days.rs`).

mod context;
pub mod degree_days;
mod simulated;
pub mod thermal;

use std::collections::{BTreeMap, HashMap};

use jiff::civil::Date;
use jiff::{Timestamp, ToSpan};
use serde::Serialize;
use utoipa::ToSchema;

use self::context::Context;
use self::degree_days::{BASE_TEMPERATURE, LEARNING_DAYS, RoomModel, is_working_day, learn};
use self::thermal::{WorkingPattern, WorkingPatterns};
use super::store;
use crate::business::BusinessSettings;
use crate::error::ApiResult;
use crate::grid::{Co2Method, modelled_intensity};
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
            Model::DegreeDays => degree_day_days(&ctx, first, last).await?,
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

/// Real radiators: each room's first weeks fitted to degree-days; while it is still learning,
/// a day's baseline is what it used. Today counts the share of its hours (of its working hours
/// on a working day) gone by.
async fn degree_day_days(
    ctx: &Context<'_>,
    first: Date,
    last: Date,
) -> ApiResult<BTreeMap<Date, (f64, f64)>> {
    let mut totals = BTreeMap::new();
    let pool = ctx.store.reader();
    let rooms = store::rooms_reporting(pool, ctx.business_id).await?;
    let Some(earliest) = rooms.iter().map(|(_, _, since)| *since).min() else {
        return Ok(totals);
    };
    let read_first = first.min(ctx.day_of(earliest));
    let mut used: HashMap<i64, Vec<(Date, f64, f64)>> = HashMap::new();
    for (room_id, day, wh, co2_g) in
        store::room_daily_use(pool, ctx.business_id, &read_first.to_string(), &last.to_string())
            .await?
    {
        if let Ok(day) = day.parse::<Date>() {
            used.entry(room_id).or_default().push((day, wh, co2_g));
        }
    }
    let working = |day: Date| is_working_day(day, &ctx.patterns.on(day).days);
    for (room_id, _, since) in rooms {
        let room_days = used.remove(&room_id).unwrap_or_default();
        let energy: Vec<(Date, f64)> = room_days.iter().map(|(day, wh, _)| (*day, *wh)).collect();
        let model: RoomModel = learn(&energy, ctx.day_of(since), working, ctx.tz);
        let actual: HashMap<Date, (f64, f64)> =
            room_days.into_iter().map(|(day, wh, co2_g)| (day, (wh, co2_g))).collect();
        for day in first.series(1.day()).take_while(|day| *day <= last) {
            let (actual_wh, actual_co2_g) = actual.get(&day).copied().unwrap_or_default();
            let baseline = match model.predict(day, working, ctx.tz) {
                None => (actual_wh, actual_co2_g),
                Some(full_day_wh) => {
                    let wh = full_day_wh * gone_by(ctx, day);
                    // At the intensity the room's own use met that day, else the profile's
                    // mean over the working hours.
                    let grams_per_wh = if actual_wh > 0.0 {
                        actual_co2_g / actual_wh
                    } else {
                        working_hours_intensity(ctx.patterns.on(day), day) / 1000.0
                    };
                    (wh, wh * grams_per_wh)
                }
            };
            let total: &mut (f64, f64) = totals.entry(day).or_default();
            total.0 += baseline.0;
            total.1 += baseline.1;
        }
    }
    Ok(totals)
}

/// The share of `day` gone by now: all of a past day; of today, the share of its working
/// hours (on a working day) or of its 24 hours.
fn gone_by(ctx: &Context<'_>, day: Date) -> f64 {
    if day < ctx.today {
        return 1.0;
    }
    let midnight = ctx.start_of(day);
    let pattern = ctx.patterns.on(day);
    let (from, to) = if is_working_day(day, &pattern.days) {
        let at = |time: ClockTime| midnight + time.minutes() * 60;
        (at(pattern.start), at(pattern.end))
    } else {
        (midnight, midnight + 86_400)
    };
    ((ctx.now - from) as f64 / (to - from).max(1) as f64).clamp(0.0, 1.0)
}

/// The modelled grid intensity averaged over the working hours of `day`'s month, g/kWh.
fn working_hours_intensity(pattern: &WorkingPattern, day: Date) -> f64 {
    let half_hours = |time: ClockTime| usize::try_from(time.minutes()).unwrap_or(0) / 30;
    let first = half_hours(pattern.start).min(47);
    let last = half_hours(pattern.end).clamp(first + 1, 48);
    let sum: f64 = (first..last).map(|half_hour| modelled_intensity(day.month(), half_hour)).sum();
    sum / (last - first) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn working_hours_intensity_is_the_mean_of_their_half_hours() {
        let time = |text| ClockTime::parse(text).unwrap();
        let pattern = WorkingPattern {
            days: vec![1],
            start: time("08:00"),
            end: time("09:00"),
            comfort: 21.0,
        };
        let day = jiff::civil::date(2026, 1, 12);
        let expected = (modelled_intensity(1, 16) + modelled_intensity(1, 17)) / 2.0;
        assert_eq!(working_hours_intensity(&pattern, day), expected);
    }
}
