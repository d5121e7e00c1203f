//! Rooms, radiators and the action history over HTTP, on SQLite and on PostgreSQL.

mod common;

use common::TestApp;
use heatdesk::devices::Report;
use heatdesk::devices::telemetry::ingest;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

store_tests!(
    rooms_are_created_listed_searched_renamed_and_deleted,
    room_names_are_validated_and_unique_within_a_business,
    a_new_uid_registers_a_radiator_in_the_room_and_a_known_one_is_attached,
    deleting_a_room_or_detaching_keeps_the_radiators_without_a_room,
    radiator_settings_are_validated,
    set_temperature_stays_within_the_radiators_bounds,
    radiators_and_rooms_switch_on_and_off,
    another_businesss_records_answer_404_and_stay_unchanged,
    every_change_is_in_the_action_history_newest_first,
    live_state_shows_in_rooms_and_radiators_until_it_goes_stale,
    concurrent_changes_all_succeed,
);

async fn put_as(app: &TestApp, token: &str, path: &str, body: Value) -> common::Answer {
    app.call(Method::PUT, path, Some(token), Some(body)).await
}

async fn delete_as(app: &TestApp, token: &str, path: &str) -> common::Answer {
    app.call(Method::DELETE, path, Some(token), None).await
}

async fn create_room(app: &TestApp, token: &str, name: &str) -> i64 {
    let answer = app.post_as(token, "/v2/rooms", json!({"name": name})).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer.body["data"]["room"]["id"].as_i64().unwrap()
}

fn radiator(uid: &str, name: &str) -> Value {
    json!({"uid": uid, "name": name, "min_temperature": 10, "max_temperature": 25})
}

async fn attach(app: &TestApp, token: &str, room: i64, uid: &str, name: &str) -> common::Answer {
    app.post_as(token, &format!("/v2/rooms/{room}/radiators"), radiator(uid, name)).await
}

async fn create_radiator(app: &TestApp, token: &str, uid: &str, name: &str) -> i64 {
    let answer = app.post_as(token, "/v2/radiators", radiator(uid, name)).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer.body["data"]["radiator"]["id"].as_i64().unwrap()
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|item| item["name"].as_str().unwrap()).collect()
}

async fn rooms_are_created_listed_searched_renamed_and_deleted(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let board = create_room(&app, &token, "  Board room ").await;
    create_room(&app, &token, "Kitchen").await;
    create_room(&app, &token, "50% office").await;

    let all = app.get_as(&token, "/v2/rooms").await.body["data"]["rooms"].clone();
    assert_eq!(names(&all), ["50% office", "Board room", "Kitchen"]);
    let found = app.get_as(&token, "/v2/rooms?search=BOARD").await.body["data"]["rooms"].clone();
    assert_eq!(names(&found), ["Board room"]);
    let percent = app.get_as(&token, "/v2/rooms?search=%25").await.body["data"]["rooms"].clone();
    assert_eq!(names(&percent), ["50% office"]);
    let exact =
        app.get_as(&token, "/v2/rooms?name=board%20room").await.body["data"]["rooms"].clone();
    assert_eq!(names(&exact), ["Board room"]);

    let one = app.get_as(&token, &format!("/v2/rooms/{board}")).await;
    assert_eq!(one.body["data"]["room"]["name"], "Board room");
    assert_eq!(one.body["data"]["room"]["radiators"], json!([]));
    assert_eq!(one.body["data"]["room"]["radiator_count"], 0);

    let renamed =
        app.post_as(&token, &format!("/v2/rooms/{board}"), json!({"name": "Meeting room"})).await;
    assert_eq!(renamed.status, StatusCode::OK);
    assert_eq!(renamed.body["data"]["room"]["name"], "Meeting room");
    assert_eq!(delete_as(&app, &token, &format!("/v2/rooms/{board}")).await.status, StatusCode::OK);
    assert_eq!(
        app.get_as(&token, &format!("/v2/rooms/{board}")).await.status,
        StatusCode::NOT_FOUND
    );
    let left = app.get_as(&token, "/v2/rooms").await.body["data"]["rooms"].clone();
    assert_eq!(names(&left), ["50% office", "Kitchen"]);
}

async fn room_names_are_validated_and_unique_within_a_business(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    create_room(&app, &token, "Kitchen").await;
    for bad in ["", "   ", "add-room", &"x".repeat(61)] {
        let answer = app.post_as(&token, "/v2/rooms", json!({"name": bad})).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad:?}");
        assert!(answer.body["errors"]["name"][0].is_string());
    }
    let taken = app.post_as(&token, "/v2/rooms", json!({"name": "KITCHEN "})).await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert!(taken.body["errors"]["name"][0].as_str().unwrap().contains("already exists"));
    // Another business may use the same name.
    let rival = app.signed_in("owner@rival.co.uk").await;
    create_room(&app, &rival, "Kitchen").await;
}

async fn a_new_uid_registers_a_radiator_in_the_room_and_a_known_one_is_attached(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let kitchen = create_room(&app, &token, "Kitchen").await;
    let hall = create_room(&app, &token, "Hall").await;

    let added = attach(&app, &token, kitchen, "HD-0001", "Kitchen east").await;
    assert_eq!(added.status, StatusCode::OK, "{:?}", added.body);
    let room = &added.body["data"]["room"];
    assert_eq!(room["radiator_count"], 1);
    assert_eq!(room["radiators"][0]["uid"], "HD-0001");
    assert_eq!(room["radiators"][0]["target_temperature"], 21.0);
    assert_eq!(room["radiators"][0]["room_name"], "Kitchen");

    let loose = create_radiator(&app, &token, "HD-0002", "Spare").await;
    let attached = attach(&app, &token, hall, "HD-0002", "ignored").await;
    assert_eq!(attached.status, StatusCode::OK);
    assert_eq!(attached.body["data"]["room"]["radiators"][0]["id"], loose);
    assert_eq!(attached.body["data"]["room"]["radiators"][0]["name"], "Spare");

    let elsewhere = attach(&app, &token, hall, "HD-0001", "Again").await;
    assert_eq!(elsewhere.status, StatusCode::CONFLICT);
    assert!(elsewhere.body["errors"]["uid"][0].as_str().unwrap().contains("Kitchen"));

    let rival = app.signed_in("owner@rival.co.uk").await;
    let rival_room = create_room(&app, &rival, "Office").await;
    let stolen = attach(&app, &rival, rival_room, "HD-0001", "Mine").await;
    assert_eq!(stolen.status, StatusCode::CONFLICT);
    let radiators = app.get_as(&token, &format!("/v2/rooms/{kitchen}/radiators")).await;
    assert_eq!(names(&radiators.body["data"]["radiators"]), ["Kitchen east"]);
}

async fn deleting_a_room_or_detaching_keeps_the_radiators_without_a_room(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let kitchen = create_room(&app, &token, "Kitchen").await;
    attach(&app, &token, kitchen, "HD-1", "One").await;
    let two = attach(&app, &token, kitchen, "HD-2", "Two").await.body["data"]["room"]["radiators"]
        [1]["id"]
        .as_i64()
        .unwrap();

    let detached = delete_as(&app, &token, &format!("/v2/rooms/{kitchen}/radiators/{two}")).await;
    assert_eq!(detached.status, StatusCode::OK);
    assert_eq!(names(&detached.body["data"]["room"]["radiators"]), ["One"]);
    let again = delete_as(&app, &token, &format!("/v2/rooms/{kitchen}/radiators/{two}")).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    assert_eq!(
        delete_as(&app, &token, &format!("/v2/rooms/{kitchen}")).await.status,
        StatusCode::OK
    );
    let radiators = app.get_as(&token, "/v2/radiators").await.body["data"]["radiators"].clone();
    assert_eq!(names(&radiators), ["One", "Two"]);
    assert!(radiators.as_array().unwrap().iter().all(|r| r["room_id"].is_null()));
}

async fn radiator_settings_are_validated(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let cases = [
        (json!({"uid": ""}), "uid"),
        (json!({"uid": "has space"}), "uid"),
        (json!({"name": ""}), "name"),
        (json!({"min_temperature": 4.5}), "min_temperature"),
        (json!({"max_temperature": 30.5}), "max_temperature"),
        (json!({"min_temperature": 10.2}), "min_temperature"),
        (json!({"min_temperature": 25}), "max_temperature"),
        (json!({"max_temperature": null}), "max_temperature"),
        (json!({"room_id": 999_999}), "room_id"),
    ];
    for (changes, field) in cases {
        let mut body = radiator("HD-9", "Nine");
        for (key, value) in changes.as_object().unwrap() {
            body[key] = value.clone();
        }
        let answer = app.post_as(&token, "/v2/radiators", body).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{changes}: {:?}", answer.body);
        assert!(answer.body["errors"][field][0].is_string(), "{changes}: {:?}", answer.body);
    }
    create_radiator(&app, &token, "HD-9", "Nine").await;
    let same_uid = app.post_as(&token, "/v2/radiators", radiator("HD-9", "Other")).await;
    assert_eq!(same_uid.status, StatusCode::CONFLICT);
    let same_name = app.post_as(&token, "/v2/radiators", radiator("HD-10", "nine")).await;
    assert_eq!(same_name.status, StatusCode::CONFLICT);
    assert!(same_name.body["errors"]["name"][0].is_string());
}

async fn set_temperature_stays_within_the_radiators_bounds(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let id = create_radiator(&app, &token, "HD-1", "One").await;
    let path = "/v2/radiators/set-temperature";
    for bad in [9.5, 25.5, 21.3] {
        let answer =
            put_as(&app, &token, path, json!({"radiator_id": id, "temperature": bad})).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert!(answer.body["errors"]["temperature"][0].is_string());
    }
    let set = put_as(&app, &token, path, json!({"radiator_id": id, "temperature": 22.5})).await;
    assert_eq!(set.status, StatusCode::OK);
    assert_eq!(set.body["data"]["radiator"]["target_temperature"], 22.5);
    // Narrower bounds move the setpoint inside them.
    let narrowed = app
        .post_as(
            &token,
            &format!("/v2/radiators/{id}"),
            json!({"name": "One", "min_temperature": 12, "max_temperature": 20}),
        )
        .await;
    assert_eq!(narrowed.body["data"]["radiator"]["target_temperature"], 20.0);
    assert_eq!(
        app.get_as(&token, &format!("/v2/radiators/{id}")).await.body["data"]["radiator"]["max_temperature"],
        20.0
    );
    let missing =
        put_as(&app, &token, path, json!({"radiator_id": 999_999, "temperature": 20})).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

async fn radiators_and_rooms_switch_on_and_off(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let kitchen = create_room(&app, &token, "Kitchen").await;
    attach(&app, &token, kitchen, "HD-1", "One").await;
    let two = attach(&app, &token, kitchen, "HD-2", "Two").await.body["data"]["room"]["radiators"]
        [1]["id"]
        .as_i64()
        .unwrap();
    let loose = create_radiator(&app, &token, "HD-3", "Loose").await;

    let off = put_as(
        &app,
        &token,
        &format!("/radiators/toggle-status/{kitchen}/{two}"),
        json!({"status": 0}),
    )
    .await;
    assert_eq!(off.status, StatusCode::OK, "{:?}", off.body);
    assert_eq!(off.body["data"]["radiator"]["status"], 0);
    let room =
        app.get_as(&token, &format!("/v2/rooms/{kitchen}")).await.body["data"]["room"].clone();
    assert_eq!(room["status"], 1);
    assert_eq!(room["radiators"][1]["status"], 0);

    let loose_off = put_as(
        &app,
        &token,
        &format!("/v2/radiators/toggle-status/0/{loose}"),
        json!({"status": 0}),
    )
    .await;
    assert_eq!(loose_off.status, StatusCode::OK);
    let wrong_room =
        put_as(&app, &token, &format!("/radiators/toggle-status/0/{two}"), json!({"status": 1}))
            .await;
    assert_eq!(wrong_room.status, StatusCode::NOT_FOUND);
    let bad = put_as(
        &app,
        &token,
        &format!("/radiators/toggle-status/{kitchen}/{two}"),
        json!({"status": 3}),
    )
    .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);

    let all_off =
        put_as(&app, &token, &format!("/v2/rooms/toggle-status/{kitchen}"), json!({"status": 0}))
            .await;
    assert_eq!(all_off.status, StatusCode::OK);
    assert_eq!(all_off.body["data"]["room"]["status"], 0);
    let statuses: Vec<&Value> = all_off.body["data"]["room"]["radiators"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["status"])
        .collect();
    assert_eq!(statuses, [&json!(0), &json!(0)]);
}

async fn another_businesss_records_answer_404_and_stay_unchanged(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let kitchen = create_room(&app, &token, "Kitchen").await;
    let one = attach(&app, &token, kitchen, "HD-1", "One").await.body["data"]["room"]["radiators"]
        [0]["id"]
        .as_i64()
        .unwrap();
    let rival = app.signed_in("owner@rival.co.uk").await;
    let before_room =
        app.get_as(&token, &format!("/v2/rooms/{kitchen}")).await.body["data"].clone();

    let attempts = [
        app.get_as(&rival, &format!("/v2/rooms/{kitchen}")).await,
        app.get_as(&rival, &format!("/v2/rooms/{kitchen}/radiators")).await,
        app.post_as(&rival, &format!("/v2/rooms/{kitchen}"), json!({"name": "Taken over"})).await,
        delete_as(&app, &rival, &format!("/v2/rooms/{kitchen}")).await,
        put_as(&app, &rival, &format!("/v2/rooms/toggle-status/{kitchen}"), json!({"status": 0}))
            .await,
        attach(&app, &rival, kitchen, "HD-77", "Sneaky").await,
        delete_as(&app, &rival, &format!("/v2/rooms/{kitchen}/radiators/{one}")).await,
        app.get_as(&rival, &format!("/v2/radiators/{one}")).await,
        app.post_as(&rival, &format!("/v2/radiators/{one}"), radiator("HD-1", "Mine")).await,
        put_as(
            &app,
            &rival,
            "/v2/radiators/set-temperature",
            json!({"radiator_id": one, "temperature": 12}),
        )
        .await,
        put_as(
            &app,
            &rival,
            &format!("/radiators/toggle-status/{kitchen}/{one}"),
            json!({"status": 0}),
        )
        .await,
        delete_as(&app, &rival, &format!("/v2/radiators/{one}")).await,
    ];
    for (index, answer) in attempts.iter().enumerate() {
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "attempt {index}: {:?}", answer.body);
    }
    assert_eq!(app.get_as(&rival, "/v2/rooms").await.body["data"]["rooms"], json!([]));
    assert_eq!(app.get_as(&rival, "/v2/radiators").await.body["data"]["radiators"], json!([]));
    let after_room = app.get_as(&token, &format!("/v2/rooms/{kitchen}")).await.body["data"].clone();
    assert_eq!(before_room, after_room);
    assert_eq!(app.get_as(&rival, "/v2/action-history").await.body["data"]["total"], 0);
}

async fn every_change_is_in_the_action_history_newest_first(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let kitchen = create_room(&app, &token, "Kitchen").await;
    app.post_as(&token, &format!("/v2/rooms/{kitchen}"), json!({"name": "Galley"})).await;
    let one = attach(&app, &token, kitchen, "HD-1", "One").await.body["data"]["room"]["radiators"]
        [0]["id"]
        .as_i64()
        .unwrap();
    put_as(
        &app,
        &token,
        "/v2/radiators/set-temperature",
        json!({"radiator_id": one, "temperature": 19}),
    )
    .await;

    let history = app.get_as(&token, "/v2/action-history?per_page=2").await.body["data"].clone();
    assert_eq!(history["total"], 4);
    let entries = history["history"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0]["action"], "set_temperature");
    assert_eq!(entries[0]["record_type"], "radiator");
    assert_eq!(entries[0]["record_id"], one);
    assert_eq!(entries[0]["before"]["target_temperature"], 21.0);
    assert_eq!(entries[0]["after"]["target_temperature"], 19.0);
    assert_eq!(entries[0]["user_email"], "owner@acme.co.uk");
    assert_eq!(entries[1]["action"], "attach_radiator");
    let older =
        app.get_as(&token, "/v2/action-history?per_page=2&page=2").await.body["data"]["history"]
            .clone();
    assert_eq!(older[0]["action"], "update");
    assert_eq!(older[0]["before"]["name"], "Kitchen");
    assert_eq!(older[0]["after"]["name"], "Galley");
    assert_eq!(older[1]["action"], "create");
    assert!(older[1]["before"].is_null());
}

async fn live_state_shows_in_rooms_and_radiators_until_it_goes_stale(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let kitchen = create_room(&app, &token, "Kitchen").await;
    attach(&app, &token, kitchen, "HD-1", "One").await;
    let room = attach(&app, &token, kitchen, "HD-2", "Two").await.body["data"]["room"].clone();
    assert!(room["current_temperature"].is_null());
    assert_eq!(room["radiators"][0]["online"], 0);

    // What the device gateway hands over when radiators report.
    let report = |uid: &str, temperature: f64, heating: bool| Report {
        uid: uid.to_owned(),
        temperature,
        setpoint: 21.0,
        on: true,
        heating,
        power_w: if heating { 1500.0 } else { 0.0 },
        energy_wh_total: 0.0,
    };
    let reports =
        [report("HD-1", 19.0, true), report("HD-2", 20.0, false), report("HD-unknown", 30.0, true)];
    ingest(&app.store, &app.state.live, &reports, app.clock_now()).await.unwrap();
    let live = app.get_as(&token, "/v2/rooms").await.body["data"]["rooms"][0].clone();
    assert_eq!(live["current_temperature"], 19.5);
    assert_eq!(live["heating"], 1);
    let radiators = app.get_as(&token, "/v2/radiators").await.body["data"]["radiators"].clone();
    assert_eq!(radiators[0]["online"], 1);
    assert_eq!(radiators[0]["current_temperature"], 19.0);
    assert_eq!(radiators[0]["power_w"], 1500.0);

    app.clock.advance(time::Duration::minutes(5));
    let stale = app.get_as(&token, "/v2/rooms").await.body["data"]["rooms"][0].clone();
    assert!(stale["current_temperature"].is_null());
    assert_eq!(stale["heating"], 0);
    let offline = app.get_as(&token, "/v2/radiators").await.body["data"]["radiators"][0].clone();
    assert_eq!(offline["online"], 0);
    assert_eq!(offline["heating"], 0);
}

async fn concurrent_changes_all_succeed(app: TestApp) {
    // Read-then-write transactions racing on SQLite used to fail with "database is locked".
    let token = app.signed_in("owner@acme.co.uk").await;
    let id = create_radiator(&app, &token, "HD-1", "One").await;
    let changes = (0..24).map(|n| {
        let body = json!({"radiator_id": id, "temperature": 10.0 + f64::from(n % 20) * 0.5});
        put_as(&app, &token, "/v2/radiators/set-temperature", body)
    });
    for answer in futures_util::future::join_all(changes).await {
        assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    }
    let history = app.get_as(&token, "/v2/action-history").await.body["data"]["total"].clone();
    assert_eq!(history, 25);
}
