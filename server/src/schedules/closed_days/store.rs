//! All of the closed days' SQL.

use serde::Serialize;
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use crate::store::{Db, StoreResult};

/// Days a business is closed, from the first to the last (`YYYY-MM-DD`, both included).
#[derive(sqlx::FromRow, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct ClosedDays {
    pub id: i64,
    #[schema(example = "Christmas")]
    pub name: String,
    #[schema(example = "2026-12-24")]
    pub first_date: String,
    #[schema(example = "2027-01-01")]
    pub last_date: String,
}

const COLUMNS: &str = "id, name, first_date, last_date";

/// The business's closed days whose last day is `today` or later, the earliest first.
pub async fn upcoming<'e>(
    db: impl Db<'e>,
    business_id: i64,
    today: &str,
) -> StoreResult<Vec<ClosedDays>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM closed_days WHERE business_id = $1 AND last_date >= $2
         ORDER BY first_date"
    );
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(business_id)
        .bind(today)
        .fetch_all(db)
        .await?;
    Ok(rows)
}

pub async fn find(
    db: &mut AnyConnection,
    business_id: i64,
    id: i64,
) -> StoreResult<Option<ClosedDays>> {
    let sql = format!("SELECT {COLUMNS} FROM closed_days WHERE id = $1 AND business_id = $2");
    let row = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(business_id)
        .fetch_optional(db)
        .await?;
    Ok(row)
}

/// The business's closed days that share a day with `first`–`last`, if any.
pub async fn overlapping<'e>(
    db: impl Db<'e>,
    business_id: i64,
    first: &str,
    last: &str,
) -> StoreResult<Option<ClosedDays>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM closed_days
         WHERE business_id = $1 AND first_date <= $3 AND last_date >= $2
         ORDER BY first_date LIMIT 1"
    );
    let row = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(business_id)
        .bind(first)
        .bind(last)
        .fetch_optional(db)
        .await?;
    Ok(row)
}

pub async fn insert(
    db: &mut AnyConnection,
    business_id: i64,
    (name, first, last): (&str, &str, &str),
    now: i64,
) -> StoreResult<i64> {
    let row = sqlx::query(
        "INSERT INTO closed_days (business_id, name, first_date, last_date, created_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(business_id)
    .bind(name)
    .bind(first)
    .bind(last)
    .bind(now)
    .fetch_one(db)
    .await?;
    Ok(row.try_get(0)?)
}

pub async fn delete(db: &mut AnyConnection, business_id: i64, id: i64) -> StoreResult<()> {
    sqlx::query("DELETE FROM closed_days WHERE id = $1 AND business_id = $2")
        .bind(id)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}

/// How many of the business's closed days end `today` or later.
pub async fn count_upcoming(
    db: &mut AnyConnection,
    business_id: i64,
    today: &str,
) -> StoreResult<i64> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM closed_days WHERE business_id = $1 AND last_date >= $2",
    )
    .bind(business_id)
    .bind(today)
    .fetch_one(db)
    .await?;
    Ok(count)
}

/// `(business id, first date, last date)` of every stretch of closed days (of one business
/// with `Some`) that ends on `since` or later.
pub async fn stretches<'e>(
    db: impl Db<'e>,
    business_id: Option<i64>,
    since: &str,
) -> StoreResult<Vec<(i64, String, String)>> {
    let rows = sqlx::query_as(
        "SELECT business_id, first_date, last_date FROM closed_days
         WHERE ($1 IS NULL OR business_id = $1) AND last_date >= $2",
    )
    .bind(business_id)
    .bind(since)
    .fetch_all(db)
    .await?;
    Ok(rows)
}
