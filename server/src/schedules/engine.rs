//! The schedule engine: once a minute, on the one instance holding its lease, it works out for
//! every radiator the schedule in force — a radiator's own beats its room's, which beats its
//! zone's; among equals the one changed last — and when that schedule enters a new period (a
//! slot starts or ends, the schedule is changed or switched on) it sets the radiator to what the
//! period asks for. A manual change in between is left alone until the next period: that is
//! how it holds until the next slot boundary. Each change is recorded in the action history as
//! made by the schedule, and its radiators are sent their new state.

use std::sync::Arc;
use std::time::Duration;

use jiff::Timestamp;
use time::OffsetDateTime;

use super::domain::{program, time_zone};
use super::program::{Period, Wanted};
use super::store::{self, RadiatorPlace, ScheduleRow};
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

/// A schedule in force now, with its period.
struct InForce {
    schedule: ScheduleRow,
    period: Period,
    targets: Vec<i64>,
}

impl InForce {
    /// How strongly the schedule holds the radiator: a radiator's own schedule beats its room's,
    /// which beats its zone's; among equals the one changed last wins. `None`: not its schedule.
    fn claim_on(&self, radiator: &RadiatorPlace) -> Option<(u8, i64, i64)> {
        let (rank, place) = match self.schedule.schedule_for.as_str() {
            "radiator" => (3, Some(radiator.id)),
            "room" => (2, radiator.room_id),
            _ => (1, radiator.zone_id),
        };
        place
            .filter(|id| self.targets.contains(id))
            .map(|_| (rank, self.schedule.revision, self.schedule.id))
    }

    /// Names the period: a radiator is set once per period.
    fn period_key(&self) -> String {
        let Self { schedule, period, .. } = self;
        format!("{}:{}:{}", schedule.id, schedule.revision, period.start.as_second())
    }
}

/// One round at `now`; answers how many radiators it changed.
pub async fn tick(
    store: &Store,
    devices: &Arc<dyn DeviceGateway>,
    now: OffsetDateTime,
) -> ApiResult<usize> {
    let at = Timestamp::from_second(now.unix_timestamp()).unwrap_or(Timestamp::UNIX_EPOCH);
    let reader = store.reader();
    let targets = store::targets(reader, None).await?;
    let in_force: Vec<InForce> = store::enabled(reader)
        .await?
        .into_iter()
        .filter_map(|(schedule, zone)| {
            let period = program(&schedule).period_at(&time_zone(&zone), at)?;
            let targets =
                targets.iter().filter(|(id, _)| *id == schedule.id).map(|&(_, t)| t).collect();
            Some(InForce { schedule, period, targets })
        })
        .collect();
    let mut changed = 0;
    for radiator in store::radiators(reader, None).await? {
        let schedules = in_force.iter().filter(|s| s.schedule.business_id == radiator.business_id);
        let chosen = schedules
            .filter_map(|s| Some((s.claim_on(&radiator)?, s)))
            .max_by_key(|(claim, _)| *claim);
        let result = match chosen {
            Some((_, schedule)) => apply(store, devices, &radiator, schedule, now).await,
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
