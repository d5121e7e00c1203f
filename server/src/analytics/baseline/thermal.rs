//! The baseline of simulated rooms (DESIGN.md §5): the energy the same room would have used
//! held at the business's comfort setpoint through its working hours, off outside them, with
//! no schedules or automations, in the same modelled weather and thermal model as the
//! simulated fleet; its CO2 at the same GB half-hourly intensity as the actual use.

use std::collections::{BTreeMap, HashMap};

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use time::OffsetDateTime;

use crate::devices::simulator::simulated_room;
use crate::devices::thermal::{Heater, RATED_POWER_W, Room, Temperatures, uk_outside_temperature};
use crate::grid::{half_hour_start, modelled_intensity};
use crate::kernel::values::ClockTime;

/// When the business works and how warm: working days (ISO) and hours, comfort setpoint.
pub struct WorkingPattern {
    pub days: Vec<u8>,
    pub start: ClockTime,
    pub end: ClockTime,
    pub comfort: f64,
}

/// The working patterns of a business's days: each day runs on the one in force that day.
pub struct WorkingPatterns {
    /// In force before the first change, and on every day of a business that never changed it.
    pub first: WorkingPattern,
    /// Each change and the local day it holds from, oldest first.
    pub changes: Vec<(Date, WorkingPattern)>,
}

impl WorkingPatterns {
    pub fn on(&self, day: Date) -> &WorkingPattern {
        let change = self.changes.iter().rev().find(|(from, _)| *from <= day);
        change.map_or(&self.first, |(_, pattern)| pattern)
    }
}

/// Where the rooms are: the business's time zone and the grid intensity the API gave (g/kWh by
/// half-hour start; the modelled profile elsewhere).
pub struct Surroundings<'a> {
    pub tz: &'a TimeZone,
    pub fetched: &'a HashMap<i64, f64>,
}

/// A room as its baseline sees it: how many radiators, and since when they report (unix
/// seconds; nothing counts before, so the baseline covers the time its actual use does).
pub struct BaselineRoom {
    pub room_id: i64,
    pub radiators: usize,
    pub since: i64,
}

/// The local days `first` to `last` simulated, counting until `until` (unix seconds; now, so
/// today counts only its past).
pub struct Period {
    pub first: Date,
    pub last: Date,
    pub until: i64,
}

/// Where a simulation starts: from the model's starting temperatures, warmed up over the days
/// before the period, or at the temperatures a stored day ended at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Start {
    Cold,
    Resume(Temperatures),
}

/// One local day of a room's baseline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SimulatedDay {
    pub energy_wh: f64,
    pub co2_g: f64,
    /// The room's temperatures when the day (or the simulation) ended, to resume from.
    pub end: Temperatures,
}

/// Days a cold start is simulated before the period, so the room starts it at realistic
/// temperatures rather than the model's starting ones: a week, as the fabric holds heat for
/// days.
const WARM_UP_DAYS: i64 = 7;

/// The room's baseline per local day of the period, every day of it (a day with nothing used
/// is there with zeros).
pub fn simulate(
    baseline_room: &BaselineRoom,
    start: Start,
    period: &Period,
    patterns: &WorkingPatterns,
    surroundings: &Surroundings,
) -> BTreeMap<Date, SimulatedDay> {
    let mut days = BTreeMap::new();
    let mut room = simulated_room(baseline_room.room_id);
    room.heaters = heaters(baseline_room);
    let mut date = match start {
        Start::Cold => match period.first.checked_sub(WARM_UP_DAYS.days()) {
            Ok(date) => date,
            Err(_) => return days,
        },
        Start::Resume(temperatures) => {
            room.temperatures = temperatures;
            period.first
        }
    };
    let run = Run { baseline_room, surroundings, until: period.until };
    while date <= period.last {
        let Some(clock) = DayClock::of(date, surroundings.tz, patterns) else { break };
        if clock.start >= period.until {
            break;
        }
        let mut day = SimulatedDay { energy_wh: 0.0, co2_g: 0.0, end: room.temperatures };
        let counted = date >= period.first;
        run.day(&mut room, &clock, clock.start, counted.then_some(&mut day));
        if counted {
            day.end = room.temperatures;
            days.insert(date, day);
        }
        date = clock.tomorrow;
    }
    days
}

/// A day simulated part of the way: the room as it is, the minute it has reached (unix
/// seconds), and what it used so far.
#[derive(Clone, Debug)]
pub struct PartDay {
    pub room: Room,
    pub at: i64,
    pub day: SimulatedDay,
}

/// Today from `start` up to `until`, or from `part`, a run of today that stopped earlier, so
/// each request simulates only the minutes since the last.
pub fn simulate_today(
    baseline_room: &BaselineRoom,
    (today, start, part): (Date, Start, Option<PartDay>),
    until: i64,
    patterns: &WorkingPatterns,
    surroundings: &Surroundings,
) -> Option<PartDay> {
    let clock = DayClock::of(today, surroundings.tz, patterns)?;
    let run = Run { baseline_room, surroundings, until };
    let mut part = match part {
        Some(part) => part,
        None => {
            let mut room = simulated_room(baseline_room.room_id);
            room.heaters = heaters(baseline_room);
            match start {
                Start::Resume(temperatures) => room.temperatures = temperatures,
                // Warmed up over the days before, as `simulate` does.
                Start::Cold => {
                    let mut date = today.checked_sub(WARM_UP_DAYS.days()).ok()?;
                    while date < today {
                        let warm_up = DayClock::of(date, surroundings.tz, patterns)?;
                        run.day(&mut room, &warm_up, warm_up.start, None);
                        date = warm_up.tomorrow;
                    }
                }
            }
            let day = SimulatedDay { energy_wh: 0.0, co2_g: 0.0, end: room.temperatures };
            PartDay { room, at: clock.start, day }
        }
    };
    let from = part.at;
    part.at = run.day(&mut part.room, &clock, from, Some(&mut part.day));
    part.day.end = part.room.temperatures;
    Some(part)
}

/// Radiators of the typical size: a room held to a setpoint uses what its heat loss asks,
/// whatever the sizes of its radiators. Each day sets their setpoint.
fn heaters(baseline_room: &BaselineRoom) -> Vec<Heater> {
    (0..baseline_room.radiators).map(|_| Heater::new(RATED_POWER_W, false, 0.0)).collect()
}

/// A local day's clock, worked out once: when it starts and the next one does (unix seconds),
/// the working hours if it is a working day, the comfort setpoint, and tomorrow's date.
struct DayClock {
    date: Date,
    start: i64,
    next_start: i64,
    hours: Option<(i64, i64)>,
    comfort: f64,
    tomorrow: Date,
}

impl DayClock {
    fn of(date: Date, tz: &TimeZone, patterns: &WorkingPatterns) -> Option<Self> {
        let pattern = patterns.on(date);
        let instant = |day: Date, time: ClockTime| -> Option<i64> {
            let minutes = time.minutes();
            let (day, minutes) =
                if minutes == 24 * 60 { (day.tomorrow().ok()?, 0) } else { (day, minutes) };
            let local = day.at((minutes / 60) as i8, (minutes % 60) as i8, 0, 0);
            Some(tz.to_ambiguous_timestamp(local).compatible().ok()?.as_second())
        };
        let tomorrow = date.tomorrow().ok()?;
        let weekday = date.weekday().to_monday_one_offset() as u8;
        let hours = if pattern.days.contains(&weekday) {
            instant(date, pattern.start).zip(instant(date, pattern.end))
        } else {
            None
        };
        Some(Self {
            date,
            start: instant(date, ClockTime::MIDNIGHT)?,
            next_start: instant(tomorrow, ClockTime::MIDNIGHT)?,
            hours,
            comfort: pattern.comfort,
            tomorrow,
        })
    }
}

/// What one simulation run shares: the room, where it is, and the moment it stops (unix
/// seconds).
struct Run<'a> {
    baseline_room: &'a BaselineRoom,
    surroundings: &'a Surroundings<'a>,
    until: i64,
}

impl Run<'_> {
    /// Runs `room` minute by minute through the day from `from` to its end or the run's,
    /// adding what it uses after the room began reporting to `day` when it is counted; answers
    /// the minute it reached. The local clock is worked out once per day (its offset once per
    /// hour), so the minute loop is arithmetic: a year of a room is half a million steps.
    fn day(
        &self,
        room: &mut Room,
        clock: &DayClock,
        from: i64,
        mut day: Option<&mut SimulatedDay>,
    ) -> i64 {
        let tz = self.surroundings.tz;
        let offset_at = |at: i64| {
            let when = Timestamp::from_second(at).unwrap_or(Timestamp::UNIX_EPOCH);
            i64::from(tz.to_offset(when).seconds())
        };
        let mut offset = offset_at(from);
        let mut at = from;
        while at < clock.next_start.min(self.until) {
            if (at - clock.start) % 3600 == 0 {
                offset = offset_at(at);
            }
            let working = clock.hours.is_some_and(|(start, end)| at >= start && at < end);
            for heater in &mut room.heaters {
                heater.on = working;
                heater.setpoint = clock.comfort;
            }
            let before: f64 = room.heaters.iter().map(|h| h.energy_wh_total).sum();
            let outside =
                OffsetDateTime::from_unix_timestamp(at).map_or(10.0, uk_outside_temperature);
            room.advance(60.0, outside);
            if let Some(day) = day.as_deref_mut()
                && at >= self.baseline_room.since
            {
                let used: f64 =
                    room.heaters.iter().map(|h| h.energy_wh_total).sum::<f64>() - before;
                let half_hour =
                    usize::try_from((at + offset).rem_euclid(86_400) / 1800).unwrap_or(0);
                let intensity = self.surroundings.fetched.get(&half_hour_start(at)).copied();
                let intensity =
                    intensity.unwrap_or_else(|| modelled_intensity(clock.date.month(), half_hour));
                day.energy_wh += used;
                day.co2_g += used / 1000.0 * intensity;
            }
            at += 60;
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(comfort: f64) -> WorkingPattern {
        let time = |text| ClockTime::parse(text).unwrap();
        WorkingPattern {
            days: vec![1, 2, 3, 4, 5],
            start: time("08:00"),
            end: time("18:00"),
            comfort,
        }
    }

    /// Weekdays 08:00–18:00 at 21 °C, never changed.
    fn patterns() -> WorkingPatterns {
        WorkingPatterns { first: pattern(21.0), changes: Vec::new() }
    }

    fn room(since: i64) -> BaselineRoom {
        BaselineRoom { room_id: 1, radiators: 2, since }
    }

    fn days(first: Date, last: Date) -> Period {
        Period { first, last, until: i64::MAX }
    }

    /// `(energy Wh, CO2 g)` per day.
    fn sums(days: BTreeMap<Date, SimulatedDay>) -> BTreeMap<Date, (f64, f64)> {
        days.into_iter().map(|(date, day)| (date, (day.energy_wh, day.co2_g))).collect()
    }

    fn london(fetched: &HashMap<i64, f64>) -> BTreeMap<Date, (f64, f64)> {
        let tz = TimeZone::get("Europe/London").unwrap();
        // Monday 2026-01-12 to Sunday 2026-01-18.
        let period = days(jiff::civil::date(2026, 1, 12), jiff::civil::date(2026, 1, 18));
        let surroundings = Surroundings { tz: &tz, fetched };
        sums(simulate(&room(0), Start::Cold, &period, &patterns(), &surroundings))
    }

    #[test]
    fn a_winter_weekday_heats_and_a_weekend_does_not() {
        let days = london(&HashMap::new());
        assert_eq!(days.len(), 7);
        let monday = days[&jiff::civil::date(2026, 1, 12)];
        let saturday = days[&jiff::civil::date(2026, 1, 17)];
        // Two 1.5 kW radiators for up to ten hours: some, but at most 30 kWh.
        assert!(monday.0 > 5_000.0 && monday.0 <= 30_000.0, "{monday:?}");
        assert_eq!(saturday, (0.0, 0.0));
        // Winter CO2: 100-200 g per kWh.
        let grams_per_kwh = monday.1 / (monday.0 / 1000.0);
        assert!((100.0..200.0).contains(&grams_per_kwh), "{grams_per_kwh}");
    }

    #[test]
    fn each_day_runs_on_the_pattern_in_force_that_day() {
        let tz = TimeZone::get("Europe/London").unwrap();
        let none = HashMap::new();
        let at = Surroundings { tz: &tz, fetched: &none };
        let (monday, friday) = (jiff::civil::date(2026, 1, 12), jiff::civil::date(2026, 1, 16));
        let wednesday = jiff::civil::date(2026, 1, 14);
        let cooler_from_wednesday =
            WorkingPatterns { first: pattern(21.0), changes: vec![(wednesday, pattern(18.0))] };
        let week = days(monday, friday);
        let before = sums(simulate(&room(0), Start::Cold, &week, &patterns(), &at));
        let after = sums(simulate(&room(0), Start::Cold, &week, &cooler_from_wednesday, &at));
        assert_eq!(before[&monday], after[&monday]);
        assert_eq!(before[&monday.tomorrow().unwrap()], after[&monday.tomorrow().unwrap()]);
        for day in [wednesday, friday] {
            assert!(
                after[&day].0 < before[&day].0,
                "{day}: {:?} against {:?}",
                after[&day],
                before[&day]
            );
        }
    }

    #[test]
    fn fetched_intensities_replace_the_modelled_profile_for_their_half_hours() {
        let modelled = london(&HashMap::new())[&jiff::civil::date(2026, 1, 12)];
        // Monday's working half-hours (08:00–18:00 GMT) at 50 g/kWh.
        let eight = "2026-01-12T08:00:00Z".parse::<Timestamp>().unwrap().as_second();
        let fetched: HashMap<i64, f64> = (0..20).map(|i| (eight + i * 1800, 50.0)).collect();
        let monday = london(&fetched)[&jiff::civil::date(2026, 1, 12)];
        assert_eq!(monday.0, modelled.0, "the same energy");
        assert!((monday.1 - monday.0 / 1000.0 * 50.0).abs() < 1e-6, "{monday:?}");
    }

    #[test]
    fn nothing_is_counted_before_the_room_began_reporting_or_after_now() {
        let tz = TimeZone::get("Europe/London").unwrap();
        let none = HashMap::new();
        let at = Surroundings { tz: &tz, fetched: &none };
        let monday = jiff::civil::date(2026, 1, 12);
        let noon = "2026-01-12T12:00:00Z".parse::<Timestamp>().unwrap().as_second();
        let one_day = days(monday, monday);
        let run = |since, period: &Period| {
            sums(simulate(&room(since), Start::Cold, period, &patterns(), &at))[&monday]
        };
        let whole = run(0, &one_day);
        let afternoon = run(noon, &one_day);
        assert!(afternoon.0 > 0.0 && afternoon.0 < whole.0, "{afternoon:?} of {whole:?}");
        assert_eq!(run(noon + 86_400, &one_day), (0.0, 0.0));
        let morning = run(0, &Period { until: noon, ..one_day });
        assert!(morning.0 > 0.0 && morning.0 < whole.0, "{morning:?} of {whole:?}");
        assert!((morning.0 + afternoon.0 - whole.0).abs() < 1e-6, "the two halves make the day");
    }

    #[test]
    fn resuming_at_a_stored_day_s_end_gives_the_same_days_as_one_long_run() {
        let tz = TimeZone::get("Europe/London").unwrap();
        let none = HashMap::new();
        let at = Surroundings { tz: &tz, fetched: &none };
        let (monday, wednesday) = (jiff::civil::date(2026, 1, 12), jiff::civil::date(2026, 1, 14));
        let whole = simulate(&room(0), Start::Cold, &days(monday, wednesday), &patterns(), &at);
        let tuesday = monday.tomorrow().unwrap();
        let resumed = simulate(
            &room(0),
            Start::Resume(whole[&monday].end),
            &days(tuesday, wednesday),
            &patterns(),
            &at,
        );
        for day in [tuesday, wednesday] {
            assert!((resumed[&day].energy_wh - whole[&day].energy_wh).abs() < 1e-6, "{day}");
        }
    }

    #[test]
    fn today_carried_on_from_a_part_run_is_today_run_at_once() {
        let tz = TimeZone::get("Europe/London").unwrap();
        let none = HashMap::new();
        let at = Surroundings { tz: &tz, fetched: &none };
        let monday = jiff::civil::date(2026, 1, 12);
        let time = |text: &str| text.parse::<Timestamp>().unwrap().as_second();
        let (ten, three) = (time("2026-01-12T10:00:00Z"), time("2026-01-12T15:00:00Z"));
        for start in [Start::Cold, Start::Resume(Temperatures { air: 17.0, fabric: 15.0 })] {
            let period = Period { first: monday, last: monday, until: three };
            let whole = simulate(&room(0), start, &period, &patterns(), &at)[&monday];
            let morning = simulate_today(&room(0), (monday, start, None), ten, &patterns(), &at);
            assert_eq!(morning.as_ref().unwrap().at, ten);
            let day = simulate_today(&room(0), (monday, start, morning), three, &patterns(), &at)
                .unwrap()
                .day;
            assert!(whole.energy_wh > 0.0);
            assert!((day.energy_wh - whole.energy_wh).abs() < 1e-6, "{day:?} against {whole:?}");
            assert!((day.co2_g - whole.co2_g).abs() < 1e-6);
            assert!((day.end.air - whole.end.air).abs() < 1e-9);
            assert!((day.end.fabric - whole.end.fabric).abs() < 1e-9);
        }
    }
}
