//! The baseline savings are measured against (DESIGN.md §5), per local day of a business's
//! rooms, counted from when each room's radiators began reporting so that it covers the same
//! time as the actual use. Simulated rooms run the thermal model (`thermal.rs`); a day's result
//! is stored once the day is over and read back after, so only today is simulated per request.
//! Real radiators are predicted from their first weeks by degree-days (`degree_days.rs`).

pub mod degree_days;
pub mod thermal;

use std::collections::{BTreeMap, HashMap};
use std::sync::{LazyLock, Mutex, PoisonError};

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use self::degree_days::{BASE_TEMPERATURE, LEARNING_DAYS, RoomModel, is_working_day, learn};
use self::thermal::{
    BaselineRoom, PartDay, Period, SimulatedDay, Start, Surroundings, WorkingPattern,
};
use super::store::{self, StoredBaseline};
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
    let time = |text: &str| ClockTime::parse(text).unwrap_or(ClockTime::MIDNIGHT);
    let pattern = WorkingPattern {
        days: settings.working_days.clone(),
        start: time(&settings.working_hours.start),
        end: time(&settings.working_hours.end),
        comfort: settings.comfort_setpoint,
    };
    let today = Timestamp::from_second(now).unwrap_or(Timestamp::UNIX_EPOCH).to_zoned(tz.clone());
    let ctx = Context { store, business_id, tz: &tz, pattern: &pattern, today: today.date(), now };
    let last = last.min(ctx.today);
    // Nothing to work out for a range that begins after today.
    let days = if first > last {
        BTreeMap::new()
    } else {
        match model {
            Model::Thermal => thermal_days(&ctx, settings, first, last).await?,
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

/// What every part of one baseline shares.
struct Context<'a> {
    store: &'a Store,
    business_id: i64,
    tz: &'a TimeZone,
    pattern: &'a WorkingPattern,
    today: Date,
    now: i64,
}

impl Context<'_> {
    fn day_of(&self, at: i64) -> Date {
        Timestamp::from_second(at).unwrap_or(Timestamp::UNIX_EPOCH).to_zoned(self.tz.clone()).date()
    }

    fn start_of(&self, day: Date) -> i64 {
        day.to_zoned(self.tz.clone()).map_or(0, |at| at.timestamp().as_second())
    }
}

fn method(model: Model, settings: &BusinessSettings) -> String {
    match model {
        Model::Thermal => format!(
            "Baseline: the same rooms held at {:.1} °C from {} to {} on working days and off \
             otherwise, with no schedules or automations, in the same modelled weather.",
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

/// A room as its stored days were worked out: what it is, and the basis its days are kept with.
struct RoomBasis {
    room: BaselineRoom,
    basis: String,
}

/// Simulated rooms: the business's stored daily sums where every room's basis still holds (a
/// year is 365 rows); from the first day without one, the rooms' own days (`rooms_days`),
/// whose sums are stored for the next time; and today simulated up to now.
async fn thermal_days(
    ctx: &Context<'_>,
    settings: &BusinessSettings,
    first: Date,
    last: Date,
) -> ApiResult<BTreeMap<Date, (f64, f64)>> {
    let pool = ctx.store.reader();
    let rooms: Vec<RoomBasis> = store::rooms_reporting(pool, ctx.business_id)
        .await?
        .into_iter()
        .map(|(room_id, radiators, since)| RoomBasis {
            room: BaselineRoom {
                room_id,
                radiators: usize::try_from(radiators).unwrap_or(0),
                since,
            },
            basis: format!(
                "{}|{:?}|{}-{}|{}|{}|{}",
                settings.time_zone,
                settings.working_days,
                settings.working_hours.start,
                settings.working_hours.end,
                settings.comfort_setpoint,
                radiators,
                since
            ),
        })
        .collect();
    let digest = {
        let mut hasher = Sha256::new();
        for room in &rooms {
            hasher.update(format!("{}:{};", room.room.room_id, room.basis));
        }
        hex::encode(hasher.finalize())
    };
    let yesterday = ctx.today.yesterday().unwrap_or(ctx.today);
    let stored_last = last.min(yesterday);
    let (from, to) = (first.to_string(), stored_last.to_string());
    let mut totals: BTreeMap<Date, (f64, f64)> =
        store::business_baselines(pool, ctx.business_id, &from, &to, &digest)
            .await?
            .into_iter()
            .filter_map(|(day, wh, co2_g)| Some((day.parse::<Date>().ok()?, (wh, co2_g))))
            .collect();
    let missing = first
        .series(1.day())
        .take_while(|day| *day <= stored_last)
        .find(|day| !totals.contains_key(day));
    let rooms_first = match missing {
        Some(day) => day,
        None if last == ctx.today => ctx.today,
        None => return Ok(totals),
    };
    let rooms_totals = rooms_days(ctx, &rooms, rooms_first, last).await?;
    // Every past day worked out from the rooms is kept, a day with nothing used as zeros.
    let sums: Vec<(String, f64, f64)> = rooms_first
        .series(1.day())
        .take_while(|day| *day <= stored_last)
        .map(|day| {
            let (wh, co2_g) = rooms_totals.get(&day).copied().unwrap_or_default();
            (day.to_string(), wh, co2_g)
        })
        .collect();
    store::save_business_baselines(ctx.store, ctx.business_id, &digest, &sums).await?;
    totals.extend(rooms_totals);
    Ok(totals)
}

/// The rooms' baselines summed per day from `first` to `last`: their stored days where their
/// basis still holds, the missing ones simulated and stored (resuming from the day before
/// where it is stored), and today simulated up to now.
async fn rooms_days(
    ctx: &Context<'_>,
    rooms: &[RoomBasis],
    first: Date,
    last: Date,
) -> ApiResult<BTreeMap<Date, (f64, f64)>> {
    let mut totals = BTreeMap::new();
    let pool = ctx.store.reader();
    let yesterday = ctx.today.yesterday().unwrap_or(ctx.today);
    // Today resumes from yesterday's end, so yesterday is wanted too when today is asked for,
    // unless today alone is asked for and every room's run of today is kept with its start.
    let kept = if first == ctx.today && last == ctx.today { kept_starts(ctx, rooms) } else { None };
    let wanted_first = match &kept {
        Some(_) => ctx.today,
        None if last == ctx.today => first.min(yesterday),
        None => first,
    };
    let stored_last = last.min(yesterday);
    let read_first = wanted_first.yesterday().unwrap_or(wanted_first);
    let mut stored: HashMap<(i64, Date), StoredBaseline> = HashMap::new();
    let read = async |stored: &mut HashMap<(i64, Date), StoredBaseline>, from: Date, to: Date| {
        if from > to {
            return ApiResult::Ok(());
        }
        let (from, to) = (from.to_string(), to.to_string());
        for row in store::stored_baselines(pool, ctx.business_id, &from, &to).await? {
            if let Ok(day) = row.day.parse::<Date>() {
                stored.insert((row.room_id, day), row);
            }
        }
        ApiResult::Ok(())
    };
    read(&mut stored, wanted_first, stored_last).await?;
    // A room whose first wanted day is missing resumes from the day before, if it is stored.
    let resumes = rooms.iter().any(|RoomBasis { room, basis }| {
        let from = wanted_first.max(ctx.day_of(room.since));
        from == wanted_first
            && from <= stored_last
            && stored.get(&(room.room_id, from)).is_none_or(|row| row.basis != *basis)
    });
    if resumes {
        read(&mut stored, read_first, read_first).await?;
    }
    let end = ctx.start_of(last.tomorrow().unwrap_or(last));
    let fetched = crate::grid::fetched_between(pool, ctx.start_of(read_first), end).await?;
    let surroundings = Surroundings { tz: ctx.tz, fetched: &fetched };
    let mut new_days = Vec::new();
    for RoomBasis { room, basis } in rooms {
        let (room_id, since) = (room.room_id, room.since);
        let valid = |day: Date| stored.get(&(room_id, day)).filter(|row| row.basis == *basis);
        let from = wanted_first.max(ctx.day_of(since));
        let mut days: BTreeMap<Date, SimulatedDay> = BTreeMap::new();
        for day in from.series(1.day()).take_while(|day| *day <= stored_last) {
            match valid(day) {
                Some(row) => {
                    days.insert(day, stored_day(row));
                }
                None => {
                    // The rest of the range in one run, from the day before's end if stored.
                    let start = day
                        .yesterday()
                        .ok()
                        .and_then(|before| valid(before).map(|row| row.end_temperature))
                        .map_or(Start::Cold, Start::Resume);
                    let period = Period { first: day, last: stored_last, until: ctx.now };
                    for (date, simulated) in
                        thermal::simulate(room, start, &period, ctx.pattern, &surroundings)
                    {
                        new_days.push(StoredBaseline {
                            room_id,
                            day: date.to_string(),
                            basis: basis.clone(),
                            energy_wh: simulated.energy_wh,
                            co2_g: simulated.co2_g,
                            end_temperature: simulated.end_temperature,
                        });
                        days.insert(date, simulated);
                    }
                    break;
                }
            }
        }
        if last == ctx.today && since < ctx.now {
            let start = match kept.as_ref().and_then(|kept| kept.get(&room_id)) {
                Some(start) => *start,
                None => days
                    .get(&yesterday)
                    .map_or(Start::Cold, |day| Start::Resume(day.end_temperature)),
            };
            if let Some(part) = today_so_far(ctx, room, basis, start, &surroundings) {
                days.insert(ctx.today, part.day);
            }
        }
        for (date, simulated) in days.range(first..=last) {
            let total: &mut (f64, f64) = totals.entry(*date).or_default();
            total.0 += simulated.energy_wh;
            total.1 += simulated.co2_g;
        }
    }
    store::save_baselines(ctx.store, &new_days).await?;
    Ok(totals)
}

/// What a run of today depends on besides its room: a kept run is carried on only while all of
/// it is the same.
#[derive(PartialEq)]
struct TodayKey {
    basis: String,
    today: Date,
    start: Start,
    /// The grid intensities the API gave for today's half-hours, by start.
    fetched: Vec<(i64, u64)>,
}

/// Today's run of each simulated room so far, by database and room id, kept between requests
/// so that each simulates only the minutes since the last (the home dashboard asks every
/// 30 s). A run depends only on its key and the room, so any business's request may carry it
/// on.
static TODAY: LazyLock<Mutex<KeptRuns>> = LazyLock::new(Default::default);

/// Runs of today by database ([`Store::id`]) and room id, each with its key.
type KeptRuns = HashMap<(u64, i64), (TodayKey, PartDay)>;

/// Where each room's kept run of today started (yesterday's stored end, which does not change
/// once stored), when every one of `rooms` has a run of today kept on its basis.
fn kept_starts(ctx: &Context<'_>, rooms: &[RoomBasis]) -> Option<HashMap<i64, Start>> {
    let kept = TODAY.lock().unwrap_or_else(PoisonError::into_inner);
    rooms
        .iter()
        .map(|RoomBasis { room, basis }| {
            let (key, _) = kept.get(&(ctx.store.id(), room.room_id))?;
            (key.basis == *basis && key.today == ctx.today).then_some((room.room_id, key.start))
        })
        .collect()
}

/// The room's baseline today up to now, from its kept run where the key still holds.
fn today_so_far(
    ctx: &Context<'_>,
    room: &BaselineRoom,
    basis: &str,
    start: Start,
    surroundings: &Surroundings,
) -> Option<PartDay> {
    let (from, to) = (ctx.start_of(ctx.today), ctx.start_of(ctx.today.tomorrow().ok()?));
    let mut fetched: Vec<(i64, u64)> = surroundings
        .fetched
        .iter()
        .filter(|(at, _)| (from..to).contains(*at))
        .map(|(at, grams)| (*at, grams.to_bits()))
        .collect();
    fetched.sort_unstable();
    let key = TodayKey { basis: basis.to_owned(), today: ctx.today, start, fetched };
    let part = TODAY
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&(ctx.store.id(), room.room_id))
        // A run counts each minute begun before its end, so it may have reached a minute past
        // now; one that went past this minute (a clock set back) is not carried on.
        .filter(|(kept, part)| *kept == key && part.at < ctx.now + 60)
        .map(|(_, part)| part.clone());
    let part = thermal::simulate_today(
        room,
        (ctx.today, start, part),
        ctx.now,
        ctx.pattern,
        surroundings,
    )?;
    let mut kept = TODAY.lock().unwrap_or_else(PoisonError::into_inner);
    kept.insert((ctx.store.id(), room.room_id), (key, part.clone()));
    Some(part)
}

fn stored_day(row: &StoredBaseline) -> SimulatedDay {
    SimulatedDay {
        energy_wh: row.energy_wh,
        co2_g: row.co2_g,
        end_temperature: row.end_temperature,
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
    let working_days = &ctx.pattern.days;
    for (room_id, _, since) in rooms {
        let room_days = used.remove(&room_id).unwrap_or_default();
        let energy: Vec<(Date, f64)> = room_days.iter().map(|(day, wh, _)| (*day, *wh)).collect();
        let model: RoomModel = learn(&energy, ctx.day_of(since), working_days, ctx.tz);
        let actual: HashMap<Date, (f64, f64)> =
            room_days.into_iter().map(|(day, wh, co2_g)| (day, (wh, co2_g))).collect();
        for day in first.series(1.day()).take_while(|day| *day <= last) {
            let (actual_wh, actual_co2_g) = actual.get(&day).copied().unwrap_or_default();
            let baseline = match model.predict(day, working_days, ctx.tz) {
                None => (actual_wh, actual_co2_g),
                Some(full_day_wh) => {
                    let wh = full_day_wh * gone_by(ctx, day);
                    // At the intensity the room's own use met that day, else the profile's
                    // mean over the working hours.
                    let grams_per_wh = if actual_wh > 0.0 {
                        actual_co2_g / actual_wh
                    } else {
                        working_hours_intensity(ctx.pattern, day) / 1000.0
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
    let (from, to) = if is_working_day(day, &ctx.pattern.days) {
        let at = |time: ClockTime| midnight + time.minutes() * 60;
        (at(ctx.pattern.start), at(ctx.pattern.end))
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
