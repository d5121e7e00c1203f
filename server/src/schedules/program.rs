//! What a schedule asks for at a moment, worked out in the business's time zone: its slots on
//! the days it repeats, and its setback (or off) between them, from its first date to its last;
//! on the business's closed days it runs as between its slots all day.
//! Local times become instants through the time zone's rules, so a slot at 07:00 starts at
//! 07:00 on the clock on both sides of a daylight-saving change (a time the clocks skip starts
//! at the first instant after the gap). Also a stored schedule read back into a program, and
//! a slot as the API shows it.

use std::sync::Arc;

use jiff::civil::{Date, DateTime, Time};
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store::ScheduleRow;
use crate::kernel::values::ClockTime;

/// One heating slot of a day.
#[derive(Clone, Debug, PartialEq)]
pub struct Slot {
    pub start: ClockTime,
    pub end: ClockTime,
    pub setpoint: f64,
}

/// A schedule's plan, without its name and targets.
#[derive(Clone, Debug)]
pub struct Program {
    /// ISO days it repeats on, 1 = Monday.
    pub days: Vec<u8>,
    /// Each active day's slots, ordered and not overlapping.
    pub slots: Vec<Slot>,
    /// The setpoint between slots; `None`: off.
    pub setback: Option<f64>,
    pub start_date: Option<Date>,
    pub end_date: Option<Date>,
    /// The business's closed days (shared by its schedules): no slot runs on them.
    pub closed: Arc<Closures>,
}

/// What the radiators should do: heat to a setpoint, or be off.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Wanted {
    Heat(f64),
    Off,
}

/// A stretch of time through which a schedule asks for one thing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Period {
    pub wanted: Wanted,
    /// One of the schedule's slots; `false`: its setback (or off) between them.
    pub slot: bool,
    pub start: Timestamp,
    /// When the schedule next asks for something else (or stops being in force).
    pub end: Timestamp,
    /// Between slots: when its last slot ended (or its first day began), a closed day's midnight
    /// aside. Schedules between their slots are ranked by it.
    pub since_slot: Timestamp,
}

/// Every schedule repeats on at least one day a week: the day its slots run next (or ran last)
/// is at most a week of open days away.
const WEEK: usize = 7;

/// A business's closed days, as runs of days in a row in order: looked up and stepped over a
/// run at a time, however long.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Closures(Vec<(Date, Date)>);

impl Closures {
    /// From stretches of days (first, last) in any order; those that overlap or touch join.
    pub fn new(mut stretches: Vec<(Date, Date)>) -> Self {
        stretches.sort_unstable();
        let mut runs: Vec<(Date, Date)> = Vec::new();
        for (first, last) in stretches {
            match runs.last_mut() {
                Some((_, end)) if end.tomorrow().is_ok_and(|next| first <= next) => {
                    *end = (*end).max(last);
                }
                _ => runs.push((first, last)),
            }
        }
        Self(runs)
    }

    /// The run `date` falls in.
    fn run_of(&self, date: Date) -> Option<(Date, Date)> {
        let after = self.0.partition_point(|&(first, _)| first <= date);
        let &(first, last) = self.0.get(after.checked_sub(1)?)?;
        (date <= last).then_some((first, last))
    }

    fn contains(&self, date: Date) -> bool {
        self.run_of(date).is_some()
    }

    /// The last day of the last run that ends before `date`.
    fn last_before(&self, date: Date) -> Option<Date> {
        let ended = self.0.partition_point(|&(_, last)| last < date);
        Some(self.0.get(ended.checked_sub(1)?)?.1)
    }

    /// The first day of the first run that begins after `date`.
    fn first_after(&self, date: Date) -> Option<Date> {
        let begun = self.0.partition_point(|&(first, _)| first <= date);
        Some(self.0.get(begun)?.0)
    }

    fn runs(&self) -> usize {
        self.0.len()
    }
}

impl Program {
    /// The same program, on a business closed on `closed`.
    pub fn closed_on(self, closed: Arc<Closures>) -> Self {
        Self { closed, ..self }
    }

    /// Whether `date` is one of its days, within its dates (closed or not).
    fn repeats_on(&self, date: Date) -> bool {
        let day = date.weekday().to_monday_one_offset() as u8;
        self.days.contains(&day)
            && self.start_date.is_none_or(|first| date >= first)
            && self.end_date.is_none_or(|last| date <= last)
    }

    /// Whether its slots run on `date`: one of its days, and the business is open.
    fn heats_on(&self, date: Date) -> bool {
        self.repeats_on(date) && !self.closed.contains(date)
    }

    /// Whether `period` (one of this schedule's) is its own at `at`: one of its slots, or its
    /// setback on a day its slots run. Between its slots on another day (closed days too), a
    /// schedule only fills in where no other schedule runs.
    pub fn owns(&self, tz: &TimeZone, period: &Period, at: Timestamp) -> bool {
        period.slot || self.heats_on(at.to_zoned(tz.clone()).date())
    }

    /// The nearest day before (`step` -1) or after (1) `today` its slots run on: slots are
    /// looked for from one to the other, a run of closed days stepped over at once. The search
    /// stops at its first (or last) date.
    fn search_edge(&self, today: Date, step: i32) -> Option<Date> {
        let outside = |date: Date| {
            if step < 0 {
                self.start_date.is_some_and(|first| date < first)
            } else {
                self.end_date.is_some_and(|last| date > last)
            }
        };
        let mut date = today;
        // A week of open days between two runs at most, and a step over each run.
        for _ in 0..(WEEK + 1) * (self.closed.runs() + 1) {
            date = date.checked_add(step.days()).ok()?;
            if let Some((first, last)) = self.closed.run_of(date) {
                date = if step < 0 { first } else { last };
            }
            if outside(date) || self.heats_on(date) {
                break;
            }
        }
        Some(date)
    }

    /// The midnights around `today` that closed days make: today's and tomorrow's when today
    /// is closed, the one after the last closed day before it, the first closed day's after
    /// it. A period between slots ends at each, so that the setback (or off) is set again
    /// there, over a manual change made the evening before or on a closed day (it holds until
    /// that day ends, not over the whole closure).
    fn closed_midnights(&self, tz: &TimeZone, today: Date) -> Vec<Timestamp> {
        let mut days = Vec::new();
        if self.closed.contains(today) {
            days.push(today);
            days.extend(today.tomorrow().ok());
        } else if let Some(last) = self.closed.last_before(today) {
            days.extend(last.tomorrow().ok());
        }
        days.extend(self.closed.first_after(today));
        days.into_iter().filter_map(|date| instant(tz, date, ClockTime::MIDNIGHT)).collect()
    }

    /// Whether `at` is a midnight that closed days alone make a boundary of: a closed day's,
    /// or the one after a closed day.
    pub fn closure_boundary(&self, tz: &TimeZone, at: Timestamp) -> bool {
        let zoned = at.to_zoned(tz.clone());
        let date = zoned.date();
        zoned.time() == Time::midnight()
            && (self.closed.contains(date)
                || date.yesterday().is_ok_and(|eve| self.closed.contains(eve)))
    }

    /// The midnight after the run of closed days `at` falls in, if it falls in one: where the
    /// business opens again.
    pub fn reopening(&self, tz: &TimeZone, at: Timestamp) -> Option<Timestamp> {
        let (_, last) = self.closed.run_of(at.to_zoned(tz.clone()).date())?;
        instant(tz, last.tomorrow().ok()?, ClockTime::MIDNIGHT)
    }

    /// Runs of closed days in a row.
    pub fn closed_runs(&self) -> usize {
        self.closed.runs()
    }

    /// Its first period, when its first day is still to come at `now`: it begins at that day's
    /// midnight.
    pub fn first_period(&self, tz: &TimeZone, now: Timestamp) -> Option<Period> {
        let midnight = instant(tz, self.start_date?, ClockTime::MIDNIGHT)?;
        (midnight > now).then(|| self.period_at(tz, midnight)).flatten()
    }

    /// Whether the schedule is in force on `date` at all (within its dates).
    fn in_dates(&self, date: Date) -> bool {
        self.start_date.is_none_or(|first| date >= first)
            && self.end_date.is_none_or(|last| date <= last)
    }

    /// Whether the two heat in slots at the same time on some day from `today` on: there, on a
    /// target they share (of one kind), the one changed last holds. A week from the first day
    /// both are in force on holds every weekday they can share.
    pub fn slots_meet(&self, other: &Program, today: Date) -> bool {
        let meet = |a: &Slot, b: &Slot| a.start < b.end && b.start < a.end;
        self.share_a_day(other, today)
            && self.slots.iter().any(|a| other.slots.iter().any(|b| meet(a, b)))
    }

    /// Whether both run on some day from `today` on (a week from the first day both are in
    /// force holds every weekday they can share): there, on the radiators they share, the one
    /// for fewer radiators holds the whole day, its setback between its slots included.
    pub fn share_a_day(&self, other: &Program, today: Date) -> bool {
        let first = self.start_date.max(other.start_date).map_or(today, |first| first.max(today));
        let last = match (self.end_date, other.end_date) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        first
            .series(1.day())
            .take(7)
            .take_while(|date| last.is_none_or(|last| *date <= last))
            .any(|date| self.repeats_on(date) && other.repeats_on(date))
    }

    /// The period in force at `now`, or `None` when `now` is outside the schedule's dates.
    pub fn period_at(&self, tz: &TimeZone, now: Timestamp) -> Option<Period> {
        let today = now.to_zoned(tz.clone()).date();
        if !self.in_dates(today) {
            return None;
        }
        // Every slot from the day its slots ran last before today to the day they run next after
        // it, as instants, in order.
        let mut slots = Vec::new();
        let (first, last) = (self.search_edge(today, -1)?, self.search_edge(today, 1)?);
        let closed_midnights = self.closed_midnights(tz, today);
        let mut date = first;
        while date <= last {
            if let Some((_, closed_to)) = self.closed.run_of(date) {
                date = closed_to.tomorrow().ok()?;
                continue;
            }
            if self.repeats_on(date) {
                for slot in &self.slots {
                    let start = instant(tz, date, slot.start)?;
                    let end = instant(tz, date, slot.end)?;
                    slots.push((start, end, slot.setpoint));
                }
            }
            date = date.tomorrow().ok()?;
        }
        if let Some(&(start, end, setpoint)) =
            slots.iter().find(|(start, end, _)| *start <= now && now < *end)
        {
            let wanted = Wanted::Heat(setpoint);
            return Some(Period { wanted, slot: true, start, end, since_slot: start });
        }
        let wanted = self.setback.map_or(Wanted::Off, Wanted::Heat);
        // Between slots: from the last one's end (or the first date, or a closed day's
        // midnight) to the next one's start (or a closed day's midnight, or the end of the last
        // date).
        let first_day = self.start_date.and_then(|first| instant(tz, first, ClockTime::MIDNIGHT));
        let after_last_day =
            self.end_date.and_then(|last| instant(tz, last.tomorrow().ok()?, ClockTime::MIDNIGHT));
        let since_slot =
            slots.iter().map(|&(_, end, _)| end).chain(first_day).filter(|end| *end <= now).max();
        let start = since_slot
            .into_iter()
            .chain(closed_midnights.iter().copied().filter(|midnight| *midnight <= now))
            .max()?;
        let end = slots
            .iter()
            .map(|&(start, _, _)| start)
            .chain(closed_midnights.iter().copied())
            .filter(|start| *start > now)
            .chain(after_last_day)
            .min()?;
        Some(Period { wanted, slot: false, start, end, since_slot: since_slot.unwrap_or(start) })
    }
}

/// The local midnights after `from` and before `until` (a week's, as far as a period between
/// slots lasts).
pub fn midnights(tz: &TimeZone, from: Timestamp, until: Timestamp) -> Vec<Timestamp> {
    let today = from.to_zoned(tz.clone()).date();
    today
        .series(1.day())
        .skip(1)
        .take(WEEK + 1)
        .filter_map(|date| instant(tz, date, ClockTime::MIDNIGHT))
        .take_while(|midnight| *midnight < until)
        .collect()
}

/// The instant of local `time` on `date`; 24:00 is the next day's midnight.
fn instant(tz: &TimeZone, date: Date, time: ClockTime) -> Option<Timestamp> {
    let minutes = time.minutes();
    let (date, minutes) =
        if minutes == 24 * 60 { (date.tomorrow().ok()?, 0) } else { (date, minutes) };
    let local = DateTime::new(
        date.year(),
        date.month(),
        date.day(),
        (minutes / 60) as i8,
        (minutes % 60) as i8,
        0,
        0,
    )
    .ok()?;
    tz.to_ambiguous_timestamp(local).compatible().ok()
}

#[derive(Serialize, Deserialize, ToSchema, Clone, Debug, PartialEq)]
pub struct SlotView {
    #[schema(example = "07:30")]
    pub start: String,
    #[schema(example = "18:00")]
    pub end: String,
    #[schema(example = 21.0)]
    pub setpoint: f64,
}

pub fn slot_view(slot: &Slot) -> SlotView {
    SlotView { start: slot.start.to_string(), end: slot.end.to_string(), setpoint: slot.setpoint }
}

/// The program of a stored schedule (its stored fields were checked on the way in).
pub fn program(row: &ScheduleRow) -> Program {
    let views: Vec<SlotView> = serde_json::from_str(&row.slots_json).unwrap_or_default();
    let slots = views
        .iter()
        .filter_map(|view| {
            let (start, end) =
                (ClockTime::parse(&view.start).ok()?, ClockTime::parse(&view.end).ok()?);
            Some(Slot { start, end, setpoint: view.setpoint })
        })
        .collect();
    Program {
        days: row.days.split(',').filter_map(|day| day.parse().ok()).collect(),
        slots,
        setback: row.setback,
        start_date: row.start_date.as_deref().and_then(|date| date.parse().ok()),
        end_date: row.end_date.as_deref().and_then(|date| date.parse().ok()),
        closed: Arc::default(),
    }
}

/// The program of a stored schedule, on a business closed on `closed`: its slots run on them
/// only if it is one that runs on closed days too.
pub fn program_on(row: &ScheduleRow, closed: &Arc<Closures>) -> Program {
    let program = program(row);
    if row.runs_on_closed_days == 1 { program } else { program.closed_on(closed.clone()) }
}

/// The business's time zone; London if it somehow names one the database no longer has.
pub fn time_zone(name: &str) -> TimeZone {
    TimeZone::get(name).unwrap_or_else(|_| TimeZone::get("Europe/London").unwrap_or(TimeZone::UTC))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn london() -> TimeZone {
        TimeZone::get("Europe/London").unwrap()
    }

    fn at(tz: &TimeZone, local: &str) -> Timestamp {
        let local: DateTime = local.parse().unwrap();
        tz.to_ambiguous_timestamp(local).compatible().unwrap()
    }

    fn time(text: &str) -> ClockTime {
        ClockTime::parse(text).unwrap()
    }

    /// Weekdays 07:00–18:00 at 21 °C, 16 °C outside.
    fn office() -> Program {
        Program {
            days: vec![1, 2, 3, 4, 5],
            slots: vec![Slot { start: time("07:00"), end: time("18:00"), setpoint: 21.0 }],
            setback: Some(16.0),
            start_date: None,
            end_date: None,
            closed: Arc::default(),
        }
    }

    #[test]
    fn a_setback_is_its_own_only_on_the_days_it_repeats_and_midnights_follow_the_clock() {
        let london = london();
        let office = office();
        // Friday 2026-03-27 after work: the weekday setback runs to Monday 07:00.
        let friday_evening = office.period_at(&london, at(&london, "2026-03-27T20:00")).unwrap();
        assert!(!friday_evening.slot);
        assert!(office.owns(&london, &friday_evening, at(&london, "2026-03-27T23:59")));
        assert!(!office.owns(&london, &friday_evening, at(&london, "2026-03-28T00:00")));
        assert!(office.owns(&london, &friday_evening, at(&london, "2026-03-30T00:00")));
        // The clocks go forward on Sunday 29 March at 01:00: Monday's midnight is 23:00 UTC.
        let midnights = midnights(&london, friday_evening.start, friday_evening.end);
        let utc: Vec<String> = midnights.iter().map(ToString::to_string).collect();
        assert_eq!(
            utc,
            ["2026-03-28T00:00:00Z", "2026-03-29T00:00:00Z", "2026-03-29T23:00:00Z"],
            "Saturday's, Sunday's and Monday's, before Monday 07:00"
        );
    }

    #[test]
    fn slots_meet_only_at_a_time_and_on_a_day_both_heat_within_both_dates() {
        let with = |days: Vec<u8>, start: &str, end: &str| Program {
            days,
            slots: vec![Slot { start: time(start), end: time(end), setpoint: 20.0 }],
            ..office()
        };
        let dated = |program: Program, first: &str, last: &str| Program {
            start_date: Some(first.parse().unwrap()),
            end_date: Some(last.parse().unwrap()),
            ..program
        };
        let today: Date = "2026-01-05".parse().unwrap();
        let meet = |a: &Program, b: &Program| a.slots_meet(b, today);
        assert!(meet(&office(), &with(vec![2], "17:00", "20:00")), "Tuesday 17:00–18:00");
        assert!(!meet(&office(), &with(vec![2], "18:00", "20:00")), "one ends as one starts");
        assert!(!meet(&office(), &with(vec![6], "09:00", "13:00")), "Saturday");
        // A weekend of dates holds no weekday; their dates apart, they never meet.
        let every_day = with((1..=7).collect(), "08:00", "12:00");
        assert!(!meet(&office(), &dated(every_day.clone(), "2026-01-17", "2026-01-18")));
        let january = dated(office(), "2026-01-01", "2026-01-31");
        assert!(!meet(&january, &dated(every_day.clone(), "2026-02-01", "2026-02-28")));
        assert!(meet(&january, &dated(every_day.clone(), "2026-01-30", "2026-02-28")), "a Friday");
        // Days gone by do not count: last Christmas's hours meet nothing now.
        let christmas = dated(every_day.clone(), "2025-12-20", "2025-12-31");
        assert!(!meet(&office(), &christmas));
        assert!(office().slots_meet(&christmas, "2025-12-01".parse().unwrap()), "before it");
        // A first date only, or a last date only.
        assert!(meet(&office(), &Program { start_date: Some(today), ..every_day.clone() }));
        let until_sunday = Program { end_date: Some("2026-01-04".parse().unwrap()), ..every_day };
        assert!(!meet(&office(), &until_sunday), "over yesterday");
    }

    #[test]
    fn a_weekday_schedule_heats_from_seven_to_six_and_sets_back_over_the_weekend() {
        let tz = london();
        // 2026-01-12 is a Monday.
        let monday = office().period_at(&tz, at(&tz, "2026-01-12T07:00")).unwrap();
        assert_eq!(monday.wanted, Wanted::Heat(21.0));
        assert_eq!(
            (monday.start, monday.end),
            (at(&tz, "2026-01-12T07:00"), at(&tz, "2026-01-12T18:00"))
        );
        let before = office().period_at(&tz, at(&tz, "2026-01-12T06:59")).unwrap();
        assert_eq!(before.wanted, Wanted::Heat(16.0));
        let weekend = office().period_at(&tz, at(&tz, "2026-01-17T12:00")).unwrap();
        assert_eq!(weekend.wanted, Wanted::Heat(16.0));
        // One setback from Friday 18:00 to Monday 07:00: nothing changes on Saturday.
        assert_eq!(weekend.start, at(&tz, "2026-01-16T18:00"));
        assert_eq!(weekend.end, at(&tz, "2026-01-19T07:00"));
    }

    #[test]
    fn slots_keep_to_the_clock_across_both_daylight_saving_changes() {
        let tz = london();
        // Clocks go forward on Sunday 2026-03-29 and back on Sunday 2026-10-25.
        for (monday, utc_start) in
            [("2026-03-30", "2026-03-30T06:00:00Z"), ("2026-10-26", "2026-10-26T07:00:00Z")]
        {
            let period = office().period_at(&tz, at(&tz, &format!("{monday}T09:00"))).unwrap();
            assert_eq!(period.start, utc_start.parse::<Timestamp>().unwrap(), "{monday}");
        }
        let every_day = Program { days: (1..=7).collect(), ..office() };
        // On the Sunday itself, 07:00 is 06:00 UTC in summer time and 07:00 UTC after it.
        let spring = every_day.period_at(&tz, at(&tz, "2026-03-29T12:00")).unwrap();
        assert_eq!(spring.start, "2026-03-29T06:00:00Z".parse::<Timestamp>().unwrap());
        let autumn = every_day.period_at(&tz, at(&tz, "2026-10-25T12:00")).unwrap();
        assert_eq!(autumn.start, "2026-10-25T07:00:00Z".parse::<Timestamp>().unwrap());
    }

    #[test]
    fn another_time_zone_keeps_its_own_clock() {
        let new_york = TimeZone::get("America/New_York").unwrap();
        let period =
            office().period_at(&new_york, "2026-01-12T12:30:00Z".parse().unwrap()).unwrap();
        assert_eq!(period.wanted, Wanted::Heat(21.0), "07:30 in New York");
        let london =
            office().period_at(&london(), "2026-01-12T12:30:00Z".parse().unwrap()).unwrap();
        assert_eq!(london.end, "2026-01-12T18:00:00Z".parse::<Timestamp>().unwrap());
    }

    #[test]
    fn off_outside_slots_and_nothing_outside_the_dates() {
        let tz = london();
        let dated = Program {
            setback: None,
            start_date: Some("2026-01-13".parse().unwrap()),
            end_date: Some("2026-01-14".parse().unwrap()),
            ..office()
        };
        assert!(dated.period_at(&tz, at(&tz, "2026-01-12T09:00")).is_none());
        assert!(dated.period_at(&tz, at(&tz, "2026-01-15T09:00")).is_none());
        let night = dated.period_at(&tz, at(&tz, "2026-01-14T20:00")).unwrap();
        assert_eq!(night.wanted, Wanted::Off);
        assert_eq!(night.end, at(&tz, "2026-01-15T00:00"), "in force to the end of its last day");
        let first_morning = dated.period_at(&tz, at(&tz, "2026-01-13T05:00")).unwrap();
        assert_eq!(first_morning.start, at(&tz, "2026-01-13T00:00"));
    }

    fn closed(first: &str, days: i64) -> Arc<Closures> {
        let first: Date = first.parse().unwrap();
        Arc::new(Closures::new(vec![(first, first.checked_add((days - 1).days()).unwrap())]))
    }

    /// The period at local `moment`: what it asks, and from when to when (local).
    fn span(program: &Program, moment: &str) -> (Wanted, Timestamp, Timestamp) {
        let tz = london();
        let period = program.period_at(&tz, at(&tz, moment)).unwrap();
        (period.wanted, period.start, period.end)
    }

    #[test]
    fn on_closed_days_a_schedule_runs_as_between_its_slots_and_owns_none_of_them() {
        let tz = london();
        let local = |moment: &str| at(&tz, moment);
        // Closed Monday 12 and Tuesday 13 January 2026.
        let office = office().closed_on(closed("2026-01-12", 2));
        // Friday's setback ends as the business closes, and each closed day is a period of its
        // own: the setback is set again at every midnight, over a manual change.
        let setback = Wanted::Heat(16.0);
        assert_eq!(
            span(&office, "2026-01-10T12:00"),
            (setback, local("2026-01-09T18:00"), local("2026-01-12T00:00"))
        );
        assert_eq!(
            span(&office, "2026-01-12T09:00"),
            (setback, local("2026-01-12T00:00"), local("2026-01-13T00:00"))
        );
        assert_eq!(
            span(&office, "2026-01-14T03:00"),
            (setback, local("2026-01-14T00:00"), local("2026-01-14T07:00"))
        );
        let monday = office.period_at(&tz, local("2026-01-12T09:00")).unwrap();
        assert!(!monday.slot);
        // Ranked between slots by when its last slot ended, not by the closed day's midnight.
        assert_eq!(monday.since_slot, local("2026-01-09T18:00"));
        assert!(!office.owns(&tz, &monday, local("2026-01-12T09:00")), "Monday is closed");
        let wednesday = office.period_at(&tz, local("2026-01-14T03:00")).unwrap();
        assert!(office.owns(&tz, &wednesday, local("2026-01-14T03:00")), "Wednesday is open");
        assert_eq!(span(&office, "2026-01-14T09:00").0, Wanted::Heat(21.0));
        assert_eq!(span(&office, "2026-01-09T09:00").0, Wanted::Heat(21.0), "Friday as it was");
    }

    #[test]
    fn after_a_closure_longer_than_a_week_the_setback_runs_to_the_first_slot() {
        let tz = london();
        let local = |moment: &str| at(&tz, moment);
        // Closed from Monday 21 December 2026 to Friday 8 January 2027, 19 days.
        let christmas = office().closed_on(closed("2026-12-21", 19));
        let setback = Wanted::Heat(16.0);
        assert_eq!(
            span(&christmas, "2027-01-01T12:00"),
            (setback, local("2027-01-01T00:00"), local("2027-01-02T00:00"))
        );
        assert_eq!(
            span(&christmas, "2027-01-09T12:00"),
            (setback, local("2027-01-09T00:00"), local("2027-01-11T07:00"))
        );
        // Off between slots: off all through it.
        let off = Program { setback: None, ..christmas };
        assert_eq!(span(&off, "2026-12-30T08:00").0, Wanted::Off);
        // Two years closed, back to back, still find the slots on either side.
        let years = office().closed_on(closed("2026-01-05", 731));
        assert_eq!(span(&years, "2026-01-04T12:00").1, local("2026-01-02T18:00"));
        assert_eq!(
            span(&years, "2028-01-06T03:00"),
            (setback, local("2028-01-06T00:00"), local("2028-01-06T07:00"))
        );
    }

    #[test]
    fn closures_join_where_they_touch_and_a_hundred_years_of_them_is_one_step() {
        let day = |text: &str| text.parse::<Date>().unwrap();
        let closures = Closures::new(vec![
            (day("2026-12-28"), day("2027-01-01")),
            (day("2026-12-24"), day("2026-12-27")),
            (day("2027-04-02"), day("2027-04-02")),
            (day("2027-04-05"), day("2027-04-05")),
        ]);
        assert_eq!(closures.runs(), 3, "Christmas is one run");
        assert_eq!(
            closures.run_of(day("2026-12-30")),
            Some((day("2026-12-24"), day("2027-01-01")))
        );
        assert_eq!(closures.last_before(day("2027-04-04")), Some(day("2027-04-02")));
        assert_eq!(closures.first_after(day("2027-04-02")), Some(day("2027-04-05")));
        assert!(!closures.contains(day("2027-04-03")));
        // A hundred stretches of 366 days back to back: the slots either side are one step away.
        let first = day("2026-01-05");
        let stretches = (0..100)
            .map(|n| {
                let from = first.checked_add((366 * n).days()).unwrap();
                (from, from.checked_add(365.days()).unwrap())
            })
            .collect();
        let century = office().closed_on(Arc::new(Closures::new(stretches)));
        let tz = london();
        let inside = century.period_at(&tz, at(&tz, "2076-06-01T12:00")).unwrap();
        assert_eq!(inside.since_slot, at(&tz, "2026-01-02T18:00"));
    }

    #[test]
    fn a_schedule_of_one_or_two_days_a_week_finds_its_slots_past_its_closed_days() {
        let tz = london();
        let local = |moment: &str| at(&tz, moment);
        let setback = Wanted::Heat(16.0);
        // Easter Monday closed: from the Monday before, the next slot is a fortnight on.
        let mondays = Program { days: vec![1], ..office() }.closed_on(closed("2026-04-06", 1));
        assert_eq!(
            span(&mondays, "2026-03-30T19:00"),
            (setback, local("2026-03-30T18:00"), local("2026-04-06T00:00"))
        );
        assert_eq!(
            span(&mondays, "2026-04-09T12:00"),
            (setback, local("2026-04-07T00:00"), local("2026-04-13T07:00"))
        );
        let weekends = Program { days: vec![6, 7], ..office() }.closed_on(closed("2026-08-29", 3));
        assert_eq!(
            span(&weekends, "2026-09-04T12:00"),
            (setback, local("2026-09-01T00:00"), local("2026-09-05T07:00"))
        );
        assert_eq!(span(&weekends, "2026-08-23T19:00").2, local("2026-08-29T00:00"));
    }

    #[test]
    fn a_closure_keeps_to_the_clock_across_a_daylight_saving_change_and_a_first_date_inside_it() {
        let tz = london();
        let utc = |text: &str| text.parse::<Timestamp>().unwrap();
        // Closed Friday 27 March to Friday 3 April 2026; the clocks go forward on the 29th.
        let spring = office().closed_on(closed("2026-03-27", 8));
        assert_eq!(span(&spring, "2026-03-27T12:00").1, utc("2026-03-27T00:00:00Z"));
        let after = span(&spring, "2026-04-04T12:00");
        assert_eq!((after.1, after.2), (utc("2026-04-03T23:00:00Z"), utc("2026-04-06T06:00:00Z")));
        // A schedule whose first day falls in a closure starts at that day's midnight.
        let first_day = Program { start_date: Some("2026-12-28".parse().unwrap()), ..office() }
            .closed_on(closed("2026-12-24", 9));
        let local = |moment: &str| at(&tz, moment);
        let first = span(&first_day, "2026-12-28T12:00");
        assert_eq!((first.1, first.2), (local("2026-12-28T00:00"), local("2026-12-29T00:00")));
        let weekend = span(&first_day, "2027-01-02T12:00");
        assert_eq!((weekend.1, weekend.2), (local("2027-01-02T00:00"), local("2027-01-04T07:00")));
    }

    #[test]
    fn back_to_back_slots_are_periods_of_their_own() {
        let tz = london();
        let program = Program {
            slots: vec![
                Slot { start: time("07:00"), end: time("12:00"), setpoint: 21.0 },
                Slot { start: time("12:00"), end: time("24:00"), setpoint: 19.5 },
            ],
            ..office()
        };
        let afternoon = program.period_at(&tz, at(&tz, "2026-01-12T12:00")).unwrap();
        assert_eq!(afternoon.wanted, Wanted::Heat(19.5));
        assert_eq!(afternoon.end, at(&tz, "2026-01-13T00:00"));
    }
}
