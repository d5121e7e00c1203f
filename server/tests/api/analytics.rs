//! Energy history (`/analytics/commercial/web/energy-history-graph`): the buckets of each period
//! in the business's time zone, cost at the day's tariff with standing charges, CO2 from the GB
//! profile, the period before, CSV, and tenancy.

use heatdesk::devices::Report;
use heatdesk::devices::telemetry::{Source, ingest};
use heatdesk::grid::modelled_intensity as intensity;
use reqwest::{Method, StatusCode};
use serde_json::Value;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::store_tests;
use crate::support::{Owner, PASSWORD, TestApp};

store_tests!(
    the_day_is_its_hours_with_cost_co2_and_yesterday_beside_it,
    week_month_and_year_are_days_days_and_months,
    a_day_across_a_clock_change_has_23_or_25_hours,
    a_running_period_is_set_against_the_one_before_to_the_same_point,
    the_history_downloads_as_csv_and_the_type_is_checked,
    room_and_zone_usage_cost_each_day_at_its_tariff,
    a_radiator_costs_the_same_whole_pence_in_its_room_and_its_zone,
    usage_dates_are_checked_and_usage_downloads_as_csv,
    the_dashboard_sums_today_and_the_month_against_the_budget,
    co2_savings_put_each_days_baseline_beside_its_actual_and_track_the_goal,
    the_use_of_radiators_deleted_before_it_was_kept_is_found_by_the_migration,
);

/// `wh` used in the minute before `at` by the radiator `HD-1` (a reading at `at`).
pub async fn used(app: &TestApp, counter: &mut f64, wh: f64, at: &str) {
    used_by(app, "HD-1", counter, wh, at).await;
}

/// `wh` used by the radiator `uid` in the minute before `at`, in a room at 20 °C.
pub async fn used_by(app: &TestApp, uid: &str, counter: &mut f64, wh: f64, at: &str) {
    let at = OffsetDateTime::parse(at, &Rfc3339).unwrap().unix_timestamp();
    for (minute, total) in [(at - 60, *counter), (at, *counter + wh)] {
        let report = Report {
            uid: uid.into(),
            temperature: 20.0,
            setpoint: 21.0,
            on: true,
            heating: true,
            power_w: 1500.0,
            energy_wh_total: total,
        };
        ingest(&app.store, &app.state.live, &[report], minute, Source::Fleet).await.unwrap();
    }
    *counter += wh;
}

async fn history(owner: &Owner<'_>, kind: &str) -> Value {
    let answer =
        owner.get(&format!("/v2/analytics/commercial/web/energy-history-graph?type={kind}")).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer.body["data"]["energy_history"].clone()
}

async fn with_a_radiator(app: &TestApp) -> Owner<'_> {
    let owner = app.register_business("owner@acme.co.uk").await;
    owner.add_radiator("HD-1", "Hall").await;
    owner
}

async fn the_day_is_its_hours_with_cost_co2_and_yesterday_beside_it(app: TestApp) {
    let owner = with_a_radiator(&app).await;
    let mut counter = 0.0;
    // The test clock: Thursday 2026-01-15 09:00 in London (UTC in winter).
    used(&app, &mut counter, 2000.0, "2026-01-14T18:30:00Z").await;
    used(&app, &mut counter, 1000.0, "2026-01-15T07:10:00Z").await;
    used(&app, &mut counter, 500.0, "2026-01-15T08:30:00Z").await;
    let day = history(&owner, "day").await;
    assert_eq!(day["type"], "day");
    assert_eq!(
        (day["start"].as_str(), day["end"].as_str()),
        (Some("2026-01-15T00:00:00+00:00"), Some("2026-01-16T00:00:00+00:00"))
    );
    let buckets = day["buckets"].as_array().unwrap();
    assert_eq!(buckets.len(), 24);
    assert_eq!(buckets[7]["start"], "2026-01-15T07:00:00+00:00");
    assert_eq!((buckets[7]["kwh"].as_f64(), buckets[8]["kwh"].as_f64()), (Some(1.0), Some(0.5)));
    // 1 kWh at 25 p, and a 24th of the 50 p standing charge.
    assert_eq!(buckets[7]["cost_pence"], 27);
    assert_eq!(buckets[12]["cost_pence"], 0, "not yet begun: no standing charge");
    // 1 kWh at the intensity of 07:00-07:30 in January.
    let co2 = intensity(1, 14) / 1000.0;
    assert!((buckets[7]["co2_kg"].as_f64().unwrap() - co2).abs() < 0.001);
    // Ten hours have begun (00:00 to 09:00): 37.5 p of energy, 10/24 of 50 p.
    assert_eq!(day["totals"]["kwh"], 1.5);
    assert_eq!(day["totals"]["cost_pence"], (37.5_f64 + 50.0 * 10.0 / 24.0).round() as i64);
    let previous = &day["previous"];
    assert_eq!(previous["start"], "2026-01-14T00:00:00+00:00");
    assert_eq!(previous["totals"]["kwh"], 2.0);
    assert_eq!(previous["totals"]["cost_pence"], 100, "2 kWh at 25 p and the day's 50 p");
    // The hours' pence add up to the day's, as a bill's lines do: each hour's 2.08 p of the
    // standing charge rounded alone would make 98 p.
    let pence = |period: &Value| -> i64 {
        period["buckets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["cost_pence"].as_i64().unwrap())
            .sum()
    };
    assert_eq!(pence(previous), 100);
    assert_eq!(pence(&day), day["totals"]["cost_pence"].as_i64().unwrap());

    let rival = app.register_business("owner@rival.co.uk").await;
    let theirs = history(&rival, "day").await;
    assert_eq!(theirs["totals"]["kwh"], 0.0, "another business's energy is not counted");
}

async fn week_month_and_year_are_days_days_and_months(app: TestApp) {
    let owner = with_a_radiator(&app).await;
    let mut counter = 0.0;
    used(&app, &mut counter, 2000.0, "2026-01-14T18:30:00Z").await;
    used(&app, &mut counter, 1500.0, "2026-01-15T07:10:00Z").await;
    let week = history(&owner, "week").await;
    let days = week["buckets"].as_array().unwrap();
    assert_eq!(days.len(), 7);
    assert_eq!(days[0]["start"], "2026-01-12T00:00:00+00:00", "from Monday");
    assert_eq!((days[2]["kwh"].as_f64(), days[3]["kwh"].as_f64()), (Some(2.0), Some(1.5)));
    assert_eq!(days[2]["cost_pence"], 100);
    // Today so far, as the day's hours count it: 10 of 24 hours of the standing charge begun.
    let today = (1.5_f64 * 25.0 + 50.0 * 10.0 / 24.0).round() as i64;
    assert_eq!(days[3]["cost_pence"], today);
    assert_eq!(history(&owner, "day").await["totals"]["cost_pence"], today);
    assert_eq!(days[4]["cost_pence"], 0, "Friday has not begun");
    assert_eq!(week["previous"]["start"], "2026-01-05T00:00:00+00:00");
    let month = history(&owner, "month").await;
    assert_eq!(month["buckets"].as_array().unwrap().len(), 31);
    assert_eq!(month["totals"]["kwh"], 3.5);
    assert_eq!(month["previous"]["start"], "2025-12-01T00:00:00+00:00");
    let year = history(&owner, "year").await;
    let months = year["buckets"].as_array().unwrap();
    assert_eq!(months.len(), 12);
    assert_eq!((months[0]["kwh"].as_f64(), months[1]["kwh"].as_f64()), (Some(3.5), Some(0.0)));
    // Standing charges from the first day energy was used (the 14th, the day before the
    // business was created) to today, never before: 2 days, and 3.5 kWh at 25 p.
    assert_eq!(days[0]["cost_pence"], 0, "Monday was before the business began");
    assert_eq!(
        months[0]["cost_pence"],
        (3.5_f64 * 25.0 + 50.0 + 50.0 * 10.0 / 24.0).round() as i64
    );
    assert_eq!(year["previous"]["totals"]["cost_pence"], 0, "last year it did not exist");
    assert_eq!(year["previous"]["start"], "2025-01-01T00:00:00+00:00");
}

async fn a_day_across_a_clock_change_has_23_or_25_hours(app: TestApp) {
    with_a_radiator(&app).await;
    let to = |text: &str| OffsetDateTime::parse(text, &Rfc3339).unwrap();
    for (when, hours, offset) in
        [("2026-03-29T12:00:00Z", 23, "+00:00"), ("2026-10-25T12:00:00Z", 25, "+01:00")]
    {
        app.clock.advance(to(when) - heatdesk::clock::Clock::now(&app.clock));
        // Months on, the session has ended.
        let owner = app.sign_in("owner@acme.co.uk", PASSWORD).await;
        let day = history(&owner, "day").await;
        assert_eq!(day["buckets"].as_array().unwrap().len(), hours, "{when}");
        assert!(day["start"].as_str().unwrap().ends_with(offset), "{when}: {}", day["start"]);
    }
}

async fn a_running_period_is_set_against_the_one_before_to_the_same_point(app: TestApp) {
    let owner = with_a_radiator(&app).await;
    let mut counter = 0.0;
    for (wh, at) in [
        (1000.0, "2025-12-03T12:00:00Z"),
        (2000.0, "2025-12-20T12:00:00Z"),
        (500.0, "2026-01-05T12:00:00Z"),
        (1500.0, "2026-01-07T12:00:00Z"),
        // Last Thursday: before, within and after 09:30 of the day.
        (1000.0, "2026-01-08T07:10:00Z"),
        (600.0, "2026-01-08T08:40:00Z"),
        (800.0, "2026-01-08T09:30:00Z"),
        (2000.0, "2026-01-08T10:10:00Z"),
        // Yesterday.
        (700.0, "2026-01-14T08:10:00Z"),
        (300.0, "2026-01-14T09:40:00Z"),
    ] {
        used(&app, &mut counter, wh, at).await;
    }
    // Thursday 2026-01-15 09:30 in London.
    app.clock.advance(time::Duration::minutes(30));
    let so_far = |history: &Value| history["previous_so_far"].clone();

    // Yesterday to 09:30: its 08:00 hour, and half of its 09:00 hour.
    let day = history(&owner, "day").await;
    assert_eq!(so_far(&day)["kwh"], 0.85);
    assert_eq!(day["previous"]["totals"]["kwh"], 1.0);
    // Last week to Thursday 09:30: Monday, Wednesday, Thursday's hours before 09:00 and half
    // the one after, not Thursday's whole day spread evenly.
    let week = history(&owner, "week").await;
    assert_eq!(so_far(&week)["kwh"], 0.5 + 1.5 + 1.0 + 0.6 + 0.4);
    assert_eq!(week["previous"]["totals"]["kwh"], 6.4);
    // 4 kWh at 25 p; the standing charge of Monday to Wednesday, and 10 of Thursday's 24 hours.
    assert_eq!(
        so_far(&week)["cost_pence"],
        (100.0_f64 + 150.0 + 50.0 * 10.0 / 24.0).round() as i64
    );
    let co2 = so_far(&week)["co2_kg"].as_f64().unwrap();
    assert!(co2 > 0.0 && co2 < week["previous"]["totals"]["co2_kg"].as_f64().unwrap());
    // December to the 15th: the 3rd, not the 20th. The business began on the 3rd, when it
    // first used energy: December's first two days are not there to compare with.
    let month = history(&owner, "month").await;
    assert_eq!(month["began"], "2025-12-03T00:00:00+00:00");
    assert_eq!(
        (so_far(&month)["kwh"].as_f64(), month["previous"]["totals"]["kwh"].as_f64()),
        (Some(1.0), Some(3.0))
    );
    let december = month["previous"]["buckets"].as_array().unwrap();
    assert_eq!(december.len(), 29);
    assert_eq!(december[0]["start"], "2025-12-03T00:00:00+00:00");
    // Last year to 15 January: the business had not begun, so there is no comparison, and of
    // last year's months only December is there.
    let year = history(&owner, "year").await;
    assert_eq!(so_far(&year), Value::Null);
    let last_year = year["previous"]["buckets"].as_array().unwrap();
    assert_eq!(last_year.len(), 1);
    assert_eq!(last_year[0]["start"], "2025-12-01T00:00:00+00:00");
    assert_eq!(year["previous"]["totals"]["kwh"], 3.0);
}

async fn the_history_downloads_as_csv_and_the_type_is_checked(app: TestApp) {
    let owner = with_a_radiator(&app).await;
    let mut counter = 0.0;
    used(&app, &mut counter, 1000.0, "2026-01-15T07:10:00Z").await;
    let response =
        owner.download("/analytics/commercial/web/energy-history-graph?type=day&format=csv").await;
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.headers["content-type"], "text/csv; charset=utf-8");
    let named = "attachment; filename=\"energy-history-day-2026-01-15.csv\"";
    assert_eq!(response.headers["content-disposition"], named);
    let text = response.text;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "period,start,kwh,cost_pence,co2_kg");
    // Today's hours; yesterday came before the business began, so it has no rows to compare.
    assert_eq!(lines.len(), 1 + 24);
    assert!(lines[8].starts_with("current,2026-01-15T07:00:00+00:00,1,27,"), "{}", lines[8]);
    // 10:00 has not begun at 09:00: no figures yet, not zeros.
    assert_eq!(lines[11], "current,2026-01-15T10:00:00+00:00,,,");
    assert!(lines[10].starts_with("current,2026-01-15T09:00:00+00:00,0,"), "{}", lines[10]);
    // This week began on Monday the 12th, before the business did on Thursday the 15th: those
    // days have no figures either, as the web app's table shows them.
    let week = "/analytics/commercial/web/energy-history-graph?type=week&format=csv";
    let week = owner.download(week).await.text;
    let days: Vec<&str> = week.lines().collect();
    assert_eq!(days[1], "current,2026-01-12T00:00:00+00:00,,,");
    assert_eq!(days[3], "current,2026-01-14T00:00:00+00:00,,,");
    assert!(days[4].starts_with("current,2026-01-15T00:00:00+00:00,1,"), "{}", days[4]);
    let wrong = owner.get("/v2/analytics/commercial/web/energy-history-graph?type=decade").await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.field_error("type"), "Choose day, week, month or year.");
    let unauthenticated =
        app.call(Method::GET, "/analytics/commercial/web/energy-history-graph", None, None);
    assert_eq!(unauthenticated.await.status, StatusCode::UNAUTHORIZED);
}

/// Two radiators of 10.5 p each, in two rooms of one zone: rounded room by room they would
/// cost 11 p and 11 p, and 11 p and 10 p in the zone. Shared out over the business once, each
/// costs the same in both views, and the rooms add up to the zone.
async fn a_radiator_costs_the_same_whole_pence_in_its_room_and_its_zone(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let zone = owner.add_zone("Ground floor").await.id;
    for (room, uid) in [("Office", "HD-1"), ("Hall", "HD-2")] {
        let id = owner.add_room(room).await.id;
        owner.add_radiator_to(id, uid, &format!("{room} 1")).await;
        owner.post(&format!("/v2/zones/{zone}/room/{id}"), serde_json::json!({})).await;
    }
    let tariff = serde_json::json!({"unit_rate_pence": 30, "standing_charge_pence": 50,
        "effective_from": "2026-01-12"});
    owner.post("/v2/commercial/charges", tariff).await;
    let (mut one, mut two) = (0.0, 0.0);
    used_by(&app, "HD-1", &mut one, 350.0, "2026-01-13T10:00:00Z").await; // 10.5 p
    used_by(&app, "HD-2", &mut two, 350.0, "2026-01-13T11:00:00Z").await;

    let range = "start_date=2026-01-13&end_date=2026-01-13";
    let path = |kind| format!("/v2/analytics/commercial/web/{kind}-radiator-usage?{range}");
    let rooms = owner.get(&path("rooms")).await.body["data"]["rooms"].clone();
    let zones = owner.get(&path("zone")).await.body["data"]["zones"].clone();
    let pence = |places: &Value| -> Vec<(String, i64)> {
        let places = places.as_array().unwrap().iter();
        let radiators = places.flat_map(|place| place["radiators"].as_array().unwrap().clone());
        let mut pence: Vec<(String, i64)> = radiators
            .map(|r| (r["name"].as_str().unwrap().to_owned(), r["cost_pence"].as_i64().unwrap()))
            .collect();
        pence.sort();
        pence
    };
    assert_eq!(pence(&rooms), pence(&zones));
    let room_total: i64 =
        rooms.as_array().unwrap().iter().map(|r| r["cost_pence"].as_i64().unwrap()).sum();
    assert_eq!(room_total, 21);
    assert_eq!(zones[0]["cost_pence"], 21);
}

async fn room_and_zone_usage_cost_each_day_at_its_tariff(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let office = owner.add_room("Office").await.id;
    let hall = owner.add_room("Hall").await.id;
    owner.add_radiator_to(office, "HD-1", "Office 1").await;
    owner.add_radiator_to(hall, "HD-2", "Hall 1").await;
    owner.add_radiator("HD-3", "Spare").await;
    let zone = owner.add_zone("Ground floor").await.id;
    owner.post(&format!("/v2/zones/{zone}/room/{office}"), serde_json::json!({})).await;
    let tariff = serde_json::json!({"unit_rate_pence": 30, "standing_charge_pence": 50,
        "effective_from": "2026-01-12"});
    owner.post("/v2/commercial/charges", tariff).await;
    let (mut one, mut two, mut three) = (0.0, 0.0, 0.0);
    used_by(&app, "HD-1", &mut one, 2000.0, "2026-01-10T10:00:00Z").await; // at 25 p
    used_by(&app, "HD-1", &mut one, 1000.0, "2026-01-13T10:00:00Z").await; // at 30 p
    used_by(&app, "HD-2", &mut two, 500.0, "2026-01-13T11:00:00Z").await;
    used_by(&app, "HD-3", &mut three, 9000.0, "2026-01-13T12:00:00Z").await;
    // Today (the 15th) before now: after the range, then read with this month so far.
    used_by(&app, "HD-1", &mut one, 4000.0, "2026-01-15T08:00:00Z").await;

    let range = "start_date=2026-01-01&end_date=2026-01-14";
    let rooms =
        owner.get(&format!("/v2/analytics/commercial/web/rooms-radiator-usage?{range}")).await;
    let rooms = rooms.body["data"]["rooms"].clone();
    let names: Vec<&str> =
        rooms.as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Hall", "Office"]);
    let office_usage = &rooms[1];
    assert_eq!(office_usage["kwh"], 3.0);
    assert_eq!(office_usage["cost_pence"], 2 * 25 + 30, "each day at its own rate");
    assert_eq!(office_usage["average_temperature"], 20.0);
    assert_eq!(office_usage["heating_hours"], 0.07, "4 heating minutes");
    assert_eq!(office_usage["radiators"][0]["name"], "Office 1");
    let co2 = office_usage["co2_kg"].as_f64().unwrap();
    let expected = 3.0 * intensity(1, 20) / 1000.0; // 10:00-10:30 in January
    assert!((co2 - expected).abs() < 0.001, "{co2} kg");
    assert_eq!(rooms[0]["kwh"], 0.5);

    let zones = owner.get(&format!("/analytics/commercial/web/zone-radiator-usage?{range}")).await;
    let zones = zones.body["data"]["zones"].clone();
    assert_eq!(zones.as_array().unwrap().len(), 1);
    assert_eq!(
        (zones[0]["name"].as_str(), zones[0]["kwh"].as_f64()),
        (Some("Ground floor"), Some(3.0))
    );

    // A range to today reads the month so far whole (from its monthly rollup), today included.
    let to_today = "start_date=2026-01-01&end_date=2026-01-15";
    let rooms =
        owner.get(&format!("/v2/analytics/commercial/web/rooms-radiator-usage?{to_today}")).await;
    let office_usage = &rooms.body["data"]["rooms"][1];
    assert_eq!(office_usage["kwh"], 7.0);
    assert_eq!(office_usage["cost_pence"], 2 * 25 + 30 + 4 * 30);

    let rival = app.register_business("owner@rival.co.uk").await;
    let theirs =
        rival.get(&format!("/v2/analytics/commercial/web/rooms-radiator-usage?{range}")).await;
    assert_eq!(theirs.body["data"]["rooms"], serde_json::json!([]));
}

async fn usage_dates_are_checked_and_usage_downloads_as_csv(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let room = owner.add_room("=Board, room").await.id;
    owner.add_radiator_to(room, "HD-1", "Board 1").await;
    let mut counter = 0.0;
    used(&app, &mut counter, 1000.0, "2026-01-13T10:00:00Z").await;
    // Added since, it has not reported: nothing recorded, rather than nothing used.
    owner.add_radiator_to(room, "HD-2", "Board 2").await;
    let path = "/v2/analytics/commercial/web/rooms-radiator-usage";
    for (query, field, message) in [
        (
            "start_date=2026-01-10&end_date=2026-01-01",
            "end_date",
            "Make the end date on or after the start date.",
        ),
        ("start_date=2020-01-01&end_date=2026-01-01", "end_date", "Choose at most 5 years."),
        (
            "start_date=2026-01-10",
            "end_date",
            "Use a date like 2026-01-31, from 1900-01-01 to 2099-12-31.",
        ),
        (
            "start_date=10/01/2026&end_date=2026-01-01",
            "start_date",
            "Use a date like 2026-01-31, from 1900-01-01 to 2099-12-31.",
        ),
        ("start_date=2026-01-01&end_date=2026-01-31&format=xlsx", "format", "Choose json or csv."),
    ] {
        let answer = owner.get(&format!("{path}?{query}")).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert_eq!(answer.field_error(field), message, "{query}");
    }
    // No dates: this month so far.
    let month = owner.get(path).await;
    let board = &month.body["data"]["rooms"][0];
    assert_eq!((board["kwh"].as_f64(), board["reported"].as_bool()), (Some(1.0), Some(true)));
    let silent = &board["radiators"][1];
    assert_eq!((silent["kwh"].as_f64(), silent["reported"].as_bool()), (Some(0.0), Some(false)));
    let response = owner
        .download(&format!("{path}?start_date=2026-01-01&end_date=2026-01-31&format=csv"))
        .await;
    assert_eq!(response.headers["content-type"], "text/csv; charset=utf-8");
    let named = "attachment; filename=\"room-usage-2026-01-01-to-2026-01-31.csv\"";
    assert_eq!(response.headers["content-disposition"], named);
    let text = response.text;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "room,radiator,kwh,cost_pence,co2_kg,heating_hours",
            &format!("\"'=Board, room\",Board 1,1,25,{},0.03", intensity(1, 20).round() / 1000.0),
            "\"'=Board, room\",Board 2,,,,",
        ]
    );
}

async fn the_dashboard_sums_today_and_the_month_against_the_budget(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let room = owner.add_room("Office").await.id;
    owner.add_radiator_to(room, "HD-1", "Office 1").await;
    owner.add_radiator_to(room, "HD-2", "Office 2").await;
    let schedule = serde_json::json!({"name": "Hours", "schedule_for": "room", "target_ids": [room],
        "duration": "weekdays", "slots": [{"start": "07:00", "end": "18:00", "setpoint": 21}],
        "setback": 16});
    owner.post("/v2/schedules", schedule).await;
    let budget =
        app.call(Method::PATCH, "/v2/users/budget/electricity/100", Some(&owner.token), None);
    assert_eq!(budget.await.status, StatusCode::OK);
    let mut counter = 0.0;
    used(&app, &mut counter, 4000.0, "2026-01-05T10:00:00Z").await;
    used(&app, &mut counter, 2000.0, "2026-01-15T08:00:00Z").await;
    app.tick(60).await; // both radiators report now

    let dashboard =
        owner.get("/v2/dashboard/commercial/web").await.body["data"]["dashboard"].clone();
    let day = history(&owner, "day").await;
    let month = history(&owner, "month").await;
    assert_eq!(dashboard["today"], day["totals"]);
    assert_eq!(dashboard["month"]["kwh"], month["totals"]["kwh"]);
    let spent = month["totals"]["cost_pence"].as_i64().unwrap();
    assert_eq!(dashboard["month"]["cost_pence"], spent);
    assert_eq!(dashboard["month"]["budget_pence"], 10_000);
    // The 16 days to come, each at what its weekday cost since the business began on the 5th
    // (4 kWh on one of two Mondays, nothing on other days, a 50 p standing charge each): two
    // Mondays at 2 kWh × 25 p + 50 p and 14 other days at 50 p. Today has cost more than a
    // Thursday's 50 p already, so nothing more is expected of it.
    assert_eq!(dashboard["month"]["forecast_pence"], spent + 2 * 100 + 14 * 50);
    let used_share = (spent as f64 / 10_000.0 * 1000.0).round() / 1000.0;
    assert_eq!(dashboard["month"]["budget_used"].as_f64(), Some(used_share));
    assert_eq!(dashboard["radiators"]["total"], 2);
    assert_eq!(dashboard["radiators"]["online"], 2);
    assert!(dashboard["indoor_temperature"].as_f64().is_some());
    assert!(dashboard["outdoor_temperature"].as_f64().is_some_and(|t| (-10.0..20.0).contains(&t)));
    assert_eq!(dashboard["active_schedules"], 1);
    assert_eq!(dashboard["next_closed_days"], serde_json::Value::Null);
    let closed = serde_json::json!({"name": "Christmas", "first_date": "2026-12-24", "last_date": "2027-01-01"});
    owner.post("/v2/schedules/closed-days", closed).await;
    let later = owner.get("/v2/dashboard/commercial/web").await.body["data"]["dashboard"].clone();
    assert_eq!(later["next_closed_days"]["name"], "Christmas");
    let month_saving = owner
        .get("/v2/analytics/commercial/web/co2_saving?start_date=2026-01-01&end_date=2026-01-15")
        .await
        .body["data"]["co2_saving"]["totals"]
        .clone();
    assert_eq!(dashboard["co2_saved"]["saved_kg"], month_saving["saved_kg"]);
    assert_eq!(dashboard["co2_saved"]["baseline_kg"], month_saving["baseline_kg"]);
    assert_eq!(dashboard["co2_saved"]["goal_kg"], serde_json::Value::Null);
    // The whole month's baseline: its 10 whole days since the 5th as they were, and the 17 to
    // come, today's too, each at the mean of whole days of its kind, so between the least and
    // the most a whole day had.
    let days = owner
        .get("/v2/analytics/commercial/web/co2_saving?start_date=2026-01-05&end_date=2026-01-14")
        .await
        .body["data"]["co2_saving"]["days"]
        .clone();
    let whole: Vec<f64> =
        days.as_array().unwrap().iter().map(|day| day["baseline_kg"].as_f64().unwrap()).collect();
    let past: f64 = whole.iter().sum();
    let (least, most) = whole
        .iter()
        .filter(|kg| **kg > 0.0)
        .fold((f64::MAX, 0.0_f64), |(least, most), kg| (least.min(*kg), most.max(*kg)));
    let month_baseline = dashboard["co2_saved"]["month_baseline_kg"].as_f64().unwrap();
    assert!(
        past + 17.0 * least - 0.01 <= month_baseline && month_baseline <= past + 17.0 * most + 0.01,
        "{month_baseline} for {whole:?}"
    );

    let rival = app.register_business("owner@rival.co.uk").await;
    let theirs = rival.get("/v2/dashboard/commercial/web").await.body["data"]["dashboard"].clone();
    assert_eq!(
        (theirs["radiators"]["total"].as_i64(), theirs["month"]["kwh"].as_f64()),
        (Some(0), Some(0.0))
    );
    assert_eq!(theirs["indoor_temperature"], serde_json::Value::Null);
}

async fn co2_savings_put_each_days_baseline_beside_its_actual_and_track_the_goal(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let room = owner.add_room("Office").await.id;
    owner.add_radiator_to(room, "HD-1", "Office 1").await;
    owner.add_radiator_to(room, "HD-2", "Office 2").await;
    let goal =
        app.call(Method::PATCH, "/v2/users/goal/carbon-footprint/50", Some(&owner.token), None);
    assert_eq!(goal.await.status, StatusCode::OK);
    let mut counter = 0.0;
    // The radiators began reporting on the 8th: nothing before that counts, baseline or actual.
    let before =
        "/v2/analytics/commercial/web/co2_saving?start_date=2026-01-06&end_date=2026-01-07";
    used(&app, &mut counter, 0.0, "2026-01-08T00:01:00Z").await;
    let early = owner.get(before).await.body["data"]["co2_saving"]["totals"].clone();
    assert_eq!(early, serde_json::json!({"baseline_kg": 0.0, "actual_kg": 0.0, "saved_kg": 0.0}));
    used(&app, &mut counter, 5000.0, "2026-01-13T10:00:00Z").await;
    // Friday to Monday: two working days, a weekend.
    let path = "/v2/analytics/commercial/web/co2_saving?start_date=2026-01-09&end_date=2026-01-12";
    let saving = owner.get(path).await.body["data"]["co2_saving"].clone();
    assert!(
        saving["method"]
            .as_str()
            .unwrap()
            .contains("in force each day (now 21.0 °C, 08:00 to 18:00)")
    );
    let days = saving["days"].as_array().unwrap();
    let dates: Vec<&str> = days.iter().map(|d| d["date"].as_str().unwrap()).collect();
    assert_eq!(dates, ["2026-01-09", "2026-01-10", "2026-01-11", "2026-01-12"]);
    assert!(days[0]["baseline_kg"].as_f64().unwrap() > 0.5, "a winter working day heats");
    assert_eq!(
        (days[1]["baseline_kg"].as_f64(), days[2]["baseline_kg"].as_f64()),
        (Some(0.0), Some(0.0))
    );
    for day in days {
        let (baseline, actual, saved) = (
            day["baseline_kg"].as_f64().unwrap(),
            day["actual_kg"].as_f64().unwrap(),
            day["saved_kg"].as_f64().unwrap(),
        );
        assert!((baseline - actual - saved).abs() < 0.002, "{day}");
    }
    let path = "/v2/analytics/commercial/web/co2_saving?start_date=2026-01-13&end_date=2026-01-13";
    let tuesday = owner.get(path).await.body["data"]["co2_saving"].clone();
    let actual = tuesday["days"][0]["actual_kg"].as_f64().unwrap();
    assert!((actual - 5.0 * intensity(1, 20) / 1000.0).abs() < 0.001, "{actual}");
    assert_eq!(tuesday["goal"]["monthly_kg"], 50.0);
    // The goal's progress is January's, all of it up to today (the 15th), whatever days are
    // shown.
    let path = "/v2/analytics/commercial/web/co2_saving?start_date=2026-01-01&end_date=2026-01-15";
    let january = owner.get(path).await.body["data"]["co2_saving"].clone();
    let saved = january["totals"]["saved_kg"].as_f64().unwrap();
    assert!(saved > tuesday["totals"]["saved_kg"].as_f64().unwrap(), "the 9th saved too");
    let month = &tuesday["goal"]["months"];
    assert_eq!(*month, january["goal"]["months"]);
    assert_eq!(month[0]["month"], "2026-01");
    assert_eq!(month[0]["saved_kg"], saved);
    assert_eq!(month[0]["baseline_kg"], january["totals"]["baseline_kg"]);
    assert!((month[0]["progress"].as_f64().unwrap() - saved / 50.0).abs() < 0.001);
    // The days and their totals add up to the gram.
    let totals = &january["totals"];
    let sum = |field: &str| -> f64 {
        january["days"].as_array().unwrap().iter().map(|day| day[field].as_f64().unwrap()).sum()
    };
    for field in ["baseline_kg", "actual_kg", "saved_kg"] {
        assert!((sum(field) - totals[field].as_f64().unwrap()).abs() < 1e-9, "{field}");
    }
    let difference =
        totals["baseline_kg"].as_f64().unwrap() - totals["actual_kg"].as_f64().unwrap();
    assert!((difference - saved).abs() < 1e-9, "{totals}");

    let csv = owner
        .download("/analytics/commercial/web/co2_saving?start_date=2026-01-13&end_date=2026-01-13&format=csv")
        .await;
    let named = "attachment; filename=\"co2-saving-2026-01-13-to-2026-01-13.csv\"";
    assert_eq!(csv.headers["content-disposition"], named);
    let csv = csv.text;
    assert!(csv.starts_with("date,baseline_kg,actual_kg,saved_kg\n2026-01-13,"), "{csv}");

    // Only radiators in rooms count, as only rooms have a baseline: not one in no room (nor one
    // deleted, below).
    owner.add_radiator("HD-9", "Spare").await;
    used_by(&app, "HD-9", &mut 0.0, 5000.0, "2026-01-13T10:00:00Z").await;
    let again = owner.get(path).await.body["data"]["co2_saving"]["totals"].clone();
    assert_eq!(again, january["totals"], "the spare in no room is left out");
    // Put in the room, it counts from its first day, as its room's radiator from now on.
    owner.add_radiator_to(room, "HD-9", "Spare").await;
    let placed = owner.get(path).await.body["data"]["co2_saving"]["totals"].clone();
    let more = placed["actual_kg"].as_f64().unwrap() - again["actual_kg"].as_f64().unwrap();
    assert!((more - 5.0 * intensity(1, 20) / 1000.0).abs() < 0.001, "{placed}");
    // Without a goal, only the days asked for are read.
    assert_eq!(owner.delete("/v2/users/goal/carbon-footprint").await.status, StatusCode::OK);
    let no_goal = owner.get(path).await.body["data"]["co2_saving"]["goal"].clone();
    assert_eq!(no_goal, serde_json::json!({"monthly_kg": null, "months": []}));
    // Today (Thursday, 09:00) is simulated up to now. Asked again, it carries on the run kept
    // from the first answer without reading where yesterday ended: yesterday's stored day,
    // deleted, is neither read nor worked out again, and the answer is the same.
    let today = "/v2/analytics/commercial/web/co2_saving?start_date=2026-01-15&end_date=2026-01-15";
    let baseline = |saving: Value| saving["data"]["co2_saving"]["days"][0]["baseline_kg"].clone();
    let first = baseline(owner.get(today).await.body);
    assert!(first.as_f64().unwrap() > 0.0, "an hour of the working day heats: {first}");
    let yesterday = "2026-01-14";
    let delete = sqlx::query("DELETE FROM baseline_daily WHERE day = $1").bind(yesterday);
    assert_eq!(app.store.write(delete).await.unwrap(), 1, "yesterday was stored");
    assert_eq!(baseline(owner.get(today).await.body), first);
    let (stored,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM baseline_daily WHERE day = $1")
        .bind(yesterday)
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    assert_eq!(stored, 0);

    // Deleted radiators leave the room with no baseline, and their use leaves the actual too.
    for id in owner.room(room).await.radiators.iter().map(|radiator| radiator.id) {
        assert_eq!(owner.delete(&format!("/v2/radiators/{id}")).await.status, StatusCode::OK);
    }
    let emptied = owner.get(path).await.body["data"]["co2_saving"]["totals"].clone();
    assert_eq!(emptied, serde_json::json!({"baseline_kg": 0.0, "actual_kg": 0.0, "saved_kg": 0.0}));
}

/// A radiator deleted before its use was kept on deletion (migration 0036) left only the
/// business's days holding its use: the migration's back-fill finds it there.
async fn the_use_of_radiators_deleted_before_it_was_kept_is_found_by_the_migration(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let room = owner.add_room("Office").await.id;
    owner.add_radiator_to(room, "HD-1", "Office 1").await;
    let gone = owner.add_radiator_to(room, "HD-2", "Office 2").await;
    used_by(&app, "HD-1", &mut 0.0, 2000.0, "2026-01-13T10:00:00Z").await;
    used_by(&app, "HD-2", &mut 0.0, 5000.0, "2026-01-13T10:00:00Z").await;
    // Deleted as it was before: its rollups and open hour go, and nothing is kept.
    let delete = sqlx::query("DELETE FROM radiators WHERE id = $1").bind(gone.id);
    assert_eq!(app.store.write(delete).await.unwrap(), 1);
    let migration = if app.database_url.starts_with("sqlite") {
        include_str!("../../migrations/sqlite/0036_deleted_radiators_daily.sql")
    } else {
        include_str!("../../migrations/postgres/0036_deleted_radiators_daily.sql")
    };
    let back_fill = &migration[migration.find("INSERT INTO").unwrap()..];
    app.store.write(sqlx::query(sqlx::AssertSqlSafe(back_fill))).await.unwrap();
    let kept: Vec<(String, f64)> =
        sqlx::query_as("SELECT day, energy_wh FROM deleted_radiators_daily")
            .fetch_all(app.store.reader())
            .await
            .unwrap();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(kept[0].0, "2026-01-13");
    assert!((kept[0].1 - 5000.0).abs() < 1e-6, "{kept:?}");
    let path = "/v2/analytics/commercial/web/co2_saving?start_date=2026-01-13&end_date=2026-01-13";
    let actual = owner.get(path).await.body["data"]["co2_saving"]["totals"]["actual_kg"].clone();
    let remaining = 2.0 * intensity(1, 20) / 1000.0;
    assert!((actual.as_f64().unwrap() - remaining).abs() < 0.001, "{actual}");
}
