//! All of the automations' SQL: each business's choices, the holds on radiators, the days a
//! daily automation acted, and the readings the rules look at.

use sqlx::{AnyConnection, AnyPool};

use crate::store::{Db, StoreResult};

/// A business's stored choice for one automation.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct ChoiceRow {
    pub business_id: i64,
    pub key: String,
    pub enabled: i64,
    pub parameters_json: String,
}

/// The business's choices (every business's enabled ones with `None`).
pub async fn choices<'e>(db: impl Db<'e>, business_id: Option<i64>) -> StoreResult<Vec<ChoiceRow>> {
    let rows = sqlx::query_as(
        "SELECT business_id, key, enabled, parameters_json FROM automations
         WHERE ($1 IS NULL AND enabled = 1) OR business_id = $1",
    )
    .bind(business_id)
    .fetch_all(db)
    .await?;
    Ok(rows)
}

pub async fn save(
    db: &mut AnyConnection,
    business_id: i64,
    key: &str,
    enabled: bool,
    parameters_json: &str,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO automations (business_id, key, enabled, parameters_json)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (business_id, key) DO UPDATE
         SET enabled = excluded.enabled, parameters_json = excluded.parameters_json",
    )
    .bind(business_id)
    .bind(key)
    .bind(i64::from(enabled))
    .bind(parameters_json)
    .execute(db)
    .await?;
    Ok(())
}

/// A radiator as the rules see it: its settings, its last reported temperature, and the hold
/// on it.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct Watched {
    pub id: i64,
    pub business_id: i64,
    pub is_on: i64,
    pub setpoint: f64,
    pub min_temperature: f64,
    pub max_temperature: f64,
    pub temperature: Option<f64>,
    pub hold_key: Option<String>,
    pub hold_until: Option<i64>,
    pub restore_on: Option<i64>,
    pub restore_setpoint: Option<f64>,
}

/// Every radiator with what the rules need.
pub async fn watched(pool: &AnyPool) -> StoreResult<Vec<Watched>> {
    let rows = sqlx::query_as(
        "SELECT r.id, r.business_id, r.is_on, r.setpoint, r.min_temperature, r.max_temperature,
                s.temperature, h.key AS hold_key, h.until_at AS hold_until, h.restore_on,
                h.restore_setpoint
         FROM radiators r
         LEFT JOIN radiator_states s ON s.radiator_id = r.id
         LEFT JOIN automation_holds h ON h.radiator_id = r.id
         ORDER BY r.id",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

/// A radiator's reading as open-window detection weighs it.
#[derive(sqlx::FromRow, Clone, Copy, Debug)]
pub struct RecentReading {
    pub radiator_id: i64,
    pub at: i64,
    pub temperature: f64,
    /// 0 when the radiator reported itself off.
    pub setpoint: f64,
}

/// Every reading since `since` (unix seconds), by radiator and then time.
pub async fn readings_since(pool: &AnyPool, since: i64) -> StoreResult<Vec<RecentReading>> {
    let rows = sqlx::query_as(
        "SELECT radiator_id, at, temperature, setpoint FROM readings WHERE at >= $1
         ORDER BY radiator_id, at",
    )
    .bind(since)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

pub async fn hold(
    db: &mut AnyConnection,
    radiator_id: i64,
    key: &str,
    until: Option<i64>,
    restore: (bool, f64),
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO automation_holds (radiator_id, key, until_at, restore_on, restore_setpoint)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(radiator_id)
    .bind(key)
    .bind(until)
    .bind(i64::from(restore.0))
    .bind(restore.1)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn release(db: &mut AnyConnection, radiator_id: i64) -> StoreResult<()> {
    sqlx::query("DELETE FROM automation_holds WHERE radiator_id = $1")
        .bind(radiator_id)
        .execute(db)
        .await?;
    Ok(())
}

/// The local day (`YYYY-MM-DD`) a daily automation last acted in the business.
pub async fn last_day<'e>(
    db: impl Db<'e>,
    business_id: i64,
    key: &str,
) -> StoreResult<Option<String>> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT last_day FROM automation_runs WHERE business_id = $1 AND key = $2")
            .bind(business_id)
            .bind(key)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(day,)| day))
}

pub async fn set_last_day(
    db: &mut AnyConnection,
    business_id: i64,
    key: &str,
    day: &str,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO automation_runs (business_id, key, last_day) VALUES ($1, $2, $3)
         ON CONFLICT (business_id, key) DO UPDATE SET last_day = excluded.last_day",
    )
    .bind(business_id)
    .bind(key)
    .bind(day)
    .execute(db)
    .await?;
    Ok(())
}

/// How fast each room of the business warmed while heating over readings since `since`: the
/// rise per hour, from consecutive readings a minute apart with the heater drawing power.
pub async fn warm_up_rates(
    pool: &AnyPool,
    business_id: i64,
    since: i64,
) -> StoreResult<Vec<(i64, f64)>> {
    let rows = sqlx::query_as(
        "SELECT r.room_id, AVG(b.temperature - a.temperature) * 60.0
         FROM readings a
         JOIN readings b ON b.radiator_id = a.radiator_id AND b.at = a.at + 60
         JOIN radiators r ON r.id = a.radiator_id
         WHERE r.business_id = $1 AND r.room_id IS NOT NULL AND a.at >= $2 AND a.power_w > 0
         GROUP BY r.room_id",
    )
    .bind(business_id)
    .bind(since)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}
