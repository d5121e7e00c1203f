//! The demo business that `heatdesk serve --demo` creates, so a new user can sign in at once.

use sqlx::AnyPool;
use time::OffsetDateTime;

use crate::auth::account::create_if_missing;
use crate::auth::profile::ProfileRequest;

pub const DEMO_EMAIL: &str = "demo@heatdesk.example";
pub const DEMO_PASSWORD: &str = "heatdesk-demo";

/// Creates the demo business unless it exists; answers whether it was created.
pub async fn seed(pool: &AnyPool, now: OffsetDateTime) -> anyhow::Result<bool> {
    let profile = ProfileRequest {
        first_name: "Northwind Offices".into(),
        last_name: "Northwind Workspace".into(),
        mobile: "07700 900461".into(),
        address_line1: "12 Wellington Street".into(),
        address_line2: "Second floor".into(),
        town: "Leeds".into(),
        city: "Leeds".into(),
        post_code: "LS1 4DL".into(),
        business_name: "Northwind Offices Ltd".into(),
        is_same_address: Some(1),
        ..ProfileRequest::default()
    };
    create_if_missing(pool, DEMO_EMAIL, DEMO_PASSWORD, &profile, now).await
}
