//! Stores what radiators report — the latest state of each, and a reading per radiator per
//! minute — in one transaction per batch, and pushes the changes to the live stream.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;
use tokio::sync::{broadcast, watch};
use utoipa::ToSchema;

use super::rollups::{LocalTimes, Reading, Rollup, Sums};
use super::{Report, counter_plausible};
use crate::clock::iso8601;
use sqlx::{AnyConnection, Row};

use crate::store::{AnyQuery, Store, StoreResult, placeholders, rows_per_statement};

/// A radiator's reported state as the live stream sends it.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct LiveRadiator {
    pub id: i64,
    pub room_id: Option<i64>,
    pub current_temperature: f64,
    pub power_w: f64,
    pub heating: i64,
    pub online: i64,
    pub last_seen: String,
}

/// One batch of reports for one business, or word that its radiators' settings changed.
#[derive(Clone, Debug)]
pub struct LiveUpdate {
    pub business_id: i64,
    pub radiators: Vec<LiveRadiator>,
    /// Settings changed (a schedule or an automation acted): streams send a fresh snapshot.
    pub settings_changed: bool,
}

/// Fans the stored reports out to every open live stream, counts the streams open under each
/// key (a session), and tells them when the server stops.
#[derive(Clone)]
pub struct LiveHub {
    updates: broadcast::Sender<LiveUpdate>,
    stopping: watch::Sender<bool>,
    open: Arc<Mutex<HashMap<String, usize>>>,
}

impl Default for LiveHub {
    fn default() -> Self {
        Self {
            // A subscriber that falls this many batches behind skips ahead (and gets a snapshot).
            updates: broadcast::channel(64).0,
            stopping: watch::channel(false).0,
            open: Arc::default(),
        }
    }
}

/// One open stream, counted under its key until dropped.
pub struct OpenStream {
    key: String,
    open: Arc<Mutex<HashMap<String, usize>>>,
}

impl Drop for OpenStream {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = open.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

impl LiveHub {
    pub fn subscribe(&self) -> broadcast::Receiver<LiveUpdate> {
        self.updates.subscribe()
    }

    /// Counts a new stream under `key`, unless `limit` are open under it already.
    pub fn open(&self, key: &str, limit: usize) -> Option<OpenStream> {
        let mut open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = open.entry(key.to_owned()).or_default();
        if *count >= limit {
            return None;
        }
        *count += 1;
        Some(OpenStream { key: key.to_owned(), open: self.open.clone() })
    }

    /// Tells every open stream, and every one opened later, that the server is stopping.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    /// Becomes true when the server is stopping.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    /// Tells the business's open streams that its radiators' settings changed.
    pub fn settings_changed(&self, business_id: i64) {
        self.publish(LiveUpdate { business_id, radiators: Vec::new(), settings_changed: true });
    }

    fn publish(&self, update: LiveUpdate) {
        // No open streams is not an error.
        let _ = self.updates.send(update);
    }
}

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

#[derive(sqlx::FromRow)]
struct KnownRadiator {
    uid: String,
    id: i64,
    business_id: i64,
    room_id: Option<i64>,
    /// The counter at the last report, and at the last reading.
    energy_wh_total: Option<f64>,
    reading_energy_wh_total: Option<f64>,
    last_seen: Option<i64>,
    /// The hour of its first report, once it has reported.
    first_report_hour: Option<i64>,
    /// The hour and local day whose sums its state holds (see [`OpenHour`]).
    open_hour: Option<i64>,
    open_day: Option<String>,
    /// Its business's time zone, whose days the daily rollups count.
    time_zone: String,
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
    let mut refused = Vec::new();
    if reports.is_empty() {
        return Ok(refused);
    }
    let mut tx = store.begin_write().await?;
    let rows = known_radiators(&mut tx, reports).await?;
    let known: HashMap<&str, &KnownRadiator> =
        rows.iter().map(|row| (row.uid.as_str(), row)).collect();
    let minute = now - now.rem_euclid(60);
    let fetched_intensity = crate::grid::fetched_at(&mut tx, minute).await?;
    let mut local_times = LocalTimes::default();
    // Per radiator: the minute's reading (its first report in a new minute), and the state its
    // last report leaves.
    let mut readings: HashMap<i64, Reading> = HashMap::new();
    let mut states: HashMap<i64, State> = HashMap::new();
    let mut updates: HashMap<i64, Vec<LiveRadiator>> = HashMap::new();
    for report in reports {
        let Some(radiator) = known.get(report.uid.as_str()) else {
            continue;
        };
        let (id, last_seen) = (radiator.id, radiator.last_seen);
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
            last_seen: iso8601(now),
        });
    }
    // In radiator order, so concurrent writers take the rows' locks in the same order.
    let mut readings: Vec<Reading> = readings.into_values().collect();
    readings.sort_by_key(|reading| reading.radiator_id);
    // Counted once: a reading stored before (a report sent twice) is not added again.
    let stored = insert_new_readings(&mut tx, &readings).await?;
    let mut rollup = Rollup::default();
    for radiator in &rows {
        if let Some(hour) = radiator.first_report_hour {
            rollup.first_hour_stored(radiator.id, hour);
        }
    }
    // Every new reading goes to the business's rollups now, and to its radiator's open hour.
    let hour = minute - minute.rem_euclid(3600);
    let mut opened: HashMap<i64, OpenHour> = HashMap::new();
    let mut closing = Vec::new();
    for reading in readings.iter().filter(|reading| stored.contains(&reading.radiator_id)) {
        let id = reading.radiator_id;
        let Some(state) = states.get(&id) else { continue };
        let local = local_times.at(state.zone, minute);
        let sums = Sums::of(reading, local.intensity(fetched_intensity));
        rollup.add_to_business(state.business_id, id, (hour, &local.day), &sums);
        if state.open.is_some_and(|open| open < (hour, local.day.as_str())) {
            closing.push(id);
        }
        opened.insert(id, OpenHour { business_id: state.business_id, day: local.day, sums });
    }
    close_open_hours(&mut tx, &closing, hour, &opened, &mut rollup).await?;
    let mut states: Vec<(i64, State)> = states.into_iter().collect();
    states.sort_by_key(|(id, _)| *id);
    let held = upsert_states(&mut tx, &states, now, hour, &opened).await?;
    // A reading the state did not take (its hour closed meanwhile) goes to the rollups itself.
    for (id, open) in &opened {
        let taken =
            matches!(held.get(id), Some((Some(at), Some(day))) if *at == hour && *day == open.day);
        if !taken {
            rollup.add_to_radiator(open.business_id, *id, (hour, &open.day), &open.sums);
        }
    }
    rollup.write(&mut tx).await?;
    // New reports change what the business's views show (see `kernel/version_cache.rs`).
    for business_id in updates.keys() {
        sqlx::query("UPDATE businesses SET data_version = data_version + 1 WHERE id = $1")
            .bind(business_id)
            .execute(&mut *tx)
            .await?;
    }
    store.commit(tx).await?;
    for (business_id, radiators) in updates {
        hub.publish(LiveUpdate { business_id, radiators, settings_changed: false });
    }
    Ok(refused)
}

/// Values per row of `radiator_states` and of `readings`, as written here.
const STATE_COLUMNS: usize = 15;
const READING_COLUMNS: usize = 6;

/// The radiators the reports name, with their last state and their business's time zone.
async fn known_radiators(
    db: &mut AnyConnection,
    reports: &[Report],
) -> StoreResult<Vec<KnownRadiator>> {
    let mut uids: Vec<&str> = reports.iter().map(|report| report.uid.as_str()).collect();
    uids.sort_unstable();
    uids.dedup();
    let mut rows = Vec::with_capacity(uids.len());
    for chunk in uids.chunks(rows_per_statement(db, 1)) {
        let sql = format!(
            "SELECT r.uid, r.id, r.business_id, r.room_id, s.energy_wh_total,
                 s.reading_energy_wh_total, s.last_seen, r.first_report_hour, s.open_hour, s.open_day,
                 COALESCE(b.time_zone, 'Europe/London') AS time_zone
             FROM radiators r LEFT JOIN radiator_states s ON s.radiator_id = r.id
             LEFT JOIN business_settings b ON b.business_id = r.business_id
             WHERE r.uid IN {}",
            placeholders(1, chunk.len())
        );
        let query = chunk
            .iter()
            .fold(sqlx::query_as(sqlx::AssertSqlSafe(sql)), |query, uid| query.bind(*uid));
        rows.extend(query.fetch_all(&mut *db).await?);
    }
    Ok(rows)
}

/// What a radiator's last report in a batch leaves in its state.
struct State<'a> {
    report: &'a Report,
    /// The counter at the radiator's last reading.
    reading_total: f64,
    /// Its business, and that business's time zone.
    business_id: i64,
    zone: &'a str,
    /// The hour and local day whose sums the stored state holds (see [`OpenHour`]).
    open: Option<(i64, &'a str)>,
}

/// A radiator's readings in the UTC hour it is reporting in, summed in its state row until a
/// reading of a later hour moves them into its rollups: the state is written with every report
/// anyway, so a reading costs no rollup rows of its radiator's until its hour closes. Where a
/// UTC hour spans two local days (a zone half an hour off UTC), each day's part is an open hour
/// of its own.
struct OpenHour {
    business_id: i64,
    /// The reading's local day.
    day: String,
    sums: Sums,
}

/// The columns of the open hour's sums, as `radiator_states` names them after `open_`.
const OPEN_SUMS: [&str; 6] =
    ["energy_wh", "heating_minutes", "temperature_sum", "setpoint_sum", "co2_g", "readings"];

/// Moves into the rollups the open hours, before `hour` and the new reading's day, of the
/// radiators `closing`. On PostgreSQL the rows are locked and read again, so that of several
/// instances storing the same report only the first closes the hour (the others then find it
/// open at `hour`).
async fn close_open_hours(
    db: &mut AnyConnection,
    closing: &[i64],
    hour: i64,
    opened: &HashMap<i64, OpenHour>,
    rollup: &mut Rollup,
) -> StoreResult<()> {
    let lock =
        if db.backend_name().eq_ignore_ascii_case("postgresql") { " FOR UPDATE" } else { "" };
    let sums = OPEN_SUMS.map(|column| format!("open_{column}")).join(", ");
    for chunk in closing.chunks(rows_per_statement(db, 1)) {
        let sql = format!(
            "SELECT radiator_id, open_hour, open_day, {sums} FROM radiator_states
             WHERE radiator_id IN {} AND open_readings > 0{lock}",
            placeholders(1, chunk.len()),
        );
        let query = chunk.iter().fold(sqlx::query(sqlx::AssertSqlSafe(sql)), |q, id| q.bind(*id));
        for row in query.fetch_all(&mut *db).await? {
            let id: i64 = row.try_get(0)?;
            let (closed, day): (i64, String) = (row.try_get(1)?, row.try_get(2)?);
            // Read again: another instance may have closed it and opened this hour already.
            let Some(open) = opened.get(&id).filter(|open| (closed, &day) < (hour, &open.day))
            else {
                continue;
            };
            let sums = Sums {
                energy_wh: row.try_get(3)?,
                heating_minutes: row.try_get(4)?,
                temperature_sum: row.try_get(5)?,
                setpoint_sum: row.try_get(6)?,
                co2_g: row.try_get(7)?,
                readings: row.try_get(8)?,
            };
            rollup.add_to_radiator(open.business_id, id, (closed, &day), &sums);
        }
    }
    Ok(())
}

/// Writes the radiators' states, each new reading (`opened`, in `hour`) added to its open hour,
/// or starting it where the stored one is earlier (closed by [`close_open_hours`]). Answers the
/// open hour and day each state holds after the write.
async fn upsert_states(
    db: &mut AnyConnection,
    states: &[(i64, State<'_>)],
    now: i64,
    hour: i64,
    opened: &HashMap<i64, OpenHour>,
) -> StoreResult<HashMap<i64, (Option<i64>, Option<String>)>> {
    let starts = "excluded.open_hour IS NOT NULL AND (radiator_states.open_hour IS NULL
        OR radiator_states.open_hour < excluded.open_hour
        OR (radiator_states.open_hour = excluded.open_hour
            AND radiator_states.open_day < excluded.open_day))";
    let same = "radiator_states.open_hour = excluded.open_hour
        AND radiator_states.open_day = excluded.open_day";
    let sums = OPEN_SUMS
        .map(|column| {
            let (stored, new) = (format!("radiator_states.open_{column}"), format!("excluded.open_{column}"));
            format!("open_{column} = CASE WHEN {starts} THEN {new} WHEN {same} THEN {stored} + {new} ELSE {stored} END")
        })
        .join(",\n");
    let columns = OPEN_SUMS.map(|column| format!("open_{column}")).join(", ");
    let mut held = HashMap::new();
    for chunk in states.chunks(rows_per_statement(db, STATE_COLUMNS)) {
        let sql = format!(
            "INSERT INTO radiator_states (radiator_id, temperature, power_w, heating,
                 energy_wh_total, reading_energy_wh_total, last_seen, open_hour, open_day, {columns})
             VALUES {}
             ON CONFLICT (radiator_id) DO UPDATE SET temperature = excluded.temperature,
                 power_w = excluded.power_w, heating = excluded.heating,
                 energy_wh_total = excluded.energy_wh_total,
                 reading_energy_wh_total = excluded.reading_energy_wh_total,
                 last_seen = excluded.last_seen,
                 {sums},
                 open_day = CASE WHEN {starts} THEN excluded.open_day ELSE radiator_states.open_day END,
                 open_hour = CASE WHEN {starts} THEN excluded.open_hour ELSE radiator_states.open_hour END
             RETURNING radiator_id, open_hour, open_day",
            placeholders(chunk.len(), STATE_COLUMNS)
        );
        let query =
            chunk.iter().fold(sqlx::query(sqlx::AssertSqlSafe(sql)), |query, (id, state)| {
                let open = opened.get(id);
                let sums = open.map(|open| open.sums).unwrap_or_default();
                query
                    .bind(*id)
                    .bind(state.report.temperature)
                    .bind(state.report.power_w)
                    .bind(i64::from(state.report.heating))
                    .bind(state.report.energy_wh_total)
                    .bind(state.reading_total)
                    .bind(now)
                    .bind(open.map(|_| hour))
                    .bind(open.map(|open| open.day.clone()))
                    .bind(sums.energy_wh)
                    .bind(sums.heating_minutes)
                    .bind(sums.temperature_sum)
                    .bind(sums.setpoint_sum)
                    .bind(sums.co2_g)
                    .bind(sums.readings)
            });
        for row in query.fetch_all(&mut *db).await? {
            let open: (Option<i64>, Option<String>) = (row.try_get(1)?, row.try_get(2)?);
            held.insert(row.try_get::<i64, _>(0)?, open);
        }
    }
    Ok(held)
}

/// Stores the readings, skipping any stored before; answers the radiators whose reading is new.
async fn insert_new_readings(
    db: &mut AnyConnection,
    readings: &[Reading],
) -> StoreResult<std::collections::HashSet<i64>> {
    let mut stored = std::collections::HashSet::new();
    for chunk in readings.chunks(rows_per_statement(db, READING_COLUMNS)) {
        let sql = rows_sql(
            "readings",
            chunk.len(),
            "ON CONFLICT (radiator_id, at) DO NOTHING RETURNING radiator_id",
        );
        let rows =
            bind_readings(sqlx::query(sqlx::AssertSqlSafe(sql)), chunk).fetch_all(&mut *db).await?;
        for row in rows {
            stored.insert(row.try_get::<i64, _>(0)?);
        }
    }
    Ok(stored)
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
    for chunk in readings.chunks(rows_per_statement(db, READING_COLUMNS)) {
        let sql = rows_sql(table, chunk.len(), tail);
        bind_readings(sqlx::query(sqlx::AssertSqlSafe(sql)), chunk).execute(&mut *db).await?;
    }
    Ok(())
}

/// Binds the readings' values, row by row, to a statement from [`rows_sql`].
fn bind_readings<'q>(query: AnyQuery<'q>, readings: &[Reading]) -> AnyQuery<'q> {
    readings.iter().fold(query, |query, reading| {
        query
            .bind(reading.radiator_id)
            .bind(reading.at)
            .bind(reading.temperature)
            .bind(reading.setpoint)
            .bind(reading.power_w)
            .bind(reading.energy_wh)
    })
}

/// `INSERT INTO table (the readings' columns) VALUES` `rows` rows of parameters, then `tail`.
fn rows_sql(table: &str, rows: usize, tail: &str) -> String {
    format!(
        "INSERT INTO {table} (radiator_id, at, temperature, setpoint, power_w, energy_wh)
         VALUES {} {tail}",
        placeholders(rows, READING_COLUMNS)
    )
}

/// Deletes raw readings taken before `before` (unix seconds); the rollups keep their sums.
/// Answers how many went.
pub async fn purge_readings(store: &Store, before: i64) -> StoreResult<u64> {
    store.write(sqlx::query("DELETE FROM readings WHERE at < $1").bind(before)).await
}

#[cfg(test)]
mod tests {
    use super::energy_since;

    #[test]
    fn energy_is_the_counter_difference_and_survives_a_restart() {
        assert_eq!(energy_since(100.0, 125.0), 25.0);
        assert_eq!(energy_since(100.0, 100.0), 0.0);
        // The device restarted and has counted 7 Wh since.
        assert_eq!(energy_since(100.0, 7.0), 7.0);
    }
}
