//! The baseline of real radiators (DESIGN.md §5), which no model of ours describes: each room's
//! daily energy over its first weeks of reports, fitted to the day's heating degree-days by
//! least squares (working days and other days apart), predicts what it would have used since.
//! The weather is the modelled UK weather the simulated fleet lives in, as this deployment has
//! no weather feed.

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{ToSpan, Zoned};
use time::OffsetDateTime;

use crate::devices::thermal::uk_outside_temperature;

/// The UK's customary base temperature for heating degree-days, °C.
pub const BASE_TEMPERATURE: f64 = 15.5;
/// Full days of reports the fit learns from (the day reports began is not one).
pub const LEARNING_DAYS: i64 = 21;

/// Heating degree-days of a local day: how far its mean outside temperature (the mean of its
/// hours) is below the base.
pub fn heating_degree_days(day: Date, tz: &TimeZone) -> f64 {
    let Ok(midnight) = day.to_zoned(tz.clone()) else { return 0.0 };
    let hours: Vec<f64> = (0..24)
        .filter_map(|hour| midnight.checked_add(hour.hours()).ok())
        .map(|at: Zoned| at.timestamp().as_second() + 1800)
        .filter_map(|at| OffsetDateTime::from_unix_timestamp(at).ok())
        .map(uk_outside_temperature)
        .collect();
    let mean = hours.iter().sum::<f64>() / hours.len().max(1) as f64;
    (BASE_TEMPERATURE - mean).max(0.0)
}

/// `energy = intercept + slope × degree-days`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    pub intercept: f64,
    pub slope: f64,
}

impl Fit {
    /// Least squares through `(degree-days, energy)` points; their mean where the degree-days
    /// barely vary or the fit says colder days need less (noise, not physics). None without
    /// three points.
    pub fn of(points: &[(f64, f64)]) -> Option<Self> {
        if points.len() < 3 {
            return None;
        }
        let n = points.len() as f64;
        let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
        let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
        let spread: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
        let together: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
        let slope = if spread > 1e-6 { together / spread } else { 0.0 };
        if slope <= 0.0 {
            return Some(Self { intercept: mean_y, slope: 0.0 });
        }
        Some(Self { intercept: mean_y - slope * mean_x, slope })
    }

    pub fn predict(self, degree_days: f64) -> f64 {
        (self.intercept + self.slope * degree_days).max(0.0)
    }
}

/// What one room's first weeks taught: a fit for working days and one for the others, and the
/// last day it learned from (before that and on it, the baseline is the energy used).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoomModel {
    pub working: Option<Fit>,
    pub other: Option<Fit>,
    pub learned_until: Date,
}

/// Learns a room's model from its daily energy (`(day, Wh)`, any order and range) given the
/// local day it began reporting, which days were working days, and each day's heating
/// degree-days.
pub fn learn(
    daily: &[(Date, f64)],
    first_day: Date,
    is_working: impl Fn(Date) -> bool,
    degree_days: impl Fn(Date) -> f64,
) -> RoomModel {
    let learned_until = first_day.checked_add(LEARNING_DAYS.days()).unwrap_or(first_day);
    let (mut working, mut other) = (Vec::new(), Vec::new());
    for &(day, wh) in daily.iter().filter(|(day, _)| *day > first_day && *day <= learned_until) {
        let point = (degree_days(day), wh);
        if is_working(day) { working.push(point) } else { other.push(point) }
    }
    RoomModel { working: Fit::of(&working), other: Fit::of(&other), learned_until }
}

pub fn is_working_day(day: Date, working_days: &[u8]) -> bool {
    working_days.contains(&(day.weekday().to_monday_one_offset() as u8))
}

impl RoomModel {
    /// The day's baseline energy (Wh), or None while still learning (or with too few days of
    /// its kind to fit).
    pub fn predict(
        &self,
        day: Date,
        is_working: impl Fn(Date) -> bool,
        degree_days: impl Fn(Date) -> f64,
    ) -> Option<f64> {
        if day <= self.learned_until {
            return None;
        }
        let fit = if is_working(day) { self.working } else { self.other };
        fit.map(|fit| fit.predict(degree_days(day)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fit_recovers_a_straight_line_and_falls_back_to_the_mean() {
        let line: Vec<(f64, f64)> =
            (0..10).map(|x| (f64::from(x), 500.0 + 300.0 * f64::from(x))).collect();
        let fit = Fit::of(&line).unwrap();
        assert!(
            (fit.intercept - 500.0).abs() < 1e-9 && (fit.slope - 300.0).abs() < 1e-9,
            "{fit:?}"
        );
        assert_eq!(fit.predict(4.0), 1700.0);
        let flat = [(5.0, 100.0), (5.0, 200.0), (5.0, 300.0)];
        assert_eq!(Fit::of(&flat), Some(Fit { intercept: 200.0, slope: 0.0 }));
        let backwards = [(1.0, 300.0), (2.0, 200.0), (3.0, 100.0)];
        assert_eq!(Fit::of(&backwards), Some(Fit { intercept: 200.0, slope: 0.0 }));
        assert_eq!(Fit::of(&line[..2]), None);
    }

    #[test]
    fn winter_days_have_more_degree_days_than_summer_days() {
        let tz = TimeZone::get("Europe/London").unwrap();
        let january = heating_degree_days(jiff::civil::date(2026, 1, 15), &tz);
        let july = heating_degree_days(jiff::civil::date(2026, 7, 15), &tz);
        // The modelled mean is about 4.5 °C in mid-January and 16.5 °C in mid-July.
        assert!((january - 11.0).abs() < 0.5, "{january}");
        assert_eq!(july, 0.0);
    }

    #[test]
    fn a_room_learns_its_first_weeks_and_predicts_after_them() {
        let tz = TimeZone::get("Europe/London").unwrap();
        let first = jiff::civil::date(2026, 1, 5);
        let weekdays = |day: Date| is_working_day(day, &[1, 2, 3, 4, 5]);
        // 2 kWh per degree-day on working days, nothing on weekends.
        let daily: Vec<(Date, f64)> = (0..40)
            .map(|n| first.checked_add(n.days()).unwrap())
            .map(|day| {
                let wh = if weekdays(day) { 2000.0 * heating_degree_days(day, &tz) } else { 0.0 };
                (day, wh)
            })
            .collect();
        let degree_days = |day: Date| heating_degree_days(day, &tz);
        let model = learn(&daily, first, weekdays, degree_days);
        assert_eq!(model.learned_until, jiff::civil::date(2026, 1, 26));
        assert_eq!(model.predict(jiff::civil::date(2026, 1, 20), weekdays, degree_days), None);
        let later = jiff::civil::date(2026, 2, 10);
        let expected = 2000.0 * heating_degree_days(later, &tz);
        let predicted = model.predict(later, weekdays, degree_days).unwrap();
        assert!((predicted - expected).abs() < 1.0, "{predicted} vs {expected}");
        let sunday = jiff::civil::date(2026, 2, 14);
        assert_eq!(model.predict(sunday, weekdays, degree_days), Some(0.0));
    }
}
