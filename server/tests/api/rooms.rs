//! Rooms over HTTP, with the radiators put in them.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::store_tests;
use crate::support::{Radiator, Room, TestApp, Zone, logs, names, radiator};

store_tests!(
    rooms_are_created_listed_searched_renamed_and_deleted,
    room_names_are_validated_and_unique_within_a_business,
    names_are_one_in_any_case_beyond_ascii_and_stored_names_are_keyed_at_start,
    names_are_found_without_their_accents_and_sorted_as_read,
    a_new_uid_registers_a_radiator_in_the_room_and_a_known_one_is_attached,
    deleting_a_room_or_detaching_keeps_the_radiators_without_a_room,
    a_room_switches_all_its_radiators_on_and_off,
    a_change_sent_to_radiators_tells_the_businesss_live_views,
    a_rooms_temperature_is_set_on_each_radiator_within_its_bounds,
    another_businesss_rooms_answer_404_and_stay_unchanged,
    the_database_keeps_each_radiator_and_room_in_groups_of_its_own_business,
);

/// Switching a room tells the business's open live views (another tab, another person) to read
/// its radiators again, so that they show it on or off; a rename sends radiators nothing.
async fn a_change_sent_to_radiators_tells_the_businesss_live_views(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let room = acme.add_room("Office").await;
    assert_eq!(acme.attach(room.id, "HD-1", "One").await.status, StatusCode::OK);
    let (business_id,): (i64,) = sqlx::query_as("SELECT business_id FROM rooms WHERE id = $1")
        .bind(room.id)
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    let mut live = app.state.live.subscribe();
    let path = format!("/v2/rooms/toggle-status/{}", room.id);
    assert_eq!(acme.put(&path, json!({"status": 0})).await.status, StatusCode::OK);
    let update = live.try_recv().expect("the live views are told");
    assert_eq!((update.business_id, update.settings_changed), (business_id, true));
    let renamed = acme.post(&format!("/v2/rooms/{}", room.id), json!({"name": "Studio"})).await;
    assert_eq!(renamed.status, StatusCode::OK);
    assert!(live.try_recv().is_err(), "nothing to tell");
}

async fn rooms_are_created_listed_searched_renamed_and_deleted(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let board = acme.add_room("  Board room ").await;
    acme.add_room("Kitchen").await;
    acme.add_room("50% office").await;

    assert_eq!(names(&acme.rooms().await), ["50% office", "Board room", "Kitchen"]);
    for (query, found) in [
        ("search=BOARD", "Board room"),
        ("search=%25", "50% office"),
        ("name=board%20room", "Board room"),
    ] {
        let rooms: Vec<Room> = acme.get(&format!("/v2/rooms?{query}")).await.data("rooms");
        assert_eq!(names(&rooms), [found], "{query}");
    }

    let one = acme.room(board.id).await;
    assert_eq!((one.name.as_str(), one.radiator_count), ("Board room", 0));
    assert!(one.radiators.is_empty());

    let rename = json!({"name": "Meeting room"});
    let renamed = acme.post(&format!("/v2/rooms/{}", board.id), rename).await;
    assert_eq!(renamed.data::<Room>("room").name, "Meeting room");
    assert_eq!(renamed.description(), "Room 'Board room' renamed 'Meeting room'.");
    let same = acme.post(&format!("/v2/rooms/{}", board.id), json!({"name": "Meeting room"})).await;
    assert_eq!(same.description(), "Room 'Meeting room' saved.");
    assert_eq!(acme.delete(&format!("/v2/rooms/{}", board.id)).await.status, StatusCode::OK);
    let gone = acme.get(&format!("/v2/rooms/{}", board.id)).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert_eq!(gone.description(), "This room does not exist.");
    assert_eq!(names(&acme.rooms().await), ["50% office", "Kitchen"]);
}

async fn room_names_are_validated_and_unique_within_a_business(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let kitchen = acme.add_room("Kitchen").await;
    for bad in ["", "   ", "add-room", ".", " .. ", &"x".repeat(61)] {
        let answer = acme.post("/v2/rooms", json!({"name": bad})).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad:?}");
        answer.field_error("name");
    }
    // Nor may a room be renamed to a name its page's path cannot carry.
    let renamed = acme.post(&format!("/v2/rooms/{}", kitchen.id), json!({"name": ".."})).await;
    assert_eq!(renamed.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(renamed.field_error("name"), "'..' cannot be a room's name.");
    // Dots with more to them are a name like any other.
    acme.add_room("...").await;
    let taken = acme.post("/v2/rooms", json!({"name": "KITCHEN "})).await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    // Named as the room is spelt.
    assert_eq!(taken.field_error("name"), "A room named 'Kitchen' already exists.");
    // Another business may use the same name.
    let rival = app.register_business("owner@rival.co.uk").await;
    rival.add_room("Kitchen").await;
}

async fn names_are_one_in_any_case_beyond_ascii_and_stored_names_are_keyed_at_start(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let buero = acme.add_room("Büro").await;
    let taken = acme.post("/v2/rooms", json!({"name": "BÜRO"})).await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert_eq!(taken.field_error("name"), "A room named 'Büro' already exists.");
    // The same name typed as "u" and a combining accent, or with its spaces doubled.
    let decomposed = acme.post("/v2/rooms", json!({"name": "Bu\u{308}ro"})).await;
    assert_eq!(decomposed.status, StatusCode::CONFLICT, "{:?}", decomposed.body);
    acme.add_room("Board room").await;
    let spaced = acme.post("/v2/rooms", json!({"name": "Board  room"})).await;
    assert_eq!(spaced.field_error("name"), "A room named 'Board room' already exists.");
    acme.add_zone("Ärztehaus").await;
    let zones: Vec<Zone> = acme.get("/v2/zones?search=%C3%84RZTE").await.data("zones"); // ÄRZTE
    assert_eq!(names(&zones), ["Ärztehaus"]);
    acme.add_radiator_to(buero.id, "HD-1", "Öfen Süd").await;
    let found = acme.get("/v2/radiators?search=%C3%96FEN").await;
    // The simulated fleet's radiators, and the list says so.
    assert_eq!(found.body["data"]["simulated"], true);
    assert_eq!(names(&found.data::<Vec<Radiator>>("radiators")), ["Öfen Süd"]);
    // By its uid too, in any case; '_' is a character there, not LIKE's wildcard.
    acme.add_radiator("NW_06", "Window").await;
    let found: Vec<Radiator> = acme.get("/v2/radiators?search=nw_0").await.data("radiators");
    assert_eq!(names(&found), ["Window"]);
    let found: Vec<Radiator> = acme.get("/v2/radiators?search=hd-").await.data("radiators");
    assert_eq!(names(&found), ["Öfen Süd"]);
    let found: Vec<Radiator> = acme.get("/v2/radiators?search=h_-").await.data("radiators");
    assert_eq!(found.len(), 0);

    // Rows stored before names had keys (as an older server left them) are keyed as the server
    // starts; one apart from another only in case is keyed apart, still listed and found.
    let zone = zones[0].id;
    for name in ["ÉTAGE", "ÄRZTEHAUS"] {
        let stored = sqlx::query(
            "INSERT INTO zones (business_id, name, created_at)
             SELECT business_id, $1, created_at FROM zones WHERE id = $2",
        )
        .bind(name)
        .bind(zone);
        app.store.write(stored).await.unwrap();
    }
    app.store.migrate().await.unwrap();
    let unkeyed: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM zones WHERE name_key IS NULL")
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    assert_eq!(unkeyed.0, 0);
    let zones: Vec<Zone> = acme.get("/v2/zones?search=%C3%A4rzte").await.data("zones"); // ärzte
    assert_eq!(names(&zones).len(), 2, "Ärztehaus and ÄRZTEHAUS");
    let zones: Vec<Zone> = acme.get("/v2/zones?search=etage").await.data("zones");
    assert_eq!(names(&zones), ["ÉTAGE"], "search keys are filled in at start too");
    let taken = acme.post("/v2/zones", json!({"name": "étage"})).await;
    assert_eq!(taken.status, StatusCode::CONFLICT, "ÉTAGE was keyed");
    assert!(logs().contains("another name of its business differs only in case"));
}

async fn names_are_found_without_their_accents_and_sorted_as_read(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let cafe = acme.add_room("Café").await;
    for name in ["Zebra room", "Émile's office", "Atelier"] {
        acme.add_room(name).await;
    }
    // Sorted by letter, accents or not: É among the Es, not after Z.
    let sorted = ["Atelier", "Café", "Émile's office", "Zebra room"];
    assert_eq!(names(&acme.rooms().await), sorted);
    for search in ["cafe", "CAFE", "caf%C3%A9", "%EF%BC%A3%EF%BD%81%EF%BD%86%EF%BD%85"] {
        // The last is "Ｃａｆｅ" in full-width letters, as some keyboards type it.
        let found: Vec<Room> = acme.get(&format!("/v2/rooms?search={search}")).await.data("rooms");
        assert_eq!(names(&found), ["Café"], "{search}");
    }
    // A name apart from another only by its accents is a name of its own.
    acme.add_room("Cafe").await;
    let found: Vec<Room> = acme.get("/v2/rooms?search=cafe").await.data("rooms");
    assert_eq!(names(&found), ["Cafe", "Café"]);

    acme.add_zone("Étage").await;
    let zones: Vec<Zone> = acme.get("/v2/zones?search=etage").await.data("zones");
    assert_eq!(names(&zones), ["Étage"]);
    acme.add_radiator_to(cafe.id, "HD-1", "Fenêtre").await;
    let found: Vec<Radiator> = acme.get("/v2/radiators?search=fenetre").await.data("radiators");
    assert_eq!(names(&found), ["Fenêtre"]);
    let schedule = json!({"name": "Heures d'été", "schedule_for": "room",
        "target_ids": [cafe.id], "duration": "weekdays",
        "slots": [{"start": "07:00", "end": "18:00", "setpoint": 21}], "setback": null,
        "start_date": null, "end_date": null, "status": 1});
    assert_eq!(acme.post("/v2/schedules", schedule).await.status, StatusCode::OK);
    let found = acme.get("/v2/schedules?search=ete").await;
    assert_eq!(found.body["data"]["schedules"][0]["name"], "Heures d'été");
    // Renamed, a record is found by its new name.
    let renamed = acme.post(&format!("/v2/rooms/{}", cafe.id), json!({"name": "Crêperie"})).await;
    assert_eq!(renamed.status, StatusCode::OK, "{:?}", renamed.body);
    let found: Vec<Room> = acme.get("/v2/rooms?search=creperie").await.data("rooms");
    assert_eq!(names(&found), ["Crêperie"]);
}

async fn a_new_uid_registers_a_radiator_in_the_room_and_a_known_one_is_attached(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let kitchen = acme.add_room("Kitchen").await;
    let hall = acme.add_room("Hall").await;

    let added = acme.attach(kitchen.id, "HD-0001", "Kitchen east").await;
    assert_eq!(added.description(), "Radiator 'Kitchen east' added to 'Kitchen'.");
    let room: Room = added.data("room");
    assert_eq!(room.radiator_count, 1);
    let radiator = &room.radiators[0];
    assert_eq!(radiator.uid, "HD-0001");
    assert_eq!(radiator.target_temperature, 21.0);
    assert_eq!(radiator.room_name.as_deref(), Some("Kitchen"));

    // A known one takes the name and limits the attaching form gave, its setpoint inside them.
    let loose = acme.add_radiator("HD-0002", "Spare").await;
    // Its uid in another case is the same label.
    let named = json!({"uid": "hd-0002", "name": "Hall east", "min_temperature": 12,
        "max_temperature": 19});
    let attached = acme.post(&format!("/v2/rooms/{}/radiators", hall.id), named).await;
    assert_eq!(attached.description(), "Radiator 'Hall east' attached to 'Hall'.");
    let hall_radiators = attached.data::<Room>("room").radiators;
    let radiator = &hall_radiators[0];
    assert_eq!((radiator.id, radiator.name.as_str()), (loose.id, "Hall east"));
    assert_eq!(radiator.uid, "HD-0002", "as registered, which its device's topics use");
    assert_eq!(
        (radiator.min_temperature, radiator.max_temperature, radiator.target_temperature),
        (12.0, 19.0, 19.0)
    );
    let taken = json!({"uid": "HD-0002", "name": "Kitchen east", "min_temperature": 10,
        "max_temperature": 25});
    let detach = format!("/v2/rooms/{}/radiators/{}", hall.id, loose.id);
    assert_eq!(acme.delete(&detach).await.status, StatusCode::OK);
    let clash = acme.post(&format!("/v2/rooms/{}/radiators", hall.id), taken).await;
    assert_eq!(clash.status, StatusCode::CONFLICT, "a name of another radiator: {:?}", clash.body);
    assert_eq!(acme.attach(hall.id, "HD-0002", "Hall east").await.status, StatusCode::OK);

    let elsewhere = acme.attach(hall.id, "HD-0001", "Again").await;
    assert_eq!(elsewhere.status, StatusCode::CONFLICT);
    assert!(elsewhere.field_error("uid").contains("Kitchen"));

    let rival = app.register_business("owner@rival.co.uk").await;
    let rival_room = rival.add_room("Office").await;
    let stolen = rival.attach(rival_room.id, "HD-0001", "Mine").await;
    assert_eq!(stolen.status, StatusCode::CONFLICT);
    let in_kitchen = acme.get(&format!("/v2/rooms/{}/radiators", kitchen.id)).await;
    assert_eq!(names(&in_kitchen.data::<Vec<Radiator>>("radiators")), ["Kitchen east"]);
}

async fn deleting_a_room_or_detaching_keeps_the_radiators_without_a_room(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let kitchen = acme.add_room("Kitchen").await;
    acme.add_radiator_to(kitchen.id, "HD-1", "One").await;
    let two = acme.add_radiator_to(kitchen.id, "HD-2", "Two").await;

    let detach = format!("/v2/rooms/{}/radiators/{}", kitchen.id, two.id);
    let detached = acme.delete(&detach).await;
    assert_eq!(detached.description(), "Radiator 'Two' taken out of 'Kitchen'.");
    assert_eq!(names(&detached.data::<Room>("room").radiators), ["One"]);
    assert_eq!(acme.delete(&detach).await.status, StatusCode::NOT_FOUND);

    assert_eq!(acme.delete(&format!("/v2/rooms/{}", kitchen.id)).await.status, StatusCode::OK);
    let radiators = acme.radiators().await;
    assert_eq!(names(&radiators), ["One", "Two"]);
    assert!(radiators.iter().all(|radiator| radiator.room_id.is_none()));
}

async fn a_room_switches_all_its_radiators_on_and_off(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let kitchen = acme.add_room("Kitchen").await;
    let one = acme.add_radiator_to(kitchen.id, "HD-1", "One").await;
    acme.add_radiator_to(kitchen.id, "HD-2", "Two").await;

    // One radiator off: the room still heats, and says how many of its radiators are on.
    let one_off = json!({"status": 0});
    acme.put(&format!("/v2/radiators/toggle-status/{}/{}", kitchen.id, one.id), one_off).await;
    let partly = acme.get(&format!("/v2/rooms/{}", kitchen.id)).await.data::<Room>("room");
    assert_eq!((partly.status, partly.radiators_on, partly.radiator_count), (1, 1, 2));

    let toggle = format!("/v2/rooms/toggle-status/{}", kitchen.id);
    let all_off = acme.put(&toggle, json!({"status": 0})).await;
    assert_eq!(all_off.description(), "Every radiator in 'Kitchen' switched off.");
    let room: Room = all_off.data("room");
    assert_eq!((room.status, room.radiators_on), (0, 0));
    assert!(room.radiators.iter().all(|radiator| radiator.status == 0));
    // A temperature set while every radiator is off says that nothing heats to it yet.
    let body = json!({"room_id": kitchen.id, "temperature": 22});
    let set = acme.post("/v2/rooms/set-temperature", body).await;
    assert_eq!(
        set.description(),
        "'Kitchen' set to 22 °C. Its radiators are switched off: they heat to it once switched on."
    );
    // Off, the room has no target, but its radiators share the one they heat to once on.
    let off = set.data::<Room>("room");
    assert_eq!((off.target_temperature, off.shared_target), (None, Some(22.0)));
    let body = json!({"room_id": kitchen.id, "temperature": 22});
    let arabic = acme.call_in(Method::POST, "/v2/rooms/set-temperature", Some(body), "ar").await;
    assert_eq!(
        arabic.description(),
        "تم ضبط «\u{2068}Kitchen\u{2069}» على \u{2068}22\u{2069} °C. مدافئها مطفأة: ستبلغها حين تُشغَّل."
    );
    let bad = acme.put(&toggle, json!({"status": 2})).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.field_error("status"), "Send 1 or 0.");
    let on = acme.put(&toggle, json!({"status": 1})).await.data::<Room>("room");
    assert!(on.radiators.iter().all(|radiator| radiator.status == 1));
    assert_eq!(on.radiators_on, 2);

    // A room with no radiators has nothing to switch, and says so instead of "switched on".
    let hall = acme.add_room("Hall").await.id;
    let entries = acme.history("").await.history.len();
    let empty = acme.put(&format!("/v2/rooms/toggle-status/{hall}"), json!({"status": 1})).await;
    assert_eq!(empty.status, StatusCode::CONFLICT);
    assert_eq!(empty.description(), "'Hall' has no radiators to switch on.");
    let set = acme.post("/v2/rooms/set-temperature", json!({"room_id": hall, "temperature": 20}));
    assert_eq!(set.await.description(), "'Hall' has no radiators to set.");
    assert_eq!(acme.history("").await.history.len(), entries, "nothing changed, nothing recorded");
}

async fn a_rooms_temperature_is_set_on_each_radiator_within_its_bounds(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let kitchen = acme.add_room("Kitchen").await.id;
    let hall = acme.add_room("Hall").await.id;
    let capped = json!({"uid": "HD-2", "name": "Capped", "min_temperature": 10,
        "max_temperature": 20});
    acme.add_radiator_to(kitchen, "HD-1", "Wide").await;
    acme.post(&format!("/v2/rooms/{kitchen}/radiators"), capped).await;
    let elsewhere = acme.add_radiator_to(hall, "HD-3", "Hall 1").await;

    let body = json!({"room_id": kitchen, "temperature": 22.5});
    let set = acme.post("/v2/rooms/set-temperature", body).await;
    assert_eq!(
        set.description(),
        "'Kitchen' set to 22.5 °C; 'Capped' kept to 20 °C, its own limit."
    );
    assert_eq!(set.body["data"]["clamped"][0]["name"], "Capped");
    let room: Room = set.data("room");
    let targets: Vec<(&str, f64)> =
        room.radiators.iter().map(|r| (r.name.as_str(), r.target_temperature)).collect();
    assert_eq!(targets, [("Capped", 20.0), ("Wide", 22.5)]);
    assert_eq!(acme.radiator(elsewhere.id).await.target_temperature, elsewhere.target_temperature);
    let history = acme.history("?kind=room").await.history;
    assert_eq!(history[0].action, "set_temperature");
    let after = history[0].after.clone().unwrap();
    assert_eq!((&after["room"]["name"], &after["temperature"]), (&json!("Kitchen"), &json!(22.5)));
    assert_eq!(after["clamped"][0]["name"], "Capped");
    let body = json!({"room_id": kitchen, "temperature": 19});
    let arabic = acme.call_in(Method::POST, "/v2/rooms/set-temperature", Some(body), "ar").await;
    assert_eq!(arabic.description(), "تم ضبط «\u{2068}Kitchen\u{2069}» على \u{2068}19\u{2069} °C.");

    for (body, field) in [
        (json!({"room_id": kitchen, "temperature": 31}), "temperature"),
        (json!({"temperature": 21}), "room_id"),
    ] {
        let bad = acme.post("/v2/rooms/set-temperature", body).await;
        assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
        bad.field_error(field);
    }
    let rival = app.register_business("owner@rival.co.uk").await;
    let body = json!({"room_id": kitchen, "temperature": 12});
    assert_eq!(rival.post("/v2/rooms/set-temperature", body).await.status, StatusCode::NOT_FOUND);
    let wide = acme.radiators().await.into_iter().find(|r| r.name == "Wide").unwrap();
    assert_eq!(wide.target_temperature, 19.0, "another business's request changed nothing");
}

async fn another_businesss_rooms_answer_404_and_stay_unchanged(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let kitchen = acme.add_room("Kitchen").await.id;
    let one = acme.add_radiator_to(kitchen, "HD-1", "One").await.id;
    let rival = app.register_business("owner@rival.co.uk").await;
    let before = acme.room(kitchen).await;

    let attempts = [
        rival.get(&format!("/v2/rooms/{kitchen}")).await,
        rival.get(&format!("/v2/rooms/{kitchen}/radiators")).await,
        rival.post(&format!("/v2/rooms/{kitchen}"), json!({"name": "Taken over"})).await,
        rival.delete(&format!("/v2/rooms/{kitchen}")).await,
        rival.put(&format!("/v2/rooms/toggle-status/{kitchen}"), json!({"status": 0})).await,
        rival.post(&format!("/v2/rooms/{kitchen}/radiators"), radiator("HD-77", "Sneaky")).await,
        rival.delete(&format!("/v2/rooms/{kitchen}/radiators/{one}")).await,
    ];
    for (index, answer) in attempts.iter().enumerate() {
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "attempt {index}: {:?}", answer.body);
    }
    assert!(rival.rooms().await.is_empty());
    assert_eq!(acme.room(kitchen).await, before);
    assert_eq!(rival.history("").await.total, 0);
}

async fn the_database_keeps_each_radiator_and_room_in_groups_of_its_own_business(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let kitchen = acme.add_room("Kitchen").await.id;
    let one = acme.add_radiator_to(kitchen, "HD-1", "One").await.id;
    let floor = acme.add_zone("Ground floor").await.id;
    let rival = app.register_business("owner@rival.co.uk").await;
    let lobby = rival.add_room("Lobby").await.id;
    let wing = rival.add_zone("East wing").await.id;

    // A write that skipped the code's checks is refused by the database itself.
    let set_room = |room: Option<i64>| {
        sqlx::query("UPDATE radiators SET room_id = $1 WHERE id = $2").bind(room).bind(one)
    };
    let set_zone = |zone: i64| {
        sqlx::query("UPDATE rooms SET zone_id = $1 WHERE id = $2").bind(zone).bind(kitchen)
    };
    assert!(app.store.write(set_room(Some(lobby))).await.is_err());
    assert!(app.store.write(set_zone(wing)).await.is_err());
    let stray_room = sqlx::query(
        "INSERT INTO rooms (business_id, zone_id, name, name_key, search_key, created_at)
         SELECT business_id, $1, 'Stray', 'stray', 'stray', created_at FROM rooms WHERE id = $2",
    )
    .bind(wing)
    .bind(kitchen);
    assert!(app.store.write(stray_room).await.is_err());
    assert_eq!(acme.radiator(one).await.room_id, Some(kitchen));
    assert_eq!(names(&acme.rooms().await), ["Kitchen"]);

    // Within the business, and out of any group, the same writes go through.
    assert_eq!(app.store.write(set_zone(floor)).await.unwrap(), 1);
    assert_eq!(app.store.write(set_room(None)).await.unwrap(), 1);
    assert_eq!(app.store.write(set_room(Some(kitchen))).await.unwrap(), 1);
    assert_eq!(acme.delete(&format!("/v2/zones/{floor}")).await.status, StatusCode::OK);
    assert_eq!(acme.delete(&format!("/v2/rooms/{kitchen}")).await.status, StatusCode::OK);
    assert_eq!(acme.radiator(one).await.room_id, None);
}
