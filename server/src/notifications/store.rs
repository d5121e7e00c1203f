//! The notifications' SQL.

use serde::Serialize;
use sqlx::{AnyConnection, AnyPool};
use utoipa::ToSchema;

use crate::kernel::words::Language;
use crate::store::StoreResult;
use crate::store::columns::{Iso8601, JsonText};

#[derive(sqlx::FromRow, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct NotificationView {
    pub id: i64,
    /// `budget_forecast`, `budget_80`, `budget_100`, `cf_goal`, `radiator_offline` or
    /// `radiator_online`.
    pub kind: String,
    /// In English; the web app words `kind` with `params` in the reader's language.
    pub title: String,
    pub body: String,
    /// The figures and names the text is made from, by kind: `cost_pence` and `budget_pence`
    /// (budget used), `forecast_pence` and `budget_pence` (forecast), `saved_kg` and `goal_kg`
    /// (CF goal), `name` (a radiator).
    #[schema(value_type = Object)]
    pub params: JsonText,
    pub created_at: Iso8601,
    pub read: i64,
}

/// The business's latest notifications, newest first.
pub async fn latest(
    pool: &AnyPool,
    business_id: i64,
    limit: i64,
) -> StoreResult<Vec<NotificationView>> {
    let rows = sqlx::query_as(
        "SELECT id, kind, title, body, params, created_at,
             CASE WHEN read_at IS NULL THEN 0 ELSE 1 END AS read
         FROM notifications
         WHERE business_id = $1 ORDER BY id DESC LIMIT $2",
    )
    .bind(business_id)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

pub async fn unread(pool: &AnyPool, business_id: i64) -> StoreResult<i64> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM notifications WHERE business_id = $1 AND read_at IS NULL",
    )
    .bind(business_id)
    .fetch_one(pool)
    .await?;
    Ok(count)
}

/// Marks one notification (or, with `None`, all) of the business read; answers how many.
pub async fn mark_read(
    db: &mut AnyConnection,
    business_id: i64,
    id: Option<i64>,
    now: i64,
) -> StoreResult<u64> {
    let done = sqlx::query(
        "UPDATE notifications SET read_at = $1
         WHERE business_id = $2 AND read_at IS NULL AND ($3 IS NULL OR id = $3)",
    )
    .bind(now)
    .bind(business_id)
    .bind(id)
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}

pub async fn exists(pool: &AnyPool, business_id: i64, id: i64) -> StoreResult<bool> {
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM notifications WHERE business_id = $1 AND id = $2")
            .bind(business_id)
            .bind(id)
            .fetch_optional(pool)
            .await?;
    Ok(row.is_some())
}

pub async fn set_enabled(db: &mut AnyConnection, user_id: i64, on: bool) -> StoreResult<()> {
    sqlx::query("UPDATE users SET notifications_on = $1 WHERE id = $2")
        .bind(i64::from(on))
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn enabled(pool: &AnyPool, user_id: i64) -> StoreResult<bool> {
    let (on,): (i64,) = sqlx::query_as("SELECT notifications_on FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(pool)
        .await?;
    Ok(on == 1)
}

/// The email and the language of each of the business's accounts that want notifications, of
/// those whose email is confirmed: an address mistyped at sign-up may be someone else's.
pub async fn listeners(pool: &AnyPool, business_id: i64) -> StoreResult<Vec<(String, Language)>> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT email, language FROM users
         WHERE business_id = $1 AND notifications_on = 1 AND email_confirmed_at IS NOT NULL
         ORDER BY id",
    )
    .bind(business_id)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|(email, code)| (email, Language::from_code(&code))).collect())
}

/// Businesses with an account that wants notifications.
pub async fn listening(pool: &AnyPool) -> StoreResult<Vec<i64>> {
    let rows: Vec<(i64,)> =
        sqlx::query_as("SELECT DISTINCT business_id FROM users WHERE notifications_on = 1")
            .fetch_all(pool)
            .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// A notification to add: its kind, the event it is about (one notification per event), its
/// English title and body, and the figures and names they are made from.
pub struct NewNotification<'a> {
    pub kind: &'a str,
    pub event_key: String,
    pub title: &'a str,
    pub body: String,
    pub params: serde_json::Value,
}

/// Adds a notification unless one for the same event exists; answers whether it was added.
pub async fn add(
    pool_writer: &crate::store::Store,
    business_id: i64,
    notification: &NewNotification<'_>,
    now: i64,
) -> StoreResult<bool> {
    let added = pool_writer
        .write(
            sqlx::query(
                "INSERT INTO notifications
                     (business_id, kind, event_key, title, body, params, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (business_id, event_key) DO NOTHING",
            )
            .bind(business_id)
            .bind(notification.kind)
            .bind(notification.event_key.clone())
            .bind(notification.title)
            .bind(notification.body.clone())
            .bind(notification.params.to_string())
            .bind(now),
        )
        .await?;
    Ok(added == 1)
}

/// The month a dated event key names, `2026-11` for a `day` in November 2026.
pub fn event_month(day: jiff::civil::Date) -> String {
    format!("{:04}-{:02}", day.year(), day.month())
}

/// The `LIKE` patterns of the `month`'s budget notifications (`budget-{event}-{month}…`) and,
/// among them, of those of `budget_pence` (none without a budget).
fn budget_event_keys(month: &str, budget_pence: Option<i64>) -> (String, String) {
    let current =
        budget_pence.map_or_else(String::new, |pence| format!("budget-%-{month}-{pence}"));
    (format!("budget-%-{month}%"), current)
}

const DELETE_STALE_BUDGET_EVENTS: &str = "DELETE FROM notifications
     WHERE business_id = $1 AND event_key LIKE $2 AND event_key NOT LIKE $3";

/// Deletes the `month`'s budget notifications other than those of `budget_pence`, all of them
/// without a budget, within the change that sets the budget.
pub async fn withdraw_budget_events(
    db: &mut AnyConnection,
    business_id: i64,
    month: &str,
    budget_pence: Option<i64>,
) -> StoreResult<()> {
    let (of_month, current) = budget_event_keys(month, budget_pence);
    sqlx::query(DELETE_STALE_BUDGET_EVENTS)
        .bind(business_id)
        .bind(of_month)
        .bind(current)
        .execute(db)
        .await?;
    Ok(())
}

/// [`withdraw_budget_events`] for a round of checks, which can have raced a change of the
/// budget. Read first, so a round writes only when there is something to withdraw.
pub async fn withdraw_raced_budget_events(
    store: &crate::store::Store,
    business_id: i64,
    month: &str,
    budget_pence: Option<i64>,
) -> StoreResult<()> {
    let (of_month, current) = budget_event_keys(month, budget_pence);
    let (stale,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM notifications
         WHERE business_id = $1 AND event_key LIKE $2 AND event_key NOT LIKE $3",
    )
    .bind(business_id)
    .bind(&of_month)
    .bind(&current)
    .fetch_one(store.reader())
    .await?;
    if stale > 0 {
        let delete = sqlx::query(DELETE_STALE_BUDGET_EVENTS);
        store.write(delete.bind(business_id).bind(of_month).bind(current)).await?;
    }
    Ok(())
}

/// `(radiator, name, last seen, noticed offline since)` of the business's radiators that have
/// reported at least once.
pub async fn radiator_presence(
    pool: &AnyPool,
    business_id: i64,
) -> StoreResult<Vec<(i64, String, i64, Option<i64>)>> {
    let rows = sqlx::query_as(
        "SELECT r.id, r.name, s.last_seen, o.since FROM radiators r
         JOIN radiator_states s ON s.radiator_id = r.id
         LEFT JOIN radiator_outages o ON o.radiator_id = r.id
         WHERE r.business_id = $1",
    )
    .bind(business_id)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

pub async fn set_outage(
    store: &crate::store::Store,
    radiator_id: i64,
    since: Option<i64>,
) -> StoreResult<()> {
    let statement = match since {
        Some(since) => sqlx::query(
            "INSERT INTO radiator_outages (radiator_id, since) VALUES ($1, $2)
             ON CONFLICT (radiator_id) DO UPDATE SET since = excluded.since",
        )
        .bind(radiator_id)
        .bind(since),
        None => {
            sqlx::query("DELETE FROM radiator_outages WHERE radiator_id = $1").bind(radiator_id)
        }
    };
    store.write(statement).await?;
    Ok(())
}
