//! Business settings (`/v2/settings/business`): the defaults, saving, every field's check, the
//! action history, and one business's settings hidden from another.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::store_tests;
use crate::support::TestApp;

store_tests!(
    a_new_business_has_the_default_settings,
    settings_are_saved_spelled_as_the_tz_database_does_and_recorded,
    every_bad_field_is_named_and_nothing_is_saved,
    one_business_never_sees_anothers_settings,
    a_new_radiator_starts_at_the_comfort_setpoint_within_its_bounds,
);

fn settings() -> Value {
    json!({"time_zone": "europe/paris", "working_days": [5, 1, 2, 2],
        "working_hours": {"start": "07:30", "end": "19:00"}, "comfort_setpoint": 20.5})
}

async fn a_new_business_has_the_default_settings(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let answer = owner.get("/v2/settings/business").await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(
        answer.body["data"]["business_settings"],
        json!({"time_zone": "Europe/London", "working_days": [1, 2, 3, 4, 5],
            "working_hours": {"start": "08:00", "end": "18:00"}, "comfort_setpoint": 21.0})
    );
}

async fn settings_are_saved_spelled_as_the_tz_database_does_and_recorded(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let saved = owner.put("/v2/settings/business", settings()).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    assert_eq!(saved.description(), "Business settings saved.");
    let expected = json!({"time_zone": "Europe/Paris", "working_days": [1, 2, 5],
        "working_hours": {"start": "07:30", "end": "19:00"}, "comfort_setpoint": 20.5});
    assert_eq!(saved.body["data"]["business_settings"], expected);
    assert_eq!(
        owner.get("/v2/settings/business").await.body["data"]["business_settings"],
        expected
    );
    let mut again = settings();
    again["comfort_setpoint"] = json!(19);
    let saved = owner.put("/v2/settings/business", again).await;
    assert_eq!(saved.body["data"]["business_settings"]["comfort_setpoint"], 19.0);
    assert_eq!(owner.get("/v2/settings/business").await.body["data"], saved.body["data"]);

    let history = owner.history("").await;
    let entry = &history.history[1];
    assert_eq!(
        (entry.action.as_str(), entry.record_type.as_str()),
        ("update", "business_settings")
    );
    assert_eq!(entry.before.as_ref().unwrap()["time_zone"], "Europe/London");
    assert_eq!(entry.after.as_ref().unwrap()["time_zone"], "Europe/Paris");
    // Saved again as they are: nothing changed, so the history tells nothing new.
    let mut same = settings();
    same["comfort_setpoint"] = json!(19);
    assert_eq!(owner.put("/v2/settings/business", same).await.status, StatusCode::OK);
    assert_eq!(owner.history("").await.total, history.total);
}

async fn every_bad_field_is_named_and_nothing_is_saved(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let bad = json!({"time_zone": "Mars/Olympus", "working_days": [0, 8],
        "working_hours": {"start": "7:30", "end": "25:00"}, "comfort_setpoint": 20.3});
    let answer = owner.put("/v2/settings/business", bad).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer.field_error("time_zone").contains("is not a time zone"));
    assert_eq!(answer.field_error("working_days"), "Days are 1 (Monday) to 7 (Sunday), not 0.");
    assert_eq!(answer.field_error("working_hours.start"), "Use a time like 07:30, not '7:30'.");
    assert_eq!(answer.field_error("working_hours.end"), "Use a time like 07:30, not '25:00'.");
    assert_eq!(answer.field_error("comfort_setpoint"), "Use steps of 0.5 °C.");

    let mut backwards = settings();
    backwards["working_hours"] = json!({"start": "18:00", "end": "08:00"});
    backwards["working_days"] = json!([]);
    let answer = owner.put("/v2/settings/business", backwards).await;
    assert_eq!(answer.field_error("working_hours.end"), "Make the end later than the start.");
    assert_eq!(answer.field_error("working_days"), "Choose at least one working day.");
    let missing = owner.put("/v2/settings/business", json!({})).await;
    assert_eq!(missing.field_error("time_zone"), "Choose a time zone.");
    assert_eq!(missing.field_error("comfort_setpoint"), "Enter a temperature.");

    let kept = owner.get("/v2/settings/business").await;
    assert_eq!(kept.body["data"]["business_settings"]["time_zone"], "Europe/London");
    assert!(owner.history("").await.history.iter().all(|e| e.record_type != "business_settings"));
}

async fn one_business_never_sees_anothers_settings(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let rival = app.register_business("owner@rival.co.uk").await;
    assert_eq!(acme.put("/v2/settings/business", settings()).await.status, StatusCode::OK);
    let theirs = rival.get("/v2/settings/business").await;
    assert_eq!(theirs.body["data"]["business_settings"]["time_zone"], "Europe/London");
    let unauthenticated = app.call(reqwest::Method::GET, "/v2/settings/business", None, None);
    assert_eq!(unauthenticated.await.status, StatusCode::UNAUTHORIZED);
}

async fn a_new_radiator_starts_at_the_comfort_setpoint_within_its_bounds(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let first = owner.add_radiator("HD-1", "Default").await;
    assert_eq!(first.target_temperature, 21.0);
    let mut cooler = settings();
    cooler["comfort_setpoint"] = json!(19.5);
    assert_eq!(owner.put("/v2/settings/business", cooler).await.status, StatusCode::OK);
    let room = owner.add_room("Office").await;
    assert_eq!(owner.add_radiator_to(room.id, "HD-2", "Window").await.target_temperature, 19.5);
    assert_eq!(owner.add_radiator("HD-3", "Spare").await.target_temperature, 19.5);
    // Bounds 22–25 °C: as near the comfort setpoint as the radiator allows.
    let warm = json!({"uid": "HD-4", "name": "Warm", "min_temperature": 22, "max_temperature": 25});
    let made = owner.post("/v2/radiators", warm).await;
    assert_eq!(made.status, StatusCode::OK, "{:?}", made.body);
    assert_eq!(made.body["data"]["radiator"]["target_temperature"], 22.0);
    // A radiator already there keeps the target it has.
    assert_eq!(owner.radiator(first.id).await.target_temperature, 21.0);
}
