//! The demo business of `serve --demo`.

mod common;

use common::TestApp;
use heatdesk::demo::{DEMO_EMAIL, DEMO_PASSWORD, seed};
use reqwest::StatusCode;

store_tests!(the_demo_business_is_created_once_and_can_sign_in);

async fn the_demo_business_is_created_once_and_can_sign_in(app: TestApp) {
    let now = time::OffsetDateTime::now_utc();
    assert!(seed(app.store.pool(), now).await.unwrap());
    assert!(!seed(app.store.pool(), now).await.unwrap());
    let login = app.login(DEMO_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(login.status, StatusCode::OK);
    assert_eq!(login.body["data"]["user"]["level"], 5001);
    assert_eq!(login.body["data"]["user"]["business_name"], "Northwind Offices Ltd");
}
