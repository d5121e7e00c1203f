//! Sign-in and sign-out.

use std::net::IpAddr;

use serde::Serialize;
use utoipa::ToSchema;

use super::profile::UserView;
use super::session::{self, AuthUser};
use super::{account, password, store, throttle};
use crate::clock::iso8601;
use crate::error::{ApiError, ApiResult};
use crate::kernel::values::Email;
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
pub struct SignedInUser {
    #[serde(flatten)]
    pub user: UserView,
    /// Send as `Authorization: Bearer <access_token>`.
    pub access_token: String,
    pub expires_at: String,
}

/// Checks the password (unless the email or the address is throttled) and starts a session.
pub async fn sign_in(
    state: &AppState,
    email: &Email,
    password: &str,
    peer: IpAddr,
) -> ApiResult<SignedInUser> {
    let now = state.clock.now();
    let attempt = throttle::Attempt::SignIn;
    let reservation = throttle::reserve(&state.store, email.as_str(), peer, attempt, now).await?;
    let credentials = store::find_credentials(state.store.reader(), email).await?;
    // Without an account, verify against a stand-in hash so both cases take as long.
    let hash = match &credentials {
        Some((_, hash)) => hash.clone(),
        None => password::stand_in_hash(&state.hashing).await?,
    };
    let verified = password::verify(&state.hashing, password, &hash).await?;
    let Some((user_id, _)) = credentials.filter(|_| verified) else {
        // The reserved attempt stays counted: it was a failure.
        return Err(ApiError::Unauthorized("The email or password is incorrect.".into()));
    };
    throttle::succeeded(&state.store, email.as_str(), reservation).await?;
    let (access_token, expires_at) = session::create(&state.store, user_id, now).await?;
    let user = account::find_view(state, user_id).await?;
    Ok(SignedInUser { user, access_token, expires_at: iso8601(expires_at.unix_timestamp()) })
}

/// Ends the session the request came with.
pub async fn sign_out(state: &AppState, user: &AuthUser) -> ApiResult<()> {
    Ok(store::revoke_session(&state.store, &user.token_hash).await?)
}
