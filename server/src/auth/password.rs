//! Passwords: argon2id hashing, changing one, and resetting a forgotten one by a mailed link.

use std::net::IpAddr;

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use time::Duration;

use super::links::mail_link;
use super::session::AuthUser;
use super::{store, throttle};
use crate::error::{ApiError, ApiResult};
use crate::kernel::tokens::{hash_token, new_token};
use crate::kernel::values::{Email, Password};
use crate::kernel::work_limit::WorkLimit;
use crate::state::AppState;

/// How long a reset link works.
pub const RESET_LINK_LIFETIME: Duration = Duration::hours(1);

/// An argon2id hash of the password, worked out under `limit` (see `AppState::hashing`).
pub async fn hash(limit: &WorkLimit, password: &Password) -> ApiResult<String> {
    let password = password.as_str().to_owned();
    let hash = limit
        .run(move || {
            Argon2::default()
                .hash_password(password.as_bytes())
                .map(|hash| hash.to_string())
                .map_err(|error| anyhow::anyhow!("argon2: {error}"))
        })
        .await??;
    Ok(hash)
}

/// A real hash of a password nobody has, computed once.
pub async fn stand_in_hash(limit: &WorkLimit) -> ApiResult<String> {
    static STAND_IN: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    let hash = STAND_IN
        .get_or_try_init(|| async {
            let password = Password::parse(&new_token()).map_err(|e| anyhow::anyhow!(e))?;
            hash(limit, &password).await
        })
        .await?;
    Ok(hash.clone())
}

pub async fn verify(limit: &WorkLimit, password: &str, hash: &str) -> ApiResult<bool> {
    let (password, hash) = (password.to_owned(), hash.to_owned());
    limit
        .run(move || Argon2::default().verify_password(password.as_bytes(), hash.as_str()).is_ok())
        .await
}

/// Checks the password the signed-in user gives again (in the request's `field`), as often as
/// a sign-in may be tried: 422 on the field when it is wrong. Answers the account's email.
pub async fn confirm(
    state: &AppState,
    user: &AuthUser,
    address: IpAddr,
    password: &str,
    field: &str,
) -> ApiResult<String> {
    let (email, current) = store::credentials_of(state.store.reader(), user.user_id).await?;
    let (attempt, now) = (throttle::Attempt::Confirm, state.clock.now());
    let reservation = throttle::reserve(&state.store, &email, address, attempt, now).await?;
    if !verify(&state.hashing, password, &current).await? {
        // The reserved attempt stays counted: it was a failure.
        return Err(ApiError::field(field, "The current password is incorrect."));
    }
    throttle::succeeded(&state.store, &email, reservation).await?;
    Ok(email)
}

/// Replaces the password of a signed-in user after checking the current one, which is tried
/// under the same limits as signing in; every session of the account ends.
pub async fn change(
    state: &AppState,
    user: &AuthUser,
    address: IpAddr,
    old_password: &str,
    new_password: &Password,
) -> ApiResult<()> {
    confirm(state, user, address, old_password, "old_password").await?;
    if old_password == new_password.as_str() {
        return Err(ApiError::field(
            "new_password",
            "Choose a password different from the current one.",
        ));
    }
    let hash = hash(&state.hashing, new_password).await?;
    Ok(store::change_password(&state.store, user.user_id, &hash).await?)
}

pub const FORGOT_PASSWORD_ANSWER: &str =
    "If an account exists for this email, we have sent it a link to reset the password.";

/// Mails a one-time reset link when an account has this email.
pub async fn send_reset_link(state: &AppState, email: &Email) -> ApiResult<()> {
    let Some((user_id, _)) = store::find_credentials(state.store.reader(), email).await? else {
        return Ok(());
    };
    let token = new_token();
    let now = state.clock.now();
    let expires_at = (now + RESET_LINK_LIFETIME).unix_timestamp();
    store::create_reset(&state.store, &hash_token(&token), user_id, expires_at).await?;
    let link = format!("{}/reset-password?token={token}", state.config.public_url);
    // In the language the reset was asked for in.
    let lead = [
        "Someone asked to reset the password of your HeatDesk account.",
        "To choose a new password, open this link within the next hour:",
    ];
    let after = ["If it was not you, ignore this email: your password stays as it is."];
    let subject = "Reset your HeatDesk password";
    mail_link(state, email.as_str(), subject, lead, &link, &after, now).await
}

fn reset_refused() -> ApiError {
    ApiError::field("token", "This reset link is invalid, used or expired. Ask for a new one.")
}

/// 422 on `token` unless a reset link with it can still be used.
pub async fn ensure_reset_is_live(state: &AppState, token: &str) -> ApiResult<()> {
    let now = state.clock.now().unix_timestamp();
    match store::reset_is_live(state.store.reader(), &hash_token(token), now).await? {
        true => Ok(()),
        false => Err(reset_refused()),
    }
}

/// Sets a new password with a reset link's token, which works once, for one hour. A token that
/// does not work is refused before any hashing, so made-up tokens cost no hash.
pub async fn reset(state: &AppState, token: &str, new_password: &Password) -> ApiResult<()> {
    let now = state.clock.now().unix_timestamp();
    let token_hash = hash_token(token);
    ensure_reset_is_live(state, token).await?;
    let hash = hash(&state.hashing, new_password).await?;
    // Claimed in the same statement that checks it again, so it works once even in a race.
    let email = store::reset_password(&state.store, &token_hash, &hash, now).await?;
    let email = email.ok_or_else(reset_refused)?;
    throttle::clear(&state.store, &throttle::email_key(&email)).await
}
