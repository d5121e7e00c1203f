//! The savings baseline: simulated days are stored once over and read back, worked out again
//! when what they were worked out from changes, each at the settings in force that day; today counts up to now and no day after it;
//! real radiators are predicted by degree-days from their first weeks.

use heatdesk::analytics::baseline::degree_days::{LEARNING_DAYS, heating_degree_days};
use heatdesk::analytics::{Model, co2_saving_between};
use heatdesk::clock::Clock;
use jiff::ToSpan;
use jiff::civil::{Date, date};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::analytics::{used, used_by};
use crate::store_tests;
use crate::support::{Owner, TestApp};

store_tests!(
    a_simulated_baseline_is_stored_once_each_day_is_over_and_kept_at_the_settings_of_its_day,
    today_counts_up_to_now_and_no_later_day_can_be_asked_for,
    real_radiators_are_predicted_by_degree_days_after_their_first_weeks,
    a_room_is_counted_from_the_minute_its_radiators_first_reported,
);

async fn saving(owner: &Owner<'_>, first: &str, last: &str) -> Value {
    let path =
        format!("/v2/analytics/commercial/web/co2_saving?start_date={first}&end_date={last}");
    let answer = owner.get(&path).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer.body["data"]["co2_saving"].clone()
}

/// `(days stored, distinct bases)` of the rooms' stored baseline, then of the business's sums.
async fn stored(app: &TestApp) -> (i64, i64, i64, i64) {
    sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM baseline_daily),
                (SELECT COUNT(DISTINCT basis) FROM baseline_daily),
                (SELECT COUNT(*) FROM baseline_business_daily),
                (SELECT COUNT(DISTINCT basis) FROM baseline_business_daily)",
    )
    .fetch_one(app.store.reader())
    .await
    .unwrap()
}

async fn a_simulated_baseline_is_stored_once_each_day_is_over_and_kept_at_the_settings_of_its_day(
    app: TestApp,
) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let room = owner.add_room("Office").await.id;
    owner.add_radiator_to(room, "HD-1", "Office 1").await;
    let mut counter = 0.0;
    used(&app, &mut counter, 0.0, "2026-01-08T00:01:00Z").await;
    // The clock is at 2026-01-15 09:00: the 8th to the 14th are over.
    let first = saving(&owner, "2026-01-08", "2026-01-14").await;
    assert_eq!(stored(&app).await, (7, 1, 7, 1));
    let again = saving(&owner, "2026-01-08", "2026-01-14").await;
    assert_eq!(again, first, "read back as stored");
    // A longer range reads the stored days and works out only the new ones.
    let longer = saving(&owner, "2026-01-08", "2026-01-15").await;
    assert_eq!(longer["days"].as_array().unwrap()[..7], first["days"].as_array().unwrap()[..7]);
    assert_eq!(stored(&app).await, (7, 1, 7, 1), "today is not stored until it is over");

    // A cooler setpoint counts from the day it is saved: the days before keep the 21 °C they
    // were worked out at (a change must not rewrite the savings already made), today is
    // worked out at 18 °C (by 13:00, once the rooms have warmed up to either).
    app.clock.advance(time::Duration::hours(4));
    let today_before = saving(&owner, "2026-01-15", "2026-01-15").await;
    let cooler = json!({"time_zone": "Europe/London", "working_days": [1, 2, 3, 4, 5],
        "working_hours": {"start": "08:00", "end": "18:00"}, "comfort_setpoint": 18.0});
    assert_eq!(owner.put("/v2/settings/business", cooler).await.status, StatusCode::OK);
    let kept = saving(&owner, "2026-01-08", "2026-01-14").await;
    let baseline = |saving: &Value| saving["totals"]["baseline_kg"].as_f64().unwrap();
    assert_eq!(kept["days"], first["days"]);
    assert!(kept["method"].as_str().unwrap().contains("in force each day (now 18.0 °C"));
    assert_eq!(kept["method_parts"]["baseline"], "thermal");
    assert_eq!(kept["method_parts"]["comfort_setpoint"], 18.0);
    let today_after = saving(&owner, "2026-01-15", "2026-01-15").await;
    assert!(
        baseline(&today_after) < baseline(&today_before),
        "{today_after} against {today_before}"
    );
    assert_eq!(stored(&app).await.0, 7, "the past days' rows still hold");
    // Changed back the next day, that day is at 21 °C again and the 15th stays at 18 °C.
    app.clock.advance(time::Duration::days(1));
    let warm = json!({"time_zone": "Europe/London", "working_days": [1, 2, 3, 4, 5],
        "working_hours": {"start": "08:00", "end": "18:00"}, "comfort_setpoint": 21.0});
    assert_eq!(owner.put("/v2/settings/business", warm).await.status, StatusCode::OK);
    let fifteenth = saving(&owner, "2026-01-15", "2026-01-15").await;
    let whole_day_at_18 = baseline(&fifteenth);
    assert!(whole_day_at_18 > baseline(&today_after), "the whole day is more than its morning");
    let redone = saving(&owner, "2026-01-08", "2026-01-15").await;
    assert_eq!(redone["days"].as_array().unwrap()[..7], first["days"].as_array().unwrap()[..7]);
    assert_eq!(redone["days"][7], fifteenth["days"][0]);

    // A second radiator reporting in the room changes the basis too: twice the power to heat.
    owner.add_radiator_to(room, "HD-2", "Office 2").await;
    used_by(&app, "HD-2", &mut 0.0, 0.0, "2026-01-08T00:01:00Z").await;
    let doubled = saving(&owner, "2026-01-08", "2026-01-14").await;
    assert!(baseline(&doubled) > baseline(&kept), "{doubled} against {kept}");
}

async fn today_counts_up_to_now_and_no_later_day_can_be_asked_for(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let room = owner.add_room("Office").await.id;
    owner.add_radiator_to(room, "HD-1", "Office 1").await;
    let mut counter = 0.0;
    used(&app, &mut counter, 0.0, "2026-01-12T00:01:00Z").await;
    // Thursday 2026-01-15 at 09:00: an hour of the working day has gone by.
    let today = |saving: &Value| saving["days"][0]["baseline_kg"].as_f64().unwrap();
    let at_nine = today(&saving(&owner, "2026-01-15", "2026-01-15").await);
    app.clock.advance(time::Duration::hours(4));
    let at_one = today(&saving(&owner, "2026-01-15", "2026-01-15").await);
    assert!(at_nine > 0.0 && at_one > at_nine, "{at_nine} then {at_one}");
    // The whole day, once it is over, is more than its morning.
    app.clock.advance(time::Duration::days(1));
    let whole = today(&saving(&owner, "2026-01-15", "2026-01-15").await);
    assert!(whole > at_one, "{at_one} then {whole}");

    let path = "/v2/analytics/commercial/web/co2_saving?start_date=2026-01-15&end_date=2026-01-17";
    let answer = owner.get(path).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer.field_error("end_date"),
        "Savings are known up to today: choose an end date no later than 2026-01-16."
    );
}

fn working_day(day: Date) -> bool {
    day.weekday().to_monday_one_offset() <= 5
}

async fn real_radiators_are_predicted_by_degree_days_after_their_first_weeks(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let room = owner.add_room("Office").await.id;
    owner.add_radiator_to(room, "HD-1", "Office 1").await;
    let business_id: (i64,) =
        sqlx::query_as("SELECT id FROM businesses").fetch_one(app.store.reader()).await.unwrap();
    let tz = jiff::tz::TimeZone::get("Europe/London").unwrap();
    // December 2025: 2 kWh per heating degree-day on working days, nothing at weekends; once
    // the first weeks are learned, half of that.
    let (first, last) = (date(2025, 12, 1), date(2025, 12, 31));
    let learned_until = first.checked_add(LEARNING_DAYS.days()).unwrap();
    let mut counter = 0.0;
    used(&app, &mut counter, 0.0, "2025-12-01T00:01:00Z").await;
    for day in first.series(1.day()).take_while(|day| *day <= last) {
        let mut wh = if working_day(day) { 2000.0 * heating_degree_days(day, &tz) } else { 0.0 };
        if day > learned_until {
            wh /= 2.0;
        }
        used(&app, &mut counter, wh, &format!("{day}T12:00:00Z")).await;
    }
    let settings = heatdesk::business::read(app.store.reader(), business_id.0).await.unwrap();
    let (store, now) = (&app.store, app.clock.now());
    let saving =
        co2_saving_between(store, Model::DegreeDays, business_id.0, &settings, (first, last), now)
            .await
            .unwrap();
    assert!(saving.method.starts_with("Baseline: each room's daily energy over its first 21"));
    assert_eq!(
        (saving.method_parts.baseline, saving.method_parts.learning_days),
        ("degree_days", 21)
    );
    for day in &saving.days {
        let date: Date = day.date.parse().unwrap();
        if date <= learned_until {
            assert_eq!(day.baseline_kg, day.actual_kg, "still learning: {day:?}");
        } else {
            assert!((day.baseline_kg - 2.0 * day.actual_kg).abs() < 0.002, "{day:?}");
        }
    }
    assert!(saving.totals.saved_kg > 1.0, "{:?}", saving.totals);
}

async fn a_room_is_counted_from_the_minute_its_radiators_first_reported(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let room = owner.add_room("Office").await.id;
    owner.add_radiator_to(room, "HD-1", "Office 1").await;
    // First reported at 09:40 on Wednesday the 14th, in the first hour of the working day.
    used_by(&app, "HD-1", &mut 0.0, 0.0, "2026-01-14T09:41:00Z").await;
    let first: (i64,) = sqlx::query_as("SELECT first_report_at FROM radiators")
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    assert_eq!(first.0, 1_768_383_600, "09:40, not the hour it began");
    let baseline = async || {
        let day = saving(&owner, "2026-01-14", "2026-01-14").await;
        day["totals"]["baseline_kg"].as_f64().unwrap()
    };
    let from_nine_forty = baseline().await;
    // Had it reported from 09:00, its baseline would take in those 40 minutes of heating too:
    // counted from the hour, the first day's saving was overstated by them.
    let earlier = sqlx::query("UPDATE radiators SET first_report_at = first_report_at - 2400");
    app.store.write(earlier).await.unwrap();
    let from_nine = baseline().await;
    assert!(from_nine > from_nine_forty, "{from_nine} kg from 09:00, {from_nine_forty} from 09:40");
}
