//! Radiators over HTTP: registration, settings, set-temperature, on/off and their live state.

use heatdesk::devices::Report;
use heatdesk::devices::telemetry::{Source, ingest};
use reqwest::StatusCode;
use serde_json::json;

use crate::store_tests;
use crate::support::{Radiator, Room, TestApp, radiator};

store_tests!(
    radiator_settings_are_validated,
    set_temperature_stays_within_the_radiators_bounds,
    a_radiator_switches_on_and_off_within_its_room,
    another_businesss_radiators_answer_404_and_stay_unchanged,
    live_state_shows_in_rooms_and_radiators_until_it_goes_stale,
    concurrent_changes_all_succeed,
);

async fn radiator_settings_are_validated(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
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
        let answer = acme.post("/v2/radiators", body).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{changes}: {:?}", answer.body);
        answer.field_error(field);
    }
    let added = acme.post("/v2/radiators", radiator("HD-9", "Nine")).await;
    assert_eq!(added.description(), "Radiator 'Nine' added.");
    let same_uid = acme.post("/v2/radiators", radiator("HD-9", "Other")).await;
    assert_eq!(same_uid.status, StatusCode::CONFLICT);
    assert_eq!(same_uid.field_error("uid"), "A radiator with this id is already registered.");
    // One label, one id in any case: in this business or another.
    let other_case = acme.post("/v2/radiators", radiator("hd-9", "Other")).await;
    assert_eq!(other_case.status, StatusCode::CONFLICT);
    let rival = app.register_business("owner@rival.co.uk").await;
    assert_eq!(
        rival.post("/v2/radiators", radiator("Hd-9", "Nine")).await.status,
        StatusCode::CONFLICT
    );
    // The store holds to it too, should two registrations meet.
    let copy = "INSERT INTO radiators (business_id, room_id, uid, name, min_temperature,
            max_temperature, setpoint, is_on, created_at, name_key, search_key)
        SELECT business_id, room_id, lower(uid), 'Copy', min_temperature, max_temperature,
            setpoint, is_on, created_at, 'copy', 'copy' FROM radiators WHERE uid = 'HD-9'";
    let mut tx = app.store.begin_write().await.unwrap();
    let refused = sqlx::query(copy).execute(&mut *tx).await.unwrap_err();
    assert!(refused.as_database_error().is_some_and(|error| error.is_unique_violation()));
    drop(tx);
    let same_name = acme.post("/v2/radiators", radiator("HD-10", "nine")).await;
    assert_eq!(same_name.status, StatusCode::CONFLICT);
    assert_eq!(same_name.field_error("name"), "A radiator named 'Nine' already exists.");
}

async fn set_temperature_stays_within_the_radiators_bounds(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let id = acme.add_radiator("HD-1", "One").await.id;
    for bad in [9.5, 25.5, 21.3] {
        let answer = acme.set_temperature(id, bad).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        answer.field_error("temperature");
    }
    let set = acme.set_temperature(id, 22.5).await;
    assert_eq!(set.description(), "'One' set to 22.5 °C.");
    assert_eq!(set.data::<Radiator>("radiator").target_temperature, 22.5);
    // Narrower bounds move the setpoint inside them.
    let narrow = json!({"name": "One", "min_temperature": 12, "max_temperature": 20});
    let narrowed = acme.post(&format!("/v2/radiators/{id}"), narrow).await;
    assert_eq!(
        narrowed.description(),
        "Radiator 'One' saved; its target moved to 20 °C, within its new limits."
    );
    assert_eq!(narrowed.data::<Radiator>("radiator").target_temperature, 20.0);
    let renamed = json!({"name": "Uno", "min_temperature": 12, "max_temperature": 20});
    let renamed = acme.post(&format!("/v2/radiators/{id}"), renamed).await;
    assert_eq!(renamed.description(), "Radiator 'Uno' saved.");
    assert_eq!(acme.radiator(id).await.max_temperature, 20.0);
    // Its id may be sent back as it is, but not changed.
    let uid = acme.radiator(id).await.uid;
    let same = json!({"uid": uid, "name": "Uno", "min_temperature": 12, "max_temperature": 20});
    assert_eq!(acme.post(&format!("/v2/radiators/{id}"), same).await.status, StatusCode::OK);
    let other =
        json!({"uid": "HD-77", "name": "Uno", "min_temperature": 12, "max_temperature": 20});
    let refused = acme.post(&format!("/v2/radiators/{id}"), other).await;
    assert_eq!(
        refused.field_error("uid"),
        "A radiator's id cannot be changed: delete it and add the new one."
    );
    assert_eq!(acme.radiator(id).await.uid, uid);
    let missing = acme.set_temperature(999_999, 20.0).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.description(), "This radiator does not exist.");
}

async fn a_radiator_switches_on_and_off_within_its_room(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let kitchen = acme.add_room("Kitchen").await.id;
    acme.add_radiator_to(kitchen, "HD-1", "One").await;
    let two = acme.add_radiator_to(kitchen, "HD-2", "Two").await.id;
    let loose = acme.add_radiator("HD-3", "Loose").await.id;

    let toggle = |room: i64, radiator: i64| format!("/radiators/toggle-status/{room}/{radiator}");
    let off = acme.put(&toggle(kitchen, two), json!({"status": 0})).await;
    assert_eq!(off.description(), "'Two' switched off.");
    assert_eq!(off.data::<Radiator>("radiator").status, 0);
    let room = acme.room(kitchen).await;
    assert_eq!((room.status, room.radiators[1].status), (1, 0));

    let loose_off = acme.put(&format!("/v2{}", toggle(0, loose)), json!({"status": 0})).await;
    assert_eq!(loose_off.data::<Radiator>("radiator").status, 0);
    assert_eq!(
        acme.set_temperature(loose, 20.0).await.description(),
        "'Loose' set to 20 °C. It is switched off: it heats to it once switched on."
    );
    let wrong_room = acme.put(&toggle(0, two), json!({"status": 1})).await;
    assert_eq!(wrong_room.status, StatusCode::NOT_FOUND);
    let bad = acme.put(&toggle(kitchen, two), json!({"status": 3})).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
}

async fn another_businesss_radiators_answer_404_and_stay_unchanged(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let kitchen = acme.add_room("Kitchen").await.id;
    let one = acme.add_radiator_to(kitchen, "HD-1", "One").await;
    let rival = app.register_business("owner@rival.co.uk").await;

    let attempts = [
        rival.get(&format!("/v2/radiators/{}", one.id)).await,
        rival.post(&format!("/v2/radiators/{}", one.id), radiator("HD-1", "Mine")).await,
        rival.set_temperature(one.id, 12.0).await,
        rival
            .put(&format!("/radiators/toggle-status/{kitchen}/{}", one.id), json!({"status": 0}))
            .await,
        rival.get(&format!("/v2/radiators/{}/readings", one.id)).await,
        rival.delete(&format!("/v2/radiators/{}", one.id)).await,
    ];
    for (index, answer) in attempts.iter().enumerate() {
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "attempt {index}: {:?}", answer.body);
    }
    assert!(rival.radiators().await.is_empty());
    assert_eq!(acme.radiator(one.id).await, one);
}

async fn live_state_shows_in_rooms_and_radiators_until_it_goes_stale(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let kitchen = acme.add_room("Kitchen").await.id;
    acme.add_radiator_to(kitchen, "HD-1", "One").await;
    let two = acme.add_radiator_to(kitchen, "HD-2", "Two").await;
    assert_eq!((two.online, two.current_temperature), (0, None));
    assert_eq!(acme.room(kitchen).await.current_temperature, None);

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
    ingest(&app.store, &app.state.live, &reports, app.clock_now(), Source::Fleet).await.unwrap();
    let live: Room = acme.rooms().await.remove(0);
    assert_eq!((live.current_temperature, live.heating), (Some(19.5), 1));
    let one = acme.radiators().await.remove(0);
    assert_eq!((one.online, one.current_temperature, one.power_w), (1, Some(19.0), Some(1500.0)));

    app.clock.advance(time::Duration::minutes(5));
    let stale = acme.rooms().await.remove(0);
    assert_eq!((stale.current_temperature, stale.heating), (None, 0));
    let offline = acme.radiators().await.remove(0);
    assert_eq!((offline.online, offline.heating), (0, 0));
}

async fn concurrent_changes_all_succeed(app: TestApp) {
    // Read-then-write transactions racing on SQLite used to fail with "database is locked".
    let acme = app.register_business("owner@acme.co.uk").await;
    let id = acme.add_radiator("HD-1", "One").await.id;
    // 24 setpoints, none the same as another or as the first (21 °C), so each is a change the
    // history tells.
    let setpoints = (0..25).map(|n| 10.0 + f64::from(n) * 0.5).filter(|&t| t != 21.0);
    let changes = setpoints.map(|temperature| acme.set_temperature(id, temperature));
    for answer in futures_util::future::join_all(changes).await {
        assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    }
    assert_eq!(acme.history("").await.total, 25);
}
