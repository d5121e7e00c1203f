//! The demo business that `heatdesk serve --demo` creates, so a new user can sign in at once
//! and find a living building: three floors as zones, ten rooms, 32 radiators.

use crate::store::Store;
use time::OffsetDateTime;

use crate::auth::account::create_if_missing;
use crate::auth::profile::ProfileRequest;

pub const DEMO_EMAIL: &str = "demo@heatdesk.example";
pub const DEMO_PASSWORD: &str = "heatdesk-demo";

/// Creates the demo business unless it exists; answers whether it was created.
pub async fn seed(store: &Store, now: OffsetDateTime) -> anyhow::Result<bool> {
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
    if !create_if_missing(store, DEMO_EMAIL, DEMO_PASSWORD, &profile, now).await? {
        return Ok(false);
    }
    build(store, now.unix_timestamp()).await?;
    Ok(true)
}

/// A demo room: name, radiator count, setpoint, on.
type DemoRoom = (&'static str, usize, f64, bool);

/// Floors (zones) with their rooms.
const BUILDING: [(&str, &[DemoRoom]); 3] = [
    (
        "Ground floor",
        &[("Reception", 3, 21.0, true), ("Café", 4, 19.5, true), ("Meeting room A", 2, 20.0, true)],
    ),
    (
        "First floor",
        &[
            ("Open-plan east", 5, 21.0, true),
            ("Open-plan west", 5, 21.0, true),
            ("Board room", 3, 20.5, true),
            ("Quiet room", 2, 20.0, false),
        ],
    ),
    (
        "Second floor",
        &[("Studio", 4, 21.5, true), ("Meeting room B", 2, 20.0, true), ("Kitchen", 2, 19.0, true)],
    ),
];

async fn build(store: &Store, now: i64) -> anyhow::Result<()> {
    let mut tx = store.begin_write().await?;
    let (business_id,): (i64,) = sqlx::query_as("SELECT business_id FROM users WHERE email = $1")
        .bind(DEMO_EMAIL)
        .fetch_one(&mut *tx)
        .await?;
    let mut room_number = 0;
    for (zone, rooms) in BUILDING {
        let (zone_id,): (i64,) = sqlx::query_as(
            "INSERT INTO zones (business_id, name, created_at) VALUES ($1, $2, $3) RETURNING id",
        )
        .bind(business_id)
        .bind(zone)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        for &(room, radiators, setpoint, on) in rooms {
            room_number += 1;
            let (room_id,): (i64,) = sqlx::query_as(
                "INSERT INTO rooms (business_id, zone_id, name, created_at) VALUES ($1, $2, $3, $4)
                 RETURNING id",
            )
            .bind(business_id)
            .bind(zone_id)
            .bind(room)
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
            for n in 1..=radiators {
                sqlx::query(
                    "INSERT INTO radiators (business_id, room_id, uid, name, min_temperature,
                         max_temperature, setpoint, is_on, created_at)
                     VALUES ($1, $2, $3, $4, 7.0, 26.0, $5, $6, $7)",
                )
                .bind(business_id)
                .bind(room_id)
                .bind(format!("NW-{room_number:02}{n:02}"))
                .bind(format!("{room} {n}"))
                .bind(setpoint)
                .bind(i64::from(on))
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
        }
    }
    store.commit(tx).await?;
    Ok(())
}
