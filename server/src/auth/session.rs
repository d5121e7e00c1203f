//! Sessions: opaque bearer tokens stored as their SHA-256, and the extractors that turn a
//! request's token into the signed-in user.

use std::net::{IpAddr, SocketAddr};

use crate::kernel::tokens::{hash_token, new_token};
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::{ACCEPT_LANGUAGE, AUTHORIZATION};
use axum::http::request::Parts;
use time::{Duration, OffsetDateTime};

use super::store;
use crate::error::{ApiError, ApiResult};
use crate::kernel::change::Actor;
use crate::kernel::values::Cidr;
use crate::kernel::words::Language;
use crate::state::AppState;
use crate::store::Store;

/// How long a token stays valid (and the web app keeps its cookie).
pub const SESSION_LIFETIME: Duration = Duration::days(7);

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
            // The scheme in any case, as RFC 9110 has it ("bearer" too).
            .and_then(|value| value.split_once(' '))
            .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("Bearer"))
            .map(|(_, token)| token.trim())
            .filter(|token| !token.is_empty())
            .ok_or_else(ApiError::signed_out)?;
        let token_hash = hash_token(token);
        let now = state.clock.now().unix_timestamp();
        let row = store::session_user(state.store.reader(), &token_hash, now).await?;
        let (user_id, business_id, is_business, data_version, language) =
            row.ok_or_else(ApiError::signed_out)?;
        // The language the web app is set to comes with every request; a switch is kept for
        // what the account is sent between requests. A failure to keep it fails nothing.
        let header = parts.headers.get(ACCEPT_LANGUAGE).and_then(|value| value.to_str().ok());
        if let Some(asked) = header.and_then(Language::named_in)
            && asked.code() != language
            && let Err(error) = store::set_language(&state.store, user_id, asked.code()).await
        {
            tracing::warn!(user_id, ?error, "cannot keep the account's language");
        }
        Ok(Self { user_id, business_id, is_business: is_business == 1, token_hash, data_version })
    }
}

/// A signed-in business account. Other accounts get 403 'You are not allowed'. An endpoint that
/// needs nothing more takes it alone; the others take [`Business`].
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

/// A signed-in business account's request with the state it is served with, in one argument.
pub struct Business {
    pub state: AppState,
    pub user: AuthUser,
}

impl FromRequestParts<AppState> for Business {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let BusinessUser(user) = BusinessUser::from_request_parts(parts, state).await?;
        Ok(Self { state: state.clone(), user })
    }
}

/// The address a request came from: its connection's peer or, when that peer is one of the
/// trusted proxies, the rightmost address in `X-Forwarded-For` that is not a trusted proxy
/// (the ones left of it are whatever the client chose to send).
#[derive(Clone, Copy, Debug)]
pub struct ClientAddress(pub IpAddr);

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let ConnectInfo(peer) = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .copied()
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no peer address")))?;
        let forwarded: Vec<&str> = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .collect();
        let trusted = &state.config.trusted_proxies;
        Ok(Self(client_address(peer.ip(), &forwarded.join(","), trusted)))
    }
}

fn client_address(peer: IpAddr, forwarded: &str, trusted: &[Cidr]) -> IpAddr {
    let is_trusted = |address: IpAddr| trusted.iter().any(|block| block.contains(address));
    let mut client = peer.to_canonical();
    if !is_trusted(client) {
        return client;
    }
    for hop in forwarded.rsplit(',').map(str::trim).filter(|hop| !hop.is_empty()) {
        let Ok(address) = hop.parse::<IpAddr>() else { break };
        client = address.to_canonical();
        if !is_trusted(client) {
            break;
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwarded_addresses_are_believed_only_from_trusted_proxies() {
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        let proxies = [Cidr::parse("10.0.0.0/8").unwrap()];
        let client = |peer, forwarded| client_address(ip(peer), forwarded, &proxies);
        assert_eq!(client("198.51.100.7", "203.0.113.9"), ip("198.51.100.7"), "not a proxy");
        assert_eq!(client("10.0.0.2", "203.0.113.9"), ip("203.0.113.9"));
        assert_eq!(client("10.0.0.2", "1.1.1.1, 203.0.113.9, 10.0.0.3"), ip("203.0.113.9"));
        assert_eq!(client("10.0.0.2", ""), ip("10.0.0.2"), "no header: the proxy itself");
        assert_eq!(client("10.0.0.2", "10.0.0.9"), ip("10.0.0.9"), "only proxies: the first");
        assert_eq!(client("10.0.0.2", "junk, 203.0.113.9"), ip("203.0.113.9"));
        assert_eq!(client("10.0.0.2", "203.0.113.9, junk"), ip("10.0.0.2"), "stops at junk");
    }
}
