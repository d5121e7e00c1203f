//! Reading the action history, which `kernel/change.rs` writes.

use serde::Serialize;
use sqlx::AnyPool;
use utoipa::ToSchema;

use crate::store::StoreResult;
use crate::store::columns::{Iso8601, JsonText};

/// One entry as the API shows it.
#[derive(sqlx::FromRow, Serialize, ToSchema)]
pub struct Entry {
    id: i64,
    /// Who made the change; empty when that account has since been deleted, or when HeatDesk
    /// made it on its own (see `by`).
    user_email: String,
    /// What made the change when no user did: "schedule 'Office hours'"; null otherwise.
    by: Option<String>,
    action: String,
    record_type: String,
    record_id: i64,
    #[schema(value_type = Option<Object>)]
    before: Option<JsonText>,
    #[schema(value_type = Option<Object>)]
    after: Option<JsonText>,
    at: Iso8601,
}

/// Which entries a page lists.
pub struct Filter<'a> {
    /// Of records of this kind only.
    pub kind: Option<&'a str>,
    /// `people`: made by users; `heatdesk`: by a schedule or an automation.
    pub by: Option<&'a str>,
}

/// `$2` the kind, `$3` whose: the entries a [`Filter`] lets through, of `action_history` `h`.
const FILTER: &str = "($2 IS NULL OR h.record_type = $2)
    AND ($3 IS NULL OR ($3 = 'people' AND h.by_name IS NULL)
        OR ($3 = 'heatdesk' AND h.by_name IS NOT NULL))";

/// A page of the business's history (the entries `filter` lets through), newest first, with
/// the number of such entries in all.
pub async fn page(
    pool: &AnyPool,
    business_id: i64,
    filter: Filter<'_>,
    per_page: i64,
    offset: i64,
) -> StoreResult<(Vec<Entry>, i64)> {
    let sql = format!(
        "SELECT h.id, COALESCE(u.email, '') AS user_email, h.by_name AS \"by\", h.action,
                h.record_type, h.record_id, h.before_json AS \"before\", h.after_json AS \"after\",
                h.at
         FROM action_history h LEFT JOIN users u ON u.id = h.user_id
         WHERE h.business_id = $1 AND {FILTER}
         ORDER BY h.id DESC LIMIT $4 OFFSET $5"
    );
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(business_id)
        .bind(filter.kind)
        .bind(filter.by)
        .bind(per_page)
        .bind(offset)
        .fetch_all(pool)
        .await?;
    let sql =
        format!("SELECT COUNT(*) FROM action_history h WHERE h.business_id = $1 AND {FILTER}");
    let (total,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(business_id)
        .bind(filter.kind)
        .bind(filter.by)
        .fetch_one(pool)
        .await?;
    Ok((rows, total))
}
