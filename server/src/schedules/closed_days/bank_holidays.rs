//! The UK's bank holidays in each of its three sets (England and Wales, Scotland, Northern
//! Ireland) as the usual rules fix them, for a business to add to its closed days: Easter by the
//! Gregorian computus, the Mondays by their place in the month, and a fixed day that falls on a
//! weekend moved to the next weekday no other holiday takes. Days a proclamation adds (a
//! coronation, a jubilee) or moves (Early May 2020, the Spring bank holiday of 2022) are not
//! among them.

use std::collections::BTreeSet;

use jiff::ToSpan;
use jiff::civil::{Date, Weekday};
use serde::Serialize;
use utoipa::ToSchema;

/// A set of bank holidays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    EnglandAndWales,
    Scotland,
    NorthernIreland,
}

impl Region {
    pub fn parse(key: &str) -> Option<Self> {
        match key {
            "england_and_wales" => Some(Self::EnglandAndWales),
            "scotland" => Some(Self::Scotland),
            "northern_ireland" => Some(Self::NorthernIreland),
            _ => None,
        }
    }
}

/// A bank holiday: which (the web app words it), and when.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct BankHoliday {
    /// `new_year`, `second_january`, `st_patricks`, `good_friday`, `easter_monday`,
    /// `early_may`, `spring`, `boyne`, `summer`, `st_andrews`, `christmas` or `boxing_day`.
    #[schema(example = "christmas")]
    pub key: &'static str,
    /// `YYYY-MM-DD`.
    #[schema(value_type = String, example = "2026-12-25")]
    #[serde(serialize_with = "iso")]
    pub date: Date,
    /// Another day off for one that fell on a weekend.
    pub substitute: bool,
}

fn iso<S: serde::Serializer>(date: &Date, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(date)
}

/// The region's bank holidays from `today` to a year on, in order.
pub fn coming(region: Region, today: Date) -> Vec<BankHoliday> {
    let Ok(year_on) = today.checked_add(1.year()) else { return Vec::new() };
    let mut coming: Vec<BankHoliday> = [today.year(), today.year() + 1]
        .into_iter()
        .flat_map(|year| of_year(region, year))
        .filter(|holiday| holiday.date >= today && holiday.date < year_on)
        .collect();
    coming.sort_by_key(|holiday| holiday.date);
    coming
}

/// The region's bank holidays in `year` (none for a year the calendar does not hold).
pub fn of_year(region: Region, year: i16) -> Vec<BankHoliday> {
    let day = |month: i8, day: i8| Date::new(year, month, day).ok();
    let (Some(easter), Some(may), Some(august)) = (easter(year), day(5, 1), day(8, 1)) else {
        return Vec::new();
    };
    let monday = |month: Date, nth: i8| month.nth_weekday_of_month(nth, Weekday::Monday).ok();
    let mut moving = vec![("good_friday", easter.checked_sub(2.days()).ok())];
    if region != Region::Scotland {
        moving.push(("easter_monday", easter.tomorrow().ok()));
    }
    moving.push(("early_may", monday(may, 1)));
    moving.push(("spring", monday(may, -1)));
    moving.push(("summer", monday(august, if region == Region::Scotland { 1 } else { -1 })));
    let mut new_year = vec![("new_year", day(1, 1))];
    let mut fixed = Vec::new();
    match region {
        Region::Scotland => {
            new_year.push(("second_january", day(1, 2)));
            fixed.push(("st_andrews", day(11, 30)));
        }
        Region::NorthernIreland => {
            fixed.extend([("st_patricks", day(3, 17)), ("boyne", day(7, 12))]);
        }
        Region::EnglandAndWales => {}
    }
    let christmas = [("christmas", day(12, 25)), ("boxing_day", day(12, 26))];
    let known = |(key, day): (&'static str, Option<Date>)| Some((key, day?));
    let mut holidays: Vec<BankHoliday> = moving
        .into_iter()
        .filter_map(known)
        .map(|(key, date)| BankHoliday { key, date, substitute: false })
        .collect();
    // New Year on a Sunday moves to Monday the 2nd, and Scotland's 2nd to the Tuesday; Christmas
    // on a Sunday moves past Boxing Day, which keeps Monday the 26th (as gov.uk has them).
    for (group, weekdays_first) in [(new_year, false), (fixed, false), (christmas.to_vec(), true)] {
        let group: Vec<(&'static str, Date)> = group.into_iter().filter_map(known).collect();
        let placed = on_weekdays(&group, &holidays, weekdays_first);
        holidays.extend(placed);
    }
    holidays.sort_by_key(|holiday| holiday.date);
    holidays
}

fn weekend(day: Date) -> bool {
    matches!(day.weekday(), Weekday::Saturday | Weekday::Sunday)
}

/// Fixed days as holidays: each that falls on a weekend, or on a day another holiday has taken,
/// moves to the next weekday no holiday takes, in order. With `weekdays_first`, those on a
/// weekday keep their days before any moves (Christmas on a Sunday: Boxing Day keeps Monday 26
/// and Christmas moves to Tuesday 27).
fn on_weekdays(
    fixed: &[(&'static str, Date)],
    others: &[BankHoliday],
    weekdays_first: bool,
) -> Vec<BankHoliday> {
    let mut taken: BTreeSet<Date> = others.iter().map(|holiday| holiday.date).collect();
    if weekdays_first {
        taken.extend(fixed.iter().map(|&(_, day)| day).filter(|day| !weekend(*day)));
    }
    let mut holidays = Vec::new();
    for &(key, day) in fixed {
        let keeps = !weekend(day) && (weekdays_first || !taken.contains(&day));
        if keeps {
            taken.insert(day);
            holidays.push(BankHoliday { key, date: day, substitute: false });
            continue;
        }
        let free = day.series(1.day()).find(|later| !weekend(*later) && !taken.contains(later));
        if let Some(free) = free {
            taken.insert(free);
            holidays.push(BankHoliday { key, date: free, substitute: true });
        }
    }
    holidays
}

/// Easter Sunday of `year` (the anonymous Gregorian computus).
fn easter(year: i16) -> Option<Date> {
    let y = i32::from(year);
    let (a, b, c) = (y % 19, y / 100, y % 100);
    let (d, e) = (b / 4, b % 4);
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let (i, k) = (c / 4, c % 4);
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    Date::new(year, i8::try_from(month).ok()?, i8::try_from(day).ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(region: Region, year: i16) -> Vec<(String, &'static str)> {
        let holidays = of_year(region, year);
        let mark = |h: &BankHoliday| if h.substitute { "*" } else { "" };
        holidays.iter().map(|h| (format!("{}{}", h.date, mark(h)), h.key)).collect()
    }

    fn days(list: &[(&str, &'static str)]) -> Vec<(String, &'static str)> {
        list.iter().map(|&(day, key)| (day.to_owned(), key)).collect()
    }

    #[test]
    fn easter_falls_where_the_tables_have_it() {
        for (year, sunday) in [
            (2024, "2024-03-31"),
            (2025, "2025-04-20"),
            (2026, "2026-04-05"),
            (2027, "2027-03-28"),
            (2038, "2038-04-25"),
            (2285, "2285-03-22"),
        ] {
            assert_eq!(easter(year).map(|day| day.to_string()).as_deref(), Some(sunday));
        }
    }

    /// As gov.uk/bank-holidays lists them; `*` a substitute day.
    #[test]
    fn england_and_wales_2026_and_2027() {
        assert_eq!(
            listed(Region::EnglandAndWales, 2026),
            days(&[
                ("2026-01-01", "new_year"),
                ("2026-04-03", "good_friday"),
                ("2026-04-06", "easter_monday"),
                ("2026-05-04", "early_may"),
                ("2026-05-25", "spring"),
                ("2026-08-31", "summer"),
                ("2026-12-25", "christmas"),
                ("2026-12-28*", "boxing_day")
            ])
        );
        assert_eq!(
            listed(Region::EnglandAndWales, 2027),
            days(&[
                ("2027-01-01", "new_year"),
                ("2027-03-26", "good_friday"),
                ("2027-03-29", "easter_monday"),
                ("2027-05-03", "early_may"),
                ("2027-05-31", "spring"),
                ("2027-08-30", "summer"),
                ("2027-12-27*", "christmas"),
                ("2027-12-28*", "boxing_day")
            ])
        );
        // Christmas on a Sunday: Boxing Day keeps Monday, Christmas takes Tuesday.
        let late = listed(Region::EnglandAndWales, 2022);
        assert_eq!(
            &late[late.len() - 2..],
            days(&[("2022-12-26", "boxing_day"), ("2022-12-27*", "christmas")])
        );
    }

    #[test]
    fn scotland_and_northern_ireland_have_their_own() {
        assert_eq!(
            listed(Region::Scotland, 2027),
            days(&[
                ("2027-01-01", "new_year"),
                ("2027-01-04*", "second_january"),
                ("2027-03-26", "good_friday"),
                ("2027-05-03", "early_may"),
                ("2027-05-31", "spring"),
                ("2027-08-02", "summer"),
                ("2027-11-30", "st_andrews"),
                ("2027-12-27*", "christmas"),
                ("2027-12-28*", "boxing_day")
            ])
        );
        // New Year on a Sunday: the 2nd is its substitute, and the 2nd January's the 3rd.
        let sunday = listed(Region::Scotland, 2023);
        assert_eq!(
            &sunday[..2],
            days(&[("2023-01-02*", "new_year"), ("2023-01-03*", "second_january")])
        );
        // New Year on a Saturday: the 3rd and the 4th.
        let start = listed(Region::Scotland, 2022);
        assert_eq!(
            &start[..2],
            days(&[("2022-01-03*", "new_year"), ("2022-01-04*", "second_january")])
        );
        assert_eq!(
            listed(Region::NorthernIreland, 2027),
            days(&[
                ("2027-01-01", "new_year"),
                ("2027-03-17", "st_patricks"),
                ("2027-03-26", "good_friday"),
                ("2027-03-29", "easter_monday"),
                ("2027-05-03", "early_may"),
                ("2027-05-31", "spring"),
                ("2027-07-12", "boyne"),
                ("2027-08-30", "summer"),
                ("2027-12-27*", "christmas"),
                ("2027-12-28*", "boxing_day")
            ])
        );
    }

    #[test]
    fn the_coming_ones_run_a_year_from_today() {
        let coming = coming(Region::EnglandAndWales, jiff::civil::date(2026, 12, 25));
        let dates: Vec<String> = coming.iter().map(|h| h.date.to_string()).collect();
        assert_eq!(dates.first().map(String::as_str), Some("2026-12-25"), "today counts");
        // To Christmas Eve 2027: this Christmas's substitute falls after it.
        assert_eq!(dates.last().map(String::as_str), Some("2027-08-30"));
        assert_eq!(dates.len(), 8);
    }
}
