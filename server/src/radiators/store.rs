//! Stored radiators and their latest reported state.

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};
use utoipa::ToSchema;

use crate::devices::{OFFLINE_AFTER_SECS, Scope, rollups};
use crate::store::columns::Iso8601;
use crate::store::{self, Db, Orphan, StoreResult, name_key, search_key};

/// A radiator as the API shows it: its settings, the server's desired state and the state the
/// device last reported.
#[derive(sqlx::FromRow, Serialize, ToSchema, Clone, Debug, PartialEq)]
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
    pub last_seen: Option<Iso8601>,
}

/// What a group of radiators (a room, a zone) shows live, summed up from its radiators.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct GroupState {
    /// 1 when any of its radiators is on.
    pub status: i64,
    /// How many of its radiators are on: a group switch is on only when every one is.
    pub radiators_on: i64,
    /// Average temperature reported by its online radiators, °C.
    pub current_temperature: Option<f64>,
    /// Average target of its radiators that are on, °C.
    pub target_temperature: Option<f64>,
    /// The lowest and the highest of those targets: an average of 22 and 24 is a target no
    /// radiator has, so the app shows the range where they differ.
    pub lowest_target: Option<f64>,
    pub highest_target: Option<f64>,
    /// The target every one of its radiators has, on or off; none where they differ. A group
    /// switched off has no target, so setting its temperature starts from this.
    pub shared_target: Option<f64>,
    /// 1 while any of its radiators is heating.
    pub heating: i64,
    /// 1 once any of its radiators has reported; 0 while every one waits for its first report
    /// (waiting, not offline).
    pub reported: i64,
}

/// The aggregate columns a [`GroupState`] is read from, by name, over the group's
/// radiators `r` and their states `s`; `$2` is the time before which reports count as offline.
pub const GROUP_STATE_COLUMNS: &str = "COUNT(CASE WHEN r.is_on = 1 THEN 1 END) AS radiators_on,
        AVG(CASE WHEN s.last_seen > $2 THEN s.temperature END) AS current_temperature,
        AVG(CASE WHEN r.is_on = 1 THEN r.setpoint END) AS target_temperature,
        MIN(CASE WHEN r.is_on = 1 THEN r.setpoint END) AS lowest_target,
        MAX(CASE WHEN r.is_on = 1 THEN r.setpoint END) AS highest_target,
        CASE WHEN MIN(r.setpoint) = MAX(r.setpoint) THEN MIN(r.setpoint) END AS shared_target,
        MAX(CASE WHEN s.last_seen > $2 THEN s.heating END) AS heating,
        COUNT(s.last_seen) AS reports";

impl<'r> sqlx::FromRow<'r, AnyRow> for GroupState {
    /// From [`GROUP_STATE_COLUMNS`], rounded as the API shows them.
    fn from_row(row: &'r AnyRow) -> sqlx::Result<Self> {
        let current: Option<f64> = row.try_get("current_temperature")?;
        let target: Option<f64> = row.try_get("target_temperature")?;
        let half = |t: f64| (t * 2.0).round() / 2.0;
        let radiators_on: i64 = row.try_get("radiators_on")?;
        Ok(GroupState {
            status: i64::from(radiators_on > 0),
            radiators_on,
            current_temperature: current.map(|t| (t * 10.0).round() / 10.0),
            target_temperature: target.map(half),
            lowest_target: row.try_get::<Option<f64>, _>("lowest_target")?.map(half),
            highest_target: row.try_get::<Option<f64>, _>("highest_target")?.map(half),
            shared_target: row.try_get::<Option<f64>, _>("shared_target")?.map(half),
            heating: row.try_get::<Option<i64>, _>("heating")?.unwrap_or(0),
            reported: i64::from(row.try_get::<i64, _>("reports")? > 0),
        })
    }
}

/// A [`RadiatorView`] per row; `$1` is the time before which reports count as offline, when a
/// radiator is neither online nor heating whatever it last said.
const SELECT: &str = "SELECT r.id, r.uid, r.name, r.room_id, rm.name AS room_name,
        r.min_temperature, r.max_temperature, r.setpoint AS target_temperature,
        r.is_on AS status, s.temperature AS current_temperature, s.power_w,
        CASE WHEN s.last_seen > $1 AND s.heating = 1 THEN 1 ELSE 0 END AS heating,
        CASE WHEN s.last_seen > $1 THEN 1 ELSE 0 END AS online, s.last_seen
    FROM radiators r
    LEFT JOIN rooms rm ON rm.id = r.room_id
    LEFT JOIN radiator_states s ON s.radiator_id = r.id";

/// Which of a business's radiators a read takes.
enum Which<'a> {
    /// Those whose name or uid matches a LIKE pattern.
    Named(&'a str),
    InRoom(i64),
    One(i64),
}

/// The business's radiators that `which` names, by name.
async fn select<'e>(
    db: impl Db<'e>,
    business_id: i64,
    which: Which<'_>,
    now: i64,
) -> StoreResult<Vec<RadiatorView>> {
    let filter = match which {
        // A uid is letters, digits, '-', '_' and ':', lower-cased alike on both backends.
        Which::Named(_) => "(r.search_key LIKE $3 ESCAPE '\\' OR LOWER(r.uid) LIKE $3 ESCAPE '\\')",
        Which::InRoom(_) => "r.room_id = $3",
        Which::One(_) => "r.id = $3",
    };
    let sql =
        format!("{SELECT} WHERE r.business_id = $2 AND {filter} ORDER BY r.search_key, r.name_key");
    let query =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(now - OFFLINE_AFTER_SECS).bind(business_id);
    let query = match which {
        Which::Named(pattern) => query.bind(pattern),
        Which::InRoom(id) | Which::One(id) => query.bind(id),
    };
    Ok(query.fetch_all(db).await?)
}

/// The business's radiators whose name or uid contains `pattern` (a LIKE pattern), by name.
pub async fn list<'e>(
    db: impl Db<'e>,
    business_id: i64,
    pattern: &str,
    now: i64,
) -> StoreResult<Vec<RadiatorView>> {
    select(db, business_id, Which::Named(pattern), now).await
}

pub async fn in_room<'e>(
    db: impl Db<'e>,
    business_id: i64,
    room_id: i64,
    now: i64,
) -> StoreResult<Vec<RadiatorView>> {
    select(db, business_id, Which::InRoom(room_id), now).await
}

/// One radiator of the business; another business's id is as missing as an unknown one.
pub async fn find<'e>(
    db: impl Db<'e>,
    business_id: i64,
    id: i64,
    now: i64,
) -> StoreResult<Option<RadiatorView>> {
    Ok(select(db, business_id, Which::One(id), now).await?.pop())
}

/// The business of the radiator with this uid in any case, and its room's id and name; uids
/// are unique across businesses, in any case.
pub async fn by_uid<'e>(
    db: impl Db<'e>,
    uid: &str,
) -> StoreResult<Option<(i64, i64, Option<i64>, Option<String>)>> {
    Ok(sqlx::query_as(
        "SELECT r.id, r.business_id, r.room_id, rm.name FROM radiators r
         LEFT JOIN rooms rm ON rm.id = r.room_id WHERE lower(r.uid) = lower($1)",
    )
    .bind(uid)
    .fetch_optional(db)
    .await?)
}

/// What the business sets of a radiator.
pub struct Fields<'a> {
    pub room_id: Option<i64>,
    pub name: &'a str,
    pub min: f64,
    pub max: f64,
    pub setpoint: f64,
}

/// Inserts a radiator, switched on; answers its id.
pub async fn insert(
    db: &mut AnyConnection,
    business_id: i64,
    uid: &str,
    fields: &Fields<'_>,
    created_at: i64,
) -> StoreResult<i64> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO radiators (business_id, room_id, uid, name, min_temperature, max_temperature,
             setpoint, is_on, created_at, name_key, search_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $10) RETURNING id",
    )
    .bind(business_id)
    .bind(fields.room_id)
    .bind(uid)
    .bind(fields.name)
    .bind(fields.min)
    .bind(fields.max)
    .bind(fields.setpoint)
    .bind(created_at)
    .bind(name_key(fields.name))
    .bind(search_key(fields.name))
    .fetch_one(db)
    .await?;
    Ok(id)
}

/// Whether the business has this room.
pub async fn room_exists(
    db: &mut AnyConnection,
    business_id: i64,
    room_id: i64,
) -> StoreResult<bool> {
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM rooms WHERE id = $1 AND business_id = $2")
            .bind(room_id)
            .bind(business_id)
            .fetch_optional(db)
            .await?;
    Ok(found.is_some())
}

pub async fn update(
    db: &mut AnyConnection,
    business_id: i64,
    id: i64,
    fields: &Fields<'_>,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE radiators SET name = $1, min_temperature = $2, max_temperature = $3,
             setpoint = $4, room_id = $5, name_key = $8, search_key = $9
         WHERE id = $6 AND business_id = $7",
    )
    .bind(fields.name)
    .bind(fields.min)
    .bind(fields.max)
    .bind(fields.setpoint)
    .bind(fields.room_id)
    .bind(id)
    .bind(business_id)
    .bind(name_key(fields.name))
    .bind(search_key(fields.name))
    .execute(db)
    .await?;
    Ok(())
}

/// Deletes the radiator, its use kept among its business's deleted radiators' days; answers the
/// schedules it leaves with no targets.
pub async fn delete(db: &mut AnyConnection, business_id: i64, id: i64) -> StoreResult<Vec<Orphan>> {
    let orphans = store::drop_schedule_target(&mut *db, business_id, "radiator", id).await?;
    rollups::keep_deleted_radiators_use(&mut *db, business_id, id).await?;
    sqlx::query("DELETE FROM radiators WHERE id = $1 AND business_id = $2")
        .bind(id)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(orphans)
}

/// Sets the setpoint when it is within the radiator's bounds, in one statement, so bounds
/// changed meanwhile are respected; answers the radiator's name and on/off, or `None` when it
/// is gone or the setpoint is out of its bounds.
pub async fn set_setpoint(
    db: &mut AnyConnection,
    business_id: i64,
    id: i64,
    celsius: f64,
) -> StoreResult<Option<(String, i64)>> {
    Ok(sqlx::query_as(
        "UPDATE radiators SET setpoint = $1
         WHERE id = $2 AND business_id = $3 AND $1 >= min_temperature AND $1 <= max_temperature
         RETURNING name, is_on",
    )
    .bind(celsius)
    .bind(id)
    .bind(business_id)
    .fetch_optional(db)
    .await?)
}

/// The radiators of a scope, by `$2` (its id) and `$3` (the business), as a WHERE condition.
fn members(scope: Scope) -> (&'static str, i64) {
    match scope {
        Scope::Radiator(id) => ("id = $2", id),
        Scope::Room(id) => ("room_id = $2", id),
        Scope::Zone(id) => {
            ("room_id IN (SELECT id FROM rooms WHERE zone_id = $2 AND business_id = $3)", id)
        }
    }
}

/// A radiator that could not take a room's or zone's temperature and got its nearest bound.
#[derive(sqlx::FromRow, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Clamped {
    pub radiator_id: i64,
    pub name: String,
    pub target_temperature: f64,
}

/// Sets the business's radiators in `scope` to `celsius`, each kept within its own bounds;
/// answers those the bounds held back, by name.
pub async fn set_setpoint_within_bounds(
    db: &mut AnyConnection,
    business_id: i64,
    scope: Scope,
    celsius: f64,
) -> StoreResult<Vec<Clamped>> {
    let (which, id) = members(scope);
    let sql = format!(
        "UPDATE radiators SET setpoint = CASE
             WHEN $1 < min_temperature THEN min_temperature
             WHEN $1 > max_temperature THEN max_temperature
             ELSE $1 END
         WHERE {which} AND business_id = $3"
    );
    let update = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(celsius).bind(id).bind(business_id);
    update.execute(&mut *db).await?;
    let sql = format!(
        "SELECT id AS radiator_id, name, setpoint AS target_temperature FROM radiators
         WHERE {which} AND business_id = $3 AND setpoint <> $1 ORDER BY search_key, name_key"
    );
    let clamped = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(celsius).bind(id).bind(business_id);
    Ok(clamped.fetch_all(db).await?)
}

/// How many of the business's radiators are in `scope`.
pub async fn count_in(db: &mut AnyConnection, business_id: i64, scope: Scope) -> StoreResult<i64> {
    let (which, id) = members(scope);
    let sql = format!("SELECT COUNT(*) FROM radiators WHERE {which} AND business_id = $3");
    // `members` numbers its parameters after the `$1` the updates set; here `$1` is unused.
    let count = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(id).bind(id).bind(business_id);
    Ok(count.fetch_one(db).await?)
}

/// Switches the business's radiators in `scope` on or off.
pub async fn set_on(
    db: &mut AnyConnection,
    business_id: i64,
    scope: Scope,
    on: bool,
) -> StoreResult<()> {
    let (which, id) = members(scope);
    let sql = format!("UPDATE radiators SET is_on = $1 WHERE {which} AND business_id = $3");
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(i64::from(on))
        .bind(id)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Puts the radiator in a room, or in none.
pub async fn set_room(
    db: &mut AnyConnection,
    business_id: i64,
    id: i64,
    room_id: Option<i64>,
) -> StoreResult<()> {
    sqlx::query("UPDATE radiators SET room_id = $1 WHERE id = $2 AND business_id = $3")
        .bind(room_id)
        .bind(id)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}

/// One stored reading: when, temperature, setpoint (0 while off), power, energy of the minute.
pub type ReadingRow = (i64, f64, f64, f64, f64);

/// A radiator's readings since `since`, oldest first.
pub async fn readings(
    pool: &AnyPool,
    radiator_id: i64,
    since: i64,
) -> StoreResult<Vec<ReadingRow>> {
    Ok(sqlx::query_as(
        "SELECT at, temperature, setpoint, power_w, energy_wh FROM readings
         WHERE radiator_id = $1 AND at > $2 ORDER BY at",
    )
    .bind(radiator_id)
    .bind(since)
    .fetch_all(pool)
    .await?)
}
