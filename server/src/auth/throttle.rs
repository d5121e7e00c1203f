//! Sign-in throttling: too many recent failures for one email, or from one address, and
//! further attempts are refused with 429 until the oldest failure leaves the window. Kept in
//! the store so every instance of the server sees the same count; each attempt is counted as
//! a failure before its password is checked, and taken back when it succeeds.

use std::net::IpAddr;

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

pub fn address_key(address: IpAddr) -> String {
    format!("ip:{address}")
}

/// Calls other than sign-in that a client may make only so often from one address, because
/// each costs a hash or a mail: (key prefix, at most this many in the window, what it is).
pub const REGISTRATIONS: (&str, i64, &str) = ("register", 10, "registrations");
pub const RESET_REQUESTS: (&str, i64, &str) = ("forgot", 5, "password reset requests");
pub const RESETS: (&str, i64, &str) = ("reset", 10, "password resets");
/// A reset page checks its link when it opens: cheap, but a guessing ground if unlimited.
pub const RESET_CHECKS: (&str, i64, &str) = ("reset-check", 30, "reset link checks");
/// Each mails a link to an address of the asker's choosing (counted as one is sent).
pub const EMAIL_CHANGES: (&str, i64, &str) = ("email-change", 5, "email change requests");
pub const EMAIL_CONFIRMATIONS: (&str, i64, &str) = ("email-confirm", 30, "email confirmations");
/// The sign-up's link to confirm the email, sent again (to the account's own address).
pub const CONFIRMATION_RESENDS: (&str, i64, &str) =
    ("confirm-resend", 5, "requests to send the link again");

/// An attempt at an account's password (signing in, or confirming it), counted as a failure under
/// its email and its address until it succeeds.
pub struct Reservation(Vec<i64>);

/// What a password is being tried for; names the attempts when they are refused.
#[derive(Clone, Copy)]
pub enum Attempt {
    SignIn,
    /// The current password, asked for again before a new one is set or the account is deleted:
    /// a stolen session must not be a way to guess it without limit.
    Confirm,
}

/// Reserves an attempt for the email and the address, or refuses it (429) when either has
/// reached its limit. Reserving before the password is checked means parallel attempts cannot
/// all pass a count taken before any of them failed.
pub async fn reserve(
    db: &Store,
    email: &str,
    address: IpAddr,
    attempt: Attempt,
    now: OffsetDateTime,
) -> ApiResult<Reservation> {
    let (email, address) = (email_key(email), address_key(address));
    let keys =
        [(email.as_str(), MAX_FAILURES_PER_EMAIL), (address.as_str(), MAX_FAILURES_PER_ADDRESS)];
    let what = match attempt {
        Attempt::SignIn => "failed sign-in attempts",
        Attempt::Confirm => "wrong current passwords",
    };
    Ok(Reservation(counted(db, &keys, now, what).await?))
}

/// Counts one more call of `kind` from `address`, or refuses it (429) once the address has made
/// as many as the kind allows in the window.
pub async fn limit(
    db: &Store,
    (prefix, limit, what): (&str, i64, &str),
    address: IpAddr,
    now: OffsetDateTime,
) -> ApiResult<()> {
    let key = format!("{prefix}:{address}");
    counted(db, &[(key.as_str(), limit)], now, what).await.map(|_| ())
}

/// Links one email may be sent in the window (a password reset's, or a confirmation sent
/// again), whoever asks, so that requests from many addresses cannot fill an inbox. Counted
/// whether or not an account has the email, so a refusal tells nothing.
pub const LINKS_PER_EMAIL: i64 = 3;

/// Counts one more request of `kind` (`RESET_REQUESTS`, `CONFIRMATION_RESENDS`) for a link to
/// `email` from `address`, or refuses it (429).
pub async fn limit_links(
    db: &Store,
    (prefix, per_address, what): (&str, i64, &str),
    email: &str,
    address: IpAddr,
    now: OffsetDateTime,
) -> ApiResult<()> {
    let (by_address, by_email) = (format!("{prefix}:{address}"), format!("{prefix}:{email}"));
    let keys = [(by_address.as_str(), per_address), (by_email.as_str(), LINKS_PER_EMAIL)];
    counted(db, &keys, now, what).await.map(|_| ())
}

/// Records an attempt under each key unless one has reached its limit (429, naming `what`).
async fn counted(
    db: &Store,
    keys: &[(&str, i64)],
    now: OffsetDateTime,
    what: &str,
) -> ApiResult<Vec<i64>> {
    let since = (now - WINDOW).unix_timestamp();
    match store::reserve_attempt(db, keys, now.unix_timestamp(), since).await? {
        store::Attempt::Reserved(ids) => Ok(ids),
        store::Attempt::Refused { oldest } => {
            let free_at = oldest.unwrap_or(since) + WINDOW.whole_seconds();
            let retry_after_secs = (free_at - now.unix_timestamp()).max(1) as u64;
            let minutes = retry_after_secs.div_ceil(60);
            Err(ApiError::TooManyRequests {
                description: format!(
                    "Too many {what}. Try again in {minutes} minute{}.",
                    if minutes == 1 { "" } else { "s" }
                ),
                retry_after_secs,
            })
        }
    }
}

/// The attempt succeeded: it was no failure, and the email's earlier failures are forgiven.
pub async fn succeeded(db: &Store, email: &str, reservation: Reservation) -> ApiResult<()> {
    Ok(store::release_attempt(db, &reservation.0, &email_key(email)).await?)
}

/// A password reset clears the email's failures.
pub async fn clear(db: &Store, key: &str) -> ApiResult<()> {
    Ok(store::clear_failures(db, key).await?)
}
