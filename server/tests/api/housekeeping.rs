//! Housekeeping: what no longer matters is forgotten, what does is kept.

use heatdesk::clock::Clock;
use heatdesk::housekeeping::sweep;
use reqwest::StatusCode;
use serde_json::json;

use crate::store_tests;
use crate::support::{PASSWORD, TestApp};

store_tests!(
    housekeeping_forgets_spent_sessions_links_failures_and_old_mail,
    raw_readings_go_after_the_retention_and_their_rollups_stay,
);

const RETENTION: time::Duration = time::Duration::days(35);

async fn count(app: &TestApp, table: &str) -> i64 {
    let sql = format!("SELECT COUNT(*) FROM {table}");
    let (n,): (i64,) =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(app.store.reader()).await.unwrap();
    n
}

async fn housekeeping_forgets_spent_sessions_links_failures_and_old_mail(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    acme.rooms().await; // the rooms list is now cached
    assert_eq!(
        app.login("owner@acme.co.uk", "wrong password").await.status,
        StatusCode::UNAUTHORIZED
    );
    app.post("/v2/auth/forgot_password", json!({"email": "owner@acme.co.uk"})).await;
    app.mails_to("owner@acme.co.uk", 1).await;
    let change = json!({"email": "new@acme.co.uk", "password": PASSWORD});
    assert_eq!(acme.post("/v2/auth/change_email", change).await.status, StatusCode::OK);
    let tables = [
        "sessions",
        "password_resets",
        "email_changes",
        "login_failures",
        "throttle_locks",
        "outbox",
    ];
    for table in tables {
        assert!(count(&app, table).await > 0, "{table} is empty before the sweep");
    }

    // Nothing has run out yet: the sweep keeps everything but the idle cache.
    let now = app.clock.now() + time::Duration::minutes(1);
    let swept = sweep(&app.state, now, RETENTION).await.unwrap();
    let accounts = &swept.accounts;
    assert_eq!((accounts.sessions, accounts.resets, accounts.email_changes), (0, 0, 0));
    assert_eq!(swept.mail, 0);
    assert_eq!(swept.cached, 1, "the rooms list of a minute ago");

    // Eight days on, everything has run out.
    app.clock.advance(time::Duration::days(8));
    let swept = sweep(&app.state, app.clock.now(), RETENTION).await.unwrap();
    let accounts = &swept.accounts;
    assert_eq!((accounts.sessions, accounts.resets, accounts.email_changes), (1, 1, 1));
    // Throttle records: the failed sign-in under its address (the password given right for
    // the email change forgave it under the email), the registration and its email's
    // confirmation, the reset request under its address and its email, the email change under
    // its address.
    assert_eq!((swept.accounts.failures, swept.mail), (6, 2));
    for table in tables {
        assert_eq!(count(&app, table).await, 0, "{table} after the sweep");
    }
    // What is still wanted comes back as it is used.
    let today = app.sign_in("owner@acme.co.uk", PASSWORD).await;
    assert_eq!(today.get("/v2/auth/me").await.status, StatusCode::OK);
}

async fn raw_readings_go_after_the_retention_and_their_rollups_stay(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    acme.add_radiator("HD-1", "Hall").await;
    app.tick(60).await; // a reading today
    let long_ago = app.clock.now() - time::Duration::days(40);
    // A reading of 40 days ago, as the fleet stored it then.
    let old = sqlx::query(
        "INSERT INTO readings (radiator_id, at, temperature, setpoint, power_w, energy_wh)
         SELECT id, $1, 18, 21, 1500, 25 FROM radiators",
    )
    .bind(long_ago.unix_timestamp());
    app.store.write(old).await.unwrap();
    let before = (count(&app, "readings").await, count(&app, "energy_daily").await);
    assert_eq!(before.0, 2);
    let swept = sweep(&app.state, app.clock.now(), RETENTION).await;
    assert_eq!(swept.unwrap().readings, 1, "the reading of 40 days ago");
    assert_eq!(count(&app, "readings").await, 1);
    assert_eq!(count(&app, "energy_daily").await, before.1, "rollups stay");
}
