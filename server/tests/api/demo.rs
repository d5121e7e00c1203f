//! The demo business of `serve --demo`.

mod common;

use common::TestApp;
use heatdesk::demo::{DEMO_EMAIL, DEMO_PASSWORD, seed};
use reqwest::StatusCode;

store_tests!(the_demo_business_is_created_once_and_can_sign_in);

async fn the_demo_business_is_created_once_and_can_sign_in(app: TestApp) {
    let now = time::OffsetDateTime::now_utc();
    assert!(seed(&app.store, now).await.unwrap());
    assert!(!seed(&app.store, now).await.unwrap());
    let login = app.login(DEMO_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(login.status, StatusCode::OK);
    assert_eq!(login.body["data"]["user"]["level"], 5001);
    assert_eq!(login.body["data"]["user"]["business_name"], "Northwind Offices Ltd");
    let token = login.body["data"]["user"]["access_token"].as_str().unwrap();
    let rooms = app.get_as(token, "/v2/rooms").await.body["data"]["rooms"].clone();
    let radiators = app.get_as(token, "/v2/radiators").await.body["data"]["radiators"].clone();
    let zones = app.get_as(token, "/v2/zones").await.body["data"]["zones"].clone();
    assert!((8..=12).contains(&rooms.as_array().unwrap().len()));
    assert!((25..=40).contains(&radiators.as_array().unwrap().len()));
    assert_eq!(zones.as_array().unwrap().len(), 3);
    assert!(rooms.as_array().unwrap().iter().all(|room| room["zone_id"].is_i64()));

    // The building comes alive with the first tick of the simulated fleet.
    app.tick(60).await;
    let live = app.get_as(token, "/v2/rooms").await.body["data"]["rooms"].clone();
    assert!(live.as_array().unwrap().iter().all(|room| room["current_temperature"].is_f64()));
}
