//! Real radiators' baseline days, from each room's degree-day fit (`degree_days.rs`). A past
//! day's use no longer changes (a reading is counted at the minute it arrives), so a day's sum
//! is stored once it is over, kept with a digest of the rooms, their radiators and the working
//! patterns, and read back after: a request works out only today and the days not stored, and
//! reads each room's days only for those, and for its first weeks until its fit is kept.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::sync::{LazyLock, Mutex, PoisonError};

use jiff::ToSpan;
use jiff::civil::Date;
use sha2::{Digest, Sha256};

use super::context::Context;
use super::degree_days::{
    BASE_TEMPERATURE, LEARNING_DAYS, RoomModel, heating_degree_days, is_working_day, learn,
};
use super::stored::stored_or_worked_out;
use super::thermal::WorkingPattern;
use crate::analytics::store;
use crate::error::ApiResult;
use crate::grid::modelled_intensity;
use crate::kernel::values::ClockTime;

/// The model's name in the stored days' digest: a new fit is a new name, and the days are
/// worked out again.
const MODEL: &str = "degree-days-1";

/// Real radiators: each room's first weeks fitted to degree-days; while it is still learning,
/// a day's baseline is what it used. Today counts the share of its hours (of its working hours
/// on a working day) gone by.
pub(super) async fn degree_day_days(
    ctx: &Context<'_>,
    first: Date,
    last: Date,
) -> ApiResult<BTreeMap<Date, (f64, f64)>> {
    let pool = ctx.store.reader();
    let rooms = store::rooms_reporting(pool, ctx.business_id).await?;
    if rooms.is_empty() {
        return Ok(BTreeMap::new());
    }
    let radiators = store::placed_radiators_reporting(pool, ctx.business_id).await?;
    let digest = {
        let mut hasher = Sha256::new();
        hasher
            .update(format!("{MODEL}|{LEARNING_DAYS}|{BASE_TEMPERATURE}|{:?}", ctx.tz.iana_name()));
        for (room_id, _, since) in &rooms {
            hasher.update(format!(";{room_id}:{since}"));
        }
        for (room_id, radiator_id) in &radiators {
            hasher.update(format!(";{room_id}<{radiator_id}"));
        }
        hasher.update(pattern_basis(&ctx.patterns.first));
        for (from, pattern) in &ctx.patterns.changes {
            hasher.update(format!(";{from}:{}", pattern_basis(pattern)));
        }
        hex::encode(hasher.finalize())
    };
    stored_or_worked_out(ctx, &digest, (first, last), async |from| {
        rooms_days(ctx, &rooms, &digest, (from, last)).await
    })
    .await
}

fn pattern_basis(pattern: &WorkingPattern) -> String {
    format!("{:?}|{}-{}", pattern.days, pattern.start, pattern.end)
}

/// Each room's fit once its first weeks are over (it does not change after).
static FITS: LazyLock<Mutex<KeptFits>> = LazyLock::new(Default::default);

/// Fits by database ([`crate::store::Store::id`]) and room, each with the digest of the
/// business's rooms it was learned under.
type KeptFits = HashMap<(u64, i64), (String, RoomModel)>;

/// The rooms' baselines summed per day from `first` to `last`, from each room's days in that
/// range and its fit: kept, or learned from its first weeks.
async fn rooms_days(
    ctx: &Context<'_>,
    rooms: &[(i64, i64, i64)],
    digest: &str,
    (first, last): (Date, Date),
) -> ApiResult<BTreeMap<Date, (f64, f64)>> {
    let mut totals = BTreeMap::new();
    let pool = ctx.store.reader();
    let store_id = ctx.store.id();
    let fits: HashMap<i64, RoomModel> = {
        let kept = FITS.lock().unwrap_or_else(PoisonError::into_inner);
        let kept_fit = |room_id: i64| match kept.get(&(store_id, room_id)) {
            Some((learned_under, fit)) if learned_under == digest => Some((room_id, *fit)),
            _ => None,
        };
        rooms.iter().filter_map(|(room_id, _, _)| kept_fit(*room_id)).collect()
    };
    // The range, and the first weeks of the rooms still to fit where they lie outside it: all
    // of them, as a fit is kept (a range ending within them would otherwise teach it a part).
    let learning: Vec<Date> = rooms
        .iter()
        .filter(|(room_id, _, _)| !fits.contains_key(room_id))
        .map(|(_, _, since)| ctx.day_of(*since))
        .collect();
    let mut ranges = vec![(first, last)];
    if let (Some(earliest), Some(latest)) = (learning.iter().min(), learning.iter().max()) {
        let learned_by = latest.checked_add(LEARNING_DAYS.days()).unwrap_or(*latest);
        ranges.push((*earliest, learned_by.min(first.yesterday().unwrap_or(first))));
        ranges.push(((*earliest).max(last.tomorrow().unwrap_or(last)), learned_by));
    }
    let mut used: HashMap<i64, Vec<(Date, f64, f64)>> = HashMap::new();
    for (from, to) in ranges.into_iter().filter(|(from, to)| from <= to) {
        let (from, to) = (from.to_string(), to.to_string());
        for (room_id, day, wh, co2_g) in
            store::room_daily_use(pool, ctx.business_id, &from, &to).await?
        {
            if let Ok(day) = day.parse::<Date>() {
                used.entry(room_id).or_default().push((day, wh, co2_g));
            }
        }
    }
    let working = |day: Date| is_working_day(day, &ctx.patterns.on(day).days);
    // Each day's degree-days once for all the rooms: each is the mean of 24 modelled hours.
    let known = RefCell::new(HashMap::new());
    let degree_days = |day: Date| {
        *known.borrow_mut().entry(day).or_insert_with(|| heating_degree_days(day, ctx.tz))
    };
    let mut learned = Vec::new();
    for (room_id, _, since) in rooms {
        let room_days = used.remove(room_id).unwrap_or_default();
        let model = match fits.get(room_id) {
            Some(fit) => *fit,
            None => {
                let energy: Vec<(Date, f64)> =
                    room_days.iter().map(|(day, wh, _)| (*day, *wh)).collect();
                let fit = learn(&energy, ctx.day_of(*since), working, degree_days);
                if fit.learned_until < ctx.today {
                    learned.push((*room_id, fit));
                }
                fit
            }
        };
        let actual: HashMap<Date, (f64, f64)> =
            room_days.into_iter().map(|(day, wh, co2_g)| (day, (wh, co2_g))).collect();
        for day in first.series(1.day()).take_while(|day| *day <= last) {
            let (actual_wh, actual_co2_g) = actual.get(&day).copied().unwrap_or_default();
            let baseline = match model.predict(day, working, degree_days) {
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
    let mut kept = FITS.lock().unwrap_or_else(PoisonError::into_inner);
    for (room_id, fit) in learned {
        kept.insert((store_id, room_id), (digest.to_owned(), fit));
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
