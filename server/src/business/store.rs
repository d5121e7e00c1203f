//! The business settings' SQL.

use crate::store::{Db, StoreResult};

/// A business's settings row, as stored.
#[derive(sqlx::FromRow)]
pub struct SettingsRow {
    pub time_zone: String,
    /// ISO days, comma-separated.
    pub working_days: String,
    pub work_start: i64,
    pub work_end: i64,
    pub comfort_setpoint: f64,
}

pub async fn find<'e>(db: impl Db<'e>, business_id: i64) -> StoreResult<Option<SettingsRow>> {
    let row = sqlx::query_as(
        "SELECT time_zone, working_days, work_start, work_end, comfort_setpoint
         FROM business_settings WHERE business_id = $1",
    )
    .bind(business_id)
    .fetch_optional(db)
    .await?;
    Ok(row)
}

pub async fn save<'e>(
    db: impl Db<'e>,
    business_id: i64,
    row: &SettingsRow,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO business_settings (business_id, time_zone, working_days, work_start,
             work_end, comfort_setpoint, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (business_id) DO UPDATE SET time_zone = excluded.time_zone,
             working_days = excluded.working_days, work_start = excluded.work_start,
             work_end = excluded.work_end, comfort_setpoint = excluded.comfort_setpoint,
             updated_at = excluded.updated_at",
    )
    .bind(business_id)
    .bind(&row.time_zone)
    .bind(&row.working_days)
    .bind(row.work_start)
    .bind(row.work_end)
    .bind(row.comfort_setpoint)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}
