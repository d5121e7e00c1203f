//! The demo business of `serve --demo`.

use heatdesk::clock::Clock;
use heatdesk::demo::{DEMO_EMAIL, DEMO_PASSWORD, HISTORY_DAYS, seed};
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::store_tests;
use crate::support::{TestApp, User};

store_tests!(
    the_demo_business_is_created_once_and_can_sign_in,
    the_demo_has_sixty_days_of_history_as_its_schedules_heated_it
);

async fn the_demo_business_is_created_once_and_can_sign_in(app: TestApp) {
    assert!(seed(&app.state, 2).await.unwrap());
    assert!(!seed(&app.state, 2).await.unwrap());
    let demo = app.sign_in(DEMO_EMAIL, DEMO_PASSWORD).await;
    let me: User = demo.get("/v2/auth/me").await.data("me");
    assert_eq!((me.level, me.business_name.as_str()), (5001, "Northwind Offices Ltd"));
    let (rooms, radiators, zones) =
        (demo.rooms().await, demo.radiators().await, demo.zones().await);
    assert_eq!((rooms.len(), radiators.len(), zones.len()), (10, 32, 3));
    assert!(rooms.iter().all(|room| room.zone_id.is_some()));
    let quiet = rooms.iter().find(|room| room.name == "Quiet room").unwrap();
    assert_eq!((quiet.status, quiet.radiator_count), (0, 2));
    let cafe = rooms.iter().find(|room| room.name == "Café").unwrap();
    assert_eq!(cafe.target_temperature, Some(19.5));
    assert!(radiators.iter().all(|radiator| radiator.min_temperature == 7.0));
    // Built through the changes a user makes: its plan paid, 3 zones, 10 rooms placed in them,
    // 32 radiators, 19 setpoints other than the default, the quiet room switched off, 6
    // schedules, 2 automations switched on and the Christmas closure.
    assert_eq!(demo.history("").await.total, 1 + 3 + 10 + 10 + 32 + 19 + 1 + 6 + 2 + 1);
    // The test clock is 15 January 2026: the coming Christmas is this year's.
    let closed = demo.get("/v2/schedules/closed-days").await.body["data"]["closed_days"].clone();
    assert_eq!(
        closed,
        json!([{"id": closed[0]["id"], "name": "Christmas and New Year",
            "first_date": "2026-12-24", "last_date": "2027-01-01"}])
    );
    let automations = demo.get("/v2/settings/automation").await.body["data"]["automations"].clone();
    let on: Vec<&str> = automations
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["enabled"] == 1)
        .map(|a| a["key"].as_str().unwrap())
        .collect();
    assert_eq!(on, ["frost_protection", "optimum_start"]);
    let schedules = demo.get("/v2/schedules").await.body["data"]["schedules"].clone();
    let names: Vec<&str> =
        schedules.as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "Café opening",
            "First floor office hours",
            "Ground floor office hours",
            "Meeting rooms",
            "Quiet room hours",
            "Second floor office hours"
        ]
    );
    assert_eq!(
        schedules[4]["target_ids"].as_array().unwrap().len(),
        2,
        "the quiet room's radiators"
    );

    // It has paid for the Business plan monthly on a kept card since its history began.
    let plan = demo.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(
        (plan["plan"]["key"].as_str(), plan["status"].as_str(), plan["renews_on_card"].as_str()),
        (Some("business"), Some("active"), Some("1111"))
    );
    let payments =
        demo.get("/v2/users/subscriptions/payments").await.body["data"]["payments"].clone();
    let at = |value: &Value| value.as_str().unwrap().parse::<Timestamp>().unwrap();
    let month_after = |at: Timestamp| at.to_zoned(TimeZone::UTC).checked_add(1.month()).unwrap();
    let mut paid: Vec<Timestamp> = payments
        .as_array()
        .unwrap()
        .iter()
        .map(|payment| {
            assert_eq!(
                (&payment["status"], &payment["amount_pence"], &payment["card_last4"]),
                (&Value::from("paid"), &Value::from(7900), &Value::from("1111"))
            );
            at(&payment["date"])
        })
        .collect();
    paid.reverse();
    let now = app.clock.now().unix_timestamp();
    let since = Timestamp::from_second(now - HISTORY_DAYS * 86_400).unwrap();
    assert_eq!(paid.first(), Some(&since), "since its history began");
    let now = Timestamp::from_second(now).unwrap();
    for pair in paid.windows(2) {
        assert_eq!(month_after(pair[0]).timestamp(), pair[1], "a month apart");
    }
    let last = *paid.last().unwrap();
    assert!(last <= now && now < month_after(last).timestamp());
    assert_eq!(at(&plan["period_end"]), month_after(last).timestamp(), "paid to a month after");
    // Each payment has its invoice, to the demo's registered office (Leeds written once, though it
    // is the town and the city).
    let latest = payments[0]["invoice"].as_str().unwrap();
    let invoice = demo.get(&format!("/v2/users/subscriptions/invoices/{latest}")).await;
    let customer = &invoice.body["data"]["invoice"]["customer"];
    assert_eq!(
        (&customer["name"], &customer["address"]),
        (
            &json!("Northwind Offices Ltd"),
            &json!(["48 Park Square East", "Second floor", "Leeds", "LS1 2NE"])
        )
    );

    // The building comes alive with the first tick of the simulated fleet.
    app.tick(60).await;
    assert!(demo.rooms().await.iter().all(|room| room.current_temperature.is_some()));
}

async fn count(app: &TestApp, sql: &str) -> (i64, f64, Option<i64>) {
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(app.store.reader()).await.unwrap()
}

async fn the_demo_has_sixty_days_of_history_as_its_schedules_heated_it(app: TestApp) {
    // Raw readings kept for 2 days, rollups for all 60 (the test clock: 2026-01-15 09:00 UTC).
    seed(&app.state, 2).await.unwrap();
    let now = app.clock_now();
    let (days, _, _) = count(
        &app,
        "SELECT COUNT(DISTINCT day), CAST(0 AS DOUBLE PRECISION), NULL FROM energy_daily",
    )
    .await;
    assert_eq!(days, 61, "2025-11-16 to today");
    let (readings, energy, first) =
        count(&app, "SELECT COUNT(*), COALESCE(SUM(energy_wh), 0.0), MIN(at) FROM readings").await;
    let first = first.unwrap();
    assert_eq!(first, now - 2 * 86_400);
    assert_eq!(readings, 32 * 2 * 24 * 60, "every radiator, every minute up to now");
    // The rollups of the kept days hold the same energy as their readings.
    let hours = format!(
        "SELECT COUNT(*), SUM(energy_wh), NULL FROM energy_hourly WHERE hour_start >= {}",
        first - first.rem_euclid(3600) + 3600
    );
    let (_, rolled, _) = count(&app, &hours).await;
    let kept = format!(
        "SELECT COUNT(*), SUM(energy_wh), NULL FROM readings WHERE at >= {}",
        first - first.rem_euclid(3600) + 3600
    );
    let (_, read, _) = count(&app, &kept).await;
    assert!(energy > 0.0 && (rolled - read).abs() < 1e-6, "{rolled} Wh rolled up, {read} read");

    // The quiet room's radiators are off outside 10:00-16:00 on weekdays: no heating at night,
    // some in the day; weekend days heat less than weekdays where offices are.
    let quiet = |from: &str, to: &str| {
        format!(
            "SELECT COUNT(*), COALESCE(SUM(h.energy_wh), 0.0), NULL FROM energy_hourly h
             JOIN radiators r ON r.id = h.radiator_id WHERE r.name LIKE 'Quiet room%'
                 AND (h.hour_start % 86400) >= {from} AND (h.hour_start % 86400) < {to}"
        )
    };
    let (_, night, _) = count(&app, &quiet("0", &(6 * 3600).to_string())).await;
    let (_, day, _) = count(&app, &quiet(&(10 * 3600).to_string(), &(16 * 3600).to_string())).await;
    assert_eq!(night, 0.0);
    assert!(day > 0.0);

    let demo = app.sign_in(DEMO_EMAIL, DEMO_PASSWORD).await;
    let month = demo.get("/v2/analytics/commercial/web/energy-history-graph?type=month").await;
    assert_eq!(month.status, StatusCode::OK);
    let days: Vec<f64> = month.body["data"]["energy_history"]["previous"]["buckets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|bucket: &Value| bucket["kwh"].as_f64().unwrap())
        .collect();
    assert_eq!(days.len(), 31, "December");
    // December 2025: Saturday the 6th (off, frost protection) and Monday the 8th (office hours).
    assert!(days[7] > days[5], "a Monday heats more than a Saturday: {days:?}");
    let saving = demo
        .get("/v2/analytics/commercial/web/co2_saving?start_date=2025-12-01&end_date=2025-12-31")
        .await;
    let totals = &saving.body["data"]["co2_saving"]["totals"];
    assert!(totals["baseline_kg"].as_f64().unwrap() > 0.0, "{totals}");
    assert!(totals["actual_kg"].as_f64().unwrap() > 0.0, "{totals}");
    // Shorter hours a little cooler, meeting rooms heated only when used: the demo saves.
    let saved = totals["saved_kg"].as_f64().unwrap();
    assert!(saved > 0.1 * totals["baseline_kg"].as_f64().unwrap(), "{totals}");

    // The simulated building carries on where the history ends: each room at the temperature
    // its radiators last reported (the quiet room, off since yesterday, cold), not at 16-19 °C.
    app.fleet.resume(&app.store).await.unwrap();
    let last: Vec<(i64, f64)> = sqlx::query_as(
        "SELECT radiator_id, temperature FROM readings WHERE at = (SELECT MAX(at) FROM readings)",
    )
    .fetch_all(app.store.reader())
    .await
    .unwrap();
    assert_eq!(last.len(), 32);
    for (radiator_id, temperature) in last {
        assert_eq!(app.fleet.temperature_of(radiator_id), Some(temperature), "{radiator_id}");
    }
    let quiet = demo.rooms().await.into_iter().find(|room| room.name == "Quiet room").unwrap();
    let quiet_radiator = demo.get(&format!("/v2/rooms/{}/radiators", quiet.id)).await.body["data"]
        ["radiators"][0]["id"]
        .as_i64()
        .unwrap();
    assert!(app.fleet.temperature_of(quiet_radiator).unwrap() < 15.0);
}
