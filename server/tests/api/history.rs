//! The action history: every change, with the record before and after, newest first.

use heatdesk::clock::Clock;
use heatdesk::schedules::engine::tick;
use reqwest::StatusCode;
use serde_json::json;
use time::format_description::well_known::Rfc3339;

use crate::store_tests;
use crate::support::{NoBudgets, TestApp};

store_tests!(
    every_change_is_in_the_action_history_newest_first,
    a_failed_change_leaves_no_entry,
    rooms_and_zones_record_their_creating_renaming_and_deleting_alike,
    the_history_lists_the_changes_people_made_apart_from_heatdesks,
);

async fn every_change_is_in_the_action_history_newest_first(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let kitchen = acme.add_room("Kitchen").await.id;
    acme.post(&format!("/v2/rooms/{kitchen}"), json!({"name": "Galley"})).await;
    let one = acme.add_radiator_to(kitchen, "HD-1", "One").await.id;
    acme.set_temperature(one, 19.0).await;

    let newest = acme.history("?per_page=2").await;
    assert_eq!((newest.total, newest.history.len()), (4, 2));
    let set = &newest.history[0];
    assert_eq!((set.action.as_str(), set.record_type.as_str()), ("set_temperature", "radiator"));
    assert_eq!(set.record_id, one);
    assert_eq!(set.before.as_ref().unwrap()["target_temperature"], 21.0);
    assert_eq!(set.after.as_ref().unwrap()["target_temperature"], 19.0);
    assert_eq!(set.user_email, "owner@acme.co.uk");
    assert_eq!(set.at, app.clock.now().format(&Rfc3339).unwrap(), "when, as ISO 8601 (UTC)");
    assert_eq!(newest.history[1].action, "attach_radiator");
    let attached = newest.history[1].after.as_ref().unwrap();
    assert_eq!(
        (&attached["room"]["name"], &attached["radiator"]["uid"]),
        (&json!("Galley"), &json!("HD-1"))
    );

    let older = acme.history("?per_page=2&page=2").await;
    assert_eq!((older.page, older.per_page), (2, 2));
    assert_eq!(older.history[0].action, "update");
    assert_eq!(older.history[0].before.as_ref().unwrap()["name"], "Kitchen");
    assert_eq!(older.history[0].after.as_ref().unwrap()["name"], "Galley");
    assert_eq!(older.history[1].action, "create");
    assert!(older.history[1].before.is_none());
}

async fn a_failed_change_leaves_no_entry(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    acme.add_room("Kitchen").await;
    let hall = acme.add_room("Hall").await.id;
    // The rename is refused after its change began: nothing of it is written.
    let taken = acme.post(&format!("/v2/rooms/{hall}"), json!({"name": "kitchen"})).await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert_eq!(acme.history("").await.total, 2);
    assert_eq!(acme.room(hall).await.name, "Hall");
}

/// Rooms and zones are both named groups (`kernel/named.rs`): the same three changes, each with
/// its entry, and the same sentence for one that does not exist.
async fn rooms_and_zones_record_their_creating_renaming_and_deleting_alike(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    for (kind, path) in [("room", "/v2/rooms"), ("zone", "/v2/zones")] {
        let created = acme.post(path, json!({"name": "North"})).await;
        let id = created.body["data"][kind]["id"].as_i64().expect("an id");
        acme.post(&format!("{path}/{id}"), json!({"name": "South"})).await;
        acme.delete(&format!("{path}/{id}")).await;
        let missing = acme.post(&format!("{path}/{id}"), json!({"name": "West"})).await;
        let sentence = format!("This {kind} does not exist.");
        assert_eq!((missing.status, missing.description()), (StatusCode::NOT_FOUND, &*sentence));

        let history = acme.history("?per_page=3").await.history;
        let name = |record: &Option<serde_json::Value>| record.as_ref().map(|r| r["name"].clone());
        let entries: Vec<_> = history
            .iter()
            .map(|entry| {
                let (action, record) = (entry.action.as_str(), entry.record_type.as_str());
                (action, record, entry.record_id, name(&entry.before), name(&entry.after))
            })
            .collect();
        assert_eq!(
            entries,
            [
                ("delete", kind, id, Some(json!("South")), None),
                ("update", kind, id, Some(json!("North")), Some(json!("South"))),
                ("create", kind, id, None, Some(json!("North"))),
            ],
            "{kind}"
        );
    }
}

async fn the_history_lists_the_changes_people_made_apart_from_heatdesks(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    let studio = acme.add_room("Studio").await.id;
    acme.add_radiator_to(studio, "HD-1", "Studio 1").await;
    // The test clock is a Thursday at 09:00: the engine sets the schedule's 19 °C at once.
    let schedule = json!({"name": "Office hours", "schedule_for": "room", "target_ids": [studio],
        "duration": "weekdays", "slots": [{"start": "07:00", "end": "18:00", "setpoint": 19}],
        "setback": 16, "start_date": null, "end_date": null, "status": 1});
    assert_eq!(acme.post("/v2/schedules", schedule).await.status, StatusCode::OK);
    let now = app.clock.now();
    let devices = &app.state.devices;
    assert_eq!(tick(&app.store, devices, &app.state.live, &NoBudgets, now).await.unwrap(), 1);

    let everyone = acme.history("").await;
    let people = acme.history("?by=people").await;
    let heatdesk = acme.history("?by=heatdesk").await;
    assert_eq!((people.total, heatdesk.total), (3, 1), "room, radiator, schedule; the engine");
    assert_eq!(everyone.total, people.total + heatdesk.total);
    assert!(people.history.iter().all(|entry| entry.by.is_none()));
    assert_eq!(heatdesk.history[0].by.as_deref(), Some("schedule 'Office hours'"));
    assert_eq!(acme.history("?by=people&kind=schedule").await.total, 1);
    assert_eq!(acme.history("?by=heatdesk&kind=schedule").await.total, 0);

    let wrong = acme.get("/v2/action-history?by=robots").await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.field_error("by"), "Use people or heatdesk.");
}
