//! All of the schedules' SQL: the schedules and their targets, the radiators they reach, and
//! the periods the engine applied.

use sqlx::{Any, AnyConnection, AnyPool, Row};

use crate::store::{Db, StoreResult, name_key, search_key};

/// A schedule as stored.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct ScheduleRow {
    pub id: i64,
    pub business_id: i64,
    pub name: String,
    pub schedule_for: String,
    pub duration: String,
    /// ISO days, comma-separated.
    pub days: String,
    pub slots_json: String,
    pub setback: Option<f64>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub status: i64,
    pub revision: i64,
    /// 1: its slots run on the business's closed days too.
    pub runs_on_closed_days: i64,
}

/// What a create or an update writes.
pub struct Fields<'a> {
    pub name: &'a str,
    pub schedule_for: &'a str,
    pub duration: &'a str,
    pub days: &'a str,
    pub slots_json: &'a str,
    pub setback: Option<f64>,
    pub start_date: Option<&'a str>,
    pub end_date: Option<&'a str>,
    pub status: i64,
    pub runs_on_closed_days: i64,
}

const COLUMNS: &str = "s.id, s.business_id, s.name, s.schedule_for, s.duration, s.days, \
    s.slots_json, s.setback, s.start_date, s.end_date, s.status, s.revision, \
    s.runs_on_closed_days";

/// The business's schedules whose name contains `pattern` (see `store::contains_pattern`).
pub async fn list(
    pool: &AnyPool,
    business_id: i64,
    pattern: &str,
) -> StoreResult<Vec<ScheduleRow>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM schedules s
         WHERE s.business_id = $1 AND s.search_key LIKE $2 ESCAPE '\\'
         ORDER BY s.search_key, s.name_key"
    );
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(business_id)
        .bind(pattern)
        .fetch_all(pool)
        .await?;
    Ok(rows)
}

pub async fn find<'e>(
    db: impl Db<'e>,
    business_id: i64,
    id: i64,
) -> StoreResult<Option<ScheduleRow>> {
    let sql = format!("SELECT {COLUMNS} FROM schedules s WHERE s.id = $1 AND s.business_id = $2");
    let row = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(business_id)
        .fetch_optional(db)
        .await?;
    Ok(row)
}

/// Every enabled schedule (of one business with `Some`) with its business's time zone.
pub async fn enabled<'e>(
    db: impl Db<'e>,
    business_id: Option<i64>,
) -> StoreResult<Vec<(ScheduleRow, String)>> {
    let sql = format!(
        "SELECT {COLUMNS}, COALESCE(b.time_zone, 'Europe/London') AS time_zone
         FROM schedules s LEFT JOIN business_settings b ON b.business_id = s.business_id
         WHERE s.status = 1 AND ($1 IS NULL OR s.business_id = $1)"
    );
    let rows: Vec<EnabledRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(business_id).fetch_all(db).await?;
    Ok(rows.into_iter().map(|row| (row.schedule, row.time_zone)).collect())
}

#[derive(sqlx::FromRow)]
struct EnabledRow {
    #[sqlx(flatten)]
    schedule: ScheduleRow,
    time_zone: String,
}

/// `(schedule id, target id)` of every target of the business's schedules (all businesses'
/// with `None`).
pub async fn targets<'e>(
    db: impl Db<'e>,
    business_id: Option<i64>,
) -> StoreResult<Vec<(i64, i64)>> {
    let rows = sqlx::query_as(
        "SELECT t.schedule_id, t.target_id FROM schedule_targets t
         JOIN schedules s ON s.id = t.schedule_id
         WHERE $1 IS NULL OR s.business_id = $1 ORDER BY t.schedule_id, t.target_id",
    )
    .bind(business_id)
    .fetch_all(db)
    .await?;
    Ok(rows)
}

/// The next revision in the business: the schedule changed last has the highest.
async fn next_revision(db: &mut AnyConnection, business_id: i64) -> StoreResult<i64> {
    let (revision,): (i64,) = sqlx::query_as(
        "SELECT COALESCE(MAX(revision), 0) + 1 FROM schedules WHERE business_id = $1",
    )
    .bind(business_id)
    .fetch_one(db)
    .await?;
    Ok(revision)
}

/// The query with a schedule's fields bound to `$1`…`$10`, in the order of [`Fields`].
/// Binds the fields in their order. The statements that take them are not kept prepared: sqlx
/// 0.9's `Any` driver declares a missing f64 (no setback) as a float4 (its NULL kinds for f32
/// and f64 are swapped, transact-rs/sqlx#4290), and PostgreSQL would then refuse the float8
/// setback of the next schedule written on the same connection.
fn with_fields<'q>(query: Statement<'q>, fields: &Fields<'q>) -> Statement<'q> {
    query
        .bind(fields.name)
        .bind(fields.schedule_for)
        .bind(fields.duration)
        .bind(fields.days)
        .bind(fields.slots_json)
        .bind(fields.setback)
        .bind(fields.start_date)
        .bind(fields.end_date)
        .bind(fields.status)
        .bind(fields.runs_on_closed_days)
}

type Statement<'q> = sqlx::query::Query<'q, Any, <Any as sqlx::Database>::Arguments>;

pub async fn insert(
    db: &mut AnyConnection,
    business_id: i64,
    fields: &Fields<'_>,
    now: i64,
) -> StoreResult<i64> {
    let revision = next_revision(db, business_id).await?;
    let insert = sqlx::query(
        "INSERT INTO schedules (name, schedule_for, duration, days, slots_json, setback,
             start_date, end_date, status, runs_on_closed_days, revision, business_id,
             created_at, name_key, search_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         RETURNING id",
    );
    let row = with_fields(insert, fields)
        .persistent(false)
        .bind(revision)
        .bind(business_id)
        .bind(now)
        .bind(name_key(fields.name))
        .bind(search_key(fields.name))
        .fetch_one(&mut *db)
        .await?;
    Ok(row.try_get(0)?)
}

pub async fn update(
    db: &mut AnyConnection,
    business_id: i64,
    id: i64,
    fields: &Fields<'_>,
) -> StoreResult<()> {
    let revision = next_revision(db, business_id).await?;
    let update = sqlx::query(
        "UPDATE schedules SET name = $1, schedule_for = $2, duration = $3, days = $4,
             slots_json = $5, setback = $6, start_date = $7, end_date = $8, status = $9,
             runs_on_closed_days = $10, revision = $11, name_key = $14, search_key = $15
         WHERE id = $12 AND business_id = $13",
    );
    with_fields(update, fields)
        .persistent(false)
        .bind(revision)
        .bind(id)
        .bind(business_id)
        .bind(name_key(fields.name))
        .bind(search_key(fields.name))
        .execute(db)
        .await?;
    Ok(())
}

pub async fn set_status(
    db: &mut AnyConnection,
    business_id: i64,
    id: i64,
    status: i64,
) -> StoreResult<()> {
    let revision = next_revision(db, business_id).await?;
    sqlx::query(
        "UPDATE schedules SET status = $1, revision = $2 WHERE id = $3 AND business_id = $4",
    )
    .bind(status)
    .bind(revision)
    .bind(id)
    .bind(business_id)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn set_targets(db: &mut AnyConnection, id: i64, targets: &[i64]) -> StoreResult<()> {
    sqlx::query("DELETE FROM schedule_targets WHERE schedule_id = $1")
        .bind(id)
        .execute(&mut *db)
        .await?;
    for target in targets {
        sqlx::query("INSERT INTO schedule_targets (schedule_id, target_id) VALUES ($1, $2)")
            .bind(id)
            .bind(target)
            .execute(&mut *db)
            .await?;
    }
    Ok(())
}

pub async fn delete(db: &mut AnyConnection, business_id: i64, id: i64) -> StoreResult<()> {
    sqlx::query("DELETE FROM schedules WHERE id = $1 AND business_id = $2")
        .bind(id)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}

/// A radiator as the engine sees it: where it is, what it is set to, its bounds, and the period
/// last applied to it.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct RadiatorPlace {
    pub id: i64,
    pub business_id: i64,
    pub name: String,
    pub room_id: Option<i64>,
    pub zone_id: Option<i64>,
    pub is_on: i64,
    pub setpoint: f64,
    pub min_temperature: f64,
    pub max_temperature: f64,
    /// Its room's last reported temperature.
    pub temperature: Option<f64>,
    pub period_key: Option<String>,
}

/// Every radiator (of one business with `Some`), placed.
pub async fn radiators<'e>(
    db: impl Db<'e>,
    business_id: Option<i64>,
) -> StoreResult<Vec<RadiatorPlace>> {
    let rows = sqlx::query_as(
        "SELECT r.id, r.business_id, r.name, r.room_id, rm.zone_id, r.is_on, r.setpoint,
                r.min_temperature, r.max_temperature, st.temperature, a.period_key
         FROM radiators r LEFT JOIN rooms rm ON rm.id = r.room_id
         LEFT JOIN radiator_states st ON st.radiator_id = r.id
         LEFT JOIN schedule_applied a ON a.radiator_id = r.id
         WHERE $1 IS NULL OR r.business_id = $1 ORDER BY r.id",
    )
    .bind(business_id)
    .fetch_all(db)
    .await?;
    Ok(rows)
}

/// Notes the period applied to a radiator, or with `None` that no schedule is in force on it.
pub async fn mark_applied(
    db: &mut AnyConnection,
    radiator_id: i64,
    period_key: Option<&str>,
) -> StoreResult<()> {
    match period_key {
        Some(key) => {
            sqlx::query(
                "INSERT INTO schedule_applied (radiator_id, period_key) VALUES ($1, $2)
                 ON CONFLICT (radiator_id) DO UPDATE SET period_key = excluded.period_key",
            )
            .bind(radiator_id)
            .bind(key)
            .execute(db)
            .await?;
        }
        None => {
            sqlx::query("DELETE FROM schedule_applied WHERE radiator_id = $1")
                .bind(radiator_id)
                .execute(db)
                .await?;
        }
    }
    Ok(())
}

/// The names of the business's rooms, zones and radiators by id, for a schedule's targets.
#[derive(Default)]
pub struct TargetNames {
    rooms: Vec<(i64, String)>,
    zones: Vec<(i64, String)>,
    radiators: Vec<(i64, String)>,
}

impl TargetNames {
    pub fn get(&self, kind: &str) -> &[(i64, String)] {
        match kind {
            "room" => &self.rooms,
            "zone" => &self.zones,
            _ => &self.radiators,
        }
    }
}

pub async fn target_names(db: &mut AnyConnection, business_id: i64) -> StoreResult<TargetNames> {
    let mut names = TargetNames::default();
    for (table, list) in [
        ("rooms", &mut names.rooms),
        ("zones", &mut names.zones),
        ("radiators", &mut names.radiators),
    ] {
        let sql = format!("SELECT id, name FROM {table} WHERE business_id = $1");
        *list =
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(business_id).fetch_all(&mut *db).await?;
    }
    Ok(names)
}
