//! Simulated rooms' baseline days, from the thermal model: a day's sums are stored once it is
//! over and read back after, so only today is simulated per request, and today's runs are kept
//! to go on from.

use std::collections::{BTreeMap, HashMap};
use std::sync::{LazyLock, Mutex, PoisonError};

use jiff::ToSpan;
use jiff::civil::Date;
use sha2::{Digest, Sha256};

use super::context::Context;
use super::stored::stored_or_worked_out;
use super::thermal::{
    self, BaselineRoom, PartDay, Period, SimulatedDay, Start, Surroundings, WorkingPattern,
    WorkingPatterns,
};
use crate::analytics::store::{self, StoredBaseline};
use crate::business::BusinessSettings;
use crate::devices::thermal::{MODEL, Temperatures};
use crate::error::ApiResult;

/// A room as its stored days were worked out: what it is, and the basis each of its days is
/// kept with (the thermal model's version, the time zone, the working pattern in force that
/// day, the radiators).
struct RoomBasis {
    room: BaselineRoom,
    time_zone: String,
    radiators: String,
}

impl RoomBasis {
    fn on(&self, day: Date, patterns: &WorkingPatterns) -> String {
        let pattern = pattern_basis(patterns.on(day));
        format!("{MODEL}|{}|{pattern}|{}", self.time_zone, self.radiators)
    }
}

fn pattern_basis(pattern: &WorkingPattern) -> String {
    format!("{:?}|{}-{}|{}", pattern.days, pattern.start, pattern.end, pattern.comfort)
}

/// Simulated rooms: the business's stored daily sums where every room's basis still holds (a
/// year is 365 rows); from the first day without one, the rooms' own days (`rooms_days`); and
/// today simulated up to now.
pub(super) async fn thermal_days(
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
            time_zone: settings.time_zone.clone(),
            radiators: format!("{radiators}|{since}"),
        })
        .collect();
    let digest = {
        let mut hasher = Sha256::new();
        hasher.update(MODEL);
        for room in &rooms {
            hasher.update(format!("{}:{}|{};", room.room.room_id, room.time_zone, room.radiators));
        }
        hasher.update(pattern_basis(&ctx.patterns.first));
        for (from, pattern) in &ctx.patterns.changes {
            hasher.update(format!(";{from}:{}", pattern_basis(pattern)));
        }
        hex::encode(hasher.finalize())
    };
    stored_or_worked_out(ctx, &digest, (first, last), async |from| {
        rooms_days(ctx, &rooms, from, last).await
    })
    .await
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
    let resumes = rooms.iter().any(|basis| {
        let from = wanted_first.max(ctx.day_of(basis.room.since));
        from == wanted_first
            && from <= stored_last
            && stored
                .get(&(basis.room.room_id, from))
                .is_none_or(|row| row.basis != basis.on(from, ctx.patterns))
    });
    if resumes {
        read(&mut stored, read_first, read_first).await?;
    }
    let end = ctx.start_of(last.tomorrow().unwrap_or(last));
    let fetched = crate::grid::fetched_between(pool, ctx.start_of(read_first), end).await?;
    let surroundings = Surroundings { tz: ctx.tz, fetched: &fetched };
    let mut new_days = Vec::new();
    for basis in rooms {
        let (room, room_id, since) = (&basis.room, basis.room.room_id, basis.room.since);
        let valid = |day: Date| {
            stored.get(&(room_id, day)).filter(|row| row.basis == basis.on(day, ctx.patterns))
        };
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
                        .and_then(|before| valid(before).map(|row| stored_day(row).end))
                        .map_or(Start::Cold, Start::Resume);
                    let period = Period { first: day, last: stored_last, until: ctx.now };
                    for (date, simulated) in
                        thermal::simulate(room, start, &period, ctx.patterns, &surroundings)
                    {
                        new_days.push(StoredBaseline {
                            room_id,
                            day: date.to_string(),
                            basis: basis.on(date, ctx.patterns),
                            energy_wh: simulated.energy_wh,
                            co2_g: simulated.co2_g,
                            end_air_temperature: simulated.end.air,
                            end_fabric_temperature: simulated.end.fabric,
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
                None => days.get(&yesterday).map_or(Start::Cold, |day| Start::Resume(day.end)),
            };
            let today_basis = basis.on(ctx.today, ctx.patterns);
            if let Some(part) = today_so_far(ctx, room, &today_basis, start, &surroundings) {
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
        .map(|basis| {
            let (key, _) = kept.get(&(ctx.store.id(), basis.room.room_id))?;
            let holds = key.basis == basis.on(ctx.today, ctx.patterns) && key.today == ctx.today;
            holds.then_some((basis.room.room_id, key.start))
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
        ctx.patterns,
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
        end: Temperatures { air: row.end_air_temperature, fabric: row.end_fabric_temperature },
    }
}
