//! Zones over HTTP, on SQLite and on PostgreSQL.

mod common;

use common::TestApp;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

store_tests!(
    zones_are_created_listed_searched_renamed_and_deleted,
    zone_names_are_validated_and_unique_within_a_business,
    a_room_joins_one_zone_at_a_time,
    zone_temperature_clamps_each_radiator_to_its_bounds,
    another_businesss_zones_answer_404_and_stay_unchanged,
);

async fn create(app: &TestApp, token: &str, path: &str, name: &str) -> i64 {
    let answer = app.post_as(token, path, json!({"name": name})).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    let data = &answer.body["data"];
    data.get("zone").unwrap_or(&data["room"])["id"].as_i64().unwrap()
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|item| item["name"].as_str().unwrap()).collect()
}

async fn zones_are_created_listed_searched_renamed_and_deleted(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let ground = create(&app, &token, "/v2/zones", "Ground floor").await;
    create(&app, &token, "/v2/zones", "First floor").await;
    let kitchen = create(&app, &token, "/v2/rooms", "Kitchen").await;
    app.post_as(&token, &format!("/v2/zones/{ground}/room/{kitchen}"), json!({})).await;

    let all = app.get_as(&token, "/v2/zones").await.body["data"]["zones"].clone();
    assert_eq!(names(&all), ["First floor", "Ground floor"]);
    assert_eq!(all[1]["room_count"], 1);
    let found = app.get_as(&token, "/v2/zones?search=grou").await.body["data"]["zones"].clone();
    assert_eq!(names(&found), ["Ground floor"]);
    let one = app.get_as(&token, &format!("/v2/zones/{ground}")).await.body["data"]["zone"].clone();
    assert_eq!(names(&one["rooms"]), ["Kitchen"]);

    let renamed =
        app.post_as(&token, &format!("/v2/zones/{ground}"), json!({"name": "Lower"})).await;
    assert_eq!(renamed.body["data"]["zone"]["name"], "Lower");
    let deleted =
        app.call(Method::DELETE, &format!("/v2/zones/{ground}"), Some(&token), None).await;
    assert_eq!(deleted.status, StatusCode::OK);
    let room =
        app.get_as(&token, &format!("/v2/rooms/{kitchen}")).await.body["data"]["room"].clone();
    assert!(room["zone_id"].is_null());
}

async fn zone_names_are_validated_and_unique_within_a_business(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    create(&app, &token, "/v2/zones", "North").await;
    let empty = app.post_as(&token, "/v2/zones", json!({"name": " "})).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    let taken = app.post_as(&token, "/v2/zones", json!({"name": "north"})).await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert!(taken.body["errors"]["name"][0].is_string());
}

async fn a_room_joins_one_zone_at_a_time(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let north = create(&app, &token, "/v2/zones", "North").await;
    let south = create(&app, &token, "/v2/zones", "South").await;
    let hall = create(&app, &token, "/v2/rooms", "Hall").await;
    let add = |zone: i64| format!("/v2/zones/{zone}/room/{hall}");

    assert_eq!(app.post_as(&token, &add(north), json!({})).await.status, StatusCode::OK);
    // Adding it again to the same zone changes nothing.
    assert_eq!(app.post_as(&token, &add(north), json!({})).await.status, StatusCode::OK);
    let conflict = app.post_as(&token, &add(south), json!({})).await;
    assert_eq!(conflict.status, StatusCode::CONFLICT);
    assert!(conflict.body["description"].as_str().unwrap().contains("North"));

    let not_there = app.call(Method::DELETE, &add(south), Some(&token), None).await;
    assert_eq!(not_there.status, StatusCode::NOT_FOUND);
    let removed = app.call(Method::DELETE, &add(north), Some(&token), None).await;
    assert_eq!(removed.status, StatusCode::OK);
    assert_eq!(removed.body["data"]["zone"]["rooms"], json!([]));
    assert_eq!(app.post_as(&token, &add(south), json!({})).await.status, StatusCode::OK);
    let rooms =
        app.get_as(&token, &format!("/v2/zones/{south}/rooms")).await.body["data"]["rooms"].clone();
    assert_eq!(names(&rooms), ["Hall"]);
}

async fn zone_temperature_clamps_each_radiator_to_its_bounds(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let zone = create(&app, &token, "/v2/zones", "Offices").await;
    let office = create(&app, &token, "/v2/rooms", "Office").await;
    app.post_as(&token, &format!("/v2/zones/{zone}/room/{office}"), json!({})).await;
    for (uid, name, min, max) in [("HD-1", "Wide", 5, 30), ("HD-2", "Capped", 10, 20)] {
        let body =
            json!({"uid": uid, "name": name, "min_temperature": min, "max_temperature": max});
        app.post_as(&token, &format!("/v2/rooms/{office}/radiators"), body).await;
    }
    let set = app
        .post_as(&token, "/v2/zones/set-temperature", json!({"zone_id": zone, "temperature": 23}))
        .await;
    assert_eq!(set.status, StatusCode::OK, "{:?}", set.body);
    assert_eq!(
        set.body["data"]["clamped"],
        json!([{"radiator_id": 2, "name": "Capped", "target_temperature": 20.0}])
    );
    let radiators = app.get_as(&token, "/v2/radiators").await.body["data"]["radiators"].clone();
    assert_eq!(radiators[0]["target_temperature"], 20.0);
    assert_eq!(radiators[1]["target_temperature"], 23.0);

    let bad = app
        .post_as(&token, "/v2/zones/set-temperature", json!({"zone_id": zone, "temperature": 31}))
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad.body["errors"]["temperature"][0].is_string());
}

async fn another_businesss_zones_answer_404_and_stay_unchanged(app: TestApp) {
    let token = app.signed_in("owner@acme.co.uk").await;
    let zone = create(&app, &token, "/v2/zones", "North").await;
    let room = create(&app, &token, "/v2/rooms", "Hall").await;
    let rival = app.signed_in("owner@rival.co.uk").await;
    let rival_room = create(&app, &rival, "/v2/rooms", "Lobby").await;
    let rival_zone = create(&app, &rival, "/v2/zones", "Mine").await;

    let attempts = [
        app.get_as(&rival, &format!("/v2/zones/{zone}")).await,
        app.get_as(&rival, &format!("/v2/zones/{zone}/rooms")).await,
        app.post_as(&rival, &format!("/v2/zones/{zone}"), json!({"name": "Taken"})).await,
        app.call(Method::DELETE, &format!("/v2/zones/{zone}"), Some(&rival), None).await,
        app.post_as(&rival, &format!("/v2/zones/{zone}/room/{rival_room}"), json!({})).await,
        app.post_as(&rival, &format!("/v2/zones/{rival_zone}/room/{room}"), json!({})).await,
        app.post_as(
            &rival,
            "/v2/zones/set-temperature",
            json!({"zone_id": zone, "temperature": 12}),
        )
        .await,
    ];
    for (index, answer) in attempts.iter().enumerate() {
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "attempt {index}: {:?}", answer.body);
    }
    let mine = app.get_as(&token, &format!("/v2/zones/{zone}")).await.body["data"]["zone"].clone();
    assert_eq!(mine["name"], "North");
    assert_eq!(mine["rooms"], json!([]));
    assert_eq!(names(&app.get_as(&rival, "/v2/zones").await.body["data"]["zones"]), ["Mine"]);
}
