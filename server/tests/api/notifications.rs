//! Notifications: each event once (budget forecast, 80 %, 100 %, a radiator offline and back),
//! the list with its unread count, marking read, switching off, and tenancy.

use heatdesk::analytics::Model;
use heatdesk::clock::Clock;
use heatdesk::devices::Report;
use heatdesk::devices::telemetry::{Source, ingest};
use heatdesk::notifications::domain::Rounds;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::store_tests;
use crate::support::{Owner, TestApp};

store_tests!(
    budget_events_are_notified_once_each,
    a_radiator_offline_and_back_is_notified_once_each_way,
    notifications_are_read_switched_off_and_kept_to_their_business,
    reaching_the_cf_goal_is_notified_once_a_month,
    a_changed_cf_goal_is_checked_in_the_next_round_not_the_next_hour,
    notification_mails_are_in_the_language_the_account_last_used,
    notifications_are_mailed_only_once_the_email_is_confirmed,
);

/// The rounds as the server runs them, mailing what they find.
fn rounds(app: &TestApp) -> Rounds {
    Rounds::new(app.state.mailer.clone(), app.state.config.public_url.clone())
}

/// A round that checks the CF goal too, as the first of an hour does.
async fn round(app: &TestApp) -> usize {
    rounds(app).check(&app.store, Model::Thermal, app.clock.now()).await.unwrap()
}

/// The subjects and bodies of the mails to `to`, oldest first.
async fn mails(app: &TestApp, to: &str) -> Vec<(String, String)> {
    sqlx::query_as("SELECT subject, body FROM outbox WHERE recipient = $1 ORDER BY id")
        .bind(to)
        .fetch_all(app.store.reader())
        .await
        .unwrap()
}

async fn kinds(owner: &Owner<'_>) -> Vec<String> {
    let list = owner.get("/v2/notifications").await.body["data"]["notifications"].clone();
    list.as_array().unwrap().iter().map(|n| n["kind"].as_str().unwrap().to_owned()).collect()
}

/// The radiator `HD-1` used `wh` more (its counter now at `total`), reporting now.
async fn used(app: &TestApp, total: f64) {
    let report = Report {
        uid: "HD-1".into(),
        temperature: 20.0,
        setpoint: 21.0,
        on: true,
        heating: true,
        power_w: 1500.0,
        energy_wh_total: total,
    };
    ingest(&app.store, &app.state.live, &[report], app.clock_now(), Source::Fleet).await.unwrap();
    app.clock.advance(time::Duration::minutes(1));
}

async fn budget_events_are_notified_once_each(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    owner.add_radiator("HD-1", "Hall").await;
    let budget =
        app.call(Method::PATCH, "/v2/users/budget/electricity/1", Some(&owner.token), None);
    assert_eq!(budget.await.status, StatusCode::OK);
    // Registered on 2026-01-15, it is charged from that day: at 09:00 ten hours of a 50 p
    // standing charge, 21 p; with no day behind it the month goes on at 50 p a day, to 850 p
    // against a 100 p budget.
    assert_eq!(round(&app).await, 1);
    assert_eq!(kinds(&owner).await, ["budget_forecast"]);
    assert_eq!(round(&app).await, 0, "once");
    used(&app, 0.0).await;
    used(&app, 2400.0).await; // 60 p more: 81 p, 80 %
    assert_eq!(round(&app).await, 1);
    used(&app, 14_400.0).await; // 300 p more: over
    assert_eq!(round(&app).await, 1);
    assert_eq!(round(&app).await, 0);
    assert_eq!(kinds(&owner).await, ["budget_100", "budget_80", "budget_forecast"]);
    let titles = owner.get("/v2/notifications").await.body["data"]["notifications"].clone();
    let titles: Vec<&str> =
        titles.as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Budget used up", "80% of the budget used", "Forecast over budget"]);
    let latest = owner.get("/v2/notifications").await.body["data"]["notifications"][0].clone();
    assert_eq!(latest["body"], "This month's electricity has cost £3.81 of your £1.00 budget.");
    // The figures the web app words it from in the reader's language.
    assert_eq!(latest["params"], json!({"cost_pence": 381.0, "budget_pence": 100.0}));

    // A larger budget: the notifications of the £1.00 one go as it is set, and the new one is
    // watched afresh: 381 p is past 80 % of £4.00, and the month is forecast over it.
    let budget =
        app.call(Method::PATCH, "/v2/users/budget/electricity/4", Some(&owner.token), None);
    assert_eq!(budget.await.status, StatusCode::OK);
    assert_eq!(kinds(&owner).await, Vec::<String>::new());
    assert_eq!(round(&app).await, 2);
    assert_eq!(kinds(&owner).await, ["budget_forecast", "budget_80"]);
    let list = owner.get("/v2/notifications").await.body["data"]["notifications"].clone();
    assert_eq!(list[1]["params"], json!({"cost_pence": 381.0, "budget_pence": 400.0}));
    assert_eq!(list[1]["title"], "95% of the budget used", "the share the round saw");
    assert_eq!(round(&app).await, 0, "once for this budget too");
    // Without a budget, none of the month's budget notifications stands, from the removal on.
    let removed =
        app.call(Method::DELETE, "/v2/users/budget/electricity", Some(&owner.token), None);
    assert_eq!(removed.await.status, StatusCode::OK);
    assert_eq!(kinds(&owner).await, Vec::<String>::new());
    assert_eq!(round(&app).await, 0);

    // A round that read the £4.00 budget as it was removed adds a notification of it; the next
    // round withdraws it.
    let me = owner.get("/v2/auth/me").await.body["data"]["me"]["business_id"].as_i64();
    let raced = sqlx::query(
        "INSERT INTO notifications (business_id, kind, event_key, title, body, params, created_at)
         VALUES ($1, 'budget_80', 'budget-80-2026-01-400', '80% of the budget used', '', '{}', 0)",
    );
    app.store.write(raced.bind(me.unwrap())).await.unwrap();
    assert_eq!(kinds(&owner).await, ["budget_80"]);
    assert_eq!(round(&app).await, 0);
    assert_eq!(kinds(&owner).await, Vec::<String>::new());
}

async fn a_radiator_offline_and_back_is_notified_once_each_way(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    owner.add_radiator("HD-1", "Hall").await;
    assert_eq!(round(&app).await, 0, "never reported: nothing to say");
    app.tick(60).await;
    assert_eq!(round(&app).await, 0);
    app.clock.advance(time::Duration::minutes(6));
    assert_eq!(round(&app).await, 1);
    assert_eq!(round(&app).await, 0, "once");
    app.tick(60).await;
    assert_eq!(round(&app).await, 1);
    assert_eq!(kinds(&owner).await, ["radiator_online", "radiator_offline"]);
    let offline = owner.get("/v2/notifications").await.body["data"]["notifications"][1].clone();
    assert_eq!(offline["body"], "Radiator 'Hall' has not reported for 5 minutes or more.");
    assert_eq!(offline["params"], json!({"name": "Hall"}));
}

async fn notifications_are_read_switched_off_and_kept_to_their_business(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    owner.add_radiator("HD-1", "Hall").await;
    app.tick(60).await;
    app.clock.advance(time::Duration::minutes(6));
    round(&app).await;
    app.tick(60).await;
    round(&app).await;
    let listed = owner.get("/v2/notifications").await.body["data"].clone();
    assert_eq!((listed["unread"].clone(), listed["enabled"].clone()), (json!(2), json!(1)));
    // Each one mailed too, with the way to the app.
    let mailed = mails(&app, "owner@acme.co.uk").await;
    let subjects: Vec<&str> = mailed.iter().map(|(subject, _)| subject.as_str()).collect();
    assert_eq!(subjects, ["HeatDesk: Radiator offline", "HeatDesk: Radiator back online"]);
    let link = format!("See it in HeatDesk:\n{}/home", app.state.config.public_url);
    assert!(mailed[0].1.starts_with("Radiator 'Hall' has not reported for 5 minutes or more."));
    assert!(mailed[0].1.contains(&link), "{}", mailed[0].1);
    let first = listed["notifications"][0]["id"].as_i64().unwrap();

    let rival = app.register_business("owner@rival.co.uk").await;
    assert_eq!(rival.get("/v2/notifications").await.body["data"]["notifications"], json!([]));
    let theirs = rival.put(&format!("/v2/notifications/read/{first}"), Value::Null).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);

    let read = owner.put(&format!("/v2/notifications/read/{first}"), Value::Null).await;
    assert_eq!(read.description(), "Notification marked read.");
    assert_eq!(read.body["data"]["unread"], 1);
    assert_eq!(read.body["data"]["notifications"][0]["read"], 1);
    let all = owner.put("/v2/notifications/read/all", Value::Null).await;
    assert_eq!(all.body["data"]["unread"], 0);
    assert_eq!(
        owner.put("/v2/notifications/read/nope", Value::Null).await.status,
        StatusCode::NOT_FOUND
    );

    let off = owner.put("/v2/notifications/0", Value::Null).await;
    assert_eq!(
        (off.description(), off.body["data"]["enabled"].clone()),
        ("Notifications turned off.", json!(0))
    );
    app.clock.advance(time::Duration::minutes(6));
    assert_eq!(round(&app).await, 0, "an account that turned them off gets none");
    assert_eq!(mails(&app, "owner@acme.co.uk").await.len(), 2, "nor mails");
    assert_eq!(mails(&app, "owner@rival.co.uk").await, []);
    assert_eq!(
        owner.put("/v2/notifications/2", Value::Null).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

/// An address mistyped at sign-up may be someone else's: until the link mailed to it is opened,
/// notifications are only in the app.
async fn notifications_are_mailed_only_once_the_email_is_confirmed(app: TestApp) {
    let owner = app.register_business_unconfirmed("owner@acme.co.uk").await;
    owner.add_radiator("HD-1", "Hall").await;
    app.tick(60).await;
    app.clock.advance(time::Duration::minutes(6));
    assert_eq!(round(&app).await, 1);
    assert_eq!(kinds(&owner).await, ["radiator_offline"]);
    let subjects = |mailed: Vec<(String, String)>| -> Vec<String> {
        mailed.into_iter().map(|(subject, _)| subject).collect()
    };
    let mailed = subjects(mails(&app, "owner@acme.co.uk").await);
    assert_eq!(mailed, ["Confirm your HeatDesk email"], "the sign-up's link only");

    app.confirm_email("owner@acme.co.uk").await;
    app.tick(60).await;
    assert_eq!(round(&app).await, 1);
    let mailed = subjects(mails(&app, "owner@acme.co.uk").await);
    assert_eq!(mailed, ["HeatDesk: Radiator back online"]);
}

/// An office whose radiator has reported since the 2nd and used nothing: a saving against
/// January's baseline; `goal` kg is the CF goal.
async fn saving_office<'a>(app: &'a TestApp, goal: &str) -> Owner<'a> {
    let owner = app.register_business("owner@acme.co.uk").await;
    let room = owner.add_room("Office").await.id;
    owner.add_radiator_to(room, "HD-1", "Office 1").await;
    set_goal(app, &owner, goal).await;
    let report = Report {
        uid: "HD-1".into(),
        temperature: 20.0,
        setpoint: 21.0,
        on: true,
        heating: false,
        power_w: 0.0,
        energy_wh_total: 0.0,
    };
    let second = app.clock_now() - 13 * 86_400 - 9 * 3600;
    ingest(&app.store, &app.state.live, &[report], second, Source::Fleet).await.unwrap();
    owner
}

async fn set_goal(app: &TestApp, owner: &Owner<'_>, kg: &str) {
    let path = format!("/v2/users/goal/carbon-footprint/{kg}");
    let answer = app.call(Method::PATCH, &path, Some(&owner.token), None).await;
    assert_eq!(answer.status, StatusCode::OK);
}

async fn reaching_the_cf_goal_is_notified_once_a_month(app: TestApp) {
    let owner = saving_office(&app, "2").await;
    // 09:00 on 2026-01-15: January's baseline since the 2nd against no use (and
    // the radiator, silent since the 2nd, is offline).
    assert_eq!(round(&app).await, 2);
    assert_eq!(round(&app).await, 0, "once");
    let mut noticed = kinds(&owner).await;
    noticed.sort();
    assert_eq!(noticed, ["cf_goal", "radiator_offline"]);
    let list = owner.get("/v2/notifications").await.body["data"]["notifications"].clone();
    let note = list.as_array().unwrap().iter().find(|n| n["kind"] == "cf_goal").unwrap().clone();
    assert!(note["body"].as_str().unwrap().ends_with("reaching your goal of 2.0 kg."), "{note}");
    assert_eq!(note["params"]["goal_kg"], 2.0);
    assert!(note["params"]["saved_kg"].as_f64().unwrap() >= 2.0, "{note}");
}

async fn a_changed_cf_goal_is_checked_in_the_next_round_not_the_next_hour(app: TestApp) {
    let owner = saving_office(&app, "1000").await;
    let mut rounds = rounds(&app);
    let mut round = async |app: &TestApp| {
        let added = rounds.check(&app.store, Model::Thermal, app.clock.now()).await.unwrap();
        app.clock.advance(time::Duration::minutes(1));
        added
    };
    assert_eq!(round(&app).await, 1, "offline; 1,000 kg is far off");
    assert_eq!(kinds(&owner).await, ["radiator_offline"]);
    set_goal(&app, &owner, "2").await;
    assert_eq!(round(&app).await, 1, "a minute later, in the same hour");
    assert_eq!(kinds(&owner).await, ["cf_goal", "radiator_offline"]);
}

async fn notification_mails_are_in_the_language_the_account_last_used(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    owner.add_radiator("HD-1", "Hall").await;
    // The web app, switched to Arabic, asks in Arabic from then on.
    assert_eq!(owner.get_in("/v2/auth/me", "ar").await.status, StatusCode::OK);
    app.tick(60).await;
    app.clock.advance(time::Duration::minutes(6));
    assert_eq!(round(&app).await, 1);
    let (subject, body) = mails(&app, "owner@acme.co.uk").await.remove(0);
    assert_eq!(subject, "HeatDesk: انقطع اتصال مدفأة");
    assert!(body.starts_with("لم ترسل المدفأة «\u{2068}Hall\u{2069}»"), "{body}");
    // The link on a line of its own, with no invisible marks around it.
    let link = format!("اطّلع عليه في HeatDesk:\n{}/home\n", app.base);
    assert!(body.contains(&link), "{body}");
    assert!(body.contains("ويمكنك إيقافها من الإعدادات"), "{body}");

    // Switched back, in English again; a request that names neither language changes nothing.
    owner.get_in("/v2/auth/me", "en-GB,en;q=0.9").await;
    owner.get_in("/v2/auth/me", "fr").await;
    app.tick(60).await;
    assert_eq!(round(&app).await, 1);
    let (subject, body) = mails(&app, "owner@acme.co.uk").await.remove(1);
    assert_eq!(subject, "HeatDesk: Radiator back online");
    assert!(body.starts_with("Radiator 'Hall' is reporting again."), "{body}");
}
