//! Stored radiators and their latest reported state.

use serde::Serialize;
use sqlx::{Any, Executor};
use utoipa::ToSchema;

use crate::error::{ApiError, ApiResult};

/// A radiator stops counting as online this long after its last report.
pub const OFFLINE_AFTER_SECS: i64 = 5 * 60;

/// A radiator as the API shows it: its settings, the server's desired state and the state the
/// device last reported.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct RadiatorView {
    pub id: i64,
    pub uid: String,
    pub name: String,
    pub room_id: Option<i64>,
    pub room_name: Option<String>,
    pub min_temperature: f64,
    pub max_temperature: f64,
    /// The temperature the radiator heats to while on.
    pub target_temperature: f64,
    /// 1 on, 0 off.
    pub status: i64,
    /// Room temperature the device last reported, °C.
    pub current_temperature: Option<f64>,
    pub power_w: Option<f64>,
    /// 1 while the heater is drawing power.
    pub heating: i64,
    /// 1 when the device reported within the last 5 minutes.
    pub online: i64,
    pub last_seen: Option<String>,
}

const SELECT: &str = "SELECT r.id, r.uid, r.name, r.room_id, rm.name AS room_name,
        r.min_temperature, r.max_temperature, r.setpoint, r.is_on, s.temperature, s.power_w,
        s.heating, s.last_seen
    FROM radiators r
    LEFT JOIN rooms rm ON rm.id = r.room_id
    LEFT JOIN radiator_states s ON s.radiator_id = r.id";

type Row = (
    i64,
    String,
    String,
    Option<i64>,
    Option<String>,
    f64,
    f64,
    f64,
    i64,
    Option<f64>,
    Option<f64>,
    Option<i64>,
    Option<i64>,
);

fn view(row: Row, now: i64) -> RadiatorView {
    let (
        id,
        uid,
        name,
        room_id,
        room_name,
        min,
        max,
        setpoint,
        is_on,
        temperature,
        power_w,
        heating,
        last_seen,
    ) = row;
    let online = last_seen.is_some_and(|seen| now - seen < OFFLINE_AFTER_SECS);
    RadiatorView {
        id,
        uid,
        name,
        room_id,
        room_name,
        min_temperature: min,
        max_temperature: max,
        target_temperature: setpoint,
        status: is_on,
        current_temperature: temperature,
        power_w,
        heating: i64::from(online && heating == Some(1)),
        online: i64::from(online),
        last_seen: last_seen.map(crate::clock::iso8601),
    }
}

/// The business's radiators whose name contains `pattern` (a LIKE pattern), by name.
pub async fn list<'e>(
    db: impl Executor<'e, Database = Any>,
    business_id: i64,
    pattern: &str,
    now: i64,
) -> ApiResult<Vec<RadiatorView>> {
    let sql = format!(
        "{SELECT} WHERE r.business_id = $1 AND lower(r.name) LIKE $2 ESCAPE '\\' ORDER BY lower(r.name)"
    );
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(business_id)
        .bind(pattern)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(|row| view(row, now)).collect())
}

pub async fn in_room<'e>(
    db: impl Executor<'e, Database = Any>,
    business_id: i64,
    room_id: i64,
    now: i64,
) -> ApiResult<Vec<RadiatorView>> {
    let sql =
        format!("{SELECT} WHERE r.business_id = $1 AND r.room_id = $2 ORDER BY lower(r.name)");
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(business_id)
        .bind(room_id)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(|row| view(row, now)).collect())
}

/// One radiator of the business; another business's id is as missing as an unknown one.
pub async fn find<'e>(
    db: impl Executor<'e, Database = Any>,
    business_id: i64,
    id: i64,
    now: i64,
) -> ApiResult<RadiatorView> {
    let sql = format!("{SELECT} WHERE r.business_id = $1 AND r.id = $2");
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(business_id)
        .bind(id)
        .fetch_optional(db)
        .await?;
    row.map(|row| view(row, now)).ok_or_else(not_found)
}

pub fn not_found() -> ApiError {
    ApiError::NotFound("This radiator does not exist.".into())
}
