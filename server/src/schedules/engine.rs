//! The schedule engine: once a minute, and at once after a change that moves what holds a
//! radiator (`Change::reschedule`: a schedule saved, a radiator placed), on the one instance
//! holding its lease, it works out for every radiator the schedule that holds it
//! (`in_force.rs`) and when that schedule enters a new period, or another takes over (a slot
//! starts or ends, a schedule is changed or switched on), it sets the radiator to what the
//! period asks for. A manual change in between is left alone until the next period: that is
//! how it holds until the next slot boundary. Each change is recorded in the action history as
//! made by the schedule, and its radiators are sent their new state. Each round first runs the
//! automations (`automations/rules.rs`): a radiator they hold is left alone, optimum start may
//! apply a slot early, and eco lowers setpoints while the business is over budget.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use time::OffsetDateTime;
use tokio::sync::Notify;

use super::in_force::{Hold, InForce};
use super::program::{Period, Wanted};
use super::store::{self, RadiatorPlace};
use crate::automations::{self, Budget, DEFAULT_WARM_UP_PER_HOUR, warm_up_rates};
use crate::clock::Clock;
use crate::devices::DeviceGateway;
use crate::devices::live_hub::LiveHub;
use crate::error::ApiResult;
use crate::kernel::change::{Author, Change, Entry};
use crate::radiators;
use crate::store::Store;
use crate::store::lease::Lease;

/// How long the engine's lease lasts: three rounds, so one late round does not lose it.
const LEASE_SECS: i64 = 180;

/// Starts the engine: its first round now, so that the devices get the schedules in force
/// before they first report (after a restart, a room its schedule has off is not heated for a
/// minute), then a round at the start of every minute until the process ends, and one
/// whenever `wake` is notified (`Change::reschedule`).
pub async fn start(
    store: Store,
    devices: Arc<dyn DeviceGateway>,
    live: LiveHub,
    budget: Arc<dyn Budget>,
    clock: Arc<dyn Clock>,
    wake: Arc<Notify>,
) {
    let lease = Lease::new("schedule-engine", LEASE_SECS);
    round(&lease, &store, &devices, &live, budget.as_ref(), clock.now()).await;
    tokio::spawn(async move {
        loop {
            // A second into the next minute, so slots on the minute start on time.
            let into_minute = clock.now().unix_timestamp().rem_euclid(60) as u64;
            let minute = tokio::time::sleep(Duration::from_secs(61 - into_minute));
            tokio::select! {
                () = minute => {}
                () = wake.notified() => {}
            }
            round(&lease, &store, &devices, &live, budget.as_ref(), clock.now()).await;
        }
    });
}

/// A round, when this instance holds the engine's lease; its outcome is logged.
async fn round(
    lease: &Lease,
    store: &Store,
    devices: &Arc<dyn DeviceGateway>,
    live: &LiveHub,
    budget: &dyn Budget,
    now: OffsetDateTime,
) {
    match lease.acquire(store, now.unix_timestamp()).await {
        Ok(true) => {
            let started = std::time::Instant::now();
            let round = tick(store, devices, live, budget, now).await;
            let ms = started.elapsed().as_millis() as u64;
            match round {
                Ok(0) => tracing::debug!(ms, "schedule round"),
                Ok(changed) => tracing::info!(changed, ms, "schedules applied"),
                Err(error) => tracing::error!(?error, "the schedule engine failed"),
            }
        }
        Ok(false) => {}
        Err(error) => tracing::error!(?error, "cannot take the schedule engine's lease"),
    }
}

/// What a business's automations change in how its schedules are applied.
#[derive(Clone, Debug, Default)]
struct Adjustments {
    /// Optimum start: how early a slot may start, minutes, and each room's warm-up rate.
    optimum_start: Option<(i64, HashMap<i64, f64>)>,
    /// Eco, while the business is over its budget: how much lower every setpoint is.
    eco_lower_by: Option<f64>,
}

/// One round at `now`: the automations, then every radiator not held by one gets its schedule
/// in force; the live streams of the businesses whose radiators changed get a fresh snapshot.
/// Answers how many radiators the schedules changed.
pub async fn tick(
    store: &Store,
    devices: &Arc<dyn DeviceGateway>,
    live: &LiveHub,
    budget: &dyn Budget,
    now: OffsetDateTime,
) -> ApiResult<usize> {
    let round = automations::rules::run(store, devices, now).await?;
    let mut businesses_changed = round.businesses_changed.clone();
    let mut adjustments: HashMap<i64, Adjustments> = HashMap::new();
    for (&business_id, enabled) in &round.enabled {
        let optimum_start = match enabled.optimum_start_minutes {
            Some(most) => Some((most, warm_up_rates(store, business_id, now).await?)),
            None => None,
        };
        let eco_lower_by = match enabled.eco_lower_by {
            Some(by) if budget.over_budget(store, business_id, now).await? => Some(by),
            _ => None,
        };
        adjustments.insert(business_id, Adjustments { optimum_start, eco_lower_by });
    }
    let reader = store.reader();
    // By business, so that each radiator looks through its own business's schedules only.
    let mut in_force: HashMap<i64, Vec<InForce>> = HashMap::new();
    for schedule in InForce::all(reader, None, now).await? {
        in_force.entry(schedule.schedule.business_id).or_default().push(schedule);
    }
    let mut changed = 0;
    for radiator in store::radiators(reader, None).await? {
        if round.held.contains(&radiator.id) {
            continue;
        }
        let adjustments = adjustments.get(&radiator.business_id).cloned().unwrap_or_default();
        let theirs = in_force.get(&radiator.business_id).map_or(&[][..], Vec::as_slice);
        let result = match InForce::on(theirs, &radiator) {
            Some(hold) => apply(store, devices, &radiator, &hold, &adjustments, now).await,
            // No schedule in force on it any more.
            None if radiator.period_key.is_some() => {
                mark(store, radiator.id, None).await.map(|()| false)
            }
            None => Ok(false),
        };
        match result {
            Ok(true) => {
                changed += 1;
                businesses_changed.insert(radiator.business_id);
            }
            Ok(false) => {}
            Err(error) => {
                tracing::error!(radiator = radiator.id, ?error, "cannot apply a schedule")
            }
        }
    }
    for business_id in businesses_changed {
        live.settings_changed(business_id);
    }
    Ok(changed)
}

/// The period to apply now, with its schedule: the one holding the radiator, or with optimum
/// start the next one when it heats more and the room needs the time to warm up (at its
/// measured rate, up to the limit).
fn period_to_apply<'a>(
    radiator: &RadiatorPlace,
    hold: &'a Hold<'a>,
    adjustments: &Adjustments,
    now: OffsetDateTime,
) -> (&'a InForce, &'a Period, bool) {
    let current = (hold.schedule, &hold.period, false);
    let (Some((most, rates)), Some((next_schedule, next))) =
        (&adjustments.optimum_start, &hold.next)
    else {
        return current;
    };
    let Wanted::Heat(target) = next.wanted else { return current };
    let heats_less = match hold.period.wanted {
        Wanted::Off => true,
        Wanted::Heat(setpoint) => setpoint < target,
    };
    let Some(temperature) = radiator.temperature.filter(|t| heats_less && *t < target) else {
        return current;
    };
    let rate = radiator.room_id.and_then(|room| rates.get(&room).copied());
    let rate = rate.unwrap_or(DEFAULT_WARM_UP_PER_HOUR);
    let lead_minutes = (((target - temperature) / rate) * 60.0).ceil() as i64;
    // Counted back from when the next period takes the radiator over: another schedule's slot
    // may have begun before then.
    let starts = hold.period.end.as_second() - lead_minutes.min(*most) * 60;
    if now.unix_timestamp() >= starts { (*next_schedule, next, true) } else { current }
}

/// Sets the radiator to what the schedule asks for, once per period; answers whether it
/// changed anything.
async fn apply(
    store: &Store,
    devices: &Arc<dyn DeviceGateway>,
    radiator: &RadiatorPlace,
    hold: &Hold<'_>,
    adjustments: &Adjustments,
    now: OffsetDateTime,
) -> ApiResult<bool> {
    let (schedule, period, early) = period_to_apply(radiator, hold, adjustments, now);
    let eco = adjustments.eco_lower_by;
    let key = schedule.period_key(period, eco.is_some());
    if radiator.period_key.as_deref() == Some(key.as_str()) {
        return Ok(false);
    }
    let (on, setpoint) = match period.wanted {
        Wanted::Heat(setpoint) => {
            let setpoint = setpoint - eco.unwrap_or(0.0);
            (true, setpoint.clamp(radiator.min_temperature, radiator.max_temperature))
        }
        Wanted::Off => (false, radiator.setpoint),
    };
    if (radiator.is_on == 1, radiator.setpoint) == (on, setpoint) {
        // Already so: nothing to record, but the period counts as applied.
        mark(store, radiator.id, Some(&key)).await?;
        return Ok(false);
    }
    let name = &schedule.schedule.name;
    let by = match (early, eco.is_some()) {
        (true, _) => format!("schedule '{name}' (optimum start)"),
        (false, true) => format!("schedule '{name}' (eco: over budget)"),
        (false, false) => format!("schedule '{name}'"),
    };
    let author = Author::HeatDesk { business_id: radiator.business_id, by };
    let mut change = Change::begin(store.clone(), devices.clone(), author, now).await?;
    store::mark_applied(change.db(), radiator.id, Some(&key)).await?;
    let (before, after) = radiators::set_state(&mut change, radiator.id, on, setpoint).await?;
    let entry = Entry::new("schedule", "radiator", radiator.id).before(&before).after(&after);
    change.commit(entry).await?;
    Ok(true)
}

/// Notes the period applied to the radiator (`None`: none) in a write of its own.
async fn mark(store: &Store, radiator_id: i64, period_key: Option<&str>) -> ApiResult<()> {
    let mut tx = store.begin_write().await?;
    store::mark_applied(&mut tx, radiator_id, period_key).await?;
    store.commit(tx).await?;
    Ok(())
}
