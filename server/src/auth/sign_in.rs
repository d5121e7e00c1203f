//! Sign-in and sign-out.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::profile::UserView;
use super::session::{self, AuthUser};
use super::{account, password, store, throttle};
use crate::clock::iso8601;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, NoData, done, ok};
use crate::kernel::validation::FieldCheck;
use crate::kernel::values::Email;
use crate::state::AppState;

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
}

#[derive(Serialize, ToSchema)]
pub struct SignedInUser {
    #[serde(flatten)]
    pub user: UserView,
    /// Send as `Authorization: Bearer <access_token>`.
    pub access_token: String,
    pub expires_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct LoginData {
    pub user: SignedInUser,
}

/// Sign in with email and password; answers a bearer token valid for 7 days.
#[utoipa::path(post, path = "/v2/auth/login", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = Envelope<LoginData>), (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn login(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ApiJson(request): ApiJson<LoginRequest>,
) -> Answer<LoginData> {
    let mut check = FieldCheck::default();
    let email = check.check("email", Email::parse(&request.email));
    if request.password.is_empty() {
        check.check::<()>("password", Err("Enter your password.".into()));
    }
    let email = check.finish(email)?;
    let pool = state.store.reader();
    let now = state.clock.now();
    let email_key = throttle::email_key(email.as_str());
    let address_key = throttle::address_key(&peer.ip().to_string());
    throttle::check(
        pool,
        [
            (&email_key, throttle::MAX_FAILURES_PER_EMAIL),
            (&address_key, throttle::MAX_FAILURES_PER_ADDRESS),
        ],
        now,
    )
    .await?;
    let credentials = store::find_credentials(pool, &email).await?;
    // Without an account, verify against a stand-in hash so both cases take as long.
    let hash = match &credentials {
        Some((_, hash)) => hash.clone(),
        None => password::stand_in_hash().await?,
    };
    let verified = password::verify(&request.password, &hash).await?;
    let Some((user_id, _)) = credentials.filter(|_| verified) else {
        throttle::record_failure(&state.store, [&email_key, &address_key], now).await?;
        return Err(ApiError::Unauthorized("The email or password is incorrect.".into()));
    };
    throttle::clear(&state.store, &email_key).await?;
    let (access_token, expires_at) = session::create(&state.store, user_id, now).await?;
    let user = account::find_view(&state, user_id).await?;
    let user =
        SignedInUser { user, access_token, expires_at: iso8601(expires_at.unix_timestamp()) };
    Ok(ok("Signed in successfully.", LoginData { user }))
}

/// Sign out: the token stops working.
#[utoipa::path(post, path = "/v2/auth/logout", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401, body = ErrorBody)))]
pub async fn logout(State(state): State<AppState>, user: AuthUser) -> Answer<NoData> {
    store::revoke_session(&state.store, &user.token_hash).await?;
    Ok(done("You have been signed out."))
}
