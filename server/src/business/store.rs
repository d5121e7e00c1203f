//! The business settings' SQL.

use crate::store::{Db, StoreResult};

/// A business's settings row, as stored.
#[derive(sqlx::FromRow, Clone)]
pub struct SettingsRow {
    pub time_zone: String,
    /// ISO days, comma-separated.
    pub working_days: String,
    pub work_start: i64,
    pub work_end: i64,
    pub comfort_setpoint: f64,
}

impl SettingsRow {
    /// The working days, hours and comfort setpoint, which a savings baseline depends on.
    pub fn pattern(&self) -> (&str, i64, i64, f64) {
        (&self.working_days, self.work_start, self.work_end, self.comfort_setpoint)
    }
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

/// The working days, hours and comfort setpoint in force from a local day (`YYYY-MM-DD`) on.
#[derive(sqlx::FromRow)]
pub struct PatternRow {
    pub from_day: String,
    pub working_days: String,
    pub work_start: i64,
    pub work_end: i64,
    pub comfort_setpoint: f64,
}

/// Keeps the pattern of `row` in force from `from_day`: replacing one kept from that day when
/// `replace`, else only where none is.
pub async fn keep_pattern<'e>(
    db: impl Db<'e>,
    business_id: i64,
    from_day: &str,
    row: &SettingsRow,
    replace: bool,
) -> StoreResult<()> {
    let sql = if replace {
        "INSERT INTO working_patterns (business_id, from_day, working_days, work_start, work_end,
             comfort_setpoint)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (business_id, from_day) DO UPDATE SET working_days = excluded.working_days,
             work_start = excluded.work_start, work_end = excluded.work_end,
             comfort_setpoint = excluded.comfort_setpoint"
    } else {
        "INSERT INTO working_patterns (business_id, from_day, working_days, work_start, work_end,
             comfort_setpoint)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (business_id, from_day) DO NOTHING"
    };
    sqlx::query(sql)
        .bind(business_id)
        .bind(from_day)
        .bind(&row.working_days)
        .bind(row.work_start)
        .bind(row.work_end)
        .bind(row.comfort_setpoint)
        .execute(db)
        .await?;
    Ok(())
}

/// The patterns kept, oldest first.
pub async fn patterns<'e>(db: impl Db<'e>, business_id: i64) -> StoreResult<Vec<PatternRow>> {
    let rows = sqlx::query_as(
        "SELECT from_day, working_days, work_start, work_end, comfort_setpoint
         FROM working_patterns WHERE business_id = $1 ORDER BY from_day",
    )
    .bind(business_id)
    .fetch_all(db)
    .await?;
    Ok(rows)
}
