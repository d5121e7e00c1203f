//! The insights' SQL: the stored set, and the reads the rules work from.

use serde::Serialize;
use sqlx::{AnyConnection, AnyPool};
use utoipa::ToSchema;

use crate::store::columns::{Iso8601, JsonText};
use crate::store::{Db, StoreResult, rows_in_range};

#[derive(sqlx::FromRow, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Insight {
    pub id: i64,
    /// `top_rooms`, `out_of_hours`, `warm_rooms`, `week_change`, `budget` or `offline`.
    pub kind: String,
    /// `info`, `warning` or `critical`.
    pub severity: String,
    pub title: String,
    pub body: String,
    /// The web app's page to act on it.
    pub action_path: String,
    /// The figures and names the text is made from, so that the web app can word it in the
    /// reader's language.
    #[schema(value_type = Object)]
    pub params: JsonText,
    /// When it was worked out.
    pub created_at: Iso8601,
}

/// The business's insights, most severe first.
pub async fn list<'e>(db: impl Db<'e>, business_id: i64) -> StoreResult<Vec<Insight>> {
    let rows = sqlx::query_as(
        "SELECT id, kind, severity, title, body, action_path, params, created_at FROM insights
         WHERE business_id = $1
         ORDER BY CASE severity WHEN 'critical' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, id",
    )
    .bind(business_id)
    .fetch_all(db)
    .await?;
    Ok(rows)
}

/// A new insight, as a rule words it.
pub struct NewInsight {
    pub kind: &'static str,
    pub severity: &'static str,
    pub title: String,
    pub body: String,
    pub action_path: String,
    pub params: serde_json::Value,
}

/// Replaces the business's insights with `insights`.
pub async fn replace(
    db: &mut AnyConnection,
    business_id: i64,
    insights: &[NewInsight],
    now: i64,
) -> StoreResult<()> {
    sqlx::query("DELETE FROM insights WHERE business_id = $1")
        .bind(business_id)
        .execute(&mut *db)
        .await?;
    for insight in insights {
        sqlx::query(
            "INSERT INTO insights (business_id, kind, severity, title, body, action_path, params,
                 created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(business_id)
        .bind(insight.kind)
        .bind(insight.severity)
        .bind(&insight.title)
        .bind(&insight.body)
        .bind(&insight.action_path)
        .bind(insight.params.to_string())
        .bind(now)
        .execute(&mut *db)
        .await?;
    }
    Ok(())
}

/// Businesses whose insights are older than `before` (or that have none), with radiators.
pub async fn stale(pool: &AnyPool, before: i64) -> StoreResult<Vec<i64>> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT b.id FROM businesses b
         WHERE EXISTS (SELECT 1 FROM radiators r WHERE r.business_id = b.id)
             AND COALESCE((SELECT MAX(i.created_at) FROM insights i WHERE i.business_id = b.id), 0)
                 < $1",
    )
    .bind(before)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Whether the business changed anything (its action history) since its insights were worked
/// out: a budget, a schedule or an automation changed then may have made one of them untrue.
pub async fn changed_since_set(pool: &AnyPool, business_id: i64) -> StoreResult<bool> {
    let (changed,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM
             (SELECT h.at FROM action_history h WHERE h.business_id = $1 ORDER BY h.id DESC LIMIT 1)
             latest
         WHERE latest.at >= COALESCE(
             (SELECT MAX(i.created_at) FROM insights i WHERE i.business_id = $1), 0)",
    )
    .bind(business_id)
    .fetch_one(pool)
    .await?;
    Ok(changed > 0)
}

/// `(room, kWh)` of each room over the local days `first` to `last`, largest first.
pub async fn room_energy(
    pool: &AnyPool,
    business_id: i64,
    (first, last): (&str, &str),
) -> StoreResult<Vec<(String, f64)>> {
    let sql = "SELECT o.name, SUM(d.energy_wh) / 1000.0 FROM room_energy_daily_live d
         JOIN rooms o ON o.id = d.room_id
         WHERE d.business_id = $1 AND d.day >= $2 AND d.day <= $3
         GROUP BY o.id, o.name ORDER BY 2 DESC";
    rows_in_range(pool, sql, business_id, (first, last)).await
}

/// `(room, mean temperature)` of each room with readings over the local days `first` to `last`.
pub async fn room_temperatures(
    pool: &AnyPool,
    business_id: i64,
    (first, last): (&str, &str),
) -> StoreResult<Vec<(String, f64)>> {
    let sql =
        "SELECT o.name, SUM(d.temperature_sum) / SUM(d.readings) FROM room_energy_daily_live d
         JOIN rooms o ON o.id = d.room_id
         WHERE d.business_id = $1 AND d.day >= $2 AND d.day <= $3
         GROUP BY o.id, o.name HAVING SUM(d.readings) > 0";
    rows_in_range(pool, sql, business_id, (first, last)).await
}

/// `(radiator id, name, hour start, kWh)` of each radiator's hours with energy from `from` to
/// `to`.
pub async fn radiator_hours(
    pool: &AnyPool,
    business_id: i64,
    (from, to): (i64, i64),
) -> StoreResult<Vec<(i64, String, i64, f64)>> {
    let sql =
        "SELECT r.id, r.name, h.hour_start, SUM(h.energy_wh) / 1000.0 FROM energy_hourly_live h
         JOIN radiators r ON r.id = h.radiator_id
         WHERE h.business_id = $1 AND h.hour_start >= $2 AND h.hour_start < $3
         GROUP BY r.id, r.name, h.hour_start HAVING SUM(h.energy_wh) > 0";
    rows_in_range(pool, sql, business_id, (from, to)).await
}

/// Names of the business's radiators added before `since` that have never reported.
pub async fn unconnected_radiators(
    pool: &AnyPool,
    business_id: i64,
    since: i64,
) -> StoreResult<Vec<String>> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT r.name FROM radiators r LEFT JOIN radiator_states s ON s.radiator_id = r.id
         WHERE r.business_id = $1 AND r.created_at < $2 AND s.last_seen IS NULL
         ORDER BY r.name",
    )
    .bind(business_id)
    .bind(since)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|(name,)| name).collect())
}

/// Names of the business's radiators that have reported but not since `since`.
pub async fn offline_radiators(
    pool: &AnyPool,
    business_id: i64,
    since: i64,
) -> StoreResult<Vec<String>> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT r.name FROM radiators r JOIN radiator_states s ON s.radiator_id = r.id
         WHERE r.business_id = $1 AND s.last_seen < $2 ORDER BY r.name",
    )
    .bind(business_id)
    .bind(since)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|(name,)| name).collect())
}
