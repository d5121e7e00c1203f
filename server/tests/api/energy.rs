//! Energy rollups: the hourly, daily and monthly rows of each radiator, and the hourly and
//! daily rows of its business, equal the sums of the raw readings they were built from (CO2 too, at each reading's local month and half-hour), over random readings across
//! midnight and both clock changes, in the business's zone.

use std::collections::BTreeMap;

use heatdesk::devices::Report;
use heatdesk::devices::telemetry::{Source, ingest};
use heatdesk::grid::modelled_intensity as intensity;
use jiff::Timestamp;
use jiff::tz::TimeZone;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::StatusCode;
use serde_json::json;

use crate::store_tests;
use crate::support::TestApp;

store_tests!(rollups_equal_the_sums_of_their_readings_across_midnight_and_clock_changes);

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
    let owner = app.register_business("owner@acme.co.uk").await;
    let settings = json!({"time_zone": "Europe/London", "working_days": [1, 2, 3, 4, 5],
        "working_hours": {"start": "08:00", "end": "18:00"}, "comfort_setpoint": 21});
    assert_eq!(owner.put("/v2/settings/business", settings).await.status, StatusCode::OK);
    let uids = ["HD-1", "HD-2", "HD-3"];
    let mut ids = Vec::new();
    for uid in uids {
        ids.push(owner.add_radiator(uid, uid).await.id);
    }
    let mut rng = StdRng::seed_from_u64(20_260_329);
    let mut totals = [0.0_f64; 3];
    // Around both clock changes of 2026, through midnight: a report every 1-9 minutes.
    for start in ["2026-03-28T21:00:00Z", "2026-10-24T21:00:00Z"] {
        let mut at = start.parse::<Timestamp>().unwrap().as_second();
        let end = at + 30 * 3600;
        while at < end {
            let index = rng.random_range(0..3);
            let heating = rng.random_bool(0.6);
            totals[index] += if heating { rng.random_range(0.0..25.0) } else { 0.0 };
            let report = Report {
                uid: uids[index].to_owned(),
                temperature: rng.random_range(12.0..24.0),
                setpoint: 21.0,
                on: rng.random_bool(0.9),
                heating,
                power_w: if heating { 1500.0 } else { 0.0 },
                energy_wh_total: totals[index],
            };
            ingest(&app.store, &app.state.live, &[report], at, Source::Fleet).await.unwrap();
            at += rng.random_range(60..540);
        }
    }

    let readings: Vec<(i64, i64, f64, f64, f64, f64)> = sqlx::query_as(
        "SELECT radiator_id, at, energy_wh, power_w, temperature, setpoint FROM readings",
    )
    .fetch_all(app.store.reader())
    .await
    .unwrap();
    assert!(readings.len() > 300, "{} readings", readings.len());
    let london = TimeZone::get("Europe/London").unwrap();
    let (business_id,): (i64,) = sqlx::query_as("SELECT business_id FROM radiators WHERE id = $1")
        .bind(ids[0])
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    let (mut hours, mut days, mut months) = (Sums::new(), Sums::new(), Sums::new());
    let (mut business_hours, mut business_days) = (Sums::new(), Sums::new());
    for &(id, at, energy, power, temperature, setpoint) in &readings {
        let local = Timestamp::from_second(at).unwrap().to_zoned(london.clone());
        let half_hour = usize::try_from(local.hour() * 2 + local.minute() / 30).unwrap();
        let co2 = energy / 1000.0 * intensity(local.month(), half_hour);
        let row = (energy, i64::from(power > 0.0), temperature, setpoint, co2);
        let hour = (at - at.rem_euclid(3600)).to_string();
        add(&mut hours, (id, hour.clone()), row);
        add(&mut business_hours, (business_id, hour), row);
        let day = Timestamp::from_second(at).unwrap().to_zoned(london.clone()).date();
        add(&mut days, (id, day.to_string()), row);
        add(&mut business_days, (business_id, day.to_string()), row);
        add(&mut months, (id, day.strftime("%Y-%m").to_string()), row);
    }
    // The local days of the clock changes hold 23 and 25 hours of readings.
    assert!(
        days.keys().any(|(_, day)| day == "2026-03-29")
            && days.keys().any(|(_, day)| day == "2026-10-25")
    );

    // Both months of the clock changes are there.
    assert!(months.keys().any(|(_, month)| month == "2026-03"));
    assert!(months.keys().any(|(_, month)| month == "2026-10"));
    for (table, owner, key, expected) in [
        ("energy_hourly", "radiator_id", "hour_start", &hours),
        ("energy_daily", "radiator_id", "day", &days),
        ("energy_monthly", "radiator_id", "month", &months),
        ("business_energy_hourly", "business_id", "hour_start", &business_hours),
        ("business_energy_daily", "business_id", "day", &business_days),
    ] {
        let sql = format!(
            "SELECT {owner}, CAST({key} AS TEXT), energy_wh, heating_minutes, temperature_sum,
                 setpoint_sum, co2_g, readings FROM {table}"
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
    // Each radiator's first hour is noted with it.
    for id in &ids {
        let first = hours.keys().filter(|(radiator, _)| radiator == id).map(|(_, hour)| hour);
        let first: i64 = first.map(|hour| hour.parse::<i64>().unwrap()).min().unwrap();
        let (noted,): (Option<i64>,) =
            sqlx::query_as("SELECT first_report_hour FROM radiators WHERE id = $1")
                .bind(id)
                .fetch_one(app.store.reader())
                .await
                .unwrap();
        assert_eq!(noted, Some(first), "radiator {id}");
    }
}
