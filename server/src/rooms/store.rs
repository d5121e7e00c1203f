//! Stored rooms, with their radiators' live state summed up.

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::devices::OFFLINE_AFTER_SECS;
use crate::radiators::{GROUP_STATE_COLUMNS, GroupState};
use crate::store::{Db, StoreResult};

/// A room as lists show it: its zone and its radiators' state in one line.
#[derive(sqlx::FromRow, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct RoomView {
    pub id: i64,
    pub name: String,
    pub zone_id: Option<i64>,
    pub zone_name: Option<String>,
    pub radiator_count: i64,
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub live: GroupState,
}

/// `$1` business, `$2` the time before which reports count as offline; callers add a filter.
fn select_sql(filter: &str) -> String {
    format!(
        "SELECT rm.id, rm.name, rm.zone_id, z.name AS zone_name, COUNT(r.id) AS radiator_count,
            {GROUP_STATE_COLUMNS}
        FROM rooms rm
        LEFT JOIN zones z ON z.id = rm.zone_id
        LEFT JOIN radiators r ON r.room_id = rm.id
        LEFT JOIN radiator_states s ON s.radiator_id = r.id
        WHERE rm.business_id = $1 {filter}
        GROUP BY rm.id, rm.name, rm.name_key, rm.search_key, rm.zone_id, z.name
        ORDER BY rm.search_key, rm.name_key"
    )
}

/// The business's rooms by name, or those whose `column` is `value`.
async fn select<'e>(
    db: impl Db<'e>,
    business_id: i64,
    only: Option<(&str, i64)>,
    now: i64,
) -> StoreResult<Vec<RoomView>> {
    let filter = only.map(|(column, _)| format!("AND {column} = $3")).unwrap_or_default();
    let sql = select_sql(&filter);
    let mut query =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(business_id).bind(now - OFFLINE_AFTER_SECS);
    if let Some((_, value)) = only {
        query = query.bind(value);
    }
    Ok(query.fetch_all(db).await?)
}

/// Every room of the business, by name.
pub async fn all<'e>(db: impl Db<'e>, business_id: i64, now: i64) -> StoreResult<Vec<RoomView>> {
    select(db, business_id, None, now).await
}

pub async fn find<'e>(
    db: impl Db<'e>,
    business_id: i64,
    id: i64,
    now: i64,
) -> StoreResult<Option<RoomView>> {
    Ok(select(db, business_id, Some(("rm.id", id)), now).await?.pop())
}

pub async fn in_zone<'e>(
    db: impl Db<'e>,
    business_id: i64,
    zone_id: i64,
    now: i64,
) -> StoreResult<Vec<RoomView>> {
    select(db, business_id, Some(("rm.zone_id", zone_id)), now).await
}

/// Puts the room in a zone, or in none.
pub async fn set_zone(
    db: &mut AnyConnection,
    business_id: i64,
    id: i64,
    zone_id: Option<i64>,
) -> StoreResult<()> {
    sqlx::query("UPDATE rooms SET zone_id = $1 WHERE id = $2 AND business_id = $3")
        .bind(zone_id)
        .bind(id)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}
