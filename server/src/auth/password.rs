//! Passwords: argon2id hashing, and the change, forgot and reset calls.

use anyhow::Context;
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use axum::extract::State;
use serde::Deserialize;
use time::Duration;
use utoipa::ToSchema;

use super::session::{AuthUser, hash_token, new_token};
use super::{store, throttle};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, NoData, done};
use crate::kernel::validation::FieldCheck;
use crate::kernel::values::{Email, Password};
use crate::mail::Mail;
use crate::state::AppState;

/// How long a reset link works.
pub const RESET_LINK_LIFETIME: Duration = Duration::hours(1);

/// Hashing takes tens of milliseconds of CPU on purpose, so it runs off the async workers.
pub async fn hash(password: &Password) -> ApiResult<String> {
    let password = password.as_str().to_owned();
    let hash = tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|error| anyhow::anyhow!("argon2: {error}"))
    })
    .await
    .context("password hashing task")??;
    Ok(hash)
}

/// A real hash of a password nobody has, computed once.
pub async fn stand_in_hash() -> ApiResult<String> {
    static STAND_IN: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    let hash = STAND_IN
        .get_or_try_init(|| async {
            let password = Password::parse(&new_token()).map_err(|e| anyhow::anyhow!(e))?;
            hash(&password).await
        })
        .await?;
    Ok(hash.clone())
}

pub async fn verify(password: &str, hash: &str) -> ApiResult<bool> {
    let (password, hash) = (password.to_owned(), hash.to_owned());
    let matches = tokio::task::spawn_blocking(move || {
        Argon2::default().verify_password(password.as_bytes(), hash.as_str()).is_ok()
    })
    .await
    .context("password verification task")?;
    Ok(matches)
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ChangePasswordRequest {
    pub old_password: String,
    pub new_password: String,
}

/// Change the password; every session of the account ends, this one included.
#[utoipa::path(post, path = "/v2/auth/change_password", tag = "auth",
    security(("bearer" = [])), request_body = ChangePasswordRequest,
    responses((status = 200, body = Envelope<NoData>), (status = 422, body = ErrorBody)))]
pub async fn change_password(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(request): ApiJson<ChangePasswordRequest>,
) -> Answer<NoData> {
    let pool = state.store.reader();
    let mut check = FieldCheck::default();
    if request.old_password.is_empty() {
        check.check::<()>("old_password", Err("Enter your current password.".into()));
    }
    let new_password = check.check("new_password", Password::parse(&request.new_password));
    let new_password = check.finish(new_password)?;
    if !verify(&request.old_password, &store::password_hash(pool, user.user_id).await?).await? {
        return Err(ApiError::field("old_password", "The current password is incorrect."));
    }
    if request.old_password == request.new_password {
        return Err(ApiError::field(
            "new_password",
            "Choose a password different from the current one.",
        ));
    }
    let hash = hash(&new_password).await?;
    store::change_password(&state.store, user.user_id, &hash).await?;
    Ok(done("Your password has been changed. Sign in again with the new password."))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ForgotPasswordRequest {
    pub email: String,
}

pub const FORGOT_PASSWORD_ANSWER: &str =
    "If an account exists for this email, we have sent it a link to reset the password.";

/// Mail a one-time reset link. The answer is the same whether or not the account exists.
#[utoipa::path(post, path = "/v2/auth/forgot_password", tag = "auth",
    request_body = ForgotPasswordRequest,
    responses((status = 200, body = Envelope<NoData>), (status = 422, body = ErrorBody)))]
pub async fn forgot_password(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<ForgotPasswordRequest>,
) -> Answer<NoData> {
    let mut check = FieldCheck::default();
    let email = check.check("email", Email::parse(&request.email));
    let email = check.finish(email)?;
    let pool = state.store.reader();
    if let Some((user_id, _)) = store::find_credentials(pool, &email).await? {
        let token = new_token();
        let now = state.clock.now();
        let expires_at = (now + RESET_LINK_LIFETIME).unix_timestamp();
        store::create_reset(&state.store, &hash_token(&token), user_id, expires_at).await?;
        let link = format!("{}/reset-password?token={token}", state.config.public_url);
        let body = format!(
            "Someone asked to reset the password of your HeatDesk account.\n\n\
             To choose a new password, open this link within the next hour:\n{link}\n\n\
             If it was not you, ignore this email: your password stays as it is."
        );
        state
            .mailer
            .send(
                &state.store,
                Mail {
                    to: email.as_str().to_owned(),
                    subject: "Reset your HeatDesk password".into(),
                    body,
                },
                now,
            )
            .await?;
    }
    Ok(done(FORGOT_PASSWORD_ANSWER))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ResetPasswordRequest {
    /// The token from the reset link.
    pub token: String,
    pub password: String,
}

/// Set a new password with a reset link's token; the token works once, for one hour.
#[utoipa::path(post, path = "/v2/auth/reset_password", tag = "auth",
    request_body = ResetPasswordRequest,
    responses((status = 200, body = Envelope<NoData>), (status = 422, body = ErrorBody)))]
pub async fn reset_password(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<ResetPasswordRequest>,
) -> Answer<NoData> {
    let mut check = FieldCheck::default();
    let password = check.check("password", Password::parse(&request.password));
    let password = check.finish(password)?;
    let now = state.clock.now().unix_timestamp();
    let hash = hash(&password).await?;
    let token_hash = hash_token(request.token.trim());
    let email = store::reset_password(&state.store, &token_hash, &hash, now).await?;
    let email = email.ok_or_else(|| {
        ApiError::field("token", "This reset link is invalid, used or expired. Ask for a new one.")
    })?;
    throttle::clear(&state.store, &throttle::email_key(&email)).await?;
    Ok(done("Your password has been reset. Sign in with the new password."))
}
