//! Stored zones, with their rooms' radiators summed up.

use serde::Serialize;
use sqlx::Any;
use utoipa::ToSchema;

use crate::devices::OFFLINE_AFTER_SECS;
use crate::radiators::{GROUP_STATE_COLUMNS, GroupState};
use crate::store::{Db, StoreResult};

#[derive(sqlx::FromRow, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct ZoneView {
    pub id: i64,
    pub name: String,
    pub room_count: i64,
    pub radiator_count: i64,
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub live: GroupState,
}

/// `$1` business, `$2` the time before which reports count as offline, and `filter`.
fn select_sql(filter: &str) -> String {
    format!(
        "SELECT z.id, z.name, COUNT(DISTINCT rm.id) AS room_count, COUNT(r.id) AS radiator_count,
            {GROUP_STATE_COLUMNS}
        FROM zones z
        LEFT JOIN rooms rm ON rm.zone_id = z.id
        LEFT JOIN radiators r ON r.room_id = rm.id
        LEFT JOIN radiator_states s ON s.radiator_id = r.id
        WHERE z.business_id = $1 {filter}
        GROUP BY z.id, z.name, z.name_key, z.search_key ORDER BY z.search_key, z.name_key"
    )
}

pub async fn list<'e>(
    db: impl Db<'e>,
    business_id: i64,
    pattern: &str,
    now: i64,
) -> StoreResult<Vec<ZoneView>> {
    let sql = select_sql("AND z.search_key LIKE $3 ESCAPE '\\'");
    select(db, sql, business_id, now, pattern).await
}

pub async fn find<'e>(
    db: impl Db<'e>,
    business_id: i64,
    id: i64,
    now: i64,
) -> StoreResult<Option<ZoneView>> {
    let sql = select_sql("AND z.id = $3");
    Ok(select(db, sql, business_id, now, id).await?.pop())
}

/// Runs `sql` (from [`select_sql`], with a condition on `$3`) with `value` for `$3`.
async fn select<'e, 'q, T>(
    db: impl Db<'e>,
    sql: String,
    business_id: i64,
    now: i64,
    value: T,
) -> StoreResult<Vec<ZoneView>>
where
    T: 'q + Send + sqlx::Encode<'q, Any> + sqlx::Type<Any>,
{
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(business_id)
        .bind(now - OFFLINE_AFTER_SECS)
        .bind(value)
        .fetch_all(db)
        .await?)
}
