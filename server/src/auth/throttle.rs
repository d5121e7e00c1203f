//! Sign-in throttling: too many recent failures for one email, or from one address, and
//! further attempts are refused with 429 until the oldest failure leaves the window. Kept in
//! the store so every instance of the server sees the same count; each attempt is counted as
//! a failure before its password is checked, and taken back when it succeeds.

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

/// A sign-in attempt, counted as a failure under its email and its address until it succeeds.
pub struct Reservation(Vec<i64>);

/// Reserves an attempt for the email and the address, or refuses it (429) when either has
/// reached its limit. Reserving before the password is checked means parallel attempts cannot
/// all pass a count taken before any of them failed.
pub async fn reserve(
    db: &Store,
    email: &str,
    address: &str,
    now: OffsetDateTime,
) -> ApiResult<Reservation> {
    let (email, address) = (email_key(email), address_key(address));
    let keys =
        [(email.as_str(), MAX_FAILURES_PER_EMAIL), (address.as_str(), MAX_FAILURES_PER_ADDRESS)];
    let since = (now - WINDOW).unix_timestamp();
    match store::reserve_attempt(db, keys, now.unix_timestamp(), since).await? {
        store::Attempt::Reserved(ids) => Ok(Reservation(ids)),
        store::Attempt::Refused { oldest } => {
            let free_at = oldest.unwrap_or(since) + WINDOW.whole_seconds();
            let retry_after_secs = (free_at - now.unix_timestamp()).max(1) as u64;
            let minutes = retry_after_secs.div_ceil(60);
            Err(ApiError::TooManyRequests {
                description: format!(
                    "Too many failed sign-in attempts. Try again in {minutes} minute{}.",
                    if minutes == 1 { "" } else { "s" }
                ),
                retry_after_secs,
            })
        }
    }
}

/// The attempt succeeded: it was no failure, and the email's earlier failures are forgiven.
pub async fn succeeded(db: &Store, email: &str, reservation: Reservation) -> ApiResult<()> {
    store::release_attempt(db, &reservation.0).await?;
    clear(db, &email_key(email)).await
}

/// A password reset clears the email's failures.
pub async fn clear(db: &Store, key: &str) -> ApiResult<()> {
    Ok(store::clear_failures(db, key).await?)
}
