//! Reading the action history, which `kernel/change.rs` writes.

use sqlx::AnyPool;

use crate::store::StoreResult;

/// One stored entry: id, author's email (gone with a deleted account), what acted when no user
/// did, action, record type and id, the record before and after as JSON text, and when (unix
/// seconds).
pub type EntryRow =
    (i64, Option<String>, Option<String>, String, String, i64, Option<String>, Option<String>, i64);

/// A page of the business's history (of records of `kind` only, with `Some`), newest first,
/// with the number of such entries in all.
pub async fn page(
    pool: &AnyPool,
    business_id: i64,
    kind: Option<&str>,
    per_page: i64,
    offset: i64,
) -> StoreResult<(Vec<EntryRow>, i64)> {
    let rows: Vec<EntryRow> = sqlx::query_as(
        "SELECT h.id, u.email, h.by_name, h.action, h.record_type, h.record_id, h.before_json,
                h.after_json, h.at
         FROM action_history h LEFT JOIN users u ON u.id = h.user_id
         WHERE h.business_id = $1 AND ($2 IS NULL OR h.record_type = $2)
         ORDER BY h.id DESC LIMIT $3 OFFSET $4",
    )
    .bind(business_id)
    .bind(kind)
    .bind(per_page)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let (total,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM action_history
         WHERE business_id = $1 AND ($2 IS NULL OR record_type = $2)",
    )
    .bind(business_id)
    .bind(kind)
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}
