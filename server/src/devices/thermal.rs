//! The simulated radiators' physics (DESIGN.md §4): one first-order thermal model per room,
//! `C·dT/dt = P − (T − T_outside)/R`, heated by the radiators in it, each switching its heater
//! with a thermostat, against a UK outside temperature.

use std::f64::consts::TAU;
use std::sync::LazyLock;

use time::OffsetDateTime;

/// Half-width of the thermostats' band around the setpoint, °C.
pub const HYSTERESIS: f64 = 0.3;
/// Default heater power of a radiator, W.
pub const RATED_POWER_W: f64 = 1500.0;
/// A typical office room: thermal resistance to outside (K/W) and capacity (J/K).
pub const OFFICE_R: f64 = 0.02;
pub const OFFICE_C: f64 = 2.0e6;
/// Longest step taken at once, so fast-forwarding stays stable and thermostats react in time.
const MAX_STEP_SECS: f64 = 60.0;

/// The outside temperature in the UK at `at`: a seasonal mean (about 4.5 °C in mid-January,
/// 16.5 °C in mid-July) with a daily swing of ±3.5 °C, warmest at 15:00 UTC. Both are read from
/// tables worked out once: a baseline simulates a year of rooms minute by minute.
pub fn uk_outside_temperature(at: OffsetDateTime) -> f64 {
    SEASONAL_MEAN[usize::from(at.ordinal())]
        + DAILY_SWING[usize::from(at.hour()) * 60 + usize::from(at.minute())]
}

/// The seasonal mean by day of the year (1–366).
static SEASONAL_MEAN: LazyLock<[f64; 367]> = LazyLock::new(|| {
    std::array::from_fn(|day| 10.5 - 6.0 * (TAU * (day as f64 - 15.0) / 365.25).cos())
});

/// The daily swing by minute of the UTC day.
static DAILY_SWING: LazyLock<[f64; 1440]> = LazyLock::new(|| {
    std::array::from_fn(|minute| {
        let hour = (minute / 60) as f64 + (minute % 60) as f64 / 60.0;
        3.5 * (TAU * (hour - 15.0) / 24.0).cos()
    })
});

/// A radiator's heater and thermostat.
#[derive(Clone, Debug, PartialEq)]
pub struct Heater {
    pub rated_power_w: f64,
    pub on: bool,
    pub setpoint: f64,
    /// Whether the heater is drawing power now.
    pub heating: bool,
    /// Energy used since the device started, Wh (a meter-like counter).
    pub energy_wh_total: f64,
}

impl Heater {
    pub fn new(rated_power_w: f64, on: bool, setpoint: f64) -> Self {
        Self { rated_power_w, on, setpoint, heating: false, energy_wh_total: 0.0 }
    }

    pub fn power_w(&self) -> f64 {
        if self.heating { self.rated_power_w } else { 0.0 }
    }

    /// Switches the heater by the room temperature: on below the band, off above it.
    pub fn regulate(&mut self, room_temperature: f64) {
        if !self.on {
            self.heating = false;
        } else if room_temperature <= self.setpoint - HYSTERESIS {
            self.heating = true;
        } else if room_temperature >= self.setpoint + HYSTERESIS {
            self.heating = false;
        }
    }
}

/// One room: its air and fabric as one thermal mass, and the heaters in it. A room is as large
/// as its radiators: each heats an office's worth of it, so a room with five loses and stores
/// five times what a room with one does (and uses five times the energy to stay warm).
#[derive(Clone, Debug)]
pub struct Room {
    pub temperature: f64,
    /// Thermal resistance to outside of one radiator's share of the room, K/W.
    pub r: f64,
    /// Thermal capacity of one radiator's share of the room, J/K.
    pub c: f64,
    pub heaters: Vec<Heater>,
}

impl Room {
    pub fn office(temperature: f64) -> Self {
        Self { temperature, r: OFFICE_R, c: OFFICE_C, heaters: Vec::new() }
    }

    /// Advances the room by `seconds` against the outside temperature, in steps of at most a
    /// minute; the thermostats decide at the start of each step and energy is counted per step.
    pub fn advance(&mut self, seconds: f64, outside: f64) {
        let size = self.heaters.len().max(1) as f64;
        let (r, c) = (self.r / size, self.c * size);
        let mut left = seconds;
        while left > 0.0 {
            let dt = left.min(MAX_STEP_SECS);
            for heater in &mut self.heaters {
                heater.regulate(self.temperature);
            }
            let power: f64 = self.heaters.iter().map(Heater::power_w).sum();
            for heater in &mut self.heaters {
                heater.energy_wh_total += heater.power_w() * dt / 3600.0;
            }
            // Exact solution of the linear model over the step, so large steps stay stable.
            let equilibrium = outside + power * r;
            let decay = (-dt / (r * c)).exp();
            self.temperature = equilibrium + (self.temperature - equilibrium) * decay;
            left -= dt;
        }
    }
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    #[test]
    fn a_1500_w_radiator_warms_a_typical_office_to_21_and_holds_it_in_the_band() {
        let mut room = Room::office(15.0);
        room.heaters.push(Heater::new(RATED_POWER_W, true, 21.0));
        let outside = 5.0;
        let mut minutes = 0;
        while room.temperature < 21.0 - HYSTERESIS {
            room.advance(60.0, outside);
            minutes += 1;
            assert!(minutes < 24 * 60, "did not reach the setpoint within a day");
        }
        // 1500 W against 0.02 K/W can hold 30 °C above outside; from 15 °C it takes hours.
        assert!((60..=8 * 60).contains(&minutes), "took {minutes} minutes");
        let (mut low, mut high) = (f64::MAX, f64::MIN);
        for _ in 0..12 * 60 {
            room.advance(60.0, outside);
            low = low.min(room.temperature);
            high = high.max(room.temperature);
        }
        // The thermostat decides once a minute, so it may overshoot the band by a few hundredths.
        assert!(low >= 21.0 - HYSTERESIS - 0.1, "fell to {low}");
        assert!(high <= 21.0 + HYSTERESIS + 0.1, "rose to {high}");
        assert!(high - low > 0.2, "the thermostat should cycle");
    }

    #[test]
    fn a_radiator_switched_off_lets_the_room_cool_toward_outside() {
        let mut room = Room::office(21.0);
        room.heaters.push(Heater::new(RATED_POWER_W, false, 21.0));
        let mut previous = room.temperature;
        for _ in 0..6 {
            room.advance(3600.0, 5.0);
            assert!(room.temperature < previous && room.temperature > 5.0);
            previous = room.temperature;
        }
        // One time constant (R·C = 40,000 s ≈ 11 h) takes 63 % of the way to outside.
        room.advance(40_000.0 - 6.0 * 3600.0, 5.0);
        let expected = 5.0 + 16.0 * (-1.0f64).exp();
        assert!((room.temperature - expected).abs() < 0.05, "{} vs {expected}", room.temperature);
        assert_eq!(room.heaters[0].energy_wh_total, 0.0);
    }

    #[test]
    fn energy_is_the_integral_of_power() {
        let mut room = Room::office(10.0);
        room.heaters.push(Heater::new(1000.0, true, 25.0));
        room.heaters.push(Heater::new(500.0, true, 25.0));
        let mut integral = [0.0, 0.0];
        for _ in 0..180 {
            room.advance(60.0, 0.0);
            for (sum, heater) in integral.iter_mut().zip(&room.heaters) {
                *sum += heater.power_w() * 60.0 / 3600.0;
            }
        }
        // Still below 25 °C after three hours, so both heated the whole time.
        assert!(room.temperature < 25.0 - HYSTERESIS);
        assert!((room.heaters[0].energy_wh_total - 3000.0).abs() < 1e-6);
        assert!((room.heaters[1].energy_wh_total - 1500.0).abs() < 1e-6);
        for (sum, heater) in integral.iter().zip(&room.heaters) {
            assert!((sum - heater.energy_wh_total).abs() < 1e-6);
        }
    }

    #[test]
    fn a_room_with_five_radiators_is_five_times_the_room_and_uses_five_times_the_energy() {
        let day = |radiators: usize| {
            let mut room = Room::office(18.0);
            for _ in 0..radiators {
                room.heaters.push(Heater::new(RATED_POWER_W, true, 21.0));
            }
            room.advance(24.0 * 3600.0, 5.0);
            let used: f64 = room.heaters.iter().map(|heater| heater.energy_wh_total).sum();
            (room.temperature, used)
        };
        let ((small_end, small), (large_end, large)) = (day(1), day(5));
        assert!((small_end - large_end).abs() < 0.01, "{small_end} and {large_end}");
        assert!((large / small - 5.0).abs() < 0.05, "{large} Wh against {small} Wh");
    }

    #[test]
    fn outside_follows_uk_seasons_and_days() {
        let january_afternoon = uk_outside_temperature(datetime!(2026-01-15 15:00 UTC));
        let january_night = uk_outside_temperature(datetime!(2026-01-15 03:00 UTC));
        let july_afternoon = uk_outside_temperature(datetime!(2026-07-15 15:00 UTC));
        assert!((january_afternoon - 8.0).abs() < 0.5, "{january_afternoon}");
        assert!((january_afternoon - january_night - 7.0).abs() < 0.1);
        assert!((18.0..22.0).contains(&july_afternoon), "{july_afternoon}");
    }
}
