//! Closed days: added, listed, refused and removed through the API, kept to their business,
//! and what the schedule engine does on them (the test's own times, no sleeping).

use heatdesk::schedules::engine::tick;
use reqwest::StatusCode;
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::store_tests;
use crate::support::{NoBudgets, Owner, TestApp};

store_tests!(
    closed_days_are_added_listed_and_removed_with_history,
    bad_closed_days_are_named_and_nothing_is_added,
    another_business_cannot_see_or_remove_closed_days,
    on_closed_days_every_schedule_runs_as_between_its_slots,
    closing_today_sets_the_setback_at_once_and_reopening_brings_the_slot_back,
    a_business_keeps_at_most_a_hundred_closures_to_come,
    one_businesss_closed_days_leave_anothers_schedules_alone,
    a_manual_change_the_evening_before_holds_until_the_business_closes,
    the_bank_holidays_to_come_are_offered_for_each_of_the_three_sets,
    a_schedule_that_runs_on_closed_days_keeps_its_slots_on_them,
);

const PATH: &str = "/v2/schedules/closed-days";

fn closure(name: &str, first: &str, last: Option<&str>) -> Value {
    json!({"name": name, "first_date": first, "last_date": last})
}

async fn add(owner: &Owner<'_>, name: &str, first: &str, last: Option<&str>) -> Value {
    let answer = owner.post(PATH, closure(name, first, last)).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer.body["data"]["closed_days"].clone()
}

async fn listed(owner: &Owner<'_>) -> Value {
    owner.get(PATH).await.body["data"]["closed_days"].clone()
}

async fn closed_days_are_added_listed_and_removed_with_history(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    assert_eq!(listed(&owner).await, json!([]));
    let answer = owner.post(PATH, closure("Christmas", "2026-12-24", Some("2027-01-01"))).await;
    assert_eq!(
        answer.description(),
        "'Christmas' added to the closed days: every schedule runs as outside its slots then."
    );
    let christmas = answer.body["data"]["closed_days"].clone();
    assert_eq!(
        christmas,
        json!({"id": christmas["id"], "name": "Christmas", "first_date": "2026-12-24",
            "last_date": "2027-01-01"})
    );
    // One day: the last is the first. The test clock is Thursday 2026-01-15 in London.
    let today = add(&owner, "  Stock  take ", "2026-01-15", None).await;
    assert_eq!((&today["name"], &today["last_date"]), (&json!("Stock take"), &json!("2026-01-15")));
    let may = add(&owner, "Early May", "2026-05-04", Some("")).await;
    assert_eq!(listed(&owner).await, json!([today, may, christmas]), "the earliest first");

    // Days gone by are not listed.
    app.clock.advance(time::Duration::days(1));
    assert_eq!(listed(&owner).await, json!([may, christmas]));
    // Nor removed: they closed what they closed.
    let over = owner.delete(&format!("{PATH}/{}", today["id"])).await;
    assert_eq!(over.status, StatusCode::CONFLICT);
    assert_eq!(over.description(), "'Stock take' is over: closed days gone by stay as they were.");

    let id = christmas["id"].as_i64().unwrap();
    let removed = owner.delete(&format!("{PATH}/{id}")).await;
    assert_eq!(
        removed.description(),
        "'Christmas' removed from the closed days: the schedules run their slots then again."
    );
    assert_eq!(listed(&owner).await, json!([may]));
    assert_eq!(owner.delete(&format!("{PATH}/{id}")).await.status, StatusCode::NOT_FOUND);

    let history = owner.history("?kind=closed_days").await.history;
    let done: Vec<(&str, i64)> =
        history.iter().map(|entry| (entry.action.as_str(), entry.record_id)).collect();
    assert_eq!(done[0], ("delete", id));
    assert_eq!(history[0].before.as_ref(), Some(&christmas));
    assert_eq!(history.len(), 4, "three added, one removed");
    assert_eq!(history[3].after.as_ref(), Some(&christmas));
}

async fn bad_closed_days_are_named_and_nothing_is_added(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let refused = owner.post(PATH, json!({"name": " ", "first_date": "24/12/2026"})).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.body["errors"]["name"][0].is_string(), "{:?}", refused.body);
    assert_eq!(
        refused.field_error("first_date"),
        "Use a date like 2026-01-31, from 1900-01-01 to 2099-12-31."
    );
    let backwards = owner.post(PATH, closure("Summer", "2026-08-10", Some("2026-08-01"))).await;
    assert_eq!(
        backwards.field_error("last_date"),
        "Make the last day the first day or a later one."
    );
    let too_long = owner.post(PATH, closure("Year", "2026-02-01", Some("2027-02-02"))).await;
    assert_eq!(too_long.field_error("last_date"), "Close at most 366 days in a row.");
    let past = owner.post(PATH, closure("Yesterday", "2026-01-14", None)).await;
    assert_eq!(past.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(past.field_error("first_date"), "This day has passed: choose today or a later day.");
    // 366 days is the longest.
    add(&owner, "Year", "2026-02-01", Some("2027-02-01")).await;

    let overlapping =
        owner.post(PATH, closure("Half term", "2027-02-01", Some("2027-02-05"))).await;
    assert_eq!(overlapping.status, StatusCode::CONFLICT);
    assert_eq!(
        overlapping.field_error("first_date"),
        "These days overlap 'Year', closed from 2026-02-01 to 2027-02-01: remove those or choose \
         other days."
    );
    let inside = owner.post(PATH, closure("Bank holiday", "2026-05-04", None)).await;
    assert_eq!(inside.status, StatusCode::CONFLICT);
    assert_eq!(
        inside.field_error("first_date"),
        "These days are closed already: 'Year' runs from 2026-02-01 to 2027-02-01."
    );
    // A closure that runs into another's first day is told under its last.
    let into = owner.post(PATH, closure("Winter", "2026-01-20", Some("2026-02-01"))).await;
    assert_eq!(into.status, StatusCode::CONFLICT);
    assert!(into.body["errors"]["last_date"][0].is_string(), "{:?}", into.body);
    let listed = listed(&owner).await;
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed:?}");
}

async fn another_business_cannot_see_or_remove_closed_days(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let christmas = add(&owner, "Christmas", "2026-12-24", Some("2027-01-01")).await;
    let rival = app.register_business("owner@rival.co.uk").await;
    assert_eq!(listed(&rival).await, json!([]));
    let id = christmas["id"].as_i64().unwrap();
    assert_eq!(rival.delete(&format!("{PATH}/{id}")).await.status, StatusCode::NOT_FOUND);
    // Days of one business do not overlap another's.
    add(&rival, "Christmas", "2026-12-24", None).await;
    assert_eq!(listed(&owner).await, json!([christmas]));
}

/// A room with one radiator under weekday office hours, 07:00–18:00 at 21 °C, 16 °C outside.
async fn office_room(owner: &Owner<'_>, uid: &str) -> i64 {
    let room = owner.add_room("Studio").await.id;
    let radiator = owner.add_radiator_to(room, uid, "Studio 1").await.id;
    let schedule = json!({"name": "Office hours", "schedule_for": "room", "target_ids": [room],
        "duration": "weekdays", "slots": [{"start": "07:00", "end": "18:00", "setpoint": 21}],
        "setback": 16});
    assert_eq!(owner.post("/v2/schedules", schedule).await.status, StatusCode::OK);
    radiator
}

/// One engine round at `when` (RFC 3339); answers how many radiators it changed.
async fn round(app: &TestApp, when: &str) -> usize {
    let at = OffsetDateTime::parse(when, &Rfc3339).unwrap();
    tick(&app.store, &app.state.devices, &app.state.live, &NoBudgets, at).await.unwrap()
}

async fn setpoint(owner: &Owner<'_>, radiator: i64) -> f64 {
    owner.radiator(radiator).await.target_temperature
}

async fn on_closed_days_every_schedule_runs_as_between_its_slots(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let radiator = office_room(&owner, "HD-1").await;
    // Closed Friday 16 and Monday 19 January 2026 (London is on UTC in winter).
    add(&owner, "Stock take", "2026-01-16", None).await;
    add(&owner, "Training", "2026-01-19", None).await;
    // Thursday after work: the next change is Tuesday's slot, past the weekend and both days.
    app.clock.advance(time::Duration::hours(9));
    let schedule = &owner.get("/v2/schedules").await.body["data"]["schedules"][0];
    assert_eq!(
        schedule["next_change"],
        json!({"at": "2026-01-20T07:00:00+00:00", "setpoint": 21.0})
    );

    assert_eq!(round(&app, "2026-01-15T18:00:00Z").await, 1);
    assert_eq!(setpoint(&owner, radiator).await, 16.0);
    for closed in ["2026-01-16T07:00:00Z", "2026-01-16T12:00:00Z", "2026-01-19T07:00:00Z"] {
        assert_eq!(round(&app, closed).await, 0, "{closed}");
    }
    assert_eq!(setpoint(&owner, radiator).await, 16.0);
    assert_eq!(round(&app, "2026-01-20T07:00:00Z").await, 1, "open again on Tuesday");
    assert_eq!(setpoint(&owner, radiator).await, 21.0);
}

async fn closing_today_sets_the_setback_at_once_and_reopening_brings_the_slot_back(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let radiator = office_room(&owner, "HD-1").await;
    // Thursday 2026-01-15, 09:00: in the slot.
    round(&app, "2026-01-15T09:00:00Z").await;
    assert_eq!(setpoint(&owner, radiator).await, 21.0);
    let today = add(&owner, "Snow day", "2026-01-15", None).await;
    assert_eq!(round(&app, "2026-01-15T09:01:00Z").await, 1);
    assert_eq!(setpoint(&owner, radiator).await, 16.0);
    let in_force = owner.get("/v2/schedules/in-force").await.body["data"].clone();
    // Held until the closed day ends: a manual change then lasts no longer.
    assert_eq!(in_force["in_force"][0]["until"], "2026-01-16T00:00:00+00:00");
    assert_eq!(in_force["closed_today"], today);
    let id = today["id"].as_i64().unwrap();
    assert_eq!(owner.delete(&format!("{PATH}/{id}")).await.status, StatusCode::OK);
    assert_eq!(round(&app, "2026-01-15T09:02:00Z").await, 1);
    assert_eq!(setpoint(&owner, radiator).await, 21.0);
    let open = owner.get("/v2/schedules/in-force").await;
    assert_eq!(open.body["data"]["closed_today"], Value::Null);
}

async fn a_business_keeps_at_most_a_hundred_closures_to_come(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    // A hundred single days, from Friday 16 January 2026 on.
    let first = jiff::civil::date(2026, 1, 16);
    for day in first.series(jiff::ToSpan::days(1)).take(100) {
        add(&owner, "Day off", &day.to_string(), None).await;
    }
    let refused = owner.post(PATH, closure("One more", "2026-12-01", None)).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.field_error("first_date"),
        "A business keeps at most 100 closures to come: remove one first."
    );
    // Once the first is over, on Saturday, there is room again.
    app.clock.advance(time::Duration::days(2));
    add(&owner, "One more", "2026-12-01", None).await;
}

async fn one_businesss_closed_days_leave_anothers_schedules_alone(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let ours = office_room(&owner, "HD-1").await;
    let rival = app.register_business("owner@rival.co.uk").await;
    let theirs = office_room(&rival, "HD-9").await;
    add(&rival, "Snow day", "2026-01-16", None).await;
    // Friday 16 January 2026, 07:00: one heats, the other stays set back.
    round(&app, "2026-01-15T18:00:00Z").await;
    assert_eq!(round(&app, "2026-01-16T07:00:00Z").await, 1);
    assert_eq!((setpoint(&owner, ours).await, setpoint(&rival, theirs).await), (21.0, 16.0));
}

async fn a_manual_change_the_evening_before_holds_until_the_business_closes(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let radiator = office_room(&owner, "HD-1").await;
    add(&owner, "Stock take", "2026-01-16", None).await;
    assert_eq!(round(&app, "2026-01-15T18:00:00Z").await, 1);
    // Someone stays late on Thursday and turns the heat up.
    assert_eq!(owner.set_temperature(radiator, 22.0).await.status, StatusCode::OK);
    assert_eq!(round(&app, "2026-01-15T21:00:00Z").await, 0, "held");
    assert_eq!(setpoint(&owner, radiator).await, 22.0);
    // At Friday's midnight the business closes: the setback again, not 22 °C all weekend.
    assert_eq!(round(&app, "2026-01-16T00:00:00Z").await, 1);
    assert_eq!(setpoint(&owner, radiator).await, 16.0);
    // A manual change on the closed day holds until it ends, not over the weekend.
    owner.set_temperature(radiator, 20.0).await;
    assert_eq!(round(&app, "2026-01-16T10:00:00Z").await, 0, "held");
    assert_eq!(round(&app, "2026-01-17T00:00:00Z").await, 1);
    assert_eq!(setpoint(&owner, radiator).await, 16.0);
}

async fn the_bank_holidays_to_come_are_offered_for_each_of_the_three_sets(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let coming = |region: &'static str| {
        let owner = &owner;
        async move {
            let answer = owner.get(&format!("{PATH}/bank-holidays{region}")).await;
            assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
            let holidays = answer.body["data"]["bank_holidays"].as_array().unwrap().clone();
            holidays
                .iter()
                .map(|h| format!("{} {}", h["date"].as_str().unwrap(), h["key"].as_str().unwrap()))
                .collect::<Vec<_>>()
        }
    };
    // From Thursday 15 January 2026 to a year on; England and Wales unless asked.
    let england = coming("").await;
    assert_eq!(
        england,
        [
            "2026-04-03 good_friday",
            "2026-04-06 easter_monday",
            "2026-05-04 early_may",
            "2026-05-25 spring",
            "2026-08-31 summer",
            "2026-12-25 christmas",
            "2026-12-28 boxing_day",
            "2027-01-01 new_year"
        ]
    );
    let scotland = coming("?region=scotland").await;
    assert!(scotland.contains(&"2026-11-30 st_andrews".to_owned()), "{scotland:?}");
    assert!(scotland.contains(&"2026-08-03 summer".to_owned()), "the first Monday of August");
    let ulster = coming("?region=northern_ireland").await;
    assert!(ulster.contains(&"2026-07-13 boyne".to_owned()), "the 12th is a Sunday: {ulster:?}");
    let substitute = owner.get(&format!("{PATH}/bank-holidays")).await;
    assert_eq!(substitute.body["data"]["bank_holidays"][6]["substitute"], true, "Boxing Day");
    let wrong = owner.get(&format!("{PATH}/bank-holidays?region=wales")).await;
    assert_eq!(
        wrong.field_error("region"),
        "Choose england_and_wales, scotland or northern_ireland."
    );
}

async fn a_schedule_that_runs_on_closed_days_keeps_its_slots_on_them(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let office = office_room(&owner, "HD-1").await;
    let server_room = owner.add_room("Server room").await.id;
    let rack = owner.add_radiator_to(server_room, "HD-2", "Rack").await.id;
    let always = json!({"name": "Server room", "schedule_for": "room", "target_ids": [server_room],
        "duration": "weekdays", "slots": [{"start": "07:00", "end": "18:00", "setpoint": 18}],
        "setback": 12, "runs_on_closed_days": 1});
    let created = owner.post("/v2/schedules", always).await;
    assert_eq!(created.body["data"]["schedule"]["runs_on_closed_days"], 1, "{:?}", created.body);
    add(&owner, "Stock take", "2026-01-16", None).await;
    round(&app, "2026-01-15T18:00:00Z").await;
    // Friday 16 January, closed: the office stays set back, the server room keeps its slot.
    assert_eq!(round(&app, "2026-01-16T07:00:00Z").await, 1);
    assert_eq!((setpoint(&owner, office).await, setpoint(&owner, rack).await), (16.0, 18.0));
    // Seen on Thursday evening: the office heats next on Monday, the server room on Friday.
    app.clock.advance(time::Duration::hours(10));
    let schedules = owner.get("/v2/schedules").await.body["data"]["schedules"].clone();
    assert_eq!(
        (&schedules[0]["name"], &schedules[0]["next_change"]["at"]),
        (&json!("Office hours"), &json!("2026-01-19T07:00:00+00:00"))
    );
    assert_eq!(
        (&schedules[1]["name"], &schedules[1]["next_change"]["at"]),
        (&json!("Server room"), &json!("2026-01-16T07:00:00+00:00"))
    );
}
