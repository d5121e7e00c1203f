//! Stores what radiators report — the latest state of each, and a reading per radiator per
//! minute — in one transaction per batch, and pushes the changes to the live stream.

use std::collections::{HashMap, HashSet};

use super::known::Stored;
use super::live_hub::{LiveHub, LiveRadiator, LiveUpdate};
use super::open_hours::{OpenHour, State, close_open_hours, write_states};
use super::rollups::{LocalTimes, Reading, Rollup, Sums};
use super::{Report, counter_plausible};
use crate::clock::iso8601;
use sqlx::{AnyConnection, Row};

use crate::store::rows::{self, Value};
use crate::store::{Db, Store, StoreError, StoreResult, is_postgres};

/// The energy used since the last reading, from the device's counters; a counter that went
/// down means the device restarted and counted from zero since.
pub fn energy_since(previous_total: f64, total: f64) -> f64 {
    if total >= previous_total { total - previous_total } else { total }
}

/// Where a batch of reports comes from: the in-process fleet is believed (its time may run
/// faster than the clock); a device's energy counter is checked against its last one.
#[derive(Clone, Copy, PartialEq)]
pub enum Source {
    Fleet,
    Devices,
}

/// Stores a batch of reports received at `now` (unix seconds) and publishes them. Reports of
/// unknown uids are dropped; answers the uids of devices whose energy counter jumped further
/// than a radiator can count (their reports are dropped too).
pub async fn ingest(
    store: &Store,
    hub: &LiveHub,
    reports: &[Report],
    now: i64,
    source: Source,
) -> StoreResult<Vec<String>> {
    if reports.is_empty() {
        return Ok(Vec::new());
    }
    // A reading is new when its radiator's state has not seen its minute, so the readings go in
    // with a plain insert, the cheapest. One stored by another path (a back-filled history)
    // makes it fail; the batch is then stored again, skipping the readings already stored.
    let stored = match store_batch(store, hub, reports, now, source, Readings::New).await {
        Err(StoreError::Conflict { .. }) => {
            store_batch(store, hub, reports, now, source, Readings::SkipStored).await?
        }
        stored => stored?,
    };
    for (business_id, radiators) in stored.updates {
        hub.publish(LiveUpdate { business_id, radiators, settings_changed: false });
    }
    Ok(stored.refused)
}

/// How a batch's readings are inserted.
#[derive(Clone, Copy)]
enum Readings {
    /// As new: one stored already fails the insert.
    New,
    /// Skipping any stored already.
    SkipStored,
}

/// What a stored batch leaves to publish and to answer.
struct StoredBatch {
    updates: HashMap<i64, Vec<LiveRadiator>>,
    refused: Vec<String>,
}

/// Key of the PostgreSQL lock that ingest holds for its transaction ("hdingest" in ASCII); a
/// radiator moving between rooms takes it too (migration 0042).
const INGEST_LOCK: i64 = 0x6864_696e_6765_7374;

/// Stores a batch of reports in one transaction.
async fn store_batch(
    store: &Store,
    hub: &LiveHub,
    reports: &[Report],
    now: i64,
    source: Source,
    new_readings: Readings,
) -> StoreResult<StoredBatch> {
    let mut refused = Vec::new();
    let mut tx = store.begin_write().await?;
    // Every instance stores every report. Their batches take turns, so each reads the states the
    // others left and all of a batch's decisions below hold until it commits. (SQLite has one
    // writer.)
    if is_postgres(&tx) {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(INGEST_LOCK).execute(&mut *tx).await?;
    }
    // What this instance's last batch left, checked under the lock; a batch that fails leaves
    // nothing, and the next reads all it needs.
    let uids: Vec<&str> = reports.iter().map(|report| report.uid.as_str()).collect();
    let known = hub.take_known().load(&mut tx, store.id(), &uids).await?;
    let minute = now - now.rem_euclid(60);
    let fetched_intensity = crate::grid::fetched_at(&mut tx, minute).await?;
    let mut local_times = LocalTimes::default();
    // Per radiator: the minute's reading (its first report in a new minute), and the state its
    // last report leaves.
    let mut readings: HashMap<i64, Reading> = HashMap::new();
    let mut states: HashMap<i64, State> = HashMap::new();
    let mut updates: HashMap<i64, Vec<LiveRadiator>> = HashMap::new();
    let mut rollup = Rollup::default();
    let last_seen_at = iso8601(now);
    for report in reports {
        let Some(radiator) = known.get(report.uid.as_str()) else {
            continue;
        };
        let (id, last_seen) = (radiator.id, radiator.last_seen);
        if let Some(at) = radiator.first_report_at {
            rollup.first_report_stored(id, at);
        }
        if let (Source::Devices, Some(previous), Some(seen)) =
            (source, radiator.energy_wh_total, last_seen)
            && !counter_plausible(previous, report.energy_wh_total, now - seen)
        {
            refused.push(report.uid.clone());
            continue;
        }
        // A reading when this report is the radiator's first in a new minute.
        let new_minute = last_seen.is_none_or(|seen| seen - seen.rem_euclid(60) < minute);
        let baseline = radiator.reading_energy_wh_total.unwrap_or(report.energy_wh_total);
        if new_minute {
            readings.entry(id).or_insert(Reading {
                radiator_id: id,
                at: minute,
                energy_wh: energy_since(baseline, report.energy_wh_total),
                heating: report.power_w > 0.0,
                temperature: report.temperature,
                setpoint: if report.on { report.setpoint } else { 0.0 },
                power_w: report.power_w,
            });
        }
        let reading_total = if new_minute { report.energy_wh_total } else { baseline };
        states.insert(
            id,
            State {
                report,
                reading_total,
                business_id: radiator.business_id,
                zone: &radiator.time_zone,
                stored: last_seen.is_some(),
                open: radiator.open_hour.zip(radiator.open_day.as_deref()),
            },
        );
        updates.entry(radiator.business_id).or_default().push(LiveRadiator {
            id,
            room_id: radiator.room_id,
            current_temperature: report.temperature,
            power_w: report.power_w,
            heating: i64::from(report.heating),
            online: 1,
            last_seen: last_seen_at.clone(),
        });
    }
    // In radiator order, so concurrent writers take the rows' locks in the same order.
    let mut readings: Vec<Reading> = readings.into_values().collect();
    readings.sort_by_key(|reading| reading.radiator_id);
    let stored: HashSet<i64> = match new_readings {
        Readings::New => {
            insert_rows(&mut tx, "readings", "", &readings).await?;
            readings.iter().map(|reading| reading.radiator_id).collect()
        }
        Readings::SkipStored => insert_new_readings(&mut tx, &readings).await?,
    };
    // Every new reading goes to the business's rollups now, and to its radiator's open hour:
    // the stored one if the reading is of the same hour and day, a new one if it is later (the
    // stored one closes into the rollups). A reading earlier than the stored open hour (the
    // clock went back) goes to the radiator's rollups itself.
    let hour = minute - minute.rem_euclid(3600);
    let mut opened: HashMap<i64, OpenHour> = HashMap::new();
    let mut closing = Vec::new();
    for reading in readings.iter().filter(|reading| stored.contains(&reading.radiator_id)) {
        let id = reading.radiator_id;
        let Some(state) = states.get(&id) else { continue };
        let local = local_times.at(state.zone, minute);
        let sums = Sums::of(reading, local.intensity(fetched_intensity));
        rollup.add_to_business(state.business_id, reading, (hour, &local.day), &sums);
        match state.open {
            Some(open) if open > (hour, local.day.as_str()) => {
                rollup.add_to_radiator(state.business_id, id, (hour, &local.day), &sums);
                continue;
            }
            Some(open) if open < (hour, local.day.as_str()) => closing.push(id),
            _ => {}
        }
        opened.insert(id, OpenHour { business_id: state.business_id, day: local.day, sums });
    }
    close_open_hours(&mut tx, &closing, &opened, &mut rollup).await?;
    let mut states: Vec<(i64, State)> = states.into_iter().collect();
    states.sort_by_key(|(id, _)| *id);
    write_states(&mut tx, &states, now, hour, &opened).await?;
    rollup.write(&mut tx).await?;
    let kept: Vec<(String, Stored)> = states
        .iter()
        .map(|(id, state)| {
            let open = match opened.get(id) {
                Some(reading) => Some((hour, reading.day.clone())),
                None => state.open.map(|(hour, day)| (hour, day.to_owned())),
            };
            let stored = Stored {
                energy_wh_total: state.report.energy_wh_total,
                reading_energy_wh_total: state.reading_total,
                last_seen: now,
                open,
                reading_at: stored.contains(id).then_some(minute),
            };
            (state.report.uid.clone(), stored)
        })
        .collect();
    // New reports change what the business's views show (see `kernel/version_cache.rs`).
    let mut versions = Vec::new();
    for business_id in updates.keys() {
        let (version,): (i64,) = sqlx::query_as(
            "UPDATE businesses SET data_version = data_version + 1 WHERE id = $1
             RETURNING data_version",
        )
        .bind(business_id)
        .fetch_one(&mut *tx)
        .await?;
        versions.push((*business_id, version));
    }
    store.commit(tx).await?;
    let mut known = known;
    for (uid, stored) in kept {
        known.stored(&uid, stored);
    }
    for (business_id, version) in versions {
        known.moved(business_id, version);
    }
    hub.keep_known(known);
    Ok(StoredBatch { updates, refused })
}

/// Stores the readings, skipping any stored before; answers the radiators whose reading is new.
async fn insert_new_readings(
    db: &mut AnyConnection,
    readings: &[Reading],
) -> StoreResult<HashSet<i64>> {
    let mut stored = HashSet::new();
    let tail = "ON CONFLICT (radiator_id, at) DO NOTHING RETURNING radiator_id";
    for query in reading_statements(db, "readings", tail, readings) {
        for row in query.fetch_all(&mut *db).await? {
            stored.insert(row.try_get::<i64, _>(0)?);
        }
    }
    Ok(stored)
}

/// Every radiator's room temperature in its latest stored reading, by radiator id; one lookup
/// in the `(radiator_id, at)` index a radiator, however long the history.
pub async fn last_temperatures<'e>(db: impl Db<'e>) -> StoreResult<HashMap<i64, f64>> {
    let rows: Vec<(i64, Option<f64>)> = sqlx::query_as(
        "SELECT r.id, (SELECT t.temperature FROM readings t WHERE t.radiator_id = r.id
                       ORDER BY t.at DESC LIMIT 1)
         FROM radiators r",
    )
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().filter_map(|(id, temperature)| Some((id, temperature?))).collect())
}

/// Stores readings in bulk (a back-filled history), skipping any already stored; their rollups
/// are the caller's to add.
pub async fn insert_readings(db: &mut AnyConnection, readings: &[Reading]) -> StoreResult<()> {
    insert_rows(db, "readings", "ON CONFLICT (radiator_id, at) DO NOTHING", readings).await
}

/// Inserts readings into `table` (shaped like `readings`) with multi-row statements, each ending
/// in `tail`: also the bench's bare insert, which ingest is measured against.
pub async fn insert_rows(
    db: &mut AnyConnection,
    table: &str,
    tail: &str,
    readings: &[Reading],
) -> StoreResult<()> {
    for query in reading_statements(db, table, tail, readings) {
        query.execute(&mut *db).await?;
    }
    Ok(())
}

/// The statements inserting `readings` into `table`, each ending in `tail`.
fn reading_statements(
    db: &AnyConnection,
    table: &str,
    tail: &str,
    readings: &[Reading],
) -> Vec<crate::store::AnyQuery<'static>> {
    let sql = |rows: &str| {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO {table} (radiator_id, at, temperature, setpoint, power_w, energy_wh)
             {rows} {tail}"
        )))
    };
    rows::statements(db, readings, 0, sql, |reading| {
        vec![
            Value::from(reading.radiator_id),
            Value::from(reading.at),
            Value::from(reading.temperature),
            Value::from(reading.setpoint),
            Value::from(reading.power_w),
            Value::from(reading.energy_wh),
        ]
    })
}

/// Deletes raw readings taken before `before` (unix seconds); the rollups keep their sums.
/// Answers how many went.
pub async fn purge_readings(store: &Store, before: i64) -> StoreResult<u64> {
    store.write(sqlx::query("DELETE FROM readings WHERE at < $1").bind(before)).await
}

#[cfg(test)]
mod tests {
    use super::{INGEST_LOCK, energy_since};

    #[test]
    fn a_radiator_moving_between_rooms_takes_ingests_lock_by_its_key() {
        let migration = include_str!("../../migrations/postgres/0042_room_energy_daily.sql");
        assert!(migration.contains(&format!("pg_advisory_xact_lock({INGEST_LOCK})")));
    }

    #[test]
    fn energy_is_the_counter_difference_and_survives_a_restart() {
        assert_eq!(energy_since(100.0, 125.0), 25.0);
        assert_eq!(energy_since(100.0, 100.0), 0.0);
        // The device restarted and has counted 7 Wh since.
        assert_eq!(energy_since(100.0, 7.0), 7.0);
    }
}
