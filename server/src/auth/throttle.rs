//! Sign-in throttling: too many recent failures for one email, or from one address, and
//! further attempts are refused with 429 until the oldest failure leaves the window. Kept in
//! the store so every instance of the server sees the same count.

use sqlx::AnyPool;
use time::{Duration, OffsetDateTime};

use crate::error::{ApiError, ApiResult};
use crate::store::Store;

pub const WINDOW: Duration = Duration::minutes(15);
pub const MAX_FAILURES_PER_EMAIL: i64 = 5;
/// Higher, because one office may share one address.
pub const MAX_FAILURES_PER_ADDRESS: i64 = 20;

pub fn email_key(email: &str) -> String {
    format!("email:{email}")
}

pub fn address_key(address: &str) -> String {
    format!("ip:{address}")
}

/// Refuses the attempt when either key has reached its limit.
pub async fn check(pool: &AnyPool, keys: [(&str, i64); 2], now: OffsetDateTime) -> ApiResult<()> {
    let since = (now - WINDOW).unix_timestamp();
    for (key, limit) in keys {
        let (count, oldest): (i64, Option<i64>) = sqlx::query_as(
            "SELECT COUNT(*), MIN(failed_at) FROM login_failures
             WHERE throttle_key = $1 AND failed_at > $2",
        )
        .bind(key)
        .bind(since)
        .fetch_one(pool)
        .await?;
        if count >= limit {
            let free_at = oldest.unwrap_or(since) + WINDOW.whole_seconds();
            let retry_after_secs = (free_at - now.unix_timestamp()).max(1) as u64;
            let minutes = retry_after_secs.div_ceil(60);
            return Err(ApiError::TooManyRequests {
                description: format!(
                    "Too many failed sign-in attempts. Try again in {minutes} minute{}.",
                    if minutes == 1 { "" } else { "s" }
                ),
                retry_after_secs,
            });
        }
    }
    Ok(())
}

/// Records a failure under each key and forgets that key's failures older than the window.
pub async fn record_failure(store: &Store, keys: [&str; 2], now: OffsetDateTime) -> ApiResult<()> {
    let mut tx = store.begin_write().await?;
    for key in keys {
        sqlx::query("DELETE FROM login_failures WHERE throttle_key = $1 AND failed_at <= $2")
            .bind(key)
            .bind((now - WINDOW).unix_timestamp())
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO login_failures (throttle_key, failed_at) VALUES ($1, $2)")
            .bind(key)
            .bind(now.unix_timestamp())
            .execute(&mut *tx)
            .await?;
    }
    store.commit(tx).await
}

/// A successful sign-in (or a password reset) clears the email's failures.
pub async fn clear(store: &Store, key: &str) -> ApiResult<()> {
    store
        .write(sqlx::query("DELETE FROM login_failures WHERE throttle_key = $1").bind(key))
        .await?;
    Ok(())
}
