//! Sign-in throttling: too many recent failures for one email, or from one address, and
//! further attempts are refused with 429 until the oldest failure leaves the window. Kept in
//! the store so every instance of the server sees the same count.

use sqlx::AnyPool;
use time::{Duration, OffsetDateTime};

use super::store;
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
        let (count, oldest) = store::failures_since(pool, key, since).await?;
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
pub async fn record_failure(db: &Store, keys: [&str; 2], now: OffsetDateTime) -> ApiResult<()> {
    let forget_until = (now - WINDOW).unix_timestamp();
    Ok(store::record_failure(db, keys, now.unix_timestamp(), forget_until).await?)
}

/// A successful sign-in (or a password reset) clears the email's failures.
pub async fn clear(db: &Store, key: &str) -> ApiResult<()> {
    Ok(store::clear_failures(db, key).await?)
}
