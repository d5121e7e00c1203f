//! Schedules: every call and check of the API, tenancy, and the engine with the test's own
//! times (no sleeping): slots on the clock of the business's time zone, precedence, a manual
//! change held until the next boundary, and two engines on one store.

use std::sync::Arc;

use heatdesk::schedules::engine::{start, tick};
use heatdesk::store::lease::Lease;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::store_tests;
use crate::support::{NoBudgets, Owner, TestApp, next_event};

store_tests!(
    the_durations_are_the_four_day_sets,
    a_schedule_is_created_read_and_listed_with_its_targets_and_next_change,
    every_bad_field_is_named_and_nothing_is_created,
    a_schedule_cannot_end_before_today_but_one_that_ran_its_course_can_be_renamed,
    targets_that_are_not_the_businesss_are_404,
    a_radiators_schedule_outside_its_bounds_is_refused_a_rooms_keeps_it_to_them,
    narrowing_a_radiators_limits_below_what_schedules_ask_says_it_is_kept_to_them,
    names_are_unique_per_business,
    schedules_with_and_without_a_setback_are_written_in_any_order,
    a_schedule_is_replaced_toggled_and_deleted_with_history,
    an_edit_of_a_schedule_changed_since_it_was_read_is_refused,
    a_deleted_room_zone_or_radiator_leaves_the_schedules_of_its_kind,
    a_schedule_already_off_is_left_with_no_targets_and_not_said_to_be_switched_off,
    another_business_cannot_read_or_change_a_schedule,
    a_weekday_schedule_heats_at_seven_sets_back_at_six_and_rests_on_saturday,
    a_round_sets_a_schedules_radiators_together_each_with_its_own_entry,
    a_radiator_schedule_beats_a_room_schedule_which_beats_a_zone_schedule,
    a_weekday_and_a_saturday_schedule_on_one_room_each_heat_their_own_days,
    a_schedule_between_its_slots_leaves_the_days_it_does_not_repeat_to_the_others,
    a_manual_change_holds_until_the_next_boundary,
    slots_follow_the_businesss_own_time_zone,
    slots_keep_to_the_clock_across_the_changes_to_and_from_summer_time,
    two_engines_on_one_store_apply_each_change_once,
    the_engine_applies_the_schedules_in_force_before_it_answers_its_start,
    the_schedule_in_force_and_a_manual_hold_are_shown,
    a_schedule_still_to_come_ends_the_hold_of_the_one_before_at_its_first_midnight,
    open_live_streams_get_a_fresh_snapshot_when_a_schedule_acts,
);

/// Weekdays 07:00–18:00 at 21 °C, 16 °C outside, for `kind` targets `ids`.
fn office(kind: &str, ids: &[i64]) -> Value {
    json!({"name": "Office hours", "schedule_for": kind, "target_ids": ids,
        "duration": "weekdays", "slots": [{"start": "07:00", "end": "18:00", "setpoint": 21}],
        "setback": 16, "start_date": null, "end_date": null, "status": 1})
}

async fn create(owner: &Owner<'_>, body: Value) -> Value {
    let answer = owner.post("/v2/schedules", body).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer.body["data"]["schedule"].clone()
}

/// A room with one radiator (bounds 10–25 °C): the room's and the radiator's ids.
async fn room_with_radiator(owner: &Owner<'_>, room: &str, uid: &str) -> (i64, i64) {
    let room_id = owner.add_room(room).await.id;
    let radiator = owner.add_radiator_to(room_id, uid, &format!("{room} 1")).await;
    (room_id, radiator.id)
}

fn at(text: &str) -> OffsetDateTime {
    OffsetDateTime::parse(text, &Rfc3339).unwrap()
}

/// One engine round at `when`; answers how many radiators it changed.
async fn round(app: &TestApp, when: &str) -> usize {
    tick(&app.store, &app.state.devices, &app.state.live, &NoBudgets, at(when)).await.unwrap()
}

async fn state_of(owner: &Owner<'_>, id: i64) -> (i64, f64) {
    let radiator = owner.radiator(id).await;
    (radiator.status, radiator.target_temperature)
}

async fn the_durations_are_the_four_day_sets(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let answer = owner.get("/v2/schedules/durations").await;
    assert_eq!(
        answer.body["data"]["durations"],
        json!([
            {"key": "every_day", "name": "Every day", "days": [1, 2, 3, 4, 5, 6, 7]},
            {"key": "weekdays", "name": "Weekdays", "days": [1, 2, 3, 4, 5]},
            {"key": "weekends", "name": "Weekends", "days": [6, 7]},
            {"key": "custom", "name": "Custom", "days": []},
        ])
    );
}

async fn a_schedule_is_created_read_and_listed_with_its_targets_and_next_change(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, _) = room_with_radiator(&owner, "Studio", "HD-1").await;
    let created = owner.post("/v2/schedules", office("room", &[room])).await;
    assert_eq!(created.description(), "Schedule 'Office hours' created.");
    let schedule = created.body["data"]["schedule"].clone();
    // The test clock is Thursday 2026-01-15 09:00 in London: in the slot until 18:00.
    assert_eq!(
        schedule,
        json!({"id": schedule["id"], "name": "Office hours", "schedule_for": "room",
            "target_ids": [room], "targets": [{"id": room, "name": "Studio"}],
            "duration": "weekdays", "days": [1, 2, 3, 4, 5],
            "slots": [{"start": "07:00", "end": "18:00", "setpoint": 21.0}], "setback": 16.0,
            "start_date": null, "end_date": null, "status": 1, "runs_on_closed_days": 0,
            "next_change": {"at": "2026-01-15T18:00:00+00:00", "setpoint": 16.0},
            "overlaps": [], "outranked_by": [], "revision": 1})
    );
    let id = schedule["id"].as_i64().unwrap();
    assert_eq!(owner.get(&format!("/v2/schedules/{id}")).await.body["data"]["schedule"], schedule);
    let found = owner.get("/v2/schedules?search=OFFICE").await;
    assert_eq!(found.body["data"]["schedules"], json!([schedule]));
    let none = owner.get("/v2/schedules?search=night").await;
    assert_eq!(none.body["data"]["schedules"], json!([]));

    let mut custom = office("room", &[room]);
    custom["name"] = json!("Late opening");
    custom["duration"] = json!("custom");
    custom["days"] = json!([4, 2, 4]);
    custom["setback"] = Value::Null;
    custom["start_date"] = json!("2026-02-01");
    let custom = create(&owner, custom).await;
    assert_eq!(custom["days"], json!([2, 4]));
    // Not in force before its first date: it starts at that midnight, off.
    assert_eq!(custom["next_change"], json!({"at": "2026-02-01T00:00:00+00:00", "setpoint": null}));
}

async fn every_bad_field_is_named_and_nothing_is_created(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let bad = json!({"name": "", "schedule_for": "floor", "target_ids": [],
        "duration": "custom", "days": [],
        "slots": [{"start": "09:00", "end": "08:00", "setpoint": 21},
                  {"start": "7:00", "end": "10:00", "setpoint": 4},
                  {"start": "10:00", "end": "12:00", "setpoint": 21},
                  {"start": "11:00", "end": "13:00", "setpoint": 21.3}],
        "setback": 40, "start_date": "2026-02-30", "end_date": "2100-01-01", "status": 2,
        "runs_on_closed_days": 3});
    let answer = owner.post("/v2/schedules", bad).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = answer.body["errors"].as_object().unwrap();
    let mut fields: Vec<&str> = errors.keys().map(String::as_str).collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "days",
            "end_date",
            "name",
            "runs_on_closed_days",
            "schedule_for",
            "setback",
            "slots.0.end",
            "slots.1.setpoint",
            "slots.1.start",
            "slots.3.setpoint",
            "slots.3.start",
            "start_date",
            "status",
            "target_ids"
        ]
    );
    assert_eq!(
        answer.field_error("slots.0.end"),
        "Make the end later than the start. A slot past midnight is two: one to 24:00, one from \
         00:00."
    );
    assert_eq!(answer.field_error("slots.3.start"), "Overlaps the slot 10:00–12:00.");
    assert_eq!(answer.field_error("schedule_for"), "Choose room, zone or radiator.");

    let mut backwards = office("zone", &[1]);
    backwards["start_date"] = json!("2026-03-01");
    backwards["end_date"] = json!("2026-02-01");
    let answer = owner.post("/v2/schedules", backwards).await;
    assert_eq!(answer.field_error("end_date"), "Make the end date on or after the start date.");
    // A setback warmer than every slot would heat the hours outside them the most.
    let mut inverted = office("zone", &[1]);
    inverted["slots"] = json!([{"start": "08:00", "end": "09:00", "setpoint": 18},
        {"start": "12:00", "end": "13:00", "setpoint": 17.5}]);
    inverted["setback"] = json!(22);
    let answer = owner.post("/v2/schedules", inverted).await;
    assert_eq!(
        answer.field_error("setback"),
        "The setback is for the hours outside the slots: make it no warmer than the warmest slot, \
         18 °C."
    );
    assert_eq!(owner.get("/v2/schedules").await.body["data"]["schedules"], json!([]));
}

async fn targets_that_are_not_the_businesss_are_404(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let rival = app.register_business("owner@rival.co.uk").await;
    let (theirs, _) = room_with_radiator(&rival, "Lobby", "HD-9").await;
    let answer = owner.post("/v2/schedules", office("room", &[theirs])).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(answer.description(), format!("There is no room with id {theirs}."));
    let answer = owner.post("/v2/schedules", office("zone", &[999_999])).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(owner.get("/v2/schedules").await.body["data"]["schedules"], json!([]));
}

async fn a_radiators_schedule_outside_its_bounds_is_refused_a_rooms_keeps_it_to_them(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner, "Studio", "HD-1").await;
    let mut hot = office("radiator", &[radiator]);
    hot["slots"] = json!([{"start": "07:00", "end": "09:00", "setpoint": 21},
        {"start": "09:00", "end": "18:00", "setpoint": 27}]);
    // A radiator's own schedule asks what it does not take: refused, naming the slot, as setting
    // its temperature is.
    let answer = owner.post("/v2/schedules", hot.clone()).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer.field_error("slots.1.setpoint"),
        "27 °C is outside what radiator 'Studio 1' takes (10–25 °C)."
    );
    assert_eq!(owner.get("/v2/schedules").await.body["data"]["schedules"], json!([]));

    // A room's schedule keeps each radiator to its own limits, as setting a zone's temperature
    // does, and says which.
    hot["schedule_for"] = json!("room");
    hot["target_ids"] = json!([room]);
    let answer = owner.post("/v2/schedules", hot.clone()).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    assert_eq!(
        answer.description(),
        "Schedule 'Office hours' created; 'Studio 1' keeps to its own limits, 10–25 °C, and is \
         held at its nearest limit where the schedule asks for more or less."
    );
    let id = answer.body["data"]["schedule"]["id"].as_i64().unwrap();
    owner.add_radiator_to(room, "HD-2", "Studio 2").await;
    let saved = owner.post(&format!("/v2/schedules/{id}"), hot.clone()).await;
    assert_eq!(
        saved.description(),
        "Schedule 'Office hours' saved; 2 radiators keep to their own limits, 10–25 °C, and are \
         held at their nearest limit where the schedule asks for more or less."
    );
    let narrow = json!({"uid": "HD-3", "name": "Studio 3", "min_temperature": 12,
                        "max_temperature": 24});
    let attached = owner.post(&format!("/v2/rooms/{room}/radiators"), narrow).await;
    assert_eq!(attached.status, StatusCode::OK, "{:?}", attached.body);
    let saved = owner.post(&format!("/v2/schedules/{id}"), hot.clone()).await;
    assert_eq!(
        saved.description(),
        "Schedule 'Office hours' saved; 3 radiators keep to their own limits, and are held at \
         their nearest limit where the schedule asks for more or less."
    );
    let path = format!("/v2/schedules/{id}");
    let arabic = owner.call_in(Method::POST, &path, Some(hot.clone()), "ar").await;
    assert_eq!(
        arabic.description(),
        "تم حفظ الجدول «\u{2068}Office hours\u{2069}»؛ وتبقى \u{2068}3\u{2069} من المدافئ ضمن \
         حدودها الخاصة، فتُثبَّت عند أقرب حدّ حيث يطلب أكثر منها أو أقل."
    );
    hot["slots"] = json!([{"start": "07:00", "end": "18:00", "setpoint": 21}]);
    let within = owner.post(&path, hot).await;
    assert_eq!(within.description(), "Schedule 'Office hours' saved.");
}

async fn narrowing_a_radiators_limits_below_what_schedules_ask_says_it_is_kept_to_them(
    app: TestApp,
) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner, "Studio", "HD-1").await;
    let office_hours = create(&owner, office("room", &[room])).await["id"].as_i64().unwrap();
    let path = format!("/v2/radiators/{radiator}");
    let limits = |min: f64, max: f64| json!({"name": "Studio 1", "min_temperature": min, "max_temperature": max, "room_id": room});
    let within = owner.post(&path, limits(10.0, 25.0)).await;
    assert_eq!(within.description(), "Radiator 'Studio 1' saved.");
    // The room's schedule asks 21 °C from 07:00.
    let narrowed = owner.post(&path, limits(10.0, 19.0)).await;
    let said = narrowed.description();
    assert!(said.starts_with("Radiator 'Studio 1' saved"), "{said}");
    assert!(
        said.ends_with(
            " Schedule 'Office hours' asks 21 °C: the radiator is kept to its limits, 10–19 °C."
        ),
        "{said}"
    );
    // A zone's schedule sets back to 12 °C: two schedules now ask beyond the limits.
    let zone = owner.add_zone("Ground floor").await.id;
    owner.post(&format!("/v2/zones/{zone}/room/{room}"), json!({})).await;
    let mut cool = office("zone", &[zone]);
    cool["name"] = json!("Cool nights");
    cool["slots"] = json!([{"start": "07:00", "end": "18:00", "setpoint": 18}]);
    cool["setback"] = json!(12);
    create(&owner, cool).await;
    let both = owner.post(&path, limits(14.0, 19.0)).await;
    assert_eq!(
        both.description(),
        "Radiator 'Studio 1' saved. 2 schedules ask for more or less than its limits: the \
         radiator is kept to them."
    );
    // A schedule switched off asks nothing.
    owner.put(&format!("/v2/schedules/toggle-status/{office_hours}/0"), json!({})).await;
    let arabic = owner.call_in(Method::POST, &path, Some(limits(14.0, 19.0)), "ar").await;
    assert_eq!(
        arabic.description(),
        "تم حفظ المدفأة «\u{2068}Studio 1\u{2069}». يطلب الجدول «\u{2068}Cool nights\u{2069}» \
         \u{2068}12\u{2069} °C: فتبقى المدفأة ضمن حدودها، من \u{2068}14\u{2069} إلى \
         \u{2068}19\u{2069} °C."
    );
}

async fn names_are_unique_per_business(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, _) = room_with_radiator(&owner, "Studio", "HD-1").await;
    create(&owner, office("room", &[room])).await;
    let mut again = office("room", &[room]);
    again["name"] = json!("OFFICE HOURS");
    let answer = owner.post("/v2/schedules", again).await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    assert_eq!(answer.field_error("name"), "A schedule named 'Office hours' already exists.");
    let rival = app.register_business("owner@rival.co.uk").await;
    let (theirs, _) = room_with_radiator(&rival, "Lobby", "HD-9").await;
    create(&rival, office("room", &[theirs])).await;
}

async fn schedules_with_and_without_a_setback_are_written_in_any_order(app: TestApp) {
    // A schedule with a setback written on a connection that had written one without failed
    // on PostgreSQL (a missing f64 bound as float4): alternate them over the pool's connections.
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, _) = room_with_radiator(&owner, "Studio", "HD-1").await;
    for index in 0..8 {
        let mut body = office("room", &[room]);
        body["name"] = json!(format!("Hours {index}"));
        body["setback"] = if index % 2 == 0 { Value::Null } else { json!(16) };
        let id = create(&owner, body.clone()).await["id"].clone();
        body["setback"] = if index % 2 == 0 { json!(15) } else { Value::Null };
        let replaced = owner.post(&format!("/v2/schedules/{id}"), body).await;
        assert_eq!(replaced.status, StatusCode::OK, "{:?}", replaced.body);
    }
}

async fn a_schedule_is_replaced_toggled_and_deleted_with_history(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let zone = owner.add_zone("Ground floor").await.id;
    let id = create(&owner, office("zone", &[zone])).await["id"].as_i64().unwrap();

    let mut evening = office("zone", &[zone]);
    evening["slots"] = json!([{"start": "17:00", "end": "22:00", "setpoint": 19.5}]);
    let updated = owner.post(&format!("/v2/schedules/{id}"), evening).await;
    assert_eq!(updated.description(), "Schedule 'Office hours' saved.");
    assert_eq!(updated.body["data"]["schedule"]["slots"][0]["end"], "22:00");

    let off = owner.put(&format!("/v2/schedules/toggle-status/{id}/0"), json!({})).await;
    assert_eq!(off.description(), "Schedule 'Office hours' switched off.");
    assert_eq!(off.body["data"]["schedule"]["status"], 0);
    assert_eq!(off.body["data"]["schedule"]["next_change"], Value::Null);
    let on = owner.put(&format!("/v2/schedules/toggle-zone/{id}/1"), json!({})).await;
    assert_eq!(on.description(), "Schedule 'Office hours' switched on.");
    assert_eq!(on.body["data"]["schedule"]["status"], 1);
    let wrong_kind = owner.put(&format!("/v2/schedules/toggle-room/{id}/0"), json!({})).await;
    assert_eq!(wrong_kind.status, StatusCode::NOT_FOUND);
    let nonsense = owner.put(&format!("/v2/schedules/toggle-everything/{id}/0"), json!({})).await;
    assert_eq!(nonsense.status, StatusCode::NOT_FOUND);
    let two = owner.put(&format!("/v2/schedules/toggle-status/{id}/2"), json!({})).await;
    assert_eq!(two.status, StatusCode::UNPROCESSABLE_ENTITY);

    let deleted = owner.delete(&format!("/v2/schedules/{id}")).await;
    assert_eq!(deleted.description(), "Schedule 'Office hours' deleted.");
    assert_eq!(owner.get(&format!("/v2/schedules/{id}")).await.status, StatusCode::NOT_FOUND);
    let history = owner.history("?kind=schedule").await;
    let actions: Vec<&str> = history.history.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["delete", "toggle_status", "toggle_status", "update", "create"]);
    assert_eq!(history.total, 5);
    assert!(history.history.iter().all(|e| e.user_email == "owner@acme.co.uk" && e.by.is_none()));
}

/// Two people edit one schedule: the one who saves second, from what they read before the
/// first saved, is told and overwrites nothing.
async fn an_edit_of_a_schedule_changed_since_it_was_read_is_refused(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let zone = owner.add_zone("Ground floor").await.id;
    let read = create(&owner, office("zone", &[zone])).await;
    let id = read["id"].as_i64().unwrap();
    let path = format!("/v2/schedules/{id}");

    let mut evening = office("zone", &[zone]);
    evening["slots"] = json!([{"start": "17:00", "end": "22:00", "setpoint": 19.5}]);
    evening["revision"] = read["revision"].clone();
    let first = owner.post(&path, evening).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    let saved = first.body["data"]["schedule"].clone();
    assert_ne!(saved["revision"], read["revision"]);

    let mut warmer = office("zone", &[zone]);
    warmer["setback"] = json!(18);
    warmer["revision"] = read["revision"].clone();
    let second = owner.post(&path, warmer.clone()).await;
    assert_eq!(second.status, StatusCode::CONFLICT);
    assert_eq!(
        second.description(),
        "Schedule 'Office hours' was changed after you opened it (in another tab, or by someone \
         else). Open it again to see it as it is now, then make your changes."
    );
    assert_eq!(owner.get(&path).await.body["data"]["schedule"], saved);

    // Switching it off or on is a change too.
    owner.put(&format!("/v2/schedules/toggle-status/{id}/0"), json!({})).await;
    warmer["revision"] = saved["revision"].clone();
    assert_eq!(owner.post(&path, warmer.clone()).await.status, StatusCode::CONFLICT);

    // Sent with what it is now, or with no revision (as before), the edit is saved.
    warmer["revision"] = owner.get(&path).await.body["data"]["schedule"]["revision"].clone();
    let fresh = owner.post(&path, warmer.clone()).await;
    assert_eq!(fresh.body["data"]["schedule"]["setback"], 18.0, "{:?}", fresh.body);
    warmer["revision"] = Value::Null;
    warmer["setback"] = json!(17);
    let unversioned = owner.post(&path, warmer).await;
    assert_eq!(unversioned.body["data"]["schedule"]["setback"], 17.0, "{:?}", unversioned.body);
    let updates = owner.history("?kind=schedule").await.history;
    let actions: Vec<&str> = updates.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["update", "update", "toggle_status", "update", "create"]);
}

async fn a_deleted_room_zone_or_radiator_leaves_the_schedules_of_its_kind(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (studio, window) = room_with_radiator(&owner, "Studio", "HD-1").await;
    let wall = owner.add_radiator_to(studio, "HD-2", "Wall").await.id;
    let cafe = owner.add_room("Café").await.id;
    let zone = owner.add_zone("Ground floor").await.id;
    let mut rooms = office("room", &[studio, cafe]);
    rooms["name"] = json!("Rooms");
    let rooms = create(&owner, rooms).await["id"].as_i64().unwrap();
    let zones = create(&owner, office("zone", &[zone])).await["id"].as_i64().unwrap();
    let mut evenings = office("zone", &[zone]);
    evenings["name"] = json!("Evenings");
    create(&owner, evenings).await;
    let mut radiators = office("radiator", &[window, wall]);
    radiators["name"] = json!("Radiators");
    let radiators = create(&owner, radiators).await["id"].as_i64().unwrap();
    let targets = |id: i64| {
        let owner = &owner;
        async move {
            let schedule =
                owner.get(&format!("/v2/schedules/{id}")).await.body["data"]["schedule"].clone();
            (schedule["target_ids"].clone(), schedule["targets"].clone())
        }
    };

    assert_eq!(owner.delete(&format!("/v2/rooms/{cafe}")).await.status, StatusCode::OK);
    assert_eq!(targets(rooms).await, (json!([studio]), json!([{"id": studio, "name": "Studio"}])));
    // A fresh store numbers rooms and radiators alike: the wall radiator has the Café's id, and
    // stays in the radiators' schedule.
    assert_eq!(wall, cafe);
    assert_eq!(targets(radiators).await.0, json!([window, wall]));
    // Schedules left with no targets are named, and have no next change.
    let deleted = owner.delete(&format!("/v2/zones/{zone}")).await;
    assert_eq!(
        deleted.description(),
        "Zone 'Ground floor' deleted. Schedule 'Evenings' and 1 more are \
         left with no targets and switched off."
    );
    assert_eq!(targets(zones).await, (json!([]), json!([])));
    let orphan =
        owner.get(&format!("/v2/schedules/{zones}")).await.body["data"]["schedule"].clone();
    assert_eq!((orphan["status"].clone(), orphan["next_change"].clone()), (json!(0), Value::Null));
    // The history tells of each schedule switched off, beside the deletion and by its author.
    let history = owner.history("?per_page=3").await.history;
    let told: Vec<_> = history
        .iter()
        .map(|entry| {
            let (before, after) = (entry.before.as_ref().unwrap(), entry.after.as_ref());
            let status = after.map(|after| (before["status"].clone(), after["status"].clone()));
            (entry.action.as_str(), entry.record_type.as_str(), before["name"].clone(), status)
        })
        .collect();
    let off = Some((json!(1), json!(0)));
    assert_eq!(
        told,
        [
            ("toggle_status", "schedule", json!("Office hours"), off.clone()),
            ("toggle_status", "schedule", json!("Evenings"), off),
            ("delete", "zone", json!("Ground floor"), None),
        ]
    );
    assert!(history.iter().all(|entry| entry.user_email == "owner@acme.co.uk"));
    let deleted = owner.delete(&format!("/v2/radiators/{wall}")).await;
    assert_eq!(deleted.description(), "Radiator 'Wall' deleted.");
    assert_eq!(targets(radiators).await.0, json!([window]));
    assert_eq!(targets(rooms).await.0, json!([studio]));
    let path = format!("/v2/radiators/{window}");
    let deleted = owner.call_in(Method::DELETE, &path, None, "ar").await;
    assert_eq!(
        deleted.description(),
        "تم حذف المدفأة «\u{2068}Studio 1\u{2069}». وبقي الجدول «\u{2068}Radiators\u{2069}» دون \
         أهداف فأُوقف."
    );
}

async fn a_schedule_already_off_is_left_with_no_targets_and_not_said_to_be_switched_off(
    app: TestApp,
) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let hall = owner.add_room("Hall").await.id;
    let mut resting = office("room", &[hall]);
    resting["status"] = json!(0);
    create(&owner, resting).await;
    let entries = owner.history("").await.total;
    let deleted = owner.delete(&format!("/v2/rooms/{hall}")).await;
    assert_eq!(
        deleted.description(),
        "Room 'Hall' deleted. Schedule 'Office hours' is left with no targets."
    );
    let history = owner.history("").await;
    assert_eq!(history.total, entries + 1, "the deletion alone: the schedule did not change");
    assert_eq!(history.history[0].action, "delete");
    // One off and one on: only the one that was on is said to be switched off.
    let lobby = owner.add_room("Lobby").await.id;
    let mut resting = office("room", &[lobby]);
    (resting["name"], resting["status"]) = (json!("Lobby off"), json!(0));
    create(&owner, resting).await;
    let mut running = office("room", &[lobby]);
    running["name"] = json!("Lobby on");
    create(&owner, running).await;
    let deleted = owner.delete(&format!("/v2/rooms/{lobby}")).await;
    assert_eq!(
        deleted.description(),
        "Room 'Lobby' deleted. Schedule 'Lobby off' and 1 more are left with no targets; those \
         that were on are switched off."
    );
}

async fn another_business_cannot_read_or_change_a_schedule(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, _) = room_with_radiator(&owner, "Studio", "HD-1").await;
    let schedule = create(&owner, office("room", &[room])).await;
    let id = schedule["id"].as_i64().unwrap();
    let rival = app.register_business("owner@rival.co.uk").await;
    let (theirs, _) = room_with_radiator(&rival, "Lobby", "HD-9").await;
    for answer in [
        rival.get(&format!("/v2/schedules/{id}")).await,
        rival.post(&format!("/v2/schedules/{id}"), office("room", &[theirs])).await,
        rival.put(&format!("/v2/schedules/toggle-status/{id}/0"), json!({})).await,
        rival.delete(&format!("/v2/schedules/{id}")).await,
    ] {
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{:?}", answer.body);
    }
    assert_eq!(rival.get("/v2/schedules").await.body["data"]["schedules"], json!([]));
    assert_eq!(owner.get(&format!("/v2/schedules/{id}")).await.body["data"]["schedule"], schedule);
}

async fn a_weekday_schedule_heats_at_seven_sets_back_at_six_and_rests_on_saturday(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner, "Studio", "HD-1").await;
    create(&owner, office("room", &[room])).await;
    // Monday 2026-01-12, London (UTC in winter).
    assert_eq!(round(&app, "2026-01-12T06:59:00Z").await, 1, "the setback since Friday");
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0));
    assert_eq!(round(&app, "2026-01-12T07:00:00Z").await, 1);
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0));
    assert_eq!(round(&app, "2026-01-12T17:59:00Z").await, 0);
    assert_eq!(round(&app, "2026-01-12T18:00:00Z").await, 1);
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0));
    assert_eq!(round(&app, "2026-01-17T07:00:00Z").await, 0, "nothing on Saturday");
    assert_eq!(round(&app, "2026-01-17T12:00:00Z").await, 0);
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0));

    let history = owner.history("?kind=radiator").await;
    let entry = &history.history[0];
    assert_eq!(
        (entry.action.as_str(), entry.by.as_deref()),
        ("schedule", Some("schedule 'Office hours'"))
    );
    assert_eq!(entry.user_email, "");
    assert_eq!(entry.after.as_ref().unwrap()["target_temperature"], 16.0);
    // What the simulated radiator was sent.
    assert_eq!(app.fleet.heater_of(radiator), Some((true, 16.0)));
}

/// The radiators a schedule sets in a round are one change of their business: each still has
/// its own history entry and is sent its state, and another business's are its own change.
async fn a_round_sets_a_schedules_radiators_together_each_with_its_own_entry(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let rival = app.register_business("owner@rival.co.uk").await;
    let (room, first) = room_with_radiator(&owner, "Studio", "HD-1").await;
    let second = owner.add_radiator_to(room, "HD-2", "Studio 2").await.id;
    let (their_room, theirs) = room_with_radiator(&rival, "Den", "HD-9").await;
    create(&owner, office("room", &[room])).await;
    create(&rival, office("room", &[their_room])).await;
    // Monday 2026-01-12 before seven: the setback.
    assert_eq!(round(&app, "2026-01-12T06:59:00Z").await, 3);
    for (business, radiators) in [(&owner, vec![first, second]), (&rival, vec![theirs])] {
        for &radiator in &radiators {
            assert_eq!(state_of(business, radiator).await, (1, 16.0));
            assert_eq!(app.fleet.heater_of(radiator), Some((true, 16.0)));
        }
        let history = business.history("?kind=radiator").await.history;
        let mut set: Vec<i64> = history
            .iter()
            .filter(|entry| entry.by.as_deref() == Some("schedule 'Office hours'"))
            .map(|entry| entry.record_id)
            .collect();
        set.sort_unstable();
        assert_eq!(set, radiators);
    }
    assert_eq!(round(&app, "2026-01-12T07:00:00Z").await, 3);
    assert_eq!(round(&app, "2026-01-12T07:01:00Z").await, 0, "each period is applied once");
}

async fn a_radiator_schedule_beats_a_room_schedule_which_beats_a_zone_schedule(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, first) = room_with_radiator(&owner, "Studio", "HD-1").await;
    let second = owner.add_radiator_to(room, "HD-2", "Studio 2").await.id;
    let zone = owner.add_zone("Ground floor").await.id;
    let placed = owner.post(&format!("/v2/zones/{zone}/room/{room}"), json!({})).await;
    assert_eq!(placed.status, StatusCode::OK, "{:?}", placed.body);
    let every_day = |name: &str, kind: &str, ids: &[i64], setpoint: f64| {
        let mut body = office(kind, ids);
        body["name"] = json!(name);
        body["duration"] = json!("every_day");
        body["slots"] = json!([{"start": "00:00", "end": "24:00", "setpoint": setpoint}]);
        body
    };
    create(&owner, every_day("Zone", "zone", &[zone], 18.0)).await;
    round(&app, "2026-01-12T09:00:00Z").await;
    assert_eq!(state_of(&owner, second).await, (1, 18.0));
    create(&owner, every_day("Room", "room", &[room], 19.0)).await;
    create(&owner, every_day("Radiator", "radiator", &[first], 20.0)).await;
    round(&app, "2026-01-12T09:01:00Z").await;
    assert_eq!(state_of(&owner, first).await, (1, 20.0));
    assert_eq!(state_of(&owner, second).await, (1, 19.0));
    // Among equals the one changed last wins.
    create(&owner, every_day("Room later", "room", &[room], 22.0)).await;
    round(&app, "2026-01-12T09:02:00Z").await;
    assert_eq!(state_of(&owner, second).await, (1, 22.0));
    assert_eq!(state_of(&owner, first).await, (1, 20.0));

    // Each schedule names those that hold over it on a radiator they share; the radiator's
    // own schedule, covering fewest, none.
    let listed = owner.get("/v2/schedules").await.body["data"]["schedules"].clone();
    let outranked = |name: &str| {
        let schedule = listed.as_array().unwrap().iter().find(|s| s["name"] == name).unwrap();
        schedule["outranked_by"].clone()
    };
    assert_eq!(outranked("Zone"), json!(["Radiator", "Room", "Room later"]));
    assert_eq!(outranked("Room"), json!(["Radiator"]));
    assert_eq!(outranked("Radiator"), json!([]));
    // A room outside the zone, with its own schedule, takes nothing from the zone's.
    let (elsewhere, _) = room_with_radiator(&owner, "Annex", "HD-3").await;
    create(&owner, every_day("Annex", "room", &[elsewhere], 19.0)).await;
    let zone_id = listed.as_array().unwrap().iter().find(|s| s["name"] == "Zone").unwrap()["id"]
        .as_i64()
        .unwrap();
    let zone_schedule = owner.get(&format!("/v2/schedules/{zone_id}")).await;
    assert_eq!(
        zone_schedule.body["data"]["schedule"]["outranked_by"],
        json!(["Radiator", "Room", "Room later"])
    );

    // A room's schedule holds the whole of the days it runs, between its slots too: one whose
    // early slot never meets the zone's working hours is named, one that runs only on the
    // zone's days off is not.
    let mut working = every_day("Zone working hours", "zone", &[zone], 20.0);
    working["duration"] = json!("weekdays");
    working["slots"] = json!([{"start": "09:00", "end": "17:00", "setpoint": 20}]);
    let working = create(&owner, working).await["id"].as_i64().unwrap();
    let mut early = every_day("Early start", "room", &[room], 22.0);
    early["slots"] = json!([{"start": "06:00", "end": "07:00", "setpoint": 22}]);
    create(&owner, early).await;
    let mut weekend = every_day("Weekend cleaning", "room", &[room], 16.0);
    weekend["duration"] = json!("weekends");
    create(&owner, weekend).await;
    let working = owner.get(&format!("/v2/schedules/{working}")).await;
    assert_eq!(
        working.body["data"]["schedule"]["outranked_by"],
        json!(["Early start", "Radiator", "Room", "Room later"])
    );
}

/// A bank holiday made ahead (12 °C all day): until it begins, the office hours hold, and the
/// pages say they hold until the holiday's first midnight, where the engine hands it over, not
/// until their own next slot.
async fn a_schedule_still_to_come_ends_the_hold_of_the_one_before_at_its_first_midnight(
    app: TestApp,
) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner, "Office", "HD-1").await;
    // A room the holiday alone is for: nothing holds its radiator before the holiday.
    let (store_room, _) = room_with_radiator(&owner, "Store", "HD-2").await;
    let weekdays = create(&owner, office("room", &[room])).await["id"].clone();
    let mut holiday = office("room", &[room, store_room]);
    holiday["name"] = json!("Bank holiday");
    holiday["duration"] = json!("every_day");
    holiday["start_date"] = json!("2026-01-19");
    holiday["end_date"] = json!("2026-01-19");
    holiday["slots"] = json!([{"start": "00:00", "end": "24:00", "setpoint": 12}]);
    holiday["setback"] = Value::Null;
    let holiday = create(&owner, holiday).await["id"].clone();

    // Friday 2026-01-16 19:00, London: the weekday setback, until the holiday's Monday begins.
    app.clock.advance(time::Duration::hours(34));
    let all = owner.get("/v2/schedules/in-force").await.body["data"]["in_force"].clone();
    assert_eq!(all.as_array().unwrap().len(), 1, "the Store's radiator is held by nothing yet");
    let shown = all[0].clone();
    assert_eq!(shown["schedule_id"], weekdays);
    assert_eq!(shown["until"], "2026-01-19T00:00:00+00:00");
    let then = json!({"schedule_id": holiday, "schedule_name": "Bank holiday", "setpoint": 12.0});
    assert_eq!(shown["then"], then);
    round(&app, "2026-01-16T19:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0), "the weekday setback still");

    // Monday: the holiday holds from its midnight to the next, office hours or not.
    round(&app, "2026-01-19T00:01:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 12.0), "the holiday from its midnight");
    round(&app, "2026-01-19T08:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 12.0), "no office hours on the holiday");
    app.clock.advance(time::Duration::hours(53)); // Monday 00:00
    let shown = owner.get("/v2/schedules/in-force").await.body["data"]["in_force"][0].clone();
    assert_eq!(shown["schedule_id"], holiday);
    assert_eq!(shown["until"], "2026-01-20T00:00:00+00:00");
}

async fn a_weekday_and_a_saturday_schedule_on_one_room_each_heat_their_own_days(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner, "Shop", "HD-1").await;
    let weekdays = create(&owner, office("room", &[room])).await["id"].clone();
    // Changed after the weekday one, and off outside its Saturday morning.
    let mut body = office("room", &[room]);
    body["name"] = json!("Saturday opening");
    body["duration"] = json!("custom");
    body["days"] = json!([6]);
    body["slots"] = json!([{"start": "09:00", "end": "13:00", "setpoint": 19}]);
    body["setback"] = Value::Null;
    let saturday = create(&owner, body).await["id"].clone();

    let listed = owner.get("/v2/schedules").await.body["data"]["schedules"].clone();
    let overlaps: Vec<&Value> = listed.as_array().unwrap().iter().map(|s| &s["overlaps"]).collect();
    assert_eq!(overlaps, [&json!([]), &json!([])], "a Saturday and weekdays never meet");

    // A slot beats the other schedule's time between its slots (Monday 2026-01-12, London);
    // between slots the one whose slot ended last holds: its setback follows its slots.
    round(&app, "2026-01-12T10:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0), "the weekday slot");
    round(&app, "2026-01-12T19:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0), "the weekday setback");
    round(&app, "2026-01-17T05:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await.0, 0, "Saturday is the Saturday schedule's day");
    round(&app, "2026-01-17T10:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 19.0), "the Saturday slot");
    round(&app, "2026-01-17T14:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await.0, 0, "off after the Saturday slot");

    // Friday 2026-01-16 19:00: the weekday setback holds until Saturday begins, the Saturday
    // schedule's day, not until Monday.
    app.clock.advance(time::Duration::hours(34));
    let shown = owner.get("/v2/schedules/in-force").await;
    let expected = json!([{"radiator_id": radiator, "schedule_id": weekdays,
        "schedule_name": "Office hours", "setpoint": 16.0, "asked": null,
        "until": "2026-01-17T00:00:00+00:00", "manual": 0, "preheating": 0,
        "then": {"schedule_id": saturday, "schedule_name": "Saturday opening", "setpoint": null}}]);
    assert_eq!(shown.body["data"]["in_force"], expected);
    app.clock.advance(time::Duration::hours(14)); // Saturday 09:00
    let shown = owner.get("/v2/schedules/in-force").await;
    assert_eq!(shown.body["data"]["in_force"][0]["schedule_id"], saturday);
    assert_eq!(shown.body["data"]["in_force"][0]["until"], "2026-01-17T13:00:00+00:00");

    // Slots that meet on a shared room are said on both schedules, while both are on; a zone's
    // schedule at the same time is weaker anyway, so no overlap.
    let mut late = office("room", &[room]);
    late["name"] = json!("Late opening");
    late["slots"] = json!([{"start": "17:00", "end": "20:00", "setpoint": 20}]);
    let late = create(&owner, late).await;
    assert_eq!(late["overlaps"], json!(["Office hours"]));
    let zone = owner.add_zone("Ground floor").await.id;
    owner.post(&format!("/v2/zones/{zone}/room/{room}"), json!({})).await;
    let mut zone_hours = office("zone", &[zone]);
    zone_hours["name"] = json!("Zone hours");
    create(&owner, zone_hours).await;
    let office_hours = owner.get(&format!("/v2/schedules/{weekdays}")).await;
    assert_eq!(office_hours.body["data"]["schedule"]["overlaps"], json!(["Late opening"]));
    let off = owner.put(&format!("/v2/schedules/toggle-status/{}/0", late["id"]), json!({})).await;
    assert_eq!(off.status, StatusCode::OK);
    let office_hours = owner.get(&format!("/v2/schedules/{weekdays}")).await;
    assert_eq!(office_hours.body["data"]["schedule"]["overlaps"], json!([]));
}

async fn a_schedule_between_its_slots_leaves_the_days_it_does_not_repeat_to_the_others(
    app: TestApp,
) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner, "Board room", "HD-1").await;
    let zone = owner.add_zone("First floor").await.id;
    owner.post(&format!("/v2/zones/{zone}/room/{room}"), json!({})).await;
    let mut zone_hours = office("zone", &[zone]);
    zone_hours["name"] = json!("Zone hours");
    zone_hours["slots"] = json!([{"start": "08:30", "end": "17:30", "setpoint": 19}]);
    zone_hours["setback"] = Value::Null;
    let zone_hours = create(&owner, zone_hours).await["id"].clone();
    // Mondays and Wednesdays only, 16 °C between its slots.
    let mut mornings = office("room", &[room]);
    mornings["name"] = json!("Board room mornings");
    mornings["duration"] = json!("custom");
    mornings["days"] = json!([1, 3]);
    mornings["slots"] = json!([{"start": "07:45", "end": "12:15", "setpoint": 20.5}]);
    let mornings = create(&owner, mornings).await["id"].clone();

    // Thursday 2026-01-15 (London, on UTC in January): the zone's day, not the room's.
    round(&app, "2026-01-15T11:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 19.0), "the zone's slot");
    let shown = owner.get("/v2/schedules/in-force").await.body["data"]["in_force"][0].clone();
    assert_eq!(
        (&shown["schedule_id"], shown["until"].as_str()),
        (&zone_hours, Some("2026-01-15T17:30:00+00:00"))
    );
    round(&app, "2026-01-15T20:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await.0, 0, "off between the zone's slots, its day");
    // Sunday is neither's day: the room's schedule is stronger.
    round(&app, "2026-01-18T12:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0));
    // Monday: the room's own day, slot and setback both beat the zone's slot.
    round(&app, "2026-01-19T08:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 20.5));
    round(&app, "2026-01-19T14:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0));
    round(&app, "2026-01-20T11:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 19.0), "Tuesday is the zone's again");

    // Wednesday 20:00: the room's setback holds until Thursday begins.
    app.clock.advance(time::Duration::days(6) + time::Duration::hours(11));
    let owner = app.sign_in("owner@acme.co.uk", crate::support::PASSWORD).await;
    let shown = owner.get("/v2/schedules/in-force").await.body["data"]["in_force"][0].clone();
    assert_eq!(
        (&shown["schedule_id"], &shown["setpoint"], shown["until"].as_str()),
        (&mornings, &json!(16.0), Some("2026-01-22T00:00:00+00:00"))
    );
}

async fn a_manual_change_holds_until_the_next_boundary(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner, "Studio", "HD-1").await;
    let mut body = office("room", &[room]);
    body["setback"] = Value::Null;
    create(&owner, body).await;
    round(&app, "2026-01-12T07:00:00Z").await;
    assert_eq!(owner.set_temperature(radiator, 23.0).await.status, StatusCode::OK);
    assert_eq!(round(&app, "2026-01-12T09:00:00Z").await, 0, "the manual change holds");
    assert_eq!(state_of(&owner, radiator).await, (1, 23.0));
    assert_eq!(round(&app, "2026-01-12T18:00:00Z").await, 1, "the next boundary");
    assert_eq!(state_of(&owner, radiator).await, (0, 23.0), "off outside the slots");
    assert_eq!(app.fleet.heater_of(radiator).map(|(on, _)| on), Some(false));
}

async fn slots_follow_the_businesss_own_time_zone(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let settings = json!({"time_zone": "America/New_York", "working_days": [1, 2, 3, 4, 5],
        "working_hours": {"start": "08:00", "end": "18:00"}, "comfort_setpoint": 21});
    assert_eq!(owner.put("/v2/settings/business", settings).await.status, StatusCode::OK);
    let (room, radiator) = room_with_radiator(&owner, "Studio", "HD-1").await;
    create(&owner, office("room", &[room])).await;
    round(&app, "2026-01-12T11:59:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0), "06:59 in New York");
    round(&app, "2026-01-12T12:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0), "07:00 in New York");
}

async fn slots_keep_to_the_clock_across_the_changes_to_and_from_summer_time(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner, "Studio", "HD-1").await;
    create(&owner, office("room", &[room])).await;
    // Monday 2026-03-30, the day after the clocks went forward: 07:00 in London is 06:00 UTC.
    round(&app, "2026-03-30T05:59:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0));
    round(&app, "2026-03-30T06:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0));
    // 18:00 on Friday 2026-10-23 is 17:00 UTC; after the clocks go back, Monday's 07:00 is 07:00.
    round(&app, "2026-10-23T16:59:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0));
    round(&app, "2026-10-23T17:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0));
    round(&app, "2026-10-26T06:59:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0));
    round(&app, "2026-10-26T07:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0));
}

async fn two_engines_on_one_store_apply_each_change_once(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, _) = room_with_radiator(&owner, "Studio", "HD-1").await;
    create(&owner, office("room", &[room])).await;
    let engines = [
        Lease::with_holder("schedule-engine", "a", 180),
        Lease::with_holder("schedule-engine", "b", 180),
    ];
    let app = &app;
    for minute in ["2026-01-12T06:59:00Z", "2026-01-12T07:00:00Z", "2026-01-12T07:01:00Z"] {
        let now = at(minute).unix_timestamp();
        let rounds = engines.iter().map(|lease| async move {
            if lease.acquire(&app.store, now).await.unwrap() { round(app, minute).await } else { 0 }
        });
        let changed: usize = futures_util::future::join_all(rounds).await.into_iter().sum();
        assert!(changed <= 1, "{minute}: {changed}");
    }
    let history = owner.history("?kind=radiator").await;
    let by_schedule = history.history.iter().filter(|e| e.action == "schedule").count();
    assert_eq!(by_schedule, 2, "the setback, then the slot: each once");
}

async fn the_engine_applies_the_schedules_in_force_before_it_answers_its_start(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner, "Studio", "HD-1").await;
    create(&owner, office("room", &[room])).await;
    // Thursday 19:00, after the slot: a restarted server's devices get the setback before they
    // first report, not a minute later.
    app.clock.advance(time::Duration::hours(10));
    let state = &app.state;
    let (devices, live) = (state.devices.clone(), state.live.clone());
    let (clock, wake) = (state.clock.clone(), state.engine_wake.clone());
    start(app.store.clone(), devices, live, Arc::new(NoBudgets), clock, wake).await;
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0));
    assert_eq!(app.fleet.heater_of(radiator), Some((true, 16.0)));

    // A schedule saved is applied at once, not at the engine's next minute (61 s away on the
    // test clock): a radiator schedule outranks the room's.
    let evening = json!({"name": "Evening", "schedule_for": "radiator", "target_ids": [radiator],
        "duration": "every_day", "slots": [{"start": "18:00", "end": "22:00", "setpoint": 19.5}]});
    create(&owner, evening).await;
    assert_eq!(applied_soon(&owner, radiator, (1, 19.5)).await, (1, 19.5));
    // So is a radiator placed in a room with a schedule: it leaves the comfort setpoint it
    // starts at for the room's setback.
    let placed = owner.add_radiator_to(room, "HD-2", "Studio 2").await.id;
    assert_eq!(applied_soon(&owner, placed, (1, 16.0)).await, (1, 16.0));
}

/// The radiator's state once it is `expected`, or after 5 s.
async fn applied_soon(owner: &Owner<'_>, id: i64, expected: (i64, f64)) -> (i64, f64) {
    for _ in 0..50 {
        if state_of(owner, id).await == expected {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    state_of(owner, id).await
}

async fn the_schedule_in_force_and_a_manual_hold_are_shown(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner, "Studio", "HD-1").await;
    owner.add_radiator("HD-2", "Loose").await;
    let id = create(&owner, office("room", &[room])).await["id"].clone();
    // The test clock: Thursday 2026-01-15 09:00 in London.
    round(&app, "2026-01-15T09:00:00Z").await;
    let shown = owner.get("/v2/schedules/in-force").await;
    let expected = json!([{"radiator_id": radiator, "schedule_id": id,
        "schedule_name": "Office hours", "setpoint": 21.0, "asked": null,
        "until": "2026-01-15T18:00:00+00:00", "manual": 0, "preheating": 0,
        "then": {"schedule_id": id, "schedule_name": "Office hours", "setpoint": 16.0}}]);
    assert_eq!(shown.body["data"]["in_force"], expected);
    // Limits narrowed below the slot's 21 °C: the radiator is kept to 19 °C, and the schedule
    // is said to ask for more.
    let narrow = json!({"name": "Studio 1", "room_id": room, "min_temperature": 7,
        "max_temperature": 19});
    assert_eq!(
        owner.post(&format!("/v2/radiators/{radiator}"), narrow).await.status,
        StatusCode::OK
    );
    let shown = owner.get("/v2/schedules/in-force").await.body["data"]["in_force"][0].clone();
    assert_eq!(
        (&shown["setpoint"], &shown["asked"], &shown["manual"]),
        (&json!(19.0), &json!(21.0), &json!(0))
    );
    owner.set_temperature(radiator, 18.0).await;
    let shown = owner.get("/v2/schedules/in-force").await;
    assert_eq!(shown.body["data"]["in_force"][0]["manual"], 1, "held until 18:00");
    let rival = app.register_business("owner@rival.co.uk").await;
    assert_eq!(rival.get("/v2/schedules/in-force").await.body["data"]["in_force"], json!([]));
}

async fn open_live_streams_get_a_fresh_snapshot_when_a_schedule_acts(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner, "Studio", "HD-1").await;
    create(&owner, office("room", &[room])).await;
    let live = app.client.get(format!("{}/v2/live", app.base)).bearer_auth(&owner.token);
    let mut response = live.send().await.unwrap();
    let mut buffer = String::new();
    let before = next_event(&mut response, &mut buffer, "snapshot").await;
    assert_eq!(before[0]["target_temperature"], 21.0);
    round(&app, "2026-01-12T06:00:00Z").await;
    let after = next_event(&mut response, &mut buffer, "snapshot").await;
    assert_eq!(
        (after[0]["id"].as_i64(), after[0]["target_temperature"].as_f64()),
        (Some(radiator), Some(16.0))
    );
}

async fn a_schedule_cannot_end_before_today_but_one_that_ran_its_course_can_be_renamed(
    app: TestApp,
) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, _) = room_with_radiator(&owner, "Studio", "HD-1").await;
    // Today is 15 January 2026 in London.
    let mut past = office("room", &[room]);
    past["end_date"] = json!("2026-01-14");
    let refused = owner.post("/v2/schedules", past).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.field_error("end_date"),
        "This end date has passed: choose today or a later day, or none."
    );
    assert_eq!(owner.get("/v2/schedules").await.body["data"]["schedules"], json!([]));

    let mut today = office("room", &[room]);
    today["end_date"] = json!("2026-01-15");
    let id = create(&owner, today.clone()).await["id"].as_i64().unwrap();
    app.clock.advance(time::Duration::days(3));
    // Over now: renamed with its end date as it was, but not given another past one.
    today["name"] = json!("January office hours");
    let renamed = owner.post(&format!("/v2/schedules/{id}"), today.clone()).await;
    assert_eq!(renamed.status, StatusCode::OK, "{:?}", renamed.body);
    today["end_date"] = json!("2026-01-16");
    let moved = owner.post(&format!("/v2/schedules/{id}"), today).await;
    assert_eq!(
        moved.field_error("end_date"),
        "This end date has passed: choose today or a later day, or none."
    );
}
