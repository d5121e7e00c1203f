//! Sessions: opaque bearer tokens stored as their SHA-256, and the extractors that turn a
//! request's token into the signed-in user.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use sha2::{Digest, Sha256};
use time::{Duration, OffsetDateTime};

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};
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
    store: &Store,
    user_id: i64,
    now: OffsetDateTime,
) -> ApiResult<(String, OffsetDateTime)> {
    let token = new_token();
    let expires_at = now + SESSION_LIFETIME;
    let insert = sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(hash_token(&token))
    .bind(user_id)
    .bind(now.unix_timestamp())
    .bind(expires_at.unix_timestamp());
    store.write(insert).await?;
    Ok((token, expires_at))
}

pub async fn revoke(store: &Store, token_hash: &str) -> ApiResult<()> {
    store.write(sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash)).await?;
    Ok(())
}

/// Any signed-in user, whatever the account's level.
#[derive(Clone, Debug)]
pub struct AuthUser {
    pub user_id: i64,
    pub business_id: i64,
    pub is_business: bool,
    pub token_hash: String,
    /// The business's data version when the request arrived (see `views.rs`).
    pub data_version: i64,
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
        let row: Option<(i64, i64, i64, i64)> = sqlx::query_as(
            "SELECT u.id, u.business_id, u.is_business, b.data_version FROM sessions s
             JOIN users u ON u.id = s.user_id
             JOIN businesses b ON b.id = u.business_id
             WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(&token_hash)
        .bind(state.clock.now().unix_timestamp())
        .fetch_optional(state.store.reader())
        .await?;
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
