//! The simulated radiators' physics (DESIGN.md §4): one thermal model of air and fabric per
//! room (see [`Room`]), heated by the radiators in it, each switching its heater with a
//! thermostat, against a UK outside temperature.

use std::f64::consts::TAU;
use std::sync::LazyLock;

use time::OffsetDateTime;

/// Half-width of the thermostats' band around the setpoint, °C.
pub const HYSTERESIS: f64 = 0.3;
/// Default heater power of a radiator, W.
pub const RATED_POWER_W: f64 = 1500.0;
/// A typical office room: thermal resistance to outside (K/W) and its fabric's capacity (J/K).
/// Its air follows a radiator within the hour; its fabric cools by half in about two days.
pub const OFFICE_R: f64 = 0.02;
pub const OFFICE_C: f64 = 2.0e7;
/// The version of the model, kept with what was worked out from it (a baseline's days), so a
/// change to the model works them out again.
pub const MODEL: &str = "air+fabric-1";
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

/// The temperatures a room is in: its air, which the thermostats and sensors read and which
/// follows a radiator within the hour, and its fabric (walls, floor, furniture), which holds
/// the heat for days, so a room switched off for a weekend cools slowly, not to the outside.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Temperatures {
    pub air: f64,
    pub fabric: f64,
}

impl Temperatures {
    /// Air and fabric at one temperature, as in a room left alone for a while.
    pub fn settled(temperature: f64) -> Self {
        Self { air: temperature, fabric: temperature }
    }
}

/// One room as two thermal masses, air and fabric: `Ca·dTa/dt = P − (Ta − Tf)/Raf −
/// (Ta − To)/Rv` and `Cf·dTf/dt = (Ta − Tf)/Raf − (Tf − To)/Rfo`, with the heaters in its air.
/// `r` and `c` set the room; the shares below split them, so that held warm for long its loss
/// is that of one resistance `r`. A room is as large as its radiators: each heats an office's
/// worth of it, so a room with five loses and stores five times what a room with one does (and
/// uses five times the energy to stay warm).
#[derive(Clone, Debug)]
pub struct Room {
    pub temperatures: Temperatures,
    /// Thermal resistance to outside of one radiator's share of the room, held warm, K/W.
    pub r: f64,
    /// Thermal capacity of one radiator's share of the room's fabric, J/K.
    pub c: f64,
    pub heaters: Vec<Heater>,
}

/// The air's resistance to outside (ventilation), to the fabric, and the fabric's to outside,
/// as shares of `r`: 5 in parallel with 0.5 + 0.75 is 1.
const VENTILATION_SHARE: f64 = 5.0;
const AIR_TO_FABRIC_SHARE: f64 = 0.5;
const FABRIC_TO_OUTSIDE_SHARE: f64 = 0.75;
/// The air's (and furnishings') capacity as a share of the fabric's.
const AIR_CAPACITY_SHARE: f64 = 1.0 / 40.0;

impl Room {
    pub fn office(temperatures: Temperatures) -> Self {
        Self { temperatures, r: OFFICE_R, c: OFFICE_C, heaters: Vec::new() }
    }

    /// Advances the room by `seconds` against the outside temperature, in steps of at most a
    /// minute; the thermostats decide at the start of each step and energy is counted per step.
    pub fn advance(&mut self, seconds: f64, outside: f64) {
        let size = self.heaters.len().max(1) as f64;
        let full_step = self.propagator(MAX_STEP_SECS);
        let mut left = seconds;
        while left > 0.0 {
            let dt = left.min(MAX_STEP_SECS);
            for heater in &mut self.heaters {
                heater.regulate(self.temperatures.air);
            }
            let power: f64 = self.heaters.iter().map(Heater::power_w).sum();
            for heater in &mut self.heaters {
                heater.energy_wh_total += heater.power_w() * dt / 3600.0;
            }
            // Exact solution of the linear model over the step, so large steps stay stable:
            // the deviation from the step's equilibrium decays by the propagator.
            let air_rise = power * self.r / size;
            let fabric_share =
                FABRIC_TO_OUTSIDE_SHARE / (AIR_TO_FABRIC_SHARE + FABRIC_TO_OUTSIDE_SHARE);
            let (air_eq, fabric_eq) = (outside + air_rise, outside + air_rise * fabric_share);
            let [[p11, p12], [p21, p22]] =
                if dt == MAX_STEP_SECS { full_step } else { self.propagator(dt) };
            let (air, fabric) =
                (self.temperatures.air - air_eq, self.temperatures.fabric - fabric_eq);
            self.temperatures = Temperatures {
                air: air_eq + p11 * air + p12 * fabric,
                fabric: fabric_eq + p21 * air + p22 * fabric,
            };
            left -= dt;
        }
    }

    /// `exp(A·dt)` for the model's matrix `A`, which is the same for a room of any size (its
    /// conductances and capacities grow alike): `e^(τ·dt/2)·(cosh(s·dt)·I + sinh(s·dt)/s·(A −
    /// τ/2·I))` with `τ` its trace and `s` half the gap between its two real eigenvalues.
    fn propagator(&self, dt: f64) -> [[f64; 2]; 2] {
        let (air_c, fabric_c) = (self.c * AIR_CAPACITY_SHARE, self.c);
        let ventilation = 1.0 / (self.r * VENTILATION_SHARE);
        let air_fabric = 1.0 / (self.r * AIR_TO_FABRIC_SHARE);
        let fabric_outside = 1.0 / (self.r * FABRIC_TO_OUTSIDE_SHARE);
        let (a11, a12) = (-(air_fabric + ventilation) / air_c, air_fabric / air_c);
        let (a21, a22) = (air_fabric / fabric_c, -(air_fabric + fabric_outside) / fabric_c);
        let half_trace = (a11 + a22) / 2.0;
        let s = (((a11 - a22) / 2.0).powi(2) + a12 * a21).sqrt();
        let scale = (half_trace * dt).exp();
        let (cosh, sinh_over_s) = ((s * dt).cosh(), (s * dt).sinh() / s);
        [
            [scale * (cosh + sinh_over_s * (a11 - half_trace)), scale * sinh_over_s * a12],
            [scale * sinh_over_s * a21, scale * (cosh + sinh_over_s * (a22 - half_trace))],
        ]
    }
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    #[test]
    fn a_1500_w_radiator_warms_a_typical_office_to_21_and_holds_it_in_the_band() {
        let mut room = Room::office(Temperatures::settled(15.0));
        room.heaters.push(Heater::new(RATED_POWER_W, true, 21.0));
        let outside = 5.0;
        let mut minutes = 0;
        while room.temperatures.air < 21.0 - HYSTERESIS {
            room.advance(60.0, outside);
            minutes += 1;
            assert!(minutes < 24 * 60, "did not reach the setpoint within a day");
        }
        // The air follows the radiator within the hour; the fabric lags well behind.
        assert!((20..=90).contains(&minutes), "took {minutes} minutes");
        assert!(room.temperatures.fabric < 17.0, "{:?}", room.temperatures);
        let (mut low, mut high) = (f64::MAX, f64::MIN);
        for _ in 0..12 * 60 {
            room.advance(60.0, outside);
            low = low.min(room.temperatures.air);
            high = high.max(room.temperatures.air);
        }
        // The thermostat decides once a minute, so it may overshoot the band by a few hundredths.
        assert!(low >= 21.0 - HYSTERESIS - 0.1, "fell to {low}");
        assert!(high <= 21.0 + HYSTERESIS + 0.1, "rose to {high}");
        assert!(high - low > 0.2, "the thermostat should cycle");
    }

    #[test]
    fn held_warm_for_long_a_room_loses_what_one_resistance_r_lets_through() {
        let mut room = Room::office(Temperatures::settled(21.0));
        room.heaters.push(Heater::new(RATED_POWER_W, true, 21.0));
        // Three weeks, long enough for the fabric to settle; then a day measured.
        room.advance(21.0 * 86_400.0, 5.0);
        let before = room.heaters[0].energy_wh_total;
        room.advance(86_400.0, 5.0);
        let watts = (room.heaters[0].energy_wh_total - before) / 24.0;
        let expected = (21.0 - 5.0) / OFFICE_R;
        assert!((watts - expected).abs() < 0.02 * expected, "{watts} W against {expected} W");
    }

    #[test]
    fn a_room_switched_off_cools_fast_at_first_then_slowly_as_its_fabric_holds_the_heat() {
        // Warm through, as after a working week.
        let mut room = Room::office(Temperatures::settled(21.0));
        room.heaters.push(Heater::new(RATED_POWER_W, false, 21.0));
        let mut previous = room.temperatures.air;
        let mut drops = Vec::new();
        for _ in 0..6 {
            room.advance(3600.0, 5.0);
            let air = room.temperatures.air;
            assert!(air < previous && air > 5.0);
            drops.push(previous - air);
            previous = air;
        }
        // The first hour's drop, as the air gives its heat to the fabric and outside, is
        // larger than any later hour's, once the air is carried by the fabric.
        assert!(drops[0] > 2.0 * drops[5], "{drops:?}");
        // A night off (14 h in all): still above 15 °C. A weekend (62 h): about half way to
        // outside, far from frost.
        room.advance(8.0 * 3600.0, 5.0);
        assert!(room.temperatures.air > 15.0, "{:?}", room.temperatures);
        room.advance(48.0 * 3600.0, 5.0);
        assert!((9.0..14.0).contains(&room.temperatures.air), "{:?}", room.temperatures);
        // Left for a month it reaches outside.
        room.advance(30.0 * 86_400.0, 5.0);
        assert!((room.temperatures.air - 5.0).abs() < 0.05, "{:?}", room.temperatures);
        assert_eq!(room.heaters[0].energy_wh_total, 0.0);
    }

    #[test]
    fn its_exact_steps_agree_with_the_equations_integrated_second_by_second() {
        let start = Temperatures { air: 21.0, fabric: 17.0 };
        let (outside, power) = (3.0, 1200.0);
        let mut room = Room::office(start);
        room.heaters.push(Heater::new(power, true, 99.0));
        room.advance(10.0 * 3600.0, outside);
        // The same ten hours by the equations in `Room`'s comment, by Euler's method.
        let (air_c, fabric_c) = (OFFICE_C * AIR_CAPACITY_SHARE, OFFICE_C);
        let ventilation = OFFICE_R * VENTILATION_SHARE;
        let air_fabric = OFFICE_R * AIR_TO_FABRIC_SHARE;
        let fabric_outside = OFFICE_R * FABRIC_TO_OUTSIDE_SHARE;
        let (mut air, mut fabric) = (start.air, start.fabric);
        for _ in 0..10 * 3600 {
            let to_fabric = (air - fabric) / air_fabric;
            air += (power - to_fabric - (air - outside) / ventilation) / air_c;
            fabric += (to_fabric - (fabric - outside) / fabric_outside) / fabric_c;
        }
        let model = room.temperatures;
        assert!((model.air - air).abs() < 0.01, "{model:?} against {air}");
        assert!((model.fabric - fabric).abs() < 0.01, "{model:?} against {fabric}");
        assert!(model.air > 25.0, "a heater that never stops warms the air: {model:?}");
    }

    #[test]
    fn energy_is_the_integral_of_power() {
        let mut room = Room::office(Temperatures::settled(10.0));
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
        assert!(room.temperatures.air < 25.0 - HYSTERESIS);
        assert!((room.heaters[0].energy_wh_total - 3000.0).abs() < 1e-6);
        assert!((room.heaters[1].energy_wh_total - 1500.0).abs() < 1e-6);
        for (sum, heater) in integral.iter().zip(&room.heaters) {
            assert!((sum - heater.energy_wh_total).abs() < 1e-6);
        }
    }

    #[test]
    fn a_room_with_five_radiators_is_five_times_the_room_and_uses_five_times_the_energy() {
        let day = |radiators: usize| {
            let mut room = Room::office(Temperatures::settled(18.0));
            for _ in 0..radiators {
                room.heaters.push(Heater::new(RATED_POWER_W, true, 21.0));
            }
            room.advance(24.0 * 3600.0, 5.0);
            let used: f64 = room.heaters.iter().map(|heater| heater.energy_wh_total).sum();
            (room.temperatures.air, used)
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
