//! Onboarding (plan → consent → address → energy usage → done, in `me.onboarding`), the smart
//! meter consent with its in-home display, and the meter's half-hourly readings.

use heatdesk::clock::Clock;
use reqwest::StatusCode;
use serde_json::{Value, json};
use time::format_description::well_known::Rfc3339;

use crate::store_tests;
use crate::support::{Owner, TestApp, User};

store_tests!(
    a_new_business_walks_the_steps_in_order_and_each_is_checked,
    onboarding_cannot_be_completed_from_an_earlier_step,
    meter_readings_need_the_consent_and_follow_the_radiators,
);

/// A valid MPAN core (its check digit matches).
const MPAN: &str = "1200023305967";

async fn step(owner: &Owner<'_>) -> String {
    let me: User = owner.get("/v2/auth/me").await.data("me");
    me.onboarding
}

async fn consent(owner: &Owner<'_>) -> crate::support::Answer {
    let body = json!({"terms_version": "2026-11", "agreed": 1, "mpan": MPAN});
    owner.post("/v2/consents", body).await
}

async fn a_new_business_walks_the_steps_in_order_and_each_is_checked(app: TestApp) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    assert_eq!(step(&owner).await, "plan");
    owner.post("/v2/users/subscriptions/get_free_trial", json!({"plan_id": 1})).await;
    assert_eq!(step(&owner).await, "consent");

    let refused = owner
        .post("/v2/consents", json!({"terms_version": "2020-01", "mpan": "1200023305968"}))
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.field_error("terms_version"),
        "Agree to the current terms, version 2026-11: reload the page."
    );
    assert_eq!(refused.field_error("agreed"), "Tick the box to agree to the terms.");
    assert_eq!(
        refused.field_error("mpan"),
        "This MPAN's check digit does not match: check each digit again."
    );
    assert_eq!(step(&owner).await, "consent", "a refused consent moves nothing");
    let before_mac =
        owner.post("/v2/consents/ihd_mac", json!({"ihd_mac": "001A2B3C4D5E6F70"})).await;
    assert_eq!(before_mac.status, StatusCode::CONFLICT);

    let given = consent(&owner).await;
    assert_eq!(given.status, StatusCode::OK);
    assert_eq!(given.body["data"]["consent"]["mpan"], MPAN);
    assert_eq!(given.body["data"]["consent"]["active"], 1);
    assert_eq!(step(&owner).await, "address");
    let bad_mac =
        owner.post("/v2/consents/ihd_mac", json!({"ihd_mac": "00-1A-2B-3C-4D-5E-6F"})).await;
    assert_eq!(bad_mac.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad_mac.field_error("ihd_mac").starts_with("A display's MAC has 16 characters"));
    let mac =
        owner.post("/v2/consents/ihd_mac", json!({"ihd_mac": "00-1a-2b-3c-4d-5e-6f-70"})).await;
    assert_eq!(mac.body["data"]["consent"]["ihd_mac"], "001A2B3C4D5E6F70");

    let address = |post_code: &str| {
        json!({"business_address_line1": "4 Registered Row", "business_address_line2": "",
            "business_town": "Leeds", "business_city": "Leeds", "business_post_code": post_code})
    };
    let refused = owner.post("/v2/users/address/confirm", address("LS1")).await;
    assert_eq!(
        refused.field_error("business_post_code"),
        "Enter a valid UK postcode, like SW1A 1AA."
    );
    let confirmed = owner.post("/v2/users/address/confirm", address("ls14dl")).await;
    assert_eq!(confirmed.status, StatusCode::OK);
    assert_eq!(confirmed.body["data"]["onboarding"], "energy_usage");
    let me: Value = owner.get("/v2/auth/me").await.body["data"]["me"].clone();
    assert_eq!(
        (me["business_address_line1"].as_str(), me["business_post_code"].as_str()),
        (Some("4 Registered Row"), Some("LS1 4DL"))
    );
    assert_eq!(me["is_same_address"], 0, "no longer the trading address");

    let done = owner.post("/v2/users/onboarding/complete", json!({})).await;
    assert_eq!(
        (done.status, done.body["data"]["onboarding"].as_str()),
        (StatusCode::OK, Some("done"))
    );
    assert_eq!(step(&owner).await, "done");
    let again = owner.post("/v2/users/onboarding/complete", json!({})).await;
    assert_eq!(again.status, StatusCode::OK, "finishing twice is finished");
    let kinds = owner.history("?kind=consent").await.total;
    assert_eq!(kinds, 2, "the consent and its display");

    // Another business sees none of it.
    let rival = app.register_business_without_plan("owner@rival.co.uk").await;
    assert_eq!(rival.get("/v2/consents").await.body["data"]["consent"], Value::Null);
    assert_eq!(step(&rival).await, "plan");
}

async fn onboarding_cannot_be_completed_from_an_earlier_step(app: TestApp) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let early = owner.post("/v2/users/onboarding/complete", json!({})).await;
    assert_eq!(early.status, StatusCode::CONFLICT);
    assert_eq!(
        early.description(),
        "Finish the earlier steps first: this business is at its plan step."
    );
    // A consent given out of order does not skip the plan.
    assert_eq!(consent(&owner).await.status, StatusCode::OK);
    assert_eq!(step(&owner).await, "plan");
}

async fn meter_readings_need_the_consent_and_follow_the_radiators(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let refused = owner.get("/v2/meter/readings?days=7").await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(
        refused.description(),
        "HeatDesk reads your smart meter only with your consent: give it under Consent."
    );
    consent(&owner).await;
    assert_eq!(
        owner.get("/v2/meter/readings?days=0").await.field_error("days"),
        "Choose 1 to 31 days."
    );

    // 1 kWh of heating between 08:00 and 09:00 today (the clock is 09:00).
    owner.add_radiator("HD-1", "Hall").await;
    crate::analytics::used_by(&app, "HD-1", &mut 0.0, 1000.0, "2026-01-15T08:01:00Z").await;
    let readings = owner.get("/v2/meter/readings?days=7").await.body["data"]["readings"].clone();
    let readings = readings.as_array().unwrap();
    // Seven local days: 9 to 14 January whole, and today up to its last whole half-hour.
    assert_eq!(readings.len(), 6 * 48 + 18, "every half-hour of 7 days");
    assert_eq!(
        (&readings[0]["start"], &readings.last().unwrap()["start"]),
        (&json!("2026-01-09T00:00:00+00:00"), &json!("2026-01-15T08:30:00+00:00")),
        "from local midnight up to the last whole half-hour"
    );
    let kwh = |start: &str| {
        readings.iter().find(|r| r["start"] == start).unwrap()["kwh"].as_f64().unwrap()
    };
    // Each half of the hour carries half the radiators' kWh on top of an office-hours base load.
    let (heated, unheated) = (kwh("2026-01-15T08:00:00+00:00"), kwh("2026-01-14T08:00:00+00:00"));
    assert!(heated - unheated > 0.4 && heated - unheated < 0.7, "{heated} against {unheated}");
    assert!(kwh("2026-01-15T02:00:00+00:00") < 0.25, "a night's base load");

    // In Dubai (UTC+4) the days begin at its midnight, 20:00 UTC the evening before, and every
    // start says so.
    let dubai = json!({"time_zone": "Asia/Dubai", "working_days": [1, 2, 3, 4, 5],
        "working_hours": {"start": "08:00", "end": "18:00"}, "comfort_setpoint": 21});
    assert_eq!(owner.put("/v2/settings/business", dubai).await.status, StatusCode::OK);
    let readings = owner.get("/v2/meter/readings?days=1").await.body["data"]["readings"].clone();
    let readings = readings.as_array().unwrap();
    assert_eq!(
        (readings.len(), &readings[0]["start"], &readings.last().unwrap()["start"]),
        (26, &json!("2026-01-15T00:00:00+04:00"), &json!("2026-01-15T12:30:00+04:00"))
    );

    // Ten minutes after Dubai's midnight today has no whole half-hour yet: the last day is
    // yesterday, whole, so 7 days are 7 days of readings.
    let agreed = app.clock.now().format(&Rfc3339).unwrap();
    app.clock.advance(time::Duration::hours(11) + time::Duration::minutes(10));
    let readings = owner.get("/v2/meter/readings?days=7").await.body["data"]["readings"].clone();
    let readings = readings.as_array().unwrap();
    assert_eq!(
        (readings.len(), &readings[0]["start"], &readings.last().unwrap()["start"]),
        (7 * 48, &json!("2026-01-09T00:00:00+04:00"), &json!("2026-01-15T23:30:00+04:00"))
    );

    let withdrawn = owner.post("/v2/consents/withdraw", json!({})).await;
    assert_eq!(withdrawn.status, StatusCode::OK);
    let consent = &withdrawn.body["data"]["consent"];
    let now = app.clock.now().format(&Rfc3339).unwrap();
    assert_eq!(
        (&consent["agreed_at"], &consent["withdrawn_at"], &consent["active"]),
        (&json!(agreed), &json!(now), &json!(0))
    );
    assert_eq!(owner.get("/v2/meter/readings").await.status, StatusCode::FORBIDDEN);
    assert_eq!(owner.post("/v2/consents/withdraw", json!({})).await.status, StatusCode::CONFLICT);
}
