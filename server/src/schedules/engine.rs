//! The schedule engine: once a minute, and at once after a change that moves what holds a
//! radiator (`Change::reschedule`: a schedule saved, a radiator placed), on the one instance
//! holding its lease, it works out for every radiator the schedule that holds it
//! (`in_force.rs`) and when that schedule enters a new period, or another takes over (a slot
//! starts or ends, a schedule is changed or switched on), it sets the radiator to what the
//! period asks for. A manual change in between is left alone until the next period: that is
//! how it holds until the next slot boundary. Each radiator's change is recorded in the action
//! history as made by the schedule, and the radiator is sent its new state; those a schedule
//! sets in a round are one change of their business, one commit. Each round first runs the
//! automations (`automations/rules.rs`): a radiator they hold is left alone, optimum start may
//! apply a slot early, and eco lowers setpoints while the business is over budget.

use std::collections::{BTreeMap, HashMap};
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
    // What each radiator's schedule asks of it: the periods already so, or no longer held by
    // any schedule, noted together; the radiators to set, by business and by what the history
    // names as setting them, each group one change.
    let mut marks = Vec::new();
    let mut to_set: BTreeMap<(i64, String), Vec<Setting>> = BTreeMap::new();
    for radiator in store::radiators(reader, None).await? {
        if round.held.contains(&radiator.id) {
            continue;
        }
        let adjustments = adjustments.get(&radiator.business_id).cloned().unwrap_or_default();
        let theirs = in_force.get(&radiator.business_id).map_or(&[][..], Vec::as_slice);
        match InForce::on(theirs, &radiator) {
            Some(hold) => match step(&radiator, &hold, &adjustments, now) {
                Step::Applied => {}
                Step::AlreadySo(key) => marks.push((radiator.id, Some(key))),
                Step::Set(by, setting) => {
                    to_set.entry((radiator.business_id, by)).or_default().push(setting);
                }
            },
            None if radiator.period_key.is_some() => marks.push((radiator.id, None)),
            None => {}
        }
    }
    if let Err(error) = mark(store, &marks).await {
        tracing::error!(?error, "cannot note the schedules' periods applied");
    }
    let mut changed = 0;
    for ((business_id, by), settings) in to_set {
        let set = apply(store, devices, business_id, &by, settings, now).await;
        if set > 0 {
            changed += set;
            businesses_changed.insert(business_id);
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

/// What a radiator's schedule asks of it this round.
enum Step {
    /// Its period is applied already.
    Applied,
    /// A new period that asks for what it has: only noted, under this key.
    AlreadySo(String),
    /// To be set, by the schedule the history names so.
    Set(String, Setting),
}

/// A radiator to set to what its period asks for.
struct Setting {
    radiator_id: i64,
    period_key: String,
    on: bool,
    setpoint: f64,
}

/// What the schedule holding the radiator asks of it: its period is applied once.
fn step(
    radiator: &RadiatorPlace,
    hold: &Hold<'_>,
    adjustments: &Adjustments,
    now: OffsetDateTime,
) -> Step {
    let (schedule, period, early) = period_to_apply(radiator, hold, adjustments, now);
    let eco = adjustments.eco_lower_by;
    let period_key = schedule.period_key(period, eco.is_some());
    if radiator.period_key.as_deref() == Some(period_key.as_str()) {
        return Step::Applied;
    }
    let (on, setpoint) = match period.wanted {
        Wanted::Heat(setpoint) => {
            let setpoint = setpoint - eco.unwrap_or(0.0);
            (true, setpoint.clamp(radiator.min_temperature, radiator.max_temperature))
        }
        Wanted::Off => (false, radiator.setpoint),
    };
    if (radiator.is_on == 1, radiator.setpoint) == (on, setpoint) {
        return Step::AlreadySo(period_key);
    }
    let name = &schedule.schedule.name;
    let by = match (early, eco.is_some()) {
        (true, _) => format!("schedule '{name}' (optimum start)"),
        (false, true) => format!("schedule '{name}' (eco: over budget)"),
        (false, false) => format!("schedule '{name}'"),
    };
    Step::Set(by, Setting { radiator_id: radiator.id, period_key, on, setpoint })
}

/// Sets a business's radiators as `by` asks, each recorded in the history, in one change: a
/// slot that starts on a whole building is one commit, not one a radiator. Should that fail,
/// each radiator is set in a change of its own, so that one cannot hold back the rest. Answers
/// how many were set.
async fn apply(
    store: &Store,
    devices: &Arc<dyn DeviceGateway>,
    business_id: i64,
    by: &str,
    settings: Vec<Setting>,
    now: OffsetDateTime,
) -> usize {
    match set(store, devices, business_id, by, &settings, now).await {
        Ok(()) => return settings.len(),
        Err(error) => {
            tracing::warn!(business_id, ?error, "setting a schedule's radiators one by one")
        }
    }
    let mut set_alone = 0;
    for setting in &settings {
        match set(store, devices, business_id, by, std::slice::from_ref(setting), now).await {
            Ok(()) => set_alone += 1,
            Err(error) => {
                let radiator = setting.radiator_id;
                tracing::error!(radiator, ?error, "cannot apply a schedule");
            }
        }
    }
    set_alone
}

/// Sets the radiators in one change of the business, made by `by`, each with its entry.
async fn set(
    store: &Store,
    devices: &Arc<dyn DeviceGateway>,
    business_id: i64,
    by: &str,
    settings: &[Setting],
    now: OffsetDateTime,
) -> ApiResult<()> {
    let author = Author::HeatDesk { business_id, by: by.to_owned() };
    let mut change = Change::begin(store.clone(), devices.clone(), author, now).await?;
    let mut entries = Vec::with_capacity(settings.len());
    for Setting { radiator_id, period_key, on, setpoint } in settings {
        store::mark_applied(change.db(), *radiator_id, Some(period_key)).await?;
        let (before, after) =
            radiators::set_state(&mut change, *radiator_id, *on, *setpoint).await?;
        entries
            .push(Entry::new("schedule", "radiator", *radiator_id).before(&before).after(&after));
    }
    let mut entries = entries.into_iter();
    let Some(first) = entries.next() else { return Ok(()) };
    // The first radiator's entry is the change's own; the others' are recorded with it.
    for entry in entries {
        change.also(entry);
    }
    change.commit(first).await?;
    Ok(())
}

/// Notes the periods applied to the radiators (`None`: none), in one write of their own.
async fn mark(store: &Store, marks: &[(i64, Option<String>)]) -> ApiResult<()> {
    if marks.is_empty() {
        return Ok(());
    }
    let mut tx = store.begin_write().await?;
    for (radiator_id, period_key) in marks {
        store::mark_applied(&mut tx, *radiator_id, period_key.as_deref()).await?;
    }
    store.commit(tx).await?;
    Ok(())
}
