//! The grid's carbon intensity: the GB Carbon Intensity API adapter against a local stand-in
//! of the API (nationally and for a region; an actual figure is never replaced by a forecast;
//! readings in a fetched half-hour are counted at its figure), and the business's choice of the
//! DESNZ factor instead (`PATCH /v2/users/goal/carbon-method/{method}`).

use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::{Path, State};
use axum::routing::get;
use heatdesk::grid::{CarbonIntensityApi, DESNZ_KG_PER_KWH};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::analytics::used;
use crate::store_tests;
use crate::support::{Owner, TestApp};

store_tests!(
    api_figures_count_the_co2_of_readings_in_their_half_hours,
    a_region_is_asked_for_by_its_id,
    a_business_may_count_its_co2_at_the_desnz_factor,
);

/// What the stand-in was asked, and the actual figure it gives for the past.
#[derive(Clone)]
struct StandIn {
    asked: Arc<Mutex<Vec<String>>>,
    past: f64,
}

/// Half-hours as the API writes them, from `from` (its `YYYY-MM-DDTHH:MMZ`) for `count`
/// periods, forward or back: the past with actual figures, the future with forecasts only.
fn periods(from: &str, window: &str, past: f64) -> Vec<Value> {
    let from = time::PrimitiveDateTime::parse(
        from,
        time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]Z"),
    )
    .unwrap()
    .assume_utc();
    let format = time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]Z");
    let half = time::Duration::minutes(30);
    let starts: Vec<OffsetDateTime> = match window {
        // The past day, up to and including the half-hour `from` is in.
        "pt24h" => (0..48).map(|i| from - half * (47 - i)).collect(),
        _ => (0..96).map(|i| from + half * i).collect(),
    };
    starts
        .into_iter()
        .map(|start| {
            let intensity = if window == "pt24h" {
                json!({"forecast": 300, "actual": past, "index": "low"})
            } else {
                json!({"forecast": 300, "actual": null, "index": "high"})
            };
            json!({"from": start.format(format).unwrap(), "to": (start + half).format(format).unwrap(),
                "intensity": intensity})
        })
        .collect()
}

async fn national(
    State(stand_in): State<StandIn>,
    Path((from, window)): Path<(String, String)>,
) -> Json<Value> {
    stand_in.asked.lock().unwrap().push(format!("/intensity/{from}/{window}"));
    Json(json!({"data": periods(&from, &window, stand_in.past)}))
}

async fn regional(
    State(stand_in): State<StandIn>,
    Path((from, window, region)): Path<(String, String, u16)>,
) -> Json<Value> {
    stand_in
        .asked
        .lock()
        .unwrap()
        .push(format!("/regional/intensity/{from}/{window}/regionid/{region}"));
    let data = periods(&from, &window, stand_in.past);
    Json(
        json!({"data": {"regionid": region, "dnoregion": "SSE South", "shortname": "South England",
        "data": data}}),
    )
}

/// Serves the stand-in on a free port; answers its address.
async fn stand_in(past: f64) -> (String, StandIn) {
    let state = StandIn { asked: Arc::default(), past };
    let router = axum::Router::new()
        .route("/intensity/{from}/{window}", get(national))
        .route("/regional/intensity/{from}/{window}/regionid/{region}", get(regional))
        .with_state(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    (format!("http://{address}/"), state)
}

async fn stored(app: &TestApp, at: &str) -> (f64, i64) {
    let at = OffsetDateTime::parse(at, &Rfc3339).unwrap().unix_timestamp();
    sqlx::query_as("SELECT g_per_kwh, actual FROM grid_intensity WHERE period_start = $1")
        .bind(at)
        .fetch_one(app.store.reader())
        .await
        .unwrap()
}

async fn today_co2(owner: &Owner<'_>) -> f64 {
    let answer = owner.get("/v2/analytics/commercial/web/energy-history-graph?type=day").await;
    assert_eq!(answer.status, StatusCode::OK);
    answer.body["data"]["energy_history"]["totals"]["co2_kg"].as_f64().unwrap()
}

async fn api_figures_count_the_co2_of_readings_in_their_half_hours(app: TestApp) {
    let (base, stand_in) = stand_in(80.0).await;
    let api = CarbonIntensityApi::new(&base, None).unwrap();
    // The test clock: 2026-01-15 09:00 UTC.
    let now = OffsetDateTime::from_unix_timestamp(app.clock_now()).unwrap();
    let written = api.refresh(&app.store, now).await.unwrap();
    assert_eq!(
        *stand_in.asked.lock().unwrap(),
        ["/intensity/2026-01-15T09:00Z/pt24h", "/intensity/2026-01-15T09:00Z/fw48h"]
    );
    // 48 past half-hours and 95 future ones; 09:00's forecast did not replace its actual.
    assert_eq!(written, 48 + 95);
    assert_eq!(stored(&app, "2026-01-15T09:00:00Z").await, (80.0, 1));
    assert_eq!(stored(&app, "2026-01-15T09:30:00Z").await, (300.0, 0));
    assert_eq!(stored(&app, "2026-01-14T09:30:00Z").await, (80.0, 1));

    let owner = app.register_business("owner@acme.co.uk").await;
    owner.add_radiator("HD-1", "Hall").await;
    let mut counter = 0.0;
    // 2 kWh in the half-hour from 08:30, counted at the API's 80 g/kWh.
    used(&app, &mut counter, 2000.0, "2026-01-15T08:40:00Z").await;
    assert!((today_co2(&owner).await - 0.16).abs() < 1e-9);
}

async fn a_region_is_asked_for_by_its_id(app: TestApp) {
    let (base, stand_in) = stand_in(42.0).await;
    let api = CarbonIntensityApi::new(&base, Some(13)).unwrap();
    let now = OffsetDateTime::from_unix_timestamp(app.clock_now()).unwrap();
    let figures = api.fetch(now).await.unwrap();
    assert_eq!(
        *stand_in.asked.lock().unwrap(),
        [
            "/regional/intensity/2026-01-15T09:00Z/pt24h/regionid/13",
            "/regional/intensity/2026-01-15T09:00Z/fw48h/regionid/13"
        ]
    );
    assert_eq!(figures.len(), 48 + 96);
    assert!(figures[..48].iter().all(|figure| figure.actual && figure.g_per_kwh == 42.0));
    assert!(figures[48..].iter().all(|figure| !figure.actual && figure.g_per_kwh == 300.0));

    // An API that answers an error leaves the store as it was (the profile covers the gap).
    let broken = CarbonIntensityApi::new(&format!("{base}missing"), None).unwrap();
    assert!(broken.refresh(&app.store, now).await.is_err());
    let rows: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM grid_intensity")
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    assert_eq!(rows.0, 0);
}

async fn a_business_may_count_its_co2_at_the_desnz_factor(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    owner.add_radiator("HD-1", "Hall").await;
    let mut counter = 0.0;
    used(&app, &mut counter, 3000.0, "2026-01-15T08:40:00Z").await;
    let at_profile = today_co2(&owner).await;
    let me = owner.get("/v2/auth/me").await;
    assert_eq!(me.body["data"]["me"]["carbon_method"], "profile");

    let answer = app
        .call(Method::PATCH, "/v2/users/goal/carbon-method/desnz", Some(&owner.token), None)
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.description(), "CO2 method updated successfully");
    let at_desnz = today_co2(&owner).await;
    assert!((at_desnz - 3.0 * DESNZ_KG_PER_KWH).abs() < 1e-3, "{at_desnz}");
    assert!((at_desnz - at_profile).abs() > 0.01, "the profile counted it differently");
    let me = owner.get("/v2/auth/me").await;
    assert_eq!(me.body["data"]["me"]["carbon_method"], "desnz");
    let saving = owner
        .get("/v2/analytics/commercial/web/co2_saving?start_date=2026-01-15&end_date=2026-01-15")
        .await;
    let method = saving.body["data"]["co2_saving"]["method"].as_str().unwrap().to_owned();
    assert!(method.contains("DESNZ"), "{method}");

    let wrong = app
        .call(Method::PATCH, "/v2/users/goal/carbon-method/guess", Some(&owner.token), None)
        .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(wrong.field_error("value").contains("desnz"));

    let rival = app.register_business("owner@rival.co.uk").await;
    let me = rival.get("/v2/auth/me").await;
    assert_eq!(me.body["data"]["me"]["carbon_method"], "profile", "another business's own");
}
