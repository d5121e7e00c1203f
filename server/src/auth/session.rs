//! Sessions: opaque bearer tokens stored as their SHA-256, and the extractors that turn a
//! request's token into the signed-in user.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use sha2::{Digest, Sha256};
use time::{Duration, OffsetDateTime};

use super::store;
use crate::error::{ApiError, ApiResult};
use crate::kernel::change::Actor;
use crate::state::AppState;
use crate::store::Store;

/// How long a token stays valid (and the web app keeps its cookie).
pub const SESSION_LIFETIME: Duration = Duration::days(7);

/// A fresh random token: 256 bits, hex.
pub fn new_token() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Starts a session; answers the token and when it expires.
pub async fn create(
    db: &Store,
    user_id: i64,
    now: OffsetDateTime,
) -> ApiResult<(String, OffsetDateTime)> {
    let token = new_token();
    let expires_at = now + SESSION_LIFETIME;
    let (created, expires) = (now.unix_timestamp(), expires_at.unix_timestamp());
    store::create_session(db, &hash_token(&token), user_id, created, expires).await?;
    Ok((token, expires_at))
}

/// Any signed-in user, whatever the account's level.
#[derive(Clone, Debug)]
pub struct AuthUser {
    pub user_id: i64,
    pub business_id: i64,
    pub is_business: bool,
    pub token_hash: String,
    /// The business's data version when the request arrived (see `kernel/version_cache.rs`).
    pub data_version: i64,
}

impl AuthUser {
    /// The user as the author of a change.
    pub fn actor(&self) -> Actor {
        Actor { user_id: self.user_id, business_id: self.business_id }
    }

    /// Whether the session the request came with still works (not signed out, expired or
    /// ended by a password change); for requests that last, like the live stream.
    pub async fn still_signed_in(&self, state: &AppState) -> ApiResult<bool> {
        let now = state.clock.now().unix_timestamp();
        Ok(store::session_user(state.store.reader(), &self.token_hash, now).await?.is_some())
    }
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|token| !token.is_empty())
            .ok_or_else(ApiError::signed_out)?;
        let token_hash = hash_token(token);
        let now = state.clock.now().unix_timestamp();
        let row = store::session_user(state.store.reader(), &token_hash, now).await?;
        let (user_id, business_id, is_business, data_version) =
            row.ok_or_else(ApiError::signed_out)?;
        Ok(Self { user_id, business_id, is_business: is_business == 1, token_hash, data_version })
    }
}

/// A signed-in business account: what every commercial endpoint takes. Other accounts get
/// 403 'You are not allowed'.
#[derive(Clone, Debug)]
pub struct BusinessUser(pub AuthUser);

impl FromRequestParts<AppState> for BusinessUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        if !user.is_business {
            return Err(ApiError::not_allowed());
        }
        Ok(Self(user))
    }
}
