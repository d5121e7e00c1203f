//! Energy rollups: the hourly, daily and monthly rows of each radiator (with the open hour its
//! state holds), and the hourly and daily rows of its business, equal the sums of the raw
//! readings they were built from (CO2 too, at each reading's local month and half-hour), over
//! random readings across midnight and both clock changes in the business's zone, and across
//! a midnight that falls within a UTC hour; also when two instances store the reports (each
//! some, and the same ones at once), when a reading was stored by another path, and when a
//! change comes between two batches (ingest keeps the radiators between batches).

use std::collections::BTreeMap;

use heatdesk::devices::Report;
use heatdesk::devices::live_hub::LiveHub;
use heatdesk::devices::rollups::Reading;
use heatdesk::devices::telemetry::{Source, ingest, insert_readings};
use heatdesk::grid::modelled_intensity as intensity;
use heatdesk::store::Store;
use jiff::Timestamp;
use jiff::tz::TimeZone;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::StatusCode;
use serde_json::json;

use crate::store_tests;
use crate::support::{Db, TestApp};

store_tests!(
    rollups_equal_the_sums_of_their_readings_across_midnight_and_clock_changes,
    rollups_split_a_utc_hour_at_local_midnight,
    a_reading_stored_already_is_neither_stored_nor_counted_again,
    a_change_between_batches_is_seen_by_the_next,
);

/// Per bucket: energy (Wh), heating minutes, temperature sum, setpoint sum, CO2 (g), readings.
type Sums = BTreeMap<(i64, String), (f64, i64, f64, f64, f64, i64)>;

/// A rollup row: radiator (or business), hour, day or month, then the sums as in [`Sums`].
type RollupRow = (i64, String, f64, i64, f64, f64, f64, i64);

fn add(sums: &mut Sums, key: (i64, String), row: (f64, i64, f64, f64, f64)) {
    let e = sums.entry(key).or_default();
    *e = (e.0 + row.0, e.1 + row.1, e.2 + row.2, e.3 + row.3, e.4 + row.4, e.5 + 1);
}

fn assert_same(what: &str, expected: &Sums, stored: &Sums) {
    assert_eq!(expected.keys().collect::<Vec<_>>(), stored.keys().collect::<Vec<_>>(), "{what}");
    for (key, want) in expected {
        let got = stored[key];
        let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
        assert!(
            close(want.0, got.0)
                && want.1 == got.1
                && close(want.2, got.2)
                && close(want.3, got.3)
                && close(want.4, got.4)
                && want.5 == got.5,
            "{what} {key:?}: readings say {want:?}, the rollup {got:?}"
        );
    }
}

async fn rollups_equal_the_sums_of_their_readings_across_midnight_and_clock_changes(app: TestApp) {
    // Around both clock changes of 2026, through midnight.
    let starts = ["2026-03-28T21:00:00Z", "2026-10-24T21:00:00Z"];
    let readings = rollups_match_readings(app, "Europe/London", &starts, None).await;
    // The local days of the clock changes (23 and 25 hours) are among them.
    let london = TimeZone::get("Europe/London").unwrap();
    let days: Vec<String> = readings
        .iter()
        .map(|(_, at)| {
            Timestamp::from_second(*at).unwrap().to_zoned(london.clone()).date().to_string()
        })
        .collect();
    assert!(days.iter().any(|day| day == "2026-03-29"));
    assert!(days.iter().any(|day| day == "2026-10-25"));
}

/// Kolkata is UTC+5:30: its midnight, at 18:30 UTC, splits a UTC hour between two local days.
async fn rollups_split_a_utc_hour_at_local_midnight(app: TestApp) {
    let start = ["2026-03-28T12:00:00Z"];
    let readings = rollups_match_readings(app, "Asia/Kolkata", &start, None).await;
    // A radiator reported in the UTC hour from 18:00 both before and after local midnight.
    let midnight = "2026-03-28T18:30:00Z".parse::<Timestamp>().unwrap().as_second();
    let in_half = |radiator: i64, from: i64| {
        readings.iter().any(|&(id, at)| id == radiator && at >= from && at < from + 1800)
    };
    assert!(readings.iter().any(|&(id, _)| in_half(id, midnight - 1800) && in_half(id, midnight)));
}

/// Every instance stores every report it receives (PostgreSQL only: SQLite serves one instance).
/// Each report is stored by one of two instances, or by both at once; each reading is counted
/// once, and each instance sees what the other stored.
#[tokio::test]
async fn two_instances_storing_the_same_reports_count_each_reading_once() {
    let Some(app) = TestApp::spawn(Db::Postgres).await else { return };
    let second = Store::connect(&app.database_url).await.unwrap();
    let start = ["2026-03-28T21:00:00Z"];
    let hub = LiveHub::default();
    rollups_match_readings(app, "Europe/London", &start, Some((&second, &hub))).await;
}

/// A heating radiator's report, its counter at `energy_wh_total`.
fn report(uid: &str, energy_wh_total: f64) -> Report {
    Report {
        uid: uid.to_owned(),
        temperature: 19.5,
        setpoint: 21.0,
        on: true,
        heating: true,
        power_w: 1500.0,
        energy_wh_total,
    }
}

/// A reading stored by another path (a back-filled history) before a report of the same minute
/// arrives: the report's batch is stored, that reading is kept as it was and not counted again,
/// and the batch's other readings are stored and counted.
async fn a_reading_stored_already_is_neither_stored_nor_counted_again(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (first, second) =
        (owner.add_radiator("HD-1", "One").await.id, owner.add_radiator("HD-2", "Two").await.id);
    let at = "2026-01-15T09:00:00Z".parse::<Timestamp>().unwrap().as_second();
    let batch = [report("HD-1", 100.0), report("HD-2", 200.0)];
    ingest(&app.store, &app.state.live, &batch, at, Source::Fleet).await.unwrap();
    let stored = Reading {
        radiator_id: first,
        at: at + 60,
        energy_wh: 5.0,
        heating: true,
        temperature: 19.0,
        setpoint: 21.0,
        power_w: 1500.0,
    };
    let mut tx = app.store.begin_write().await.unwrap();
    insert_readings(&mut tx, &[stored]).await.unwrap();
    app.store.commit(tx).await.unwrap();

    let batch = [report("HD-1", 110.0), report("HD-2", 207.0)];
    ingest(&app.store, &app.state.live, &batch, at + 60, Source::Fleet).await.unwrap();
    let readings: Vec<(i64, f64)> =
        sqlx::query_as("SELECT radiator_id, energy_wh FROM readings WHERE at = $1 ORDER BY 1")
            .bind(at + 60)
            .fetch_all(app.store.reader())
            .await
            .unwrap();
    assert_eq!(readings, [(first, 5.0), (second, 7.0)]);
    // The first minute's two readings and the second radiator's new one.
    let (counted,): (i64,) =
        sqlx::query_as("SELECT CAST(SUM(readings) AS BIGINT) FROM business_energy_hourly")
            .fetch_one(app.store.reader())
            .await
            .unwrap();
    assert_eq!(counted, 3);
    let (counted,): (i64,) =
        sqlx::query_as("SELECT CAST(SUM(readings) AS BIGINT) FROM energy_hourly_live")
            .fetch_one(app.store.reader())
            .await
            .unwrap();
    assert_eq!(counted, 3);
    // Both radiators' states took the report.
    let seen: Vec<(i64, i64)> =
        sqlx::query_as("SELECT radiator_id, last_seen FROM radiator_states ORDER BY 1")
            .fetch_all(app.store.reader())
            .await
            .unwrap();
    assert_eq!(seen, [(first, at + 60), (second, at + 60)]);
}

/// A radiator moved to a room, the business's time zone changed and a radiator deleted between
/// two batches of theirs, with a batch of another radiator in between: the next batch publishes
/// the room, counts its readings in the new zone's day and drops the deleted radiator's report.
async fn a_change_between_batches_is_seen_by_the_next(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let room = owner.add_room("Office").await;
    let moved = owner.add_radiator("HD-1", "One").await.id;
    let deleted = owner.add_radiator("HD-2", "Two").await.id;
    let other = owner.add_radiator("HD-3", "Three").await.id;
    let mut live = app.state.live.subscribe();
    let mut published_rooms = async |uids: &[&str], at: i64| {
        let batch: Vec<Report> = uids.iter().map(|uid| report(uid, 10.0)).collect();
        ingest(&app.store, &app.state.live, &batch, at, Source::Fleet).await.unwrap();
        let mut rooms = Vec::new();
        while let Ok(update) = live.try_recv() {
            rooms.extend(update.radiators.iter().map(|radiator| (radiator.id, radiator.room_id)));
        }
        rooms
    };
    // Noon in London is 01:00 the next day in Auckland.
    let at = "2026-01-15T12:00:00Z".parse::<Timestamp>().unwrap().as_second();
    assert_eq!(published_rooms(&["HD-1", "HD-2"], at).await, [(moved, None), (deleted, None)]);

    assert_eq!(owner.attach(room.id, "HD-1", "One").await.status, StatusCode::OK);
    let settings = json!({"time_zone": "Pacific/Auckland", "working_days": [1, 2, 3, 4, 5],
        "working_hours": {"start": "08:00", "end": "18:00"}, "comfort_setpoint": 21});
    assert_eq!(owner.put("/v2/settings/business", settings).await.status, StatusCode::OK);
    let path = format!("/v2/radiators/{deleted}");
    assert_eq!(owner.delete(&path).await.status, StatusCode::OK);
    // A radiator first seen after the changes, read with the business's new version.
    assert_eq!(published_rooms(&["HD-3"], at + 60).await, [(other, None)]);

    let rooms = published_rooms(&["HD-1", "HD-2"], at + 120).await;
    assert_eq!(rooms, [(moved, Some(room.id))]);
    let days: Vec<(String, i64)> = sqlx::query_as(
        "SELECT day, CAST(readings AS BIGINT) FROM energy_daily_live WHERE radiator_id = $1
         ORDER BY day",
    )
    .bind(moved)
    .fetch_all(app.store.reader())
    .await
    .unwrap();
    assert_eq!(days, [("2026-01-15".into(), 1), ("2026-01-16".into(), 1)]);
}

/// Reports every 1-9 minutes for 30 hours from each of `starts`, in a business in `zone`, and
/// checks the rollups against the readings; answers the readings' radiators and times. With a
/// `second` instance (its store and hub), each report is stored through one of the two, or
/// through both at once.
async fn rollups_match_readings(
    app: TestApp,
    zone: &str,
    starts: &[&str],
    second: Option<(&Store, &LiveHub)>,
) -> Vec<(i64, i64)> {
    let owner = app.register_business("owner@acme.co.uk").await;
    let settings = json!({"time_zone": zone, "working_days": [1, 2, 3, 4, 5],
        "working_hours": {"start": "08:00", "end": "18:00"}, "comfort_setpoint": 21});
    assert_eq!(owner.put("/v2/settings/business", settings).await.status, StatusCode::OK);
    let uids = ["HD-1", "HD-2", "HD-3"];
    let mut ids = Vec::new();
    for uid in uids {
        ids.push(owner.add_radiator(uid, uid).await.id);
    }
    let mut rng = StdRng::seed_from_u64(20_260_329);
    let mut totals = [0.0_f64; 3];
    // Each radiator's counter at its first report, its first reading's baseline.
    let mut first_totals = [None; 3];
    for start in starts {
        let mut at = start.parse::<Timestamp>().unwrap().as_second();
        let end = at + 30 * 3600;
        while at < end {
            let index = rng.random_range(0..3);
            let heating = rng.random_bool(0.6);
            totals[index] += if heating { rng.random_range(0.0..25.0) } else { 0.0 };
            first_totals[index].get_or_insert(totals[index]);
            let report = Report {
                uid: uids[index].to_owned(),
                temperature: rng.random_range(12.0..24.0),
                setpoint: 21.0,
                on: rng.random_bool(0.9),
                heating,
                power_w: if heating { 1500.0 } else { 0.0 },
                energy_wh_total: totals[index],
            };
            let batch = [report];
            let here = ingest(&app.store, &app.state.live, &batch, at, Source::Fleet);
            match second {
                Some((second, hub)) => {
                    let there = ingest(second, hub, &batch, at, Source::Fleet);
                    match rng.random_range(0..3) {
                        0 => here.await.unwrap(),
                        1 => there.await.unwrap(),
                        _ => {
                            let (here, there) = tokio::join!(here, there);
                            here.unwrap();
                            there.unwrap()
                        }
                    };
                }
                None => {
                    here.await.unwrap();
                }
            }
            at += rng.random_range(60..540);
        }
    }

    let readings: Vec<(i64, i64, f64, f64, f64, f64)> = sqlx::query_as(
        "SELECT radiator_id, at, energy_wh, power_w, temperature, setpoint FROM readings
         ORDER BY radiator_id, at",
    )
    .fetch_all(app.store.reader())
    .await
    .unwrap();
    assert!(readings.len() > 300, "{} readings", readings.len());
    // The readings' energy is what each counter counted, each step once.
    for (index, id) in ids.iter().enumerate() {
        let counted: f64 = readings.iter().filter(|row| row.0 == *id).map(|row| row.2).sum();
        let first = first_totals[index].unwrap();
        assert!((counted - (totals[index] - first)).abs() < 1e-6, "radiator {id}: {counted}");
    }
    let tz = TimeZone::get(zone).unwrap();
    let (business_id,): (i64,) = sqlx::query_as("SELECT business_id FROM radiators WHERE id = $1")
        .bind(ids[0])
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    let (mut hours, mut days, mut months) = (Sums::new(), Sums::new(), Sums::new());
    let (mut business_hours, mut business_days) = (Sums::new(), Sums::new());
    for &(id, at, energy, power, temperature, setpoint) in &readings {
        let local = Timestamp::from_second(at).unwrap().to_zoned(tz.clone());
        let half_hour = usize::try_from(local.hour() * 2 + local.minute() / 30).unwrap();
        let co2 = energy / 1000.0 * intensity(local.month(), half_hour);
        let row = (energy, i64::from(power > 0.0), temperature, setpoint, co2);
        let hour = (at - at.rem_euclid(3600)).to_string();
        add(&mut hours, (id, hour.clone()), row);
        add(&mut business_hours, (business_id, hour), row);
        let day = Timestamp::from_second(at).unwrap().to_zoned(tz.clone()).date();
        add(&mut days, (id, day.to_string()), row);
        add(&mut business_days, (business_id, day.to_string()), row);
        add(&mut months, (id, day.strftime("%Y-%m").to_string()), row);
    }
    for (table, owner, key, expected) in [
        // A radiator's rollups with its open hour (held in its state): what analytics read.
        ("energy_hourly_live", "radiator_id", "hour_start", &hours),
        ("energy_daily_live", "radiator_id", "day", &days),
        ("energy_monthly_live", "radiator_id", "month", &months),
        ("business_energy_hourly", "business_id", "hour_start", &business_hours),
        ("business_energy_daily", "business_id", "day", &business_days),
    ] {
        let sql = format!(
            "SELECT {owner}, CAST({key} AS TEXT), SUM(energy_wh),
                 CAST(SUM(heating_minutes) AS BIGINT), SUM(temperature_sum), SUM(setpoint_sum),
                 SUM(co2_g), CAST(SUM(readings) AS BIGINT)
             FROM {table} GROUP BY {owner}, {key}"
        );
        let rows: Vec<RollupRow> =
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(app.store.reader()).await.unwrap();
        let stored: Sums = rows
            .into_iter()
            .map(|(id, key, e, h, t, s, c, n)| ((id, key), (e, h, t, s, c, n)))
            .collect();
        assert_same(table, expected, &stored);
    }
    assert!(ids.iter().all(|id| hours.keys().any(|(radiator, _)| radiator == id)));
    // Each radiator's first reading is noted with it, to the minute.
    for id in &ids {
        let first = readings.iter().filter(|row| row.0 == *id).map(|row| row.1).min();
        let (noted,): (Option<i64>,) =
            sqlx::query_as("SELECT first_report_at FROM radiators WHERE id = $1")
                .bind(id)
                .fetch_one(app.store.reader())
                .await
                .unwrap();
        assert_eq!(noted, first, "radiator {id}");
    }
    // The open hours are not all there is: most hours have closed into the rollups.
    let (closed,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM energy_hourly")
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    assert!(closed as usize + ids.len() >= hours.len() && closed > 0, "{closed} closed hours");
    readings.iter().map(|&(id, at, ..)| (id, at)).collect()
}
