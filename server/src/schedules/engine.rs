//! The schedule engine: once a minute, on the one instance holding its lease, it works out for
//! every radiator the schedule in force — a radiator's own beats its room's, which beats its
//! zone's; among equals the one changed last — and when that schedule enters a new period (a
//! slot starts or ends, the schedule is changed or switched on) it sets the radiator to what the
//! period asks for. A manual change in between is left alone until the next period: that is
//! how it holds until the next slot boundary. Each change is recorded in the action history as
//! made by the schedule, and its radiators are sent their new state.

use std::sync::Arc;
use std::time::Duration;

use time::OffsetDateTime;

use super::in_force::InForce;
use super::program::Wanted;
use super::store::{self, RadiatorPlace};
use crate::clock::Clock;
use crate::devices::DeviceGateway;
use crate::error::ApiResult;
use crate::kernel::change::{Change, Entry};
use crate::kernel::lease::Lease;
use crate::radiators;
use crate::store::Store;

/// How long the engine's lease lasts: three rounds, so one late round does not lose it.
const LEASE_SECS: i64 = 180;

/// Runs the engine until the process ends, a round at the start of every minute.
pub async fn run(store: Store, devices: Arc<dyn DeviceGateway>, clock: Arc<dyn Clock>) {
    let lease = Lease::new("schedule-engine", LEASE_SECS);
    loop {
        let now = clock.now();
        match lease.acquire(&store, now.unix_timestamp()).await {
            Ok(true) => match tick(&store, &devices, now).await {
                Ok(0) => {}
                Ok(changed) => tracing::info!(changed, "schedules applied"),
                Err(error) => tracing::error!(?error, "the schedule engine failed"),
            },
            Ok(false) => {}
            Err(error) => tracing::error!(?error, "cannot take the schedule engine's lease"),
        }
        // A second into the next minute, so slots on the minute start on time.
        let into_minute = clock.now().unix_timestamp().rem_euclid(60) as u64;
        tokio::time::sleep(Duration::from_secs(61 - into_minute)).await;
    }
}

/// One round at `now`; answers how many radiators it changed.
pub async fn tick(
    store: &Store,
    devices: &Arc<dyn DeviceGateway>,
    now: OffsetDateTime,
) -> ApiResult<usize> {
    let reader = store.reader();
    let in_force = InForce::all(reader, None, now).await?;
    let mut changed = 0;
    for radiator in store::radiators(reader, None).await? {
        let result = match InForce::on(&in_force, &radiator) {
            Some(schedule) => apply(store, devices, &radiator, schedule, now).await,
            // No schedule in force on it any more.
            None if radiator.period_key.is_some() => {
                mark(store, radiator.id, None).await.map(|()| false)
            }
            None => Ok(false),
        };
        match result {
            Ok(true) => changed += 1,
            Ok(false) => {}
            Err(error) => {
                tracing::error!(radiator = radiator.id, ?error, "cannot apply a schedule")
            }
        }
    }
    Ok(changed)
}

/// Sets the radiator to what the schedule's period asks for, once per period; answers whether
/// it changed anything.
async fn apply(
    store: &Store,
    devices: &Arc<dyn DeviceGateway>,
    radiator: &RadiatorPlace,
    schedule: &InForce,
    now: OffsetDateTime,
) -> ApiResult<bool> {
    let key = schedule.period_key();
    if radiator.period_key.as_deref() == Some(key.as_str()) {
        return Ok(false);
    }
    let (on, setpoint) = match schedule.period.wanted {
        Wanted::Heat(setpoint) => {
            (true, setpoint.clamp(radiator.min_temperature, radiator.max_temperature))
        }
        Wanted::Off => (false, radiator.setpoint),
    };
    if (radiator.is_on == 1, radiator.setpoint) == (on, setpoint) {
        // Already so: nothing to record, but the period counts as applied.
        mark(store, radiator.id, Some(&key)).await?;
        return Ok(false);
    }
    let by = format!("schedule '{}'", schedule.schedule.name);
    let mut change =
        Change::begin_automatic(store.clone(), devices.clone(), radiator.business_id, by, now)
            .await?;
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
