//! The contact messages' SQL.

use sqlx::AnyConnection;

use crate::store::{Db, StoreResult};

/// How many messages the business sent since `since` (unix seconds).
pub async fn sent_since<'e>(db: impl Db<'e>, business_id: i64, since: i64) -> StoreResult<i64> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM contact_messages WHERE business_id = $1 AND created_at >= $2",
    )
    .bind(business_id)
    .bind(since)
    .fetch_one(db)
    .await?;
    Ok(count)
}

pub async fn save(
    db: &mut AnyConnection,
    (business_id, user_id): (i64, i64),
    subject: &str,
    message: &str,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO contact_messages (business_id, user_id, subject, message, created_at)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(business_id)
    .bind(user_id)
    .bind(subject)
    .bind(message)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// The sender's email and business name, for the mail to support.
pub async fn sender<'e>(db: impl Db<'e>, user_id: i64) -> StoreResult<(String, String)> {
    let row = sqlx::query_as(
        "SELECT u.email, b.name FROM users u JOIN businesses b ON b.id = u.business_id
         WHERE u.id = $1",
    )
    .bind(user_id)
    .fetch_one(db)
    .await?;
    Ok(row)
}
