//! Automations (`/v2/settings/automation`) and what each does in the engine's rounds, at the
//! test's own times: frost protection, open-window detection, end-of-day off, optimum start
//! and eco when over budget.

use std::pin::Pin;

use heatdesk::automations::Budget;
use heatdesk::devices::Report;
use heatdesk::devices::telemetry::{Source, ingest};
use heatdesk::schedules::engine::tick;
use heatdesk::store::{Store, StoreResult};
use reqwest::StatusCode;
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::store_tests;
use crate::support::{NoBudgets, Owner, TestApp};

store_tests!(
    automations_are_listed_off_and_saved_with_checked_parameters,
    frost_protection_heats_a_switched_off_radiator_and_lets_go_when_warm,
    an_open_window_switches_the_radiator_off_for_a_while,
    open_windows_are_judged_over_each_businesss_own_minutes_and_only_while_heating,
    end_of_day_off_acts_once_on_working_days,
    optimum_start_heats_early_enough_to_be_warm_at_the_slot,
    optimum_start_heats_early_for_another_schedule_only_before_it_takes_over,
    heating_early_for_the_next_slot_is_shown_as_such,
    optimum_start_uses_the_rooms_measured_warm_up_rate,
    eco_lowers_scheduled_setpoints_while_over_budget,
);

fn at(text: &str) -> OffsetDateTime {
    OffsetDateTime::parse(text, &Rfc3339).unwrap()
}

async fn round_with(app: &TestApp, budget: &dyn Budget, when: &str) -> usize {
    tick(&app.store, &app.state.devices, &app.state.live, budget, at(when)).await.unwrap()
}

async fn round(app: &TestApp, when: &str) -> usize {
    round_with(app, &NoBudgets, when).await
}

/// The radiator `uid` reports `temperature` at `when`, not heating.
async fn report(app: &TestApp, uid: &str, temperature: f64, when: &str) {
    report_heating(app, uid, temperature, 0.0, when).await;
}

async fn report_heating(app: &TestApp, uid: &str, temperature: f64, power_w: f64, when: &str) {
    report_as(app, uid, true, temperature, power_w, when).await;
}

/// The radiator `uid` reports `temperature` at `when`, switched off.
async fn report_off(app: &TestApp, uid: &str, temperature: f64, when: &str) {
    report_as(app, uid, false, temperature, 0.0, when).await;
}

async fn report_as(app: &TestApp, uid: &str, on: bool, temperature: f64, power_w: f64, when: &str) {
    let report = Report {
        uid: uid.to_owned(),
        temperature,
        setpoint: 21.0,
        on,
        heating: power_w > 0.0,
        power_w,
        energy_wh_total: 0.0,
    };
    let now = at(when).unix_timestamp();
    ingest(&app.store, &app.state.live, &[report], now, Source::Fleet).await.unwrap();
}

async fn enable(owner: &Owner<'_>, key: &str, parameters: Value) {
    let body = json!({"key": key, "enabled": 1, "parameters": parameters});
    let answer = owner.post("/v2/settings/automation", body).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
}

async fn state_of(owner: &Owner<'_>, id: i64) -> (i64, f64) {
    let radiator = owner.radiator(id).await;
    (radiator.status, radiator.target_temperature)
}

/// A room with one radiator (bounds 10–25 °C, at 21 °C): the room's and the radiator's ids.
async fn room_with_radiator(owner: &Owner<'_>) -> (i64, i64) {
    let room = owner.add_room("Studio").await.id;
    (room, owner.add_radiator_to(room, "HD-1", "Studio 1").await.id)
}

async fn last_by(owner: &Owner<'_>) -> Option<String> {
    owner.history("?kind=radiator").await.history[0].by.clone()
}

async fn automations_are_listed_off_and_saved_with_checked_parameters(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let listed = owner.get("/v2/settings/automation").await;
    let automations = listed.body["data"]["automations"].as_array().unwrap().clone();
    let keys: Vec<&str> = automations.iter().map(|a| a["key"].as_str().unwrap()).collect();
    assert_eq!(
        keys,
        ["frost_protection", "open_window", "end_of_day_off", "optimum_start", "eco_over_budget"]
    );
    assert!(automations.iter().all(|a| a["enabled"] == 0 && a["description"].is_string()));
    assert_eq!(automations[0]["parameters"], json!({"floor": 7.0}));
    // Each number parameter with the limits the form shows and the check holds to.
    assert_eq!(automations[0]["limits"], json!({"floor": {"min": 5.0, "max": 12.0, "step": 0.5}}));
    assert_eq!(automations[2]["limits"], json!({}), "the end of the day is a time");
    let minutes = &automations[1]["limits"]["off_minutes"];
    assert_eq!(*minutes, json!({"min": 5.0, "max": 120.0, "step": 1.0}));

    let saved = owner
        .post(
            "/v2/settings/automation",
            json!({"key": "frost_protection", "enabled": 1,
            "parameters": {"floor": 8.5}}),
        )
        .await;
    assert_eq!(saved.description(), "Automation saved.");
    let frost = &saved.body["data"]["automations"][0];
    assert_eq!(
        (frost["enabled"].clone(), frost["parameters"].clone()),
        (json!(1), json!({"floor": 8.5}))
    );
    // Switched off again, the parameters stay.
    let off = owner
        .post("/v2/settings/automation", json!({"key": "frost_protection", "enabled": 0}))
        .await;
    assert_eq!(off.body["data"]["automations"][0]["parameters"], json!({"floor": 8.5}));

    let wrong = owner
        .post(
            "/v2/settings/automation",
            json!({"key": "open_window", "enabled": 1,
            "parameters": {"drop": 9, "within_minutes": 5, "off_minutes": 15}}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.field_error("parameters.drop"), "Use a number from 0.5 to 5 in steps of 0.5.");
    let unknown =
        owner.post("/v2/settings/automation", json!({"key": "sauna", "enabled": 1})).await;
    assert_eq!(unknown.field_error("key"), "There is no automation 'sauna'.");
    let two = owner
        .post("/v2/settings/automation", json!({"key": "eco_over_budget", "enabled": 2}))
        .await;
    assert_eq!(two.field_error("enabled"), "Send 1 or 0.");

    let history = owner.history("?kind=automation").await;
    assert_eq!(history.total, 2);
    let rival = app.register_business("owner@rival.co.uk").await;
    let theirs = rival.get("/v2/settings/automation").await;
    assert_eq!(theirs.body["data"]["automations"][0]["enabled"], 0);
}

async fn frost_protection_heats_a_switched_off_radiator_and_lets_go_when_warm(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner).await;
    let off = owner
        .put(&format!("/v2/radiators/toggle-status/{room}/{radiator}"), json!({"status": 0}))
        .await;
    assert_eq!(off.status, StatusCode::OK, "{:?}", off.body);
    enable(&owner, "frost_protection", json!({"floor": 12})).await;
    report(&app, "HD-1", 11.5, "2026-01-12T03:00:00Z").await;
    round(&app, "2026-01-12T03:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 12.0), "heated to the floor");
    assert_eq!(last_by(&owner).await.as_deref(), Some("automation 'frost protection'"));
    assert_eq!(app.fleet.heater_of(radiator), Some((true, 12.0)));
    report(&app, "HD-1", 12.5, "2026-01-12T03:30:00Z").await;
    round(&app, "2026-01-12T03:30:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 12.0), "held until a degree above");
    report(&app, "HD-1", 13.0, "2026-01-12T04:00:00Z").await;
    round(&app, "2026-01-12T04:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (0, 21.0), "given back as it was");
}

async fn an_open_window_switches_the_radiator_off_for_a_while(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (_, radiator) = room_with_radiator(&owner).await;
    enable(&owner, "open_window", json!({"drop": 1.5, "within_minutes": 5, "off_minutes": 15}))
        .await;
    report(&app, "HD-1", 21.0, "2026-01-12T10:00:00Z").await;
    report(&app, "HD-1", 20.5, "2026-01-12T10:02:00Z").await;
    assert_eq!(round(&app, "2026-01-12T10:02:00Z").await, 0);
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0), "a slow fall is no window");
    report(&app, "HD-1", 19.0, "2026-01-12T10:04:00Z").await;
    round(&app, "2026-01-12T10:04:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (0, 21.0), "2 °C in 4 minutes: off");
    assert_eq!(app.fleet.heater_of(radiator), Some((false, 21.0)));
    assert_eq!(last_by(&owner).await.as_deref(), Some("automation 'open-window detection'"));
    round(&app, "2026-01-12T10:18:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (0, 21.0));
    round(&app, "2026-01-12T10:19:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0), "back on after 15 minutes");
}

async fn open_windows_are_judged_over_each_businesss_own_minutes_and_only_while_heating(
    app: TestApp,
) {
    // A watches a quarter of an hour and holds 5 minutes; B watches 2 minutes.
    let a = app.register_business("a@acme.co.uk").await;
    let b = app.register_business("b@other.co.uk").await;
    let a_room = a.add_room("Studio").await.id;
    let a_radiator = a.add_radiator_to(a_room, "HD-A", "Studio 1").await.id;
    let b_room = b.add_room("Office").await.id;
    let b_radiator = b.add_radiator_to(b_room, "HD-B", "Office 1").await.id;
    enable(&a, "open_window", json!({"drop": 1.5, "within_minutes": 15, "off_minutes": 5})).await;
    enable(&b, "open_window", json!({"drop": 1.5, "within_minutes": 2, "off_minutes": 5})).await;

    // B's room cools 1.6 °C over 12 minutes: within A's quarter of an hour, but not B's 2 minutes.
    report(&app, "HD-B", 21.0, "2026-01-12T10:00:00Z").await;
    report(&app, "HD-B", 20.0, "2026-01-12T10:06:00Z").await;
    report(&app, "HD-B", 19.4, "2026-01-12T10:12:00Z").await;
    round(&app, "2026-01-12T10:12:00Z").await;
    assert_eq!(state_of(&b, b_radiator).await, (1, 21.0), "B's own 2 minutes saw no window");

    // A's window opens: held off 5 minutes, the room cooling meanwhile, then given back.
    report(&app, "HD-A", 21.0, "2026-01-12T11:00:00Z").await;
    report(&app, "HD-A", 19.0, "2026-01-12T11:01:00Z").await;
    round(&app, "2026-01-12T11:01:00Z").await;
    assert_eq!(state_of(&a, a_radiator).await, (0, 21.0), "2 °C in a minute: off");
    report_off(&app, "HD-A", 18.5, "2026-01-12T11:03:00Z").await;
    report_off(&app, "HD-A", 18.0, "2026-01-12T11:05:00Z").await;
    round(&app, "2026-01-12T11:06:00Z").await;
    assert_eq!(state_of(&a, a_radiator).await, (1, 21.0), "back on after 5 minutes");
    // 21 °C is still within A's quarter of an hour, but from before the hold: the room warming
    // again is no open window.
    report(&app, "HD-A", 18.2, "2026-01-12T11:07:00Z").await;
    round(&app, "2026-01-12T11:07:00Z").await;
    assert_eq!(state_of(&a, a_radiator).await, (1, 21.0), "not held again for the same fall");
    // A window opened again while it heats is caught again.
    report(&app, "HD-A", 16.5, "2026-01-12T11:08:00Z").await;
    round(&app, "2026-01-12T11:08:00Z").await;
    assert_eq!(state_of(&a, a_radiator).await, (0, 21.0), "a new fall: off again");
}

async fn end_of_day_off_acts_once_on_working_days(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner).await;
    enable(&owner, "end_of_day_off", json!({"at": "19:00"})).await;
    round(&app, "2026-01-12T18:59:00Z").await;
    assert_eq!(state_of(&owner, radiator).await.0, 1);
    round(&app, "2026-01-12T19:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await.0, 0, "off at 19:00 on a Monday");
    assert_eq!(app.fleet.heater_of(radiator).map(|(on, _)| on), Some(false));
    assert_eq!(last_by(&owner).await.as_deref(), Some("automation 'end-of-day off'"));
    let on = json!({"status": 1});
    owner.put(&format!("/v2/radiators/toggle-status/{room}/{radiator}"), on.clone()).await;
    round(&app, "2026-01-12T20:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await.0, 1, "once a day");
    round(&app, "2026-01-17T19:30:00Z").await;
    assert_eq!(state_of(&owner, radiator).await.0, 1, "not on Saturday");
}

/// Weekdays 07:00–18:00 at 21 °C, 16 °C outside, on `room`.
async fn office_hours(owner: &Owner<'_>, room: i64) {
    let body = json!({"name": "Office hours", "schedule_for": "room", "target_ids": [room],
        "duration": "weekdays", "slots": [{"start": "07:00", "end": "18:00", "setpoint": 21}],
        "setback": 16});
    assert_eq!(owner.post("/v2/schedules", body).await.status, StatusCode::OK);
}

async fn optimum_start_heats_early_enough_to_be_warm_at_the_slot(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner).await;
    office_hours(&owner, room).await;
    enable(&owner, "optimum_start", json!({"max_minutes": 120})).await;
    // 18.5 °C at a degree an hour (no warm-up measured yet): 2.5 hours, at most 2.
    report(&app, "HD-1", 18.5, "2026-01-12T04:00:00Z").await;
    round(&app, "2026-01-12T04:59:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0));
    round(&app, "2026-01-12T05:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0), "two hours early");
    assert_eq!(app.fleet.heater_of(radiator), Some((true, 21.0)));
    assert_eq!(last_by(&owner).await.as_deref(), Some("schedule 'Office hours' (optimum start)"));
    assert_eq!(round(&app, "2026-01-12T07:00:00Z").await, 0, "the slot itself changes nothing");
}

async fn optimum_start_heats_early_for_another_schedule_only_before_it_takes_over(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner).await;
    office_hours(&owner, room).await;
    // Changed last, so its morning slot holds the room over the office hours' until noon.
    let body = json!({"name": "Cool mornings", "schedule_for": "room", "target_ids": [room],
        "duration": "weekdays", "slots": [{"start": "07:00", "end": "12:00", "setpoint": 19}],
        "setback": null});
    assert_eq!(owner.post("/v2/schedules", body).await.status, StatusCode::OK);
    enable(&owner, "optimum_start", json!({"max_minutes": 120})).await;
    report(&app, "HD-1", 18.5, "2026-01-12T08:00:00Z").await;
    // The office slot began at 07:00 but takes over at noon: two hours early is 10:00.
    round(&app, "2026-01-12T09:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 19.0));
    round(&app, "2026-01-12T10:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0));
    assert_eq!(last_by(&owner).await.as_deref(), Some("schedule 'Office hours' (optimum start)"));
}

async fn heating_early_for_the_next_slot_is_shown_as_such(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner).await;
    office_hours(&owner, room).await;
    enable(&owner, "optimum_start", json!({"max_minutes": 120})).await;
    let in_force = async || {
        let all = owner.get("/v2/schedules/in-force").await.body["data"]["in_force"].clone();
        all.as_array().unwrap().iter().find(|view| view["radiator_id"] == radiator).unwrap().clone()
    };
    // Thursday 09:00, in the slot: heating to 21 °C until 18:00, not early.
    round(&app, "2026-01-15T09:00:00Z").await;
    let now = in_force().await;
    assert_eq!((now["setpoint"].as_f64(), now["preheating"].as_i64()), (Some(21.0), Some(0)));
    // Friday 05:00, two hours before the slot, in the setback: heating early for 07:00.
    report(&app, "HD-1", 18.5, "2026-01-16T04:00:00Z").await;
    app.clock.advance(time::Duration::hours(20));
    round(&app, "2026-01-16T05:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0));
    let early = in_force().await;
    assert_eq!((early["setpoint"].as_f64(), early["preheating"].as_i64()), (Some(21.0), Some(1)));
    assert_eq!(
        (early["until"].as_str(), early["manual"].as_i64()),
        (Some("2026-01-16T07:00:00+00:00"), Some(0))
    );
}

async fn optimum_start_uses_the_rooms_measured_warm_up_rate(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner).await;
    office_hours(&owner, room).await;
    enable(&owner, "optimum_start", json!({"max_minutes": 180})).await;
    // Heating, the room warmed 1/16 °C a minute: 3.75 °C an hour.
    for (minute, temperature) in [("00", 18.0), ("01", 18.0625), ("02", 18.125)] {
        report_heating(&app, "HD-1", temperature, 1500.0, &format!("2026-01-12T04:{minute}:00Z"))
            .await;
    }
    // 2.875 °C to go at 3.75 °C an hour: 46 minutes before 07:00.
    round(&app, "2026-01-12T06:13:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 16.0));
    round(&app, "2026-01-12T06:14:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0));
}

/// Over budget: the businesses named.
struct OverBudget(i64);

impl Budget for OverBudget {
    fn over_budget<'a>(
        &'a self,
        _: &'a Store,
        business_id: i64,
        _: OffsetDateTime,
    ) -> Pin<Box<dyn Future<Output = StoreResult<bool>> + Send + 'a>> {
        Box::pin(async move { Ok(business_id == self.0) })
    }
}

async fn eco_lowers_scheduled_setpoints_while_over_budget(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (room, radiator) = room_with_radiator(&owner).await;
    office_hours(&owner, room).await;
    enable(&owner, "eco_over_budget", json!({"lower_by": 1.5})).await;
    let business_id = owner.get("/v2/auth/me").await.body["data"]["me"]["business_id"].as_i64();
    let over = OverBudget(business_id.unwrap_or_default());
    round_with(&app, &over, "2026-01-12T09:00:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 19.5));
    assert_eq!(app.fleet.heater_of(radiator), Some((true, 19.5)));
    assert_eq!(
        last_by(&owner).await.as_deref(),
        Some("schedule 'Office hours' (eco: over budget)")
    );
    round_with(&app, &NoBudgets, "2026-01-12T09:01:00Z").await;
    assert_eq!(state_of(&owner, radiator).await, (1, 21.0), "back once under budget");
}
