//! The simulated fleet end to end: commands reach the radiators, reports are stored in
//! batches with a reading per minute, radiators go offline, and the live stream pushes state.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use heatdesk::clock::Clock;
use heatdesk::devices::simulator::report_commanded;

use crate::store_tests;
use crate::support::{Owner, Room, TestApp, next_event};

store_tests!(
    a_change_reaches_the_simulated_radiator_at_once,
    a_switched_on_radiator_reports_heating_at_once_not_at_its_next_minute,
    ticks_store_the_state_and_one_reading_per_minute,
    a_radiator_that_stops_reporting_is_offline_after_five_minutes,
    a_heated_room_warms_up_and_a_switched_off_one_cools,
    the_live_stream_opens_with_a_snapshot_and_pushes_only_this_businesss_reports,
    readings_of_the_last_hours_are_served_to_their_business_only,
    the_live_stream_ends_when_its_session_does,
    a_session_holds_at_most_four_live_streams,
);

/// A room with radiators of these uids, each with bounds 5–30 °C: the room's id and theirs.
async fn room_with_radiators(owner: &Owner<'_>, room: &str, uids: &[&str]) -> (i64, Vec<i64>) {
    let room_id = owner.add_room(room).await.id;
    let mut ids = Vec::new();
    for uid in uids {
        let body = json!({"uid": uid, "name": format!("{room} {uid}"), "min_temperature": 5,
            "max_temperature": 30});
        let room: Room =
            owner.post(&format!("/v2/rooms/{room_id}/radiators"), body).await.data("room");
        ids.push(room.radiators.iter().find(|radiator| radiator.uid == *uid).unwrap().id);
    }
    (room_id, ids)
}

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(sql).fetch_one(app.store.reader()).await.unwrap();
    n
}

async fn a_change_reaches_the_simulated_radiator_at_once(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let (room, ids) = room_with_radiators(&acme, "Office", &["HD-1"]).await;
    assert_eq!(app.fleet.heater_of(ids[0]), Some((true, 21.0)));
    acme.set_temperature(ids[0], 18.5).await;
    assert_eq!(app.fleet.heater_of(ids[0]), Some((true, 18.5)));
    acme.put(&format!("/v2/rooms/toggle-status/{room}"), json!({"status": 0})).await;
    assert_eq!(app.fleet.heater_of(ids[0]), Some((false, 18.5)));
    acme.put(&format!("/v2/radiators/toggle-status/{room}/{}", ids[0]), json!({"status": 1})).await;
    assert_eq!(app.fleet.heater_of(ids[0]), Some((true, 18.5)));
    let zone = acme.add_zone("Ground").await.id;
    acme.post(&format!("/v2/zones/{zone}/room/{room}"), json!({})).await;
    acme.post("/v2/zones/set-temperature", json!({"zone_id": zone, "temperature": 22})).await;
    assert_eq!(app.fleet.heater_of(ids[0]), Some((true, 22.0)));
}

async fn a_switched_on_radiator_reports_heating_at_once_not_at_its_next_minute(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let (room, ids) = room_with_radiators(&acme, "Office", &["HD-1"]).await;
    acme.put(&format!("/v2/rooms/toggle-status/{room}"), json!({"status": 0})).await;
    app.tick(60).await;
    report_commanded(&app.store, &app.state.live, &app.fleet, app.clock.now()).await.unwrap();
    assert_eq!(acme.room(room).await.heating, 0);
    let readings = count(&app, "SELECT COUNT(*) FROM readings").await;

    let toggle = format!("/v2/radiators/toggle-status/{room}/{}", ids[0]);
    acme.put(&toggle, json!({"status": 1})).await;
    report_commanded(&app.store, &app.state.live, &app.fleet, app.clock.now()).await.unwrap();
    assert_eq!(acme.room(room).await.heating, 1, "a room below 21 °C heats once switched on");
    let radiator = acme.get(&format!("/v2/radiators/{}", ids[0])).await;
    assert!(radiator.body["data"]["radiator"]["power_w"].as_f64().unwrap() > 0.0);
    // The minute's reading is the one the tick stored.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM readings").await, readings);
}

async fn ticks_store_the_state_and_one_reading_per_minute(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    room_with_radiators(&acme, "Office", &["HD-1", "HD-2"]).await;
    room_with_radiators(&acme, "Hall", &["HD-3"]).await;
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
    for radiator in acme.radiators().await {
        assert_eq!(radiator.online, 1, "{radiator:?}");
        assert!(radiator.current_temperature.is_some());
    }
}

async fn a_radiator_that_stops_reporting_is_offline_after_five_minutes(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let (room, ids) = room_with_radiators(&acme, "Office", &["HD-1"]).await;
    let zone = acme.add_zone("Ground floor").await.id;
    acme.post(&format!("/v2/zones/{zone}/room/{room}"), json!({})).await;
    // Before its first report a radiator's room and zone are waiting, not offline.
    assert_eq!((acme.room(room).await.reported, acme.zone(zone).await.reported), (0, 0));
    app.tick(60).await;
    assert_eq!(acme.radiator(ids[0]).await.online, 1);
    assert_eq!((acme.room(room).await.reported, acme.zone(zone).await.reported), (1, 1));
    app.clock.advance(time::Duration::seconds(4 * 60 + 59));
    assert_eq!(acme.radiator(ids[0]).await.online, 1);
    app.clock.advance(time::Duration::seconds(1));
    let radiator = acme.radiator(ids[0]).await;
    assert_eq!((radiator.online, radiator.heating), (0, 0));
    let office = acme.room(room).await;
    assert_eq!((office.current_temperature, office.reported), (None, 1), "offline, not waiting");
}

async fn temperature(owner: &Owner<'_>, room: i64) -> f64 {
    owner.room(room).await.current_temperature.expect("a reported temperature")
}

async fn a_heated_room_warms_up_and_a_switched_off_one_cools(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let (warm, warm_ids) = room_with_radiators(&acme, "Warm", &["HD-1", "HD-2"]).await;
    let (cold, _) = room_with_radiators(&acme, "Cold", &["HD-3"]).await;
    acme.set_temperature(warm_ids[0], 28.0).await;
    acme.put(&format!("/v2/rooms/toggle-status/{cold}"), json!({"status": 0})).await;
    app.tick(60).await;
    let (warm_start, cold_start) = (temperature(&acme, warm).await, temperature(&acme, cold).await);
    for _ in 0..30 {
        app.tick(60).await;
    }
    assert!(temperature(&acme, warm).await > warm_start + 0.5);
    assert!(temperature(&acme, cold).await < cold_start);
    assert_eq!(acme.room(warm).await.heating, 1);
}

async fn the_live_stream_opens_with_a_snapshot_and_pushes_only_this_businesss_reports(
    app: TestApp,
) {
    let unauthenticated = app.call(Method::GET, "/v2/live", None, None).await;
    assert_eq!(unauthenticated.status, StatusCode::UNAUTHORIZED);
    let acme = app.register_business("owner@acme.co.uk").await;
    let (_, ids) = room_with_radiators(&acme, "Office", &["HD-1"]).await;
    let rival = app.register_business("owner@rival.co.uk").await;
    room_with_radiators(&rival, "Lobby", &["HD-9"]).await;

    let live = app.client.get(format!("{}/v2/live", app.base)).bearer_auth(&acme.token);
    let mut response = live.send().await.unwrap();
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
    let acme = app.register_business("owner@acme.co.uk").await;
    let (_, ids) = room_with_radiators(&acme, "Office", &["HD-1"]).await;
    for _ in 0..90 {
        app.tick(60).await;
    }
    let path = format!("/v2/radiators/{}/readings", ids[0]);
    let day: Vec<Reading> = acme.get(&path).await.data("readings");
    assert_eq!(day.len(), 90);
    assert!(day[0].at < day[89].at);
    assert_eq!(day[89].setpoint, 21.0);
    assert!(day.iter().all(|reading| (0.0..40.0).contains(&reading.temperature)));
    assert!(day.iter().all(|reading| reading.power_w >= 0.0 && reading.energy_wh >= 0.0));
    let hour: Vec<Reading> = acme.get(&format!("{path}?hours=1")).await.data("readings");
    assert_eq!(hour.len(), 60);
    for hours in [0, -1, 169, 100_000] {
        let refused = acme.get(&format!("{path}?hours={hours}")).await;
        assert_eq!(refused.field_error("hours"), "Choose from 1 to 168 hours.", "{hours}");
    }
    let rival = app.register_business("owner@rival.co.uk").await;
    assert_eq!(rival.get(&path).await.status, StatusCode::NOT_FOUND);
}

/// One minute of a radiator's life, as `/v2/radiators/{id}/readings` answers it.
#[derive(serde::Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Reading {
    at: String,
    temperature: f64,
    setpoint: f64,
    power_w: f64,
    energy_wh: f64,
}

async fn the_live_stream_ends_when_its_session_does(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    room_with_radiators(&acme, "Office", &["HD-1"]).await;
    let live = app.client.get(format!("{}/v2/live", app.base)).bearer_auth(&acme.token);
    let mut response = live.send().await.unwrap();
    let mut buffer = String::new();
    next_event(&mut response, &mut buffer, "snapshot").await;
    assert_eq!(acme.post("/v2/auth/logout", json!({})).await.status, StatusCode::OK);
    // The stream checks its session every 2 s; it closes, with no error, soon after.
    let closed = async {
        while let Some(chunk) = response.chunk().await.unwrap() {
            assert!(!String::from_utf8_lossy(&chunk).contains("event: radiators"));
        }
    };
    tokio::time::timeout(Duration::from_secs(10), closed).await.expect("the stream closes");
}

async fn open_live(app: &TestApp, token: &str) -> reqwest::Response {
    let live = app.client.get(format!("{}/v2/live", app.base)).bearer_auth(token);
    live.send().await.unwrap()
}

async fn a_session_holds_at_most_four_live_streams(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let mut open = Vec::new();
    for _ in 0..4 {
        let response = open_live(&app, &acme.token).await;
        assert_eq!(response.status(), StatusCode::OK);
        open.push(response);
    }
    let fifth = open_live(&app, &acme.token).await;
    assert_eq!(fifth.status(), StatusCode::TOO_MANY_REQUESTS);
    let body: Value = fifth.json().await.unwrap();
    assert_eq!(body["description"], "Too many live views are open. Close one and try again.");
    // Another session of the same account has its own four.
    let other = app.sign_in("owner@acme.co.uk", crate::support::PASSWORD).await;
    assert_eq!(open_live(&app, &other.token).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn stopping_the_server_closes_open_live_streams() {
    use std::sync::Arc;

    use heatdesk::app::launch;
    use heatdesk::clock::SystemClock;
    use heatdesk::connections::Limits;
    use heatdesk::devices::simulator::SimulatedFleet;
    use heatdesk::mail::Mailer;
    use heatdesk::state::{AppConfig, AppState, ContactDetails};
    use heatdesk::store::Store;

    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let store = Store::connect(&url).await.unwrap();
    store.migrate().await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let contact = ContactDetails::default();
    let config = AppConfig { public_url: base.clone(), trusted_proxies: vec![], contact };
    let fleet = Arc::new(SimulatedFleet::default());
    let state = AppState::new(store, fleet, Arc::new(SystemClock), Mailer::outbox(), config);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(launch(listener, state, Limits::default(), async {
        stopped.await.ok();
    }));

    let client = reqwest::Client::new();
    let body = crate::support::registration("owner@acme.co.uk");
    client.post(format!("{base}/v2/auth")).json(&body).send().await.unwrap();
    let login = json!({"email": "owner@acme.co.uk", "password": crate::support::PASSWORD});
    let login: Value = client
        .post(format!("{base}/v2/auth/login"))
        .json(&login)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = login["data"]["user"]["access_token"].as_str().unwrap();
    let mut response =
        client.get(format!("{base}/v2/live")).bearer_auth(token).send().await.unwrap();
    let mut buffer = String::new();
    next_event(&mut response, &mut buffer, "snapshot").await;

    stop.send(()).unwrap();
    let closed = async { while response.chunk().await.unwrap().is_some() {} };
    tokio::time::timeout(Duration::from_secs(5), closed).await.expect("the stream closes");
    let stopped = tokio::time::timeout(Duration::from_secs(10), server).await;
    stopped.expect("the server stops").unwrap();
}
