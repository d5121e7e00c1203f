//! The simulated fleet end to end: commands reach the radiators, reports are stored in
//! batches with a reading per minute, radiators go offline, and the live stream pushes state.

mod common;

use std::time::Duration;

use common::TestApp;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

store_tests!(
    a_set_temperature_reaches_the_simulated_radiator_at_once,
    ticks_store_the_state_and_one_reading_per_minute,
    a_radiator_that_stops_reporting_is_offline_after_five_minutes,
    a_heated_room_warms_up_and_a_switched_off_one_cools,
    the_live_stream_opens_with_a_snapshot_and_pushes_only_this_businesss_reports,
    readings_of_the_last_hours_are_served_to_their_business_only,
);

async fn room_with_radiators(
    app: &TestApp,
    token: &str,
    room: &str,
    uids: &[&str],
) -> (i64, Vec<i64>) {
    let answer = app.post_as(token, "/v2/rooms", json!({"name": room})).await;
    let room_id = answer.body["data"]["room"]["id"].as_i64().unwrap();
    let mut ids = Vec::new();
    for uid in uids {
        let body = json!({"uid": uid, "name": format!("{room} {uid}"), "min_temperature": 5, "max_temperature": 30});
        let answer = app.post_as(token, &format!("/v2/rooms/{room_id}/radiators"), body).await;
        assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
        let radiators = answer.body["data"]["room"]["radiators"].as_array().unwrap().clone();
        ids.push(radiators.iter().find(|r| r["uid"] == *uid).unwrap()["id"].as_i64().unwrap());
    }
    (room_id, ids)
}

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(sql).fetch_one(app.store.reader()).await.unwrap();
    n
}

async fn a_set_temperature_reaches_the_simulated_radiator_at_once(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let (room, ids) = room_with_radiators(&app, &token, "Office", &["HD-1"]).await;
    assert_eq!(app.fleet.heater_of(ids[0]), Some((true, 21.0)));
    let body = json!({"radiator_id": ids[0], "temperature": 18.5});
    app.call(Method::PUT, "/v2/radiators/set-temperature", Some(&token), Some(body)).await;
    assert_eq!(app.fleet.heater_of(ids[0]), Some((true, 18.5)));
    app.call(
        Method::PUT,
        &format!("/v2/rooms/toggle-status/{room}"),
        Some(&token),
        Some(json!({"status": 0})),
    )
    .await;
    assert_eq!(app.fleet.heater_of(ids[0]), Some((false, 18.5)));
}

async fn ticks_store_the_state_and_one_reading_per_minute(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    room_with_radiators(&app, &token, "Office", &["HD-1", "HD-2"]).await;
    room_with_radiators(&app, &token, "Hall", &["HD-3"]).await;
    app.tick(60).await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM radiator_states").await, 3);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM readings").await, 3);
    app.tick(30).await; // same minute: state only
    assert_eq!(count(&app, "SELECT COUNT(*) FROM readings").await, 3);
    app.tick(30).await;
    app.tick(60).await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM readings").await, 9);
    // The readings add up to what the counters say.
    let (readings,): (f64,) = sqlx::query_as("SELECT SUM(energy_wh) FROM readings")
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    let (states,): (f64,) =
        sqlx::query_as("SELECT SUM(reading_energy_wh_total) FROM radiator_states")
            .fetch_one(app.store.reader())
            .await
            .unwrap();
    assert!(readings > 0.0);
    // The first reading is the baseline: it counts from the first report.
    let (first,): (f64,) = sqlx::query_as(
        "SELECT SUM(energy_wh) FROM readings WHERE at = (SELECT MIN(at) FROM readings)",
    )
    .fetch_one(app.store.reader())
    .await
    .unwrap();
    assert_eq!(first, 0.0);
    let (baseline,): (f64,) = sqlx::query_as("SELECT SUM(energy_wh_total) FROM radiator_states")
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    assert!((states - baseline).abs() < 1e-9);
    let radiators = app.get_as(&token, "/v2/radiators").await.body["data"]["radiators"].clone();
    for radiator in radiators.as_array().unwrap() {
        assert_eq!(radiator["online"], 1, "{radiator}");
        assert!(radiator["current_temperature"].as_f64().is_some());
    }
}

async fn a_radiator_that_stops_reporting_is_offline_after_five_minutes(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let (_, ids) = room_with_radiators(&app, &token, "Office", &["HD-1"]).await;
    app.tick(60).await;
    let path = format!("/v2/radiators/{}", ids[0]);
    assert_eq!(app.get_as(&token, &path).await.body["data"]["radiator"]["online"], 1);
    app.clock.advance(time::Duration::seconds(4 * 60 + 59));
    assert_eq!(app.get_as(&token, &path).await.body["data"]["radiator"]["online"], 1);
    app.clock.advance(time::Duration::seconds(1));
    let radiator = app.get_as(&token, &path).await.body["data"]["radiator"].clone();
    assert_eq!(radiator["online"], 0);
    assert_eq!(radiator["heating"], 0);
}

async fn temperature(app: &TestApp, token: &str, room: i64) -> f64 {
    app.get_as(token, &format!("/v2/rooms/{room}")).await.body["data"]["room"]["current_temperature"]
        .as_f64()
        .unwrap()
}

async fn a_heated_room_warms_up_and_a_switched_off_one_cools(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let (warm, warm_ids) = room_with_radiators(&app, &token, "Warm", &["HD-1", "HD-2"]).await;
    let (cold, _) = room_with_radiators(&app, &token, "Cold", &["HD-3"]).await;
    let body = json!({"radiator_id": warm_ids[0], "temperature": 28});
    app.call(Method::PUT, "/v2/radiators/set-temperature", Some(&token), Some(body)).await;
    app.call(
        Method::PUT,
        &format!("/v2/rooms/toggle-status/{cold}"),
        Some(&token),
        Some(json!({"status": 0})),
    )
    .await;
    app.tick(60).await;
    let (warm_start, cold_start) =
        (temperature(&app, &token, warm).await, temperature(&app, &token, cold).await);
    for _ in 0..30 {
        app.tick(60).await;
    }
    assert!(temperature(&app, &token, warm).await > warm_start + 0.5);
    assert!(temperature(&app, &token, cold).await < cold_start);
    let room = app.get_as(&token, &format!("/v2/rooms/{warm}")).await.body["data"]["room"].clone();
    assert_eq!(room["heating"], 1);
}

/// Reads server-sent events until one named `name` arrives; answers its data.
async fn next_event(response: &mut reqwest::Response, buffer: &mut String, name: &str) -> Value {
    loop {
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let event =
                block.lines().find_map(|line| line.strip_prefix("event: ")).unwrap_or_default();
            let data: String =
                block.lines().filter_map(|line| line.strip_prefix("data: ")).collect();
            if event == name {
                return serde_json::from_str(&data).unwrap();
            }
        }
        let chunk = tokio::time::timeout(Duration::from_secs(10), response.chunk())
            .await
            .expect("an event within 10 s")
            .unwrap()
            .expect("the stream stays open");
        buffer.push_str(std::str::from_utf8(&chunk).unwrap());
    }
}

async fn the_live_stream_opens_with_a_snapshot_and_pushes_only_this_businesss_reports(
    app: TestApp,
) {
    let unauthenticated = app.call(Method::GET, "/v2/live", None, None).await;
    assert_eq!(unauthenticated.status, StatusCode::UNAUTHORIZED);
    let token = app.signed_in("owner@acme.co.uk").await;
    let (_, ids) = room_with_radiators(&app, &token, "Office", &["HD-1"]).await;
    let rival = app.signed_in("owner@rival.co.uk").await;
    room_with_radiators(&app, &rival, "Lobby", &["HD-9"]).await;

    let mut response =
        app.client.get(format!("{}/v2/live", app.base)).bearer_auth(&token).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    let mut buffer = String::new();
    let snapshot = next_event(&mut response, &mut buffer, "snapshot").await;
    assert_eq!(snapshot.as_array().unwrap().len(), 1);
    assert_eq!(snapshot[0]["uid"], "HD-1");

    app.tick(60).await;
    let update = next_event(&mut response, &mut buffer, "radiators").await;
    let update = update.as_array().unwrap();
    assert_eq!(update.len(), 1, "only this business's radiators: {update:?}");
    assert_eq!(update[0]["id"], ids[0]);
    assert_eq!(update[0]["online"], 1);
    assert!(update[0]["current_temperature"].as_f64().is_some());
}

async fn readings_of_the_last_hours_are_served_to_their_business_only(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let (_, ids) = room_with_radiators(&app, &token, "Office", &["HD-1"]).await;
    for _ in 0..90 {
        app.tick(60).await;
    }
    let path = format!("/v2/radiators/{}/readings", ids[0]);
    let day = app.get_as(&token, &path).await.body["data"]["readings"].clone();
    assert_eq!(day.as_array().unwrap().len(), 90);
    assert!(day[0]["at"].as_str().unwrap() < day[89]["at"].as_str().unwrap());
    assert_eq!(day[89]["setpoint"], 21.0);
    let hour =
        app.get_as(&token, &format!("{path}?hours=1")).await.body["data"]["readings"].clone();
    assert_eq!(hour.as_array().unwrap().len(), 60);
    let rival = app.signed_in("owner@rival.co.uk").await;
    assert_eq!(app.get_as(&rival, &path).await.status, StatusCode::NOT_FOUND);
}
