//! The electricity tariff (`/v2/commercial/charges`) and the monthly budget and CO2 goal
//! (`PATCH /v2/users/…`), shown in `me`.

use heatdesk::automations::Budget;
use heatdesk::clock::Clock;
use heatdesk::devices::Report;
use heatdesk::devices::telemetry::{Source, ingest};
use heatdesk::goals::{MonthlyBudget, month_cost};
use reqwest::{Method, StatusCode};
use serde_json::json;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::store_tests;
use crate::support::{PASSWORD, TestApp, User};

store_tests!(
    the_default_tariff_applies_until_one_is_set_and_history_is_kept,
    tariff_fields_are_checked,
    a_tariff_entered_by_mistake_is_deleted_by_its_business_only,
    the_budget_and_the_carbon_goal_are_set_and_shown_in_me,
    the_months_cost_so_far_uses_each_days_tariff_and_decides_over_budget,
    deleting_an_account_deletes_its_energy_data_and_keeps_everyone_elses,
);

async fn the_default_tariff_applies_until_one_is_set_and_history_is_kept(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let charges = owner.get("/v2/commercial/charges").await.body["data"]["charges"].clone();
    assert_eq!(
        charges,
        json!({"current": {"unit_rate_pence": 25.0, "standing_charge_pence": 50.0},
            "is_default": 1, "history": []})
    );
    // The test clock is 2026-01-15: a tariff from the first of the month is in force, one from
    // February is not yet.
    let january = json!({"unit_rate_pence": 24.5, "standing_charge_pence": 53.35,
        "effective_from": "2026-01-01"});
    let saved = owner.post("/v2/commercial/charges", january).await;
    assert_eq!(saved.description(), "Electricity charges saved.");
    let february = json!({"unit_rate_pence": 27, "standing_charge_pence": 55,
        "effective_from": "2026-02-01"});
    owner.post("/v2/commercial/charges", february).await;
    let corrected = json!({"unit_rate_pence": 24.75, "standing_charge_pence": 53.35,
        "effective_from": "2026-01-01"});
    let charges =
        owner.post("/v2/commercial/charges", corrected).await.body["data"]["charges"].clone();
    assert_eq!(
        charges["current"],
        json!({"unit_rate_pence": 24.75, "standing_charge_pence": 53.35})
    );
    assert_eq!(charges["is_default"], 0);
    let days: Vec<&str> = charges["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["effective_from"].as_str().unwrap())
        .collect();
    assert_eq!(days, ["2026-02-01", "2026-01-01"], "one per day, latest first");
    let entered = app.clock.now().format(&Rfc3339).unwrap();
    assert_eq!(charges["history"][0]["created_at"], entered.as_str(), "ISO 8601 (UTC)");
    assert_eq!(owner.history("?kind=tariff").await.total, 3);

    let rival = app.register_business("owner@rival.co.uk").await;
    let theirs = rival.get("/v2/commercial/charges").await.body["data"]["charges"].clone();
    assert_eq!((theirs["is_default"].clone(), theirs["history"].clone()), (json!(1), json!([])));
}

async fn a_tariff_entered_by_mistake_is_deleted_by_its_business_only(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let january = json!({"unit_rate_pence": 24.5, "standing_charge_pence": 53.35,
        "effective_from": "2026-01-01"});
    owner.post("/v2/commercial/charges", january).await;
    let typo = json!({"unit_rate_pence": 2.45, "standing_charge_pence": 53.35,
        "effective_from": "2026-01-10"});
    let charges = owner.post("/v2/commercial/charges", typo).await.body["data"]["charges"].clone();
    assert_eq!(charges["current"]["unit_rate_pence"], 2.45);
    let typo = charges["history"][0]["id"].as_i64().unwrap();

    let rival = app.register_business("owner@rival.co.uk").await;
    let theirs = rival.delete(&format!("/v2/commercial/charges/{typo}")).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    assert_eq!(theirs.description(), "This tariff does not exist.");

    let deleted = owner.delete(&format!("/v2/commercial/charges/{typo}")).await;
    assert_eq!(deleted.description(), "Tariff deleted.");
    let charges = deleted.body["data"]["charges"].clone();
    // The days it covered are costed at the tariff before it again.
    assert_eq!(charges["current"]["unit_rate_pence"], 24.5);
    assert_eq!(charges["history"].as_array().unwrap().len(), 1);
    let again = owner.delete(&format!("/v2/commercial/charges/{typo}")).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    let history = owner.history("?kind=tariff").await;
    let actions: Vec<&str> = history.history.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["delete", "create", "create"]);
    assert_eq!(
        history.history[0].before,
        Some(json!({"rates": {"unit_rate_pence": 2.45, "standing_charge_pence": 53.35},
            "effective_from": "2026-01-10"})),
        "as its creation recorded it"
    );
}

async fn tariff_fields_are_checked(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let bad = json!({"unit_rate_pence": 0, "standing_charge_pence": 12.345, "effective_from": "2026-13-01"});
    let answer = owner.post("/v2/commercial/charges", bad).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.field_error("unit_rate_pence"), "Use 0.01 to 200 pence.");
    assert_eq!(answer.field_error("standing_charge_pence"), "Use at most two decimals.");
    assert!(answer.field_error("effective_from").starts_with("Use a date like"));
    let missing = owner.post("/v2/commercial/charges", json!({})).await;
    assert_eq!(missing.field_error("unit_rate_pence"), "Enter the unit rate in pence.");
    let charges = owner.get("/v2/commercial/charges").await.body["data"]["charges"].clone();
    assert_eq!(charges["history"], json!([]));
}

async fn the_budget_and_the_carbon_goal_are_set_and_shown_in_me(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let me: User = owner.get("/v2/auth/me").await.data("me");
    assert_eq!((me.electricity_budget_pence, me.carbon_goal_kg), (None, None));
    let (app_ref, token) = (&app, owner.token.clone());
    let patch = |path: String| {
        let token = token.clone();
        async move {
            let path = format!("/v2/users/{path}");
            app_ref.call(Method::PATCH, &path, Some(&token), None).await
        }
    };
    let budget = patch("budget/electricity/1250.50".into()).await;
    assert_eq!(
        (budget.status, budget.description()),
        (StatusCode::OK, "Energy budget updated successfully")
    );
    let goal = patch("goal/carbon-footprint/300".into()).await;
    assert_eq!(goal.description(), "CF Goal updated successfully");
    let method = patch("goal/carbon-method/desnz".into()).await;
    assert_eq!(method.description(), "CO2 method updated successfully");
    let me: User = owner.get("/v2/auth/me").await.data("me");
    assert_eq!((me.electricity_budget_pence, me.carbon_goal_kg), (Some(125_050), Some(300.0)));
    // Each is a change in the history, newest first, with the value before and the value set.
    let history = owner.history("").await.history;
    let recorded: Vec<_> = history
        .iter()
        .take(3)
        .map(|entry| {
            let (before, after) = (entry.before.clone(), entry.after.clone());
            (entry.action.as_str(), entry.record_type.as_str(), before, after)
        })
        .collect();
    assert_eq!(
        recorded,
        [
            (
                "update",
                "carbon_method",
                Some(json!({"carbon_method": "profile"})),
                Some(json!({"carbon_method": "desnz"}))
            ),
            (
                "update",
                "carbon_goal",
                Some(json!({"carbon_goal_kg": null})),
                Some(json!({"carbon_goal_kg": 300.0}))
            ),
            (
                "update",
                "budget",
                Some(json!({"electricity_budget_pence": null})),
                Some(json!({"electricity_budget_pence": 125_050}))
            ),
        ]
    );
    for wrong in ["0", "-5", "abc", "1.234", "20000000", "NaN", "inf"] {
        let answer = patch(format!("budget/electricity/{wrong}")).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{wrong}");
        assert!(answer.field_error("value").starts_with("Use a number of pounds"), "{wrong}");
    }
    let me: User = owner.get("/v2/auth/me").await.data("me");
    assert_eq!(me.electricity_budget_pence, Some(125_050), "kept");
    let rival = app.register_business("owner@rival.co.uk").await;
    let theirs: User = rival.get("/v2/auth/me").await.data("me");
    assert_eq!(theirs.electricity_budget_pence, None);

    // Either is removed, as a change too, and only for its own business.
    let removed = owner.delete("/v2/users/budget/electricity").await;
    assert_eq!((removed.status, removed.description()), (StatusCode::OK, "Energy budget removed."));
    let removed = owner.delete("/v2/users/goal/carbon-footprint").await;
    assert_eq!(removed.description(), "CF goal removed.");
    let me: User = owner.get("/v2/auth/me").await.data("me");
    assert_eq!((me.electricity_budget_pence, me.carbon_goal_kg), (None, None));
    // Removing what is not there is no error, and no change to tell.
    let again = owner.delete("/v2/users/budget/electricity").await;
    assert_eq!(again.status, StatusCode::OK);
    let budget_history = owner.history("?kind=budget").await;
    assert_eq!(budget_history.total, 2, "set, then removed once");
    let last = budget_history.history[0].clone();
    assert_eq!(
        (last.before, last.after),
        (
            Some(json!({"electricity_budget_pence": 125_050})),
            Some(json!({"electricity_budget_pence": null}))
        )
    );
    let path = "/v2/users/budget/electricity/10";
    app.call(Method::PATCH, path, Some(&rival.token), None).await;
    assert_eq!(rival.delete("/v2/users/goal/carbon-footprint").await.status, StatusCode::OK);
    let theirs: User = rival.get("/v2/auth/me").await.data("me");
    assert_eq!(theirs.electricity_budget_pence, Some(1000), "the goal's removal left the budget");
}

async fn the_months_cost_so_far_uses_each_days_tariff_and_decides_over_budget(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    owner.add_radiator("HD-1", "Hall").await;
    for (rate, from) in [(20, "2026-01-01"), (30, "2026-01-12")] {
        let tariff =
            json!({"unit_rate_pence": rate, "standing_charge_pence": 50, "effective_from": from});
        owner.post("/v2/commercial/charges", tariff).await;
    }
    // 2 kWh on the 10th (at 20 p) and 1 kWh on the 14th (at 30 p).
    for (at, total) in [
        ("2026-01-10T09:00:00Z", 0.0),
        ("2026-01-10T09:01:00Z", 2000.0),
        ("2026-01-14T09:00:00Z", 2000.0),
        ("2026-01-14T09:01:00Z", 3000.0),
    ] {
        let report = Report {
            uid: "HD-1".into(),
            temperature: 20.0,
            setpoint: 21.0,
            on: true,
            heating: true,
            power_w: 1500.0,
            energy_wh_total: total,
        };
        let at = OffsetDateTime::parse(at, &Rfc3339).unwrap().unix_timestamp();
        ingest(&app.store, &app.state.live, &[report], at, Source::Fleet).await.unwrap();
    }
    let me: User = owner.get("/v2/auth/me").await.data("me");
    let now = jiff::Timestamp::from_second(app.clock.now().unix_timestamp()).unwrap();
    let london = jiff::tz::TimeZone::get("Europe/London").unwrap();
    let cost = month_cost(app.store.reader(), me.business_id, &london, now).await.unwrap().so_far;
    // Standing charges from its first energy used, the 10th: 5 days, not the month's 14, and
    // today's by the 10 of its hours begun at 09:00.
    let expected = 40.0 + 30.0 + 5.0 * 50.0 + 50.0 * 10.0 / 24.0;
    assert!((cost - expected).abs() < 1e-9, "{cost} p");

    let now = app.clock.now(); // 2026-01-15
    let over = |pounds: &'static str| {
        let path = format!("/v2/users/budget/electricity/{pounds}");
        let (app, token) = (&app, owner.token.clone());
        async move {
            app.call(Method::PATCH, &path, Some(&token), None).await;
            MonthlyBudget.over_budget(&app.store, me.business_id, now).await.unwrap()
        }
    };
    assert!(over("3.40").await, "341 p spent");
    assert!(!over("3.41").await);
}

async fn deleting_an_account_deletes_its_energy_data_and_keeps_everyone_elses(app: TestApp) {
    let tables = [
        "readings",
        // A radiator's rollups with its open hour, which its state row holds.
        "energy_hourly_live",
        "energy_daily_live",
        "energy_monthly_live",
        "business_energy_hourly",
        "business_energy_daily",
        "radiator_states",
        "tariffs",
        "schedules",
        "schedule_targets",
        "closed_days",
        "automations",
        "business_settings",
        "subscriptions",
        "consents",
        "contact_messages",
        "insights",
    ];
    let count = |table: &'static str| {
        let store = app.store.clone();
        async move {
            let sql = format!("SELECT COUNT(*) FROM {table}");
            let (n,): (i64,) =
                sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(store.reader()).await.unwrap();
            n
        }
    };
    // Two businesses set up alike, so each holds half of every table.
    for (email, uid) in [("owner@rival.co.uk", "HD-9"), ("owner@acme.co.uk", "HD-1")] {
        let owner = app.register_business(email).await;
        let room = owner.add_room("Office").await.id;
        owner.add_radiator_to(room, uid, "Office 1").await;
        let tariff = json!({"unit_rate_pence": 20, "standing_charge_pence": 50,
            "effective_from": "2026-01-01"});
        owner.post("/v2/commercial/charges", tariff).await;
        let schedule = json!({"name": "Hours", "schedule_for": "room", "target_ids": [room],
            "duration": "weekdays", "slots": [{"start": "07:00", "end": "18:00", "setpoint": 21}]});
        owner.post("/v2/schedules", schedule).await;
        owner
            .post("/v2/settings/automation", json!({"key": "frost_protection", "enabled": 1}))
            .await;
        let settings = json!({"time_zone": "Europe/London", "working_days": [1, 2, 3, 4, 5],
            "working_hours": {"start": "08:00", "end": "18:00"}, "comfort_setpoint": 21});
        owner.put("/v2/settings/business", settings).await;
        let consent = json!({"terms_version": "2026-11", "agreed": 1, "mpan": "1200023305967"});
        owner.post("/v2/consents", consent).await;
        owner.post("/v2/contact-us", json!({"subject": "Hello", "message": "A question."})).await;
        let closed = json!({"name": "Christmas", "first_date": "2026-12-25"});
        owner.post("/v2/schedules/closed-days", closed).await;
        // A budget gives every business at least its budget insight.
        let budget = "/v2/users/budget/electricity/100";
        app.call(Method::PATCH, budget, Some(&owner.token), None).await;
        owner.post("/v2/insights/refresh", json!({})).await;
    }
    app.tick(60).await;
    app.tick(60).await;
    let mut before = Vec::new();
    for table in tables {
        let rows = count(table).await;
        assert!(rows > 0 && rows % 2 == 0, "{table}: {rows} rows");
        before.push(rows);
    }
    let acme = app.sign_in("owner@acme.co.uk", crate::support::PASSWORD).await;
    let me: User = acme.get("/v2/auth/me").await.data("me");
    let rival = app.sign_in("owner@rival.co.uk", crate::support::PASSWORD).await;
    let rival: User = rival.get("/v2/auth/me").await.data("me");
    // Every table of the schema that holds a business's rows, by its `business_id` column.
    let sqlite = "SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) c
                  WHERE m.type = 'table' AND c.name = 'business_id'";
    let postgres = "SELECT CAST(table_name AS TEXT) FROM information_schema.columns
                    WHERE column_name = 'business_id' AND table_schema = current_schema()";
    let reader = app.store.reader();
    let owned: Vec<(String,)> = match sqlx::query_as(sqlite).fetch_all(reader).await {
        Ok(tables) => tables,
        Err(_) => sqlx::query_as(postgres).fetch_all(reader).await.unwrap(),
    };
    assert!(owned.len() >= 20, "{owned:?}");
    let of = |table: &str, business_id: i64| {
        let sql = format!("SELECT COUNT(*) FROM {table} WHERE business_id = $1");
        let store = app.store.clone();
        async move {
            let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql))
                .bind(business_id)
                .fetch_one(store.reader())
                .await
                .unwrap();
            n
        }
    };
    let mut rivals = Vec::new();
    for (table,) in &owned {
        rivals.push(of(table, rival.business_id).await);
    }
    assert_eq!(acme.delete_account(me.id, PASSWORD).await.status, StatusCode::OK);
    for (table, rows) in tables.iter().zip(&before) {
        assert_eq!(count(table).await, rows / 2, "{table}: only the rival's rows are left");
    }
    for ((table,), rival_rows) in owned.iter().zip(rivals) {
        assert_eq!(
            of(table, me.business_id).await,
            0,
            "{table} keeps none of the deleted business"
        );
        assert_eq!(of(table, rival.business_id).await, rival_rows, "{table} keeps the rival's");
    }
}
