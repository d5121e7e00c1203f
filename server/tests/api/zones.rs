//! Zones over HTTP: groups of rooms, and one temperature for all of their radiators.

use reqwest::StatusCode;
use serde_json::json;

use crate::store_tests;
use crate::support::{Radiator, Room, TestApp, Zone, names};

store_tests!(
    zones_are_created_listed_searched_renamed_and_deleted,
    zone_names_are_validated_and_unique_within_a_business,
    a_room_joins_one_zone_at_a_time,
    zone_temperature_clamps_each_radiator_to_its_bounds,
    a_zone_switches_every_radiator_of_its_rooms_on_and_off,
    another_businesss_zones_answer_404_and_stay_unchanged,
);

async fn a_zone_switches_every_radiator_of_its_rooms_on_and_off(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let ground = acme.add_zone("Ground floor").await.id;
    let outside = acme.add_room("Porch").await.id;
    acme.add_radiator_to(outside, "HD-9", "Porch 1").await;
    for (room, uid) in [("Kitchen", "HD-1"), ("Hall", "HD-2")] {
        let room = acme.add_room(room).await.id;
        acme.add_radiator_to(room, uid, &format!("{uid} radiator")).await;
        acme.post(&format!("/v2/zones/{ground}/room/{room}"), json!({})).await;
    }
    let toggle = format!("/v2/zones/toggle-status/{ground}");
    let off = acme.put(&toggle, json!({"status": 0})).await;
    assert_eq!(off.description(), "Every radiator in 'Ground floor' switched off.");
    let zone: Zone = off.data("zone");
    assert_eq!(zone.status, 0);
    assert!(zone.rooms.iter().all(|room| room.status == 0));
    let radiators: Vec<Radiator> = acme.get("/v2/radiators").await.data("radiators");
    let on: Vec<&str> =
        radiators.iter().filter(|r| r.status == 1).map(|r| r.name.as_str()).collect();
    assert_eq!(on, ["Porch 1"], "a room outside the zone is left as it was");
    let entry = &acme.history("?kind=zone").await.history[0];
    assert_eq!(
        (entry.action.as_str(), entry.after.as_ref().unwrap()["status"].as_i64()),
        ("toggle_status", Some(0))
    );

    let bad = acme.put(&toggle, json!({"status": 2})).await;
    assert_eq!(bad.field_error("status"), "Send 1 or 0.");
    let back_on = acme.put(&toggle, json!({"status": 1})).await.data::<Zone>("zone");
    assert_eq!(back_on.status, 1);
    // A zone with no radiators has nothing to switch; another business's is not found.
    let empty = acme.add_zone("Loft").await.id;
    let nothing = acme.put(&format!("/v2/zones/toggle-status/{empty}"), json!({"status": 0})).await;
    assert_eq!(
        (nothing.status, nothing.description()),
        (StatusCode::CONFLICT, "'Loft' has no radiators to switch off.")
    );
    let rival = app.register_business("owner@rival.co.uk").await;
    assert_eq!(rival.put(&toggle, json!({"status": 0})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(acme.zone(ground).await.status, 1);
}

async fn zones_are_created_listed_searched_renamed_and_deleted(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let ground = acme.add_zone("Ground floor").await.id;
    acme.add_zone("First floor").await;
    let kitchen = acme.add_room("Kitchen").await.id;
    let added = acme.post(&format!("/v2/zones/{ground}/room/{kitchen}"), json!({})).await;
    assert_eq!(added.description(), "'Kitchen' added to 'Ground floor'.");

    let all = acme.zones().await;
    assert_eq!(names(&all), ["First floor", "Ground floor"]);
    assert_eq!(all[1].room_count, 1);
    let found: Vec<Zone> = acme.get("/v2/zones?search=grou").await.data("zones");
    assert_eq!(names(&found), ["Ground floor"]);
    assert_eq!(names(&acme.zone(ground).await.rooms), ["Kitchen"]);

    let renamed = acme.post(&format!("/v2/zones/{ground}"), json!({"name": "Lower"})).await;
    assert_eq!(renamed.data::<Zone>("zone").name, "Lower");
    assert_eq!(renamed.description(), "Zone 'Ground floor' renamed 'Lower'.");
    let deleted = acme.delete(&format!("/v2/zones/{ground}")).await;
    assert_eq!(deleted.description(), "Zone 'Lower' deleted; its rooms are kept.");
    assert_eq!(acme.room(kitchen).await.zone_id, None);
    // One with no rooms says nothing of rooms.
    let empty = acme.zones().await[0].id;
    let deleted = acme.delete(&format!("/v2/zones/{empty}")).await;
    assert_eq!(deleted.description(), "Zone 'First floor' deleted.");
}

async fn zone_names_are_validated_and_unique_within_a_business(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    acme.add_zone("North").await;
    let empty = acme.post("/v2/zones", json!({"name": " "})).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.field_error("name"), "Enter a name.");
    let taken = acme.post("/v2/zones", json!({"name": "north"})).await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert_eq!(taken.field_error("name"), "A zone named 'North' already exists.");
}

async fn a_room_joins_one_zone_at_a_time(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let north = acme.add_zone("North").await.id;
    let south = acme.add_zone("South").await.id;
    let hall = acme.add_room("Hall").await.id;
    let add = |zone: i64| format!("/v2/zones/{zone}/room/{hall}");

    assert_eq!(acme.post(&add(north), json!({})).await.status, StatusCode::OK);
    // Adding it again to the same zone changes nothing.
    assert_eq!(acme.post(&add(north), json!({})).await.status, StatusCode::OK);
    let conflict = acme.post(&add(south), json!({})).await;
    assert_eq!(conflict.status, StatusCode::CONFLICT);
    assert!(conflict.description().contains("North"));

    assert_eq!(acme.delete(&add(south)).await.status, StatusCode::NOT_FOUND);
    let removed = acme.delete(&add(north)).await;
    assert_eq!(removed.description(), "'Hall' removed from 'North'.");
    assert!(removed.data::<Zone>("zone").rooms.is_empty());
    assert_eq!(acme.post(&add(south), json!({})).await.status, StatusCode::OK);
    let rooms: Vec<Room> = acme.get(&format!("/v2/zones/{south}/rooms")).await.data("rooms");
    assert_eq!(names(&rooms), ["Hall"]);
}

async fn zone_temperature_clamps_each_radiator_to_its_bounds(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let zone = acme.add_zone("Offices").await.id;
    let office = acme.add_room("Office").await.id;
    acme.post(&format!("/v2/zones/{zone}/room/{office}"), json!({})).await;
    for (uid, name, min, max) in [("HD-1", "Wide", 5, 30), ("HD-2", "Capped", 10, 20)] {
        let body =
            json!({"uid": uid, "name": name, "min_temperature": min, "max_temperature": max});
        acme.post(&format!("/v2/rooms/{office}/radiators"), body).await;
    }
    let set = acme.post("/v2/zones/set-temperature", json!({"zone_id": zone, "temperature": 23}));
    let set = set.await;
    assert_eq!(set.description(), "'Offices' set to 23 °C; 'Capped' kept to 20 °C, its own limit.");
    assert_eq!(
        set.body["data"]["clamped"],
        json!([{"radiator_id": 2, "name": "Capped", "target_temperature": 20.0}])
    );
    // Their average, and the range the app shows for it, as no radiator is at 21.5 °C.
    let offices = set.data::<Zone>("zone");
    assert_eq!(offices.target_temperature, Some(21.5));
    assert_eq!((offices.lowest_target, offices.highest_target), (Some(20.0), Some(23.0)));
    assert_eq!(offices.shared_target, None);
    let radiators: Vec<Radiator> = acme.radiators().await;
    assert_eq!((radiators[0].target_temperature, radiators[1].target_temperature), (20.0, 23.0));

    let bad = acme.post("/v2/zones/set-temperature", json!({"zone_id": zone, "temperature": 31}));
    let bad = bad.await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    bad.field_error("temperature");

    // A zone whose rooms have no radiators has nothing to set.
    let empty = acme.add_zone("Annex").await.id;
    let set = acme.post("/v2/zones/set-temperature", json!({"zone_id": empty, "temperature": 20}));
    let set = set.await;
    assert_eq!(
        (set.status, set.description()),
        (StatusCode::CONFLICT, "'Annex' has no radiators to set.")
    );
}

async fn another_businesss_zones_answer_404_and_stay_unchanged(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let zone = acme.add_zone("North").await.id;
    let room = acme.add_room("Hall").await.id;
    let rival = app.register_business("owner@rival.co.uk").await;
    let rival_room = rival.add_room("Lobby").await.id;
    let rival_zone = rival.add_zone("Mine").await.id;

    let attempts = [
        rival.get(&format!("/v2/zones/{zone}")).await,
        rival.get(&format!("/v2/zones/{zone}/rooms")).await,
        rival.post(&format!("/v2/zones/{zone}"), json!({"name": "Taken"})).await,
        rival.delete(&format!("/v2/zones/{zone}")).await,
        rival.post(&format!("/v2/zones/{zone}/room/{rival_room}"), json!({})).await,
        rival.post(&format!("/v2/zones/{rival_zone}/room/{room}"), json!({})).await,
        rival.post("/v2/zones/set-temperature", json!({"zone_id": zone, "temperature": 12})).await,
    ];
    for (index, answer) in attempts.iter().enumerate() {
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "attempt {index}: {:?}", answer.body);
    }
    let mine = acme.zone(zone).await;
    assert_eq!(mine.name, "North");
    assert!(mine.rooms.is_empty());
    assert_eq!(names(&rival.zones().await), ["Mine"]);
}
