//! Insights: each rule over a hand-made week of readings, the set replaced on refresh and
//! refreshed daily, and tenancy.

use heatdesk::clock::Clock;
use heatdesk::devices::Report;
use heatdesk::devices::telemetry::{Source, ingest};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::store_tests;
use crate::support::TestApp;

store_tests!(
    every_rule_words_its_numbers_and_the_set_is_refreshed,
    a_radiator_that_never_reported_is_told_apart_from_one_that_stopped,
);

/// `uid` reports at `at` (RFC 3339) its counter at `from` Wh, and a minute later at `to`, at
/// `temperature` °C.
async fn used(app: &TestApp, uid: &str, at: &str, (from, to): (f64, f64), temperature: f64) {
    let at = OffsetDateTime::parse(at, &Rfc3339).unwrap().unix_timestamp();
    for (minute, total) in [(0, from), (1, to)] {
        let report = Report {
            uid: uid.into(),
            temperature,
            setpoint: 21.0,
            on: true,
            heating: true,
            power_w: 1500.0,
            energy_wh_total: total,
        };
        ingest(&app.store, &app.state.live, &[report], at + minute * 60, Source::Fleet)
            .await
            .unwrap();
    }
}

async fn every_rule_words_its_numbers_and_the_set_is_refreshed(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let office = owner.add_room("Office").await.id;
    let kitchen = owner.add_room("Kitchen").await.id;
    owner.add_radiator_to(office, "HD-1", "Office 1").await;
    owner.add_radiator_to(office, "HD-2", "Office 2").await;
    owner.add_radiator_to(kitchen, "HD-3", "Kitchen 1").await;
    // The week before (1–7 January): 2 kWh in the kitchen.
    used(&app, "HD-3", "2026-01-05T12:00:00Z", (0.0, 2000.0), 20.0).await;
    // The last 7 days (8–14 January): 3 kWh in office hours and 1 kWh on a Saturday night in
    // the office, kept at 23.5 °C; 1 kWh in the kitchen.
    used(&app, "HD-1", "2026-01-12T10:00:00Z", (0.0, 3000.0), 23.5).await;
    used(&app, "HD-2", "2026-01-10T22:00:00Z", (0.0, 1000.0), 23.5).await;
    used(&app, "HD-3", "2026-01-13T12:00:00Z", (2000.0, 3000.0), 20.0).await;
    app.call(Method::PATCH, "/v2/users/budget/electricity/1", Some(&owner.token), None).await;

    let answer = owner.get("/v2/insights").await;
    assert_eq!(answer.status, StatusCode::OK);
    let insights = answer.body["data"]["insights"].as_array().unwrap().clone();
    let by_kind = |kind: &str| {
        insights.iter().find(|i| i["kind"] == kind).unwrap_or_else(|| panic!("no {kind}")).clone()
    };
    let kinds: Vec<&str> = insights.iter().map(|i| i["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        ["budget", "offline", "top_rooms", "out_of_hours", "warm_rooms", "week_change"],
        "most severe first"
    );

    let top = by_kind("top_rooms");
    assert_eq!(top["title"], "'Office' uses the most energy");
    assert_eq!(
        top["body"],
        "'Office' used 4.0 kWh in the last 7 days, 80 % of the building's 5.0 kWh; next came 'Kitchen'."
    );
    assert_eq!(
        (top["severity"].as_str(), top["action_path"].as_str()),
        // The rooms' use over the same 7 days (the test clock: 2026-01-15).
        (Some("warning"), Some("/analytics/rooms-usage?start_date=2026-01-08&end_date=2026-01-14"))
    );
    assert_eq!(
        top["params"],
        json!({"room": "Office", "kwh": 4.0, "share": 0.8, "total_kwh": 5.0, "next": "Kitchen"})
    );
    let late = by_kind("out_of_hours");
    assert_eq!(
        late["params"],
        json!({"count": 1, "kwh": 1.0, "worst": "Office 2", "worst_kwh": 1.0,
            "from": "08:00", "to": "18:00"})
    );
    assert_eq!(
        late["body"],
        "In the last 7 days 1 radiator(s) used 1.0 kWh outside working hours (08:00–18:00) and outside their schedules, 'Office 2' the most with 1.0 kWh. A schedule can switch them off."
    );
    let warm = by_kind("warm_rooms");
    assert_eq!(warm["params"], json!({"room": "Office", "celsius": 23.5, "others": 0}));
    assert_eq!(warm["action_path"], "/rooms/Office", "the room itself");
    let change = by_kind("week_change");
    assert_eq!(change["title"], "150 % more energy than the week before");
    assert_eq!(
        change["body"],
        "The last 7 days used 5.0 kWh against 2.0 kWh in the 7 days before."
    );
    // Charged from the 5th: 10 standing charges of 50 p, today's by the 10 hours begun, and 7 kWh
    // at 25 p, against £1.
    let budget = by_kind("budget");
    assert_eq!(
        (budget["severity"].as_str(), budget["title"].as_str()),
        (Some("critical"), Some("The monthly budget is spent"))
    );
    assert_eq!(budget["params"]["cost_pence"], (500.0_f64 + 50.0 * 10.0 / 24.0 + 175.0).round());
    let offline = by_kind("offline");
    assert_eq!(offline["title"], "3 radiator(s) offline");
    assert_eq!(offline["params"]["names"], json!(["Kitchen 1", "Office 1", "Office 2"]));

    // Read again with nothing changed, the stored set answers; a change to the budget makes the
    // next read work it out again, so it never speaks of a budget no longer set.
    let ids = |answer: &Value| -> Vec<i64> {
        answer["data"]["insights"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["id"].as_i64().unwrap())
            .collect()
    };
    // (A change in the second the set was worked out counts as after it: worked out once more.)
    app.clock.advance(time::Duration::seconds(1));
    let settled = ids(&owner.get("/v2/insights").await.body);
    assert_eq!(ids(&owner.get("/v2/insights").await.body), settled);
    app.clock.advance(time::Duration::seconds(1));
    app.call(Method::PATCH, "/v2/users/budget/electricity/1000", Some(&owner.token), None).await;
    let after = owner.get("/v2/insights").await.body;
    let budget =
        after["data"]["insights"].as_array().unwrap().iter().find(|i| i["kind"] == "budget");
    let budget = budget.expect("a budget insight").clone();
    assert_eq!(
        (budget["severity"].as_str(), budget["title"].as_str()),
        (Some("info"), Some("On course to stay within budget"))
    );
    assert_eq!(budget["params"]["budget_pence"], 100_000.0);

    // A refresh replaces the set; a day on, housekeeping's round works it out again.
    let refreshed = owner.post("/v2/insights/refresh", json!({})).await;
    assert_eq!(refreshed.description(), "Insights refreshed.");
    assert_eq!(refreshed.body["data"]["insights"].as_array().unwrap().len(), 6);
    // Heating a schedule asks for is not out of hours: Saturday's 22:00 hour in the office is
    // before a weekend slot from 23:30, once optimum start may warm up 45 minutes ahead of it.
    let slot = json!({"name": "Late", "schedule_for": "room", "target_ids": [office],
        "duration": "weekends", "slots": [{"start": "23:30", "end": "23:45", "setpoint": 20}]});
    assert_eq!(owner.post("/v2/schedules", slot).await.status, StatusCode::OK);
    let kinds = |answer: &Value| -> Vec<String> {
        let insights = answer["data"]["insights"].as_array().unwrap().iter();
        insights.map(|i| i["kind"].as_str().unwrap().to_owned()).collect()
    };
    let refreshed = owner.post("/v2/insights/refresh", json!({})).await;
    assert!(kinds(&refreshed.body).contains(&"out_of_hours".to_owned()), "no warm-up yet");
    let optimum = json!({"key": "optimum_start", "enabled": 1, "parameters": {"max_minutes": 45}});
    assert_eq!(owner.post("/v2/settings/automation", optimum).await.status, StatusCode::OK);
    let refreshed = owner.post("/v2/insights/refresh", json!({})).await;
    assert!(!kinds(&refreshed.body).contains(&"out_of_hours".to_owned()), "warming up for it");
    assert_eq!(heatdesk::insights::refresh_stale(&app.store, app.clock.now()).await.unwrap(), 0);
    app.clock.advance(time::Duration::hours(25));
    assert_eq!(heatdesk::insights::refresh_stale(&app.store, app.clock.now()).await.unwrap(), 1);

    let rival = app.register_business("owner@rival.co.uk").await;
    assert_eq!(rival.get("/v2/insights").await.body["data"]["insights"], Value::Array(vec![]));
}

async fn a_radiator_that_never_reported_is_told_apart_from_one_that_stopped(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    owner.add_radiator("HD-1", "Hall 1").await;
    owner.add_radiator("HD-2", "Store 1").await;
    owner.add_radiator("HD-3", "Store 2").await;
    let now = app.clock.now().format(&Rfc3339).unwrap();
    used(&app, "HD-1", &now, (0.0, 10.0), 20.0).await;
    // Just added, the two silent ones may still be connecting.
    let fresh = owner.post("/v2/insights/refresh", json!({})).await.body;
    assert_eq!(fresh["data"]["insights"], json!([]));

    app.clock.advance(time::Duration::minutes(10));
    let answer = owner.post("/v2/insights/refresh", json!({})).await.body;
    let insights = answer["data"]["insights"].as_array().unwrap();
    let unconnected = insights.iter().find(|i| i["kind"] == "not_connected").unwrap();
    assert_eq!(unconnected["severity"], "warning");
    assert_eq!(unconnected["params"], json!({"count": 2, "names": ["Store 1", "Store 2"]}));
    assert_eq!(
        unconnected["body"],
        "2 radiators have not reported since they were added, 'Store 1' among them: check that \
         they are switched on and connected."
    );
    let offline = insights.iter().find(|i| i["kind"] == "offline").unwrap();
    assert_eq!(offline["params"]["names"], json!(["Hall 1"]), "it reported, then stopped");
}
