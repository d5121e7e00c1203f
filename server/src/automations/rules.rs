//! What the automations do, in each round of the schedule engine (which holds the lease):
//! frost protection and open-window detection hold a radiator (schedules leave it alone) and
//! give it back its state when they let go; end-of-day off switches a business's radiators off
//! once a working day. Optimum start and eco are adjustments the engine asks for when it applies
//! a schedule. Everything done is recorded as done by the automation.

use std::collections::{HashMap, HashSet};
use std::pin::Pin;
use std::sync::Arc;

use jiff::Timestamp;
use time::OffsetDateTime;

use super::domain::{END_OF_DAY, Enabled, FROST, OPEN_WINDOW, enabled};
use super::store::{self, RecentReading, Watched};
use crate::devices::DeviceGateway;
use crate::error::ApiResult;
use crate::kernel::change::{Author, Change, Entry};
use crate::radiators;
use crate::store::{Store, StoreResult};

/// Whether a business's electricity cost this month is over its budget (eco when over budget).
pub trait Budget: Send + Sync {
    fn over_budget<'a>(
        &'a self,
        store: &'a Store,
        business_id: i64,
        now: OffsetDateTime,
    ) -> Pin<Box<dyn Future<Output = StoreResult<bool>> + Send + 'a>>;
}

/// A frost hold ends once the room is this much above the floor.
const FROST_MARGIN: f64 = 1.0;

/// The radiators the automations hold after this round, each business's automations, and the
/// businesses whose radiators they changed.
pub struct Round {
    pub held: HashSet<i64>,
    pub enabled: HashMap<i64, Enabled>,
    pub businesses_changed: HashSet<i64>,
}

/// One round of the automations at `now`.
pub async fn run(
    store: &Store,
    devices: &Arc<dyn DeviceGateway>,
    now: OffsetDateTime,
) -> ApiResult<Round> {
    let pool = store.reader();
    let enabled = enabled(pool, None).await?;
    let longest_window = enabled.values().filter_map(|e| e.open_window).map(|w| w.within_minutes);
    let since = now.unix_timestamp() - longest_window.max().unwrap_or(0) * 60;
    let mut recent: HashMap<i64, Vec<RecentReading>> = HashMap::new();
    for reading in store::readings_since(pool, since).await? {
        recent.entry(reading.radiator_id).or_default().push(reading);
    }
    let watched = store::watched(pool).await?;
    let (mut held, mut businesses_changed) = (HashSet::new(), HashSet::new());
    for radiator in &watched {
        let automations = enabled.get(&radiator.business_id).cloned().unwrap_or_default();
        let recent = recent.get(&radiator.id).map(Vec::as_slice).unwrap_or_default();
        match hold_or_release(store, devices, radiator, &automations, recent, now).await {
            Ok(outcome) => {
                if outcome.held {
                    held.insert(radiator.id);
                }
                if outcome.acted {
                    businesses_changed.insert(radiator.business_id);
                }
            }
            Err(error) => tracing::error!(radiator = radiator.id, ?error, "an automation failed"),
        }
    }
    for (&business_id, automations) in &enabled {
        let Some(at) = automations.end_of_day else { continue };
        let theirs: Vec<&Watched> =
            watched.iter().filter(|radiator| radiator.business_id == business_id).collect();
        match end_of_day(store, devices, business_id, &theirs, at, &held, now).await {
            Ok(true) => {
                businesses_changed.insert(business_id);
            }
            Ok(false) => {}
            Err(error) => tracing::error!(business_id, ?error, "end-of-day off failed"),
        }
    }
    Ok(Round { held, enabled, businesses_changed })
}

fn by(key: &str) -> String {
    let name = match key {
        FROST => "frost protection",
        OPEN_WINDOW => "open-window detection",
        _ => "end-of-day off",
    };
    format!("automation '{name}'")
}

/// Sets the radiator's state as an automation, recorded; `hold` is written (or, with `None`, the
/// hold released) in the same change.
async fn act(
    store: &Store,
    devices: &Arc<dyn DeviceGateway>,
    radiator: &Watched,
    key: &str,
    state: (bool, f64),
    hold: Option<Option<i64>>,
    now: OffsetDateTime,
) -> ApiResult<()> {
    let author = Author::HeatDesk { business_id: radiator.business_id, by: by(key) };
    let mut change = Change::begin(store.clone(), devices.clone(), author, now).await?;
    match hold {
        Some(until) => {
            let restore = (radiator.is_on == 1, radiator.setpoint);
            store::hold(change.db(), radiator.id, key, until, restore).await?;
        }
        None => store::release(change.db(), radiator.id).await?,
    }
    let (before, after) = radiators::set_state(&mut change, radiator.id, state.0, state.1).await?;
    change
        .commit(Entry::new("automation", "radiator", radiator.id).before(&before).after(&after))
        .await?;
    Ok(())
}

/// What frost protection and open-window detection did to a radiator.
struct Outcome {
    /// It is held after this round.
    held: bool,
    /// Its state was changed.
    acted: bool,
}

const LEFT_ALONE: Outcome = Outcome { held: false, acted: false };
const STILL_HELD: Outcome = Outcome { held: true, acted: false };
const TAKEN: Outcome = Outcome { held: true, acted: true };
const RELEASED: Outcome = Outcome { held: false, acted: true };

/// Frost protection and open-window detection on one radiator.
async fn hold_or_release(
    store: &Store,
    devices: &Arc<dyn DeviceGateway>,
    radiator: &Watched,
    automations: &Enabled,
    recent: &[RecentReading],
    now: OffsetDateTime,
) -> ApiResult<Outcome> {
    let restore =
        (radiator.restore_on == Some(1), radiator.restore_setpoint.unwrap_or(radiator.setpoint));
    let temperature = radiator.temperature;
    match radiator.hold_key.as_deref() {
        Some(FROST) => {
            let warm = |floor: f64| temperature.is_some_and(|t| t >= floor + FROST_MARGIN);
            if automations.frost_floor.is_none_or(warm) {
                act(store, devices, radiator, FROST, restore, None, now).await?;
                return Ok(RELEASED);
            }
            Ok(STILL_HELD)
        }
        Some(key) => {
            let over = radiator.hold_until.is_none_or(|until| now.unix_timestamp() >= until);
            if over || automations.open_window.is_none() {
                act(store, devices, radiator, key, restore, None, now).await?;
                return Ok(RELEASED);
            }
            Ok(STILL_HELD)
        }
        None => {
            let Some(temperature) = temperature else { return Ok(LEFT_ALONE) };
            if let Some(floor) = automations.frost_floor
                && temperature < floor
                && (radiator.is_on == 0 || radiator.setpoint < floor)
            {
                let setpoint = floor.clamp(radiator.min_temperature, radiator.max_temperature);
                act(store, devices, radiator, FROST, (true, setpoint), Some(None), now).await?;
                return Ok(TAKEN);
            }
            if let Some(window) = automations.open_window
                && radiator.is_on == 1
                && let Some(warmest) =
                    warmest_while_on(recent, now.unix_timestamp() - window.within_minutes * 60)
                && warmest - temperature >= window.drop
            {
                let until = now.unix_timestamp() + window.off_minutes * 60;
                let off = (false, radiator.setpoint);
                act(store, devices, radiator, OPEN_WINDOW, off, Some(Some(until)), now).await?;
                return Ok(TAKEN);
            }
            Ok(LEFT_ALONE)
        }
    }
}

/// The warmest the room was since `since` (the business's own minutes for open-window
/// detection) and since the radiator last reported itself off: a room that cooled while its
/// radiator was off (held for an open window, say) is no window left open once it heats again.
fn warmest_while_on(readings: &[RecentReading], since: i64) -> Option<f64> {
    readings
        .iter()
        .rev()
        .take_while(|reading| reading.at >= since && reading.setpoint > 0.0)
        .map(|reading| reading.temperature)
        .reduce(f64::max)
}

/// On a working day at or after `at` (local time), once: every radiator of the business that is
/// on and not held is switched off. Answers whether it switched any off.
async fn end_of_day(
    store: &Store,
    devices: &Arc<dyn DeviceGateway>,
    business_id: i64,
    radiators: &[&Watched],
    at: crate::kernel::values::ClockTime,
    held: &HashSet<i64>,
    now: OffsetDateTime,
) -> ApiResult<bool> {
    let pool = store.reader();
    let settings = crate::business::read(pool, business_id).await?;
    let tz = crate::business::time_zone(&settings);
    let local =
        Timestamp::from_second(now.unix_timestamp()).unwrap_or(Timestamp::UNIX_EPOCH).to_zoned(tz);
    let day = local.date().to_string();
    let weekday = local.weekday().to_monday_one_offset() as u8;
    let minutes = i64::from(local.hour()) * 60 + i64::from(local.minute());
    let working = settings.working_days.contains(&weekday);
    if !working
        || minutes < at.minutes()
        || store::last_day(pool, business_id, END_OF_DAY).await?.as_deref() == Some(day.as_str())
    {
        return Ok(false);
    }
    let mut acted = false;
    for radiator in radiators.iter().copied() {
        if radiator.is_on == 0 || held.contains(&radiator.id) {
            continue;
        }
        acted = true;
        let author = Author::HeatDesk { business_id, by: by(END_OF_DAY) };
        let mut change = Change::begin(store.clone(), devices.clone(), author, now).await?;
        let (before, after) =
            radiators::set_state(&mut change, radiator.id, false, radiator.setpoint).await?;
        change
            .commit(Entry::new("automation", "radiator", radiator.id).before(&before).after(&after))
            .await?;
    }
    let mut tx = store.begin_write().await?;
    store::set_last_day(&mut tx, business_id, END_OF_DAY, &day).await?;
    store.commit(tx).await?;
    Ok(acted)
}

/// Each room's warm-up rate in °C per hour over the last week, for optimum start; a room with
/// no measured rise counts as warming a degree an hour.
pub async fn warm_up_rates(
    store: &Store,
    business_id: i64,
    now: OffsetDateTime,
) -> StoreResult<HashMap<i64, f64>> {
    let week_ago = now.unix_timestamp() - 7 * 24 * 3600;
    let rates = store::warm_up_rates(store.reader(), business_id, week_ago).await?;
    Ok(rates.into_iter().filter(|(_, rate)| *rate > 0.1).collect())
}

/// A room's warm-up rate when none was measured, °C per hour.
pub const DEFAULT_WARM_UP_PER_HOUR: f64 = 1.0;
