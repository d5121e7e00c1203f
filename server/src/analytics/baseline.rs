//! The baseline savings are measured against (DESIGN.md §5): the energy the same rooms would
//! have used held at the business's comfort setpoint through its working hours, off outside
//! them, with no schedules or automations, in the same modelled weather and thermal model as
//! the simulated fleet; its CO2 at the same GB half-hourly intensity as the actual use. It counts
//! only from when the room's radiators began reporting, so it covers the same time as the actual
//! use it is compared with.

use std::collections::{BTreeMap, HashMap};

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use time::OffsetDateTime;

use crate::devices::simulator::simulated_room;
use crate::devices::thermal::{Heater, RATED_POWER_W, uk_outside_temperature};
use crate::grid::{half_hour_start, modelled_intensity};
use crate::kernel::values::ClockTime;

/// When the business works and how warm: working days (ISO) and hours, comfort setpoint.
pub struct WorkingPattern {
    pub days: Vec<u8>,
    pub start: ClockTime,
    pub end: ClockTime,
    pub comfort: f64,
}

/// Where the rooms are: the business's time zone and the grid intensity the API gave (g/kWh by
/// half-hour start; the modelled profile elsewhere).
pub struct Surroundings<'a> {
    pub tz: &'a TimeZone,
    pub fetched: &'a HashMap<i64, f64>,
}

/// Days the room is simulated before the range, so it starts the range at a realistic
/// temperature rather than the model's starting one.
const WARM_UP_DAYS: i64 = 2;

/// The baseline of room `room_id` with `radiators` radiators, per local day from `first` to
/// `last`, counted from `since` (unix seconds: when the room's radiators began reporting):
/// energy (Wh) and CO2 (g).
pub fn room_baseline(
    room_id: i64,
    radiators: usize,
    first: Date,
    last: Date,
    since: i64,
    pattern: &WorkingPattern,
    surroundings: &Surroundings,
) -> BTreeMap<Date, (f64, f64)> {
    let tz = surroundings.tz;
    let mut days = BTreeMap::new();
    let mut room = simulated_room(room_id);
    room.heaters =
        (0..radiators).map(|_| Heater::new(RATED_POWER_W, false, pattern.comfort)).collect();
    let Ok(mut date) = first.checked_sub(WARM_UP_DAYS.days()) else { return days };
    // Day by day, working out the local clock once per day (and its offset once per hour), so
    // the minute loop is arithmetic: a year of a room is half a million steps.
    while date <= last {
        let instant = |day: Date, time: ClockTime| -> Option<i64> {
            let minutes = time.minutes();
            let (day, minutes) =
                if minutes == 24 * 60 { (day.tomorrow().ok()?, 0) } else { (day, minutes) };
            let local = day.at((minutes / 60) as i8, (minutes % 60) as i8, 0, 0);
            Some(tz.to_ambiguous_timestamp(local).compatible().ok()?.as_second())
        };
        let (Some(day_start), Ok(tomorrow)) = (instant(date, ClockTime::MIDNIGHT), date.tomorrow())
        else {
            break;
        };
        let Some(next_start) = instant(tomorrow, ClockTime::MIDNIGHT) else { break };
        let weekday = date.weekday().to_monday_one_offset() as u8;
        let hours = if pattern.days.contains(&weekday) {
            instant(date, pattern.start).zip(instant(date, pattern.end))
        } else {
            None
        };
        let mut offset = 0;
        let mut at = day_start;
        while at < next_start {
            if (at - day_start) % 3600 == 0 {
                let when = Timestamp::from_second(at).unwrap_or(Timestamp::UNIX_EPOCH);
                offset = i64::from(tz.to_offset(when).seconds());
            }
            let working = hours.is_some_and(|(start, end)| at >= start && at < end);
            for heater in &mut room.heaters {
                heater.on = working;
            }
            let before: f64 = room.heaters.iter().map(|h| h.energy_wh_total).sum();
            let outside =
                OffsetDateTime::from_unix_timestamp(at).map_or(10.0, uk_outside_temperature);
            room.advance(60.0, outside);
            if date >= first && at >= since {
                let used: f64 =
                    room.heaters.iter().map(|h| h.energy_wh_total).sum::<f64>() - before;
                let half_hour =
                    usize::try_from((at + offset).rem_euclid(86_400) / 1800).unwrap_or(0);
                let day = days.entry(date).or_insert((0.0, 0.0));
                day.0 += used;
                let intensity = surroundings.fetched.get(&half_hour_start(at)).copied();
                let intensity =
                    intensity.unwrap_or_else(|| modelled_intensity(date.month(), half_hour));
                day.1 += used / 1000.0 * intensity;
            }
            at += 60;
        }
        date = tomorrow;
    }
    days
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern() -> WorkingPattern {
        let time = |text| ClockTime::parse(text).unwrap();
        WorkingPattern {
            days: vec![1, 2, 3, 4, 5],
            start: time("08:00"),
            end: time("18:00"),
            comfort: 21.0,
        }
    }

    fn london(fetched: &HashMap<i64, f64>) -> BTreeMap<Date, (f64, f64)> {
        let tz = TimeZone::get("Europe/London").unwrap();
        // Monday 2026-01-12 to Sunday 2026-01-18.
        let (first, last) = (jiff::civil::date(2026, 1, 12), jiff::civil::date(2026, 1, 18));
        room_baseline(1, 2, first, last, 0, &pattern(), &Surroundings { tz: &tz, fetched })
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
    fn nothing_is_counted_before_the_room_began_reporting() {
        let tz = TimeZone::get("Europe/London").unwrap();
        let none = HashMap::new();
        let at = Surroundings { tz: &tz, fetched: &none };
        let monday = jiff::civil::date(2026, 1, 12);
        let noon = "2026-01-12T12:00:00Z".parse::<Timestamp>().unwrap().as_second();
        let whole = room_baseline(1, 2, monday, monday, 0, &pattern(), &at)[&monday];
        let afternoon = room_baseline(1, 2, monday, monday, noon, &pattern(), &at)[&monday];
        assert!(afternoon.0 > 0.0 && afternoon.0 < whole.0, "{afternoon:?} of {whole:?}");
        let later = room_baseline(1, 2, monday, monday, noon + 86_400, &pattern(), &at);
        assert!(later.get(&monday).is_none_or(|day| *day == (0.0, 0.0)));
    }
}
