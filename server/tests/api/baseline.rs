//! The savings baseline: simulated days are stored once over and read back, worked out again
//! when what they were worked out from changes, each at the settings in force that day; today counts up to now and no day after it;
//! real radiators are predicted by degree-days from their first weeks, from each room's days as
//! its radiators now are.

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
    a_rooms_days_are_those_of_the_radiators_in_it_now,
    a_room_is_fitted_to_all_its_first_weeks_whatever_range_is_asked_first,
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

    // Each day's sum is stored once over and read back after: a stored day altered shows.
    assert_eq!(stored(&app).await.2, 31);
    let work_out = async || {
        co2_saving_between(store, Model::DegreeDays, business_id.0, &settings, (first, last), now)
            .await
            .unwrap()
            .days
    };
    assert_eq!(work_out().await, saving.days);
    let alter = "UPDATE baseline_business_daily SET energy_wh = 3 * energy_wh, co2_g = 3 * co2_g
         WHERE day = '2025-12-31'";
    app.store.write(sqlx::query(alter)).await.unwrap();
    let worked_out = saving.days[30].baseline_kg;
    let altered = work_out().await[30].baseline_kg;
    assert!((altered - 3.0 * worked_out).abs() < 0.002, "{altered} kg, not 3 × {worked_out}");
    // Another radiator in the room makes it another room: its days are worked out again.
    owner.add_radiator_to(room, "HD-2", "Office 2").await;
    used_by(&app, "HD-2", &mut 0.0, 0.0, "2025-12-31T12:00:00Z").await;
    let worked_again = work_out().await[30].baseline_kg;
    assert!((worked_again - worked_out).abs() < 0.002, "{worked_again} kg, not {worked_out}");

    // A room's fit is kept once its first weeks are over: today's baseline comes from it, not
    // from those weeks read again (altered here, as they never are)...
    let today = (date(2026, 1, 15), date(2026, 1, 15));
    let today_kg = async || {
        co2_saving_between(store, Model::DegreeDays, business_id.0, &settings, today, now)
            .await
            .unwrap()
            .totals
            .baseline_kg
    };
    let kept = today_kg().await;
    assert!(kept > 0.0, "an hour of the working day: {kept} kg");
    let alter = "UPDATE room_energy_daily SET energy_wh = 10 * energy_wh WHERE day <= '2025-12-22'";
    app.store.write(sqlx::query(alter)).await.unwrap();
    assert_eq!(today_kg().await, kept);
    // ... until the room changes, and is fitted again.
    owner.add_radiator_to(room, "HD-3", "Office 3").await;
    used_by(&app, "HD-3", &mut 0.0, 0.0, "2026-01-15T08:30:00Z").await;
    let fitted_again = today_kg().await;
    // (Each to the gram.)
    assert!((fitted_again / kept - 10.0).abs() < 0.05, "{fitted_again} kg, not 10 × {kept}");
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

/// `(room, day, Wh, g CO2, readings)` of each room-day with readings: the rooms' rollups, then
/// the same summed from the radiators' rollups of the radiators in each room now.
async fn room_days(app: &TestApp) -> [Vec<(i64, String, f64, f64, i64)>; 2] {
    let rolled_up = "SELECT room_id, day, SUM(energy_wh), SUM(co2_g), CAST(SUM(readings) AS BIGINT)
         FROM room_energy_daily_live GROUP BY room_id, day ORDER BY room_id, day";
    let summed = "SELECT r.room_id, d.day, SUM(d.energy_wh), SUM(d.co2_g),
             CAST(SUM(d.readings) AS BIGINT)
         FROM energy_daily_live d JOIN radiators r ON r.id = d.radiator_id
         WHERE r.room_id IS NOT NULL GROUP BY r.room_id, d.day ORDER BY r.room_id, d.day";
    let read = async |sql: &'static str| {
        let rows: Vec<(i64, String, f64, f64, i64)> =
            sqlx::query_as(sql).fetch_all(app.store.reader()).await.unwrap();
        // Sums taken and given back leave the float's rounding.
        rows.into_iter()
            .map(|(room, day, wh, co2_g, readings)| {
                (room, day, (wh * 1e6).round() / 1e6, (co2_g * 1e6).round() / 1e6, readings)
            })
            .collect()
    };
    [read(rolled_up).await, read(summed).await]
}

async fn a_rooms_days_are_those_of_the_radiators_in_it_now(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let (office, hall) = (owner.add_room("Office").await.id, owner.add_room("Hall").await.id);
    let one = owner.add_radiator_to(office, "HD-1", "Office 1").await.id;
    let two = owner.add_radiator_to(office, "HD-2", "Office 2").await.id;
    let three = owner.add_radiator_to(hall, "HD-3", "Hall 1").await.id;
    let mut counters = [0.0; 3];
    let mut use_day = async |day: &str, hours: &[&str]| {
        for hour in hours {
            for (n, uid) in ["HD-1", "HD-2", "HD-3"].into_iter().enumerate() {
                let wh = 100.0 * (n + 1) as f64;
                used_by(&app, uid, &mut counters[n], wh, &format!("{day}T{hour}:10:00Z")).await;
            }
        }
    };
    // Closed hours on two days, and an open one on the second.
    use_day("2026-01-12", &["09", "10"]).await;
    use_day("2026-01-13", &["09", "10"]).await;
    let check = async |step: &str| {
        let [rolled_up, summed] = room_days(&app).await;
        assert_eq!(rolled_up, summed, "{step}");
        rolled_up
    };
    let days = check("written").await;
    assert_eq!(days.len(), 4, "two rooms, two days: {days:?}");
    // The degree-day baseline reads them so too, the second day's open hour with its closed
    // one: still learning, a day's baseline is what it used.
    let business_id: (i64,) =
        sqlx::query_as("SELECT id FROM businesses").fetch_one(app.store.reader()).await.unwrap();
    let settings = heatdesk::business::read(app.store.reader(), business_id.0).await.unwrap();
    let (days, now) = ((date(2026, 1, 12), date(2026, 1, 13)), app.clock.now());
    let saving =
        co2_saving_between(&app.store, Model::DegreeDays, business_id.0, &settings, days, now)
            .await
            .unwrap();
    for day in &saving.days {
        assert!(day.actual_kg > 0.0 && day.baseline_kg == day.actual_kg, "{day:?}");
    }
    let request = |room: Value, uid: &str, name: &str| json!({"uid": uid, "name": name, "room_id": room, "min_temperature": 7, "max_temperature": 26});
    let move_to = async |id: i64, body: Value| {
        let answer = owner.post(&format!("/v2/radiators/{id}"), body).await;
        assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    };
    move_to(two, request(json!(hall), "HD-2", "Office 2")).await;
    check("moved to the hall").await;
    move_to(three, request(Value::Null, "HD-3", "Hall 1")).await;
    check("taken out of its room").await;
    // Later hours close the open ones into rows written before.
    use_day("2026-01-13", &["11", "12"]).await;
    check("open hours closed").await;
    assert_eq!(owner.delete(&format!("/v2/radiators/{one}")).await.status, StatusCode::OK);
    let days = check("deleted").await;
    assert!(days.iter().all(|(room, ..)| *room == hall), "the office is left with none: {days:?}");
    assert_eq!(owner.delete(&format!("/v2/rooms/{hall}")).await.status, StatusCode::OK);
    assert!(check("its room deleted").await.is_empty());
    move_to(three, request(json!(office), "HD-3", "Hall 1")).await;
    assert_eq!(check("moved into a room").await.len(), 2);

    // The migration's back-fill finds the same days.
    let clear = sqlx::query("DELETE FROM room_energy_daily");
    app.store.write(clear).await.unwrap();
    let migration = if app.database_url.starts_with("sqlite") {
        include_str!("../../migrations/sqlite/0042_room_energy_daily.sql")
    } else {
        include_str!("../../migrations/postgres/0042_room_energy_daily.sql")
    };
    let from = migration.find("INSERT INTO").unwrap();
    let back_fill = &migration[from..from + migration[from..].find(';').unwrap()];
    app.store.write(sqlx::query(sqlx::AssertSqlSafe(back_fill))).await.unwrap();
    assert_eq!(check("back-filled").await.len(), 2);
}

/// A room's fit is kept, so it learns from all of its first weeks even when the first range
/// asked for ends within them: two businesses with the same use, one asked for its first days
/// before, have the same baseline after.
async fn a_room_is_fitted_to_all_its_first_weeks_whatever_range_is_asked_first(app: TestApp) {
    let tz = jiff::tz::TimeZone::get("Europe/London").unwrap();
    for (email, uid) in [("one@acme.co.uk", "HD-1"), ("two@acme.co.uk", "HD-2")] {
        let owner = app.register_business(email).await;
        let room = owner.add_room("Office").await.id;
        owner.add_radiator_to(room, uid, "Office 1").await;
        let mut counter = 0.0;
        used_by(&app, uid, &mut counter, 0.0, "2025-12-01T00:01:00Z").await;
        // Working days use three times as much after the 10th as before it.
        for day in date(2025, 12, 1).series(1.day()).take_while(|day| *day <= date(2025, 12, 31)) {
            let per_degree_day = if day.day() <= 10 { 1000.0 } else { 3000.0 };
            let wh =
                if working_day(day) { per_degree_day * heating_degree_days(day, &tz) } else { 0.0 };
            used_by(&app, uid, &mut counter, wh, &format!("{day}T12:00:00Z")).await;
        }
    }
    let businesses: Vec<i64> = sqlx::query_scalar("SELECT id FROM businesses ORDER BY id")
        .fetch_all(app.store.reader())
        .await
        .unwrap();
    let now = app.clock.now();
    let saving = async |business_id: i64, (first, last): (Date, Date)| {
        let settings = heatdesk::business::read(app.store.reader(), business_id).await.unwrap();
        co2_saving_between(
            &app.store,
            Model::DegreeDays,
            business_id,
            &settings,
            (first, last),
            now,
        )
        .await
        .unwrap()
        .days
    };
    saving(businesses[0], (date(2025, 12, 1), date(2025, 12, 10))).await;
    let end_of_december = (date(2025, 12, 23), date(2025, 12, 31));
    let asked_first = saving(businesses[0], end_of_december).await;
    let asked_at_once = saving(businesses[1], end_of_december).await;
    assert!(asked_at_once.iter().any(|day| day.baseline_kg != day.actual_kg), "{asked_at_once:?}");
    assert_eq!(asked_first, asked_at_once);
}
