//! Registration, the current user, profile updates and account deletion.

use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::profile::{ProfileRequest, UserView};
use super::session::{AuthUser, BusinessUser};
use super::{password, store};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, NoData, done, ok};
use crate::kernel::change::Actor;
use crate::kernel::validation::{FieldCheck, flag};
use crate::kernel::values::{Email, Password};
use crate::state::AppState;
use crate::store::{Store, StoreError};

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct RegisterRequest {
    pub email: String,
    pub password: String,
    /// 1 for a business account (the web app always sends 1).
    pub is_business: Option<i64>,
    #[serde(flatten)]
    pub profile: ProfileRequest,
}

#[derive(Serialize, ToSchema)]
pub struct UserData {
    pub user: UserView,
}

#[derive(Serialize, ToSchema)]
pub struct MeData {
    pub me: UserView,
}

/// Register a business and its account holder.
#[utoipa::path(post, path = "/v2/auth", tag = "auth", request_body = RegisterRequest,
    responses((status = 200, body = Envelope<UserData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn register(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<RegisterRequest>,
) -> Answer<UserData> {
    let mut check = FieldCheck::default();
    let email = check.check("email", Email::parse(&request.email));
    let new_password = check.check("password", Password::parse(&request.password));
    let is_business = check.check("is_business", flag(request.is_business));
    let profile = request.profile.parse(&mut check);
    let (email, new_password, is_business, profile) =
        check.finish(zip4(email, new_password, is_business, profile))?;
    let password_hash = password::hash(&new_password).await?;
    let account = store::NewAccount {
        email: &email,
        password_hash: &password_hash,
        is_business,
        profile: &profile,
    };
    let actor = create(&state.store, account, state.clock.now()).await?;
    let user = find_view(&state, actor.user_id).await?;
    Ok(ok("Your account has been created. You can now sign in.", UserData { user }))
}

/// Creates the business and its user; 409 on the email field when it is taken.
async fn create(
    store: &Store,
    account: store::NewAccount<'_>,
    now: time::OffsetDateTime,
) -> ApiResult<Actor> {
    match store::create(store, account, now).await {
        Ok((user_id, business_id)) => Ok(Actor { user_id, business_id }),
        Err(StoreError::Conflict { .. }) => Err(ApiError::conflict(
            "email",
            "An account with this email already exists. Sign in instead.",
        )),
        Err(error) => Err(error.into()),
    }
}

/// The account as the API shows it.
pub async fn find_view(state: &AppState, user_id: i64) -> ApiResult<UserView> {
    let user = store::find_view(state.store.reader(), user_id).await?;
    user.ok_or_else(|| ApiError::NotFound("This account no longer exists.".into()))
}

fn zip4<A, B, C, D>(
    a: Option<A>,
    b: Option<B>,
    c: Option<C>,
    d: Option<D>,
) -> Option<(A, B, C, D)> {
    Some((a?, b?, c?, d?))
}

/// The signed-in user.
#[utoipa::path(get, path = "/v2/auth/me", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = Envelope<MeData>), (status = 401, body = ErrorBody)))]
pub async fn me(State(state): State<AppState>, user: AuthUser) -> Answer<MeData> {
    let me = find_view(&state, user.user_id).await?;
    Ok(ok("Your account.", MeData { me }))
}

/// Update the account holder's contact details and the business's name and addresses.
#[utoipa::path(post, path = "/v2/auth/update_profile", tag = "auth", security(("bearer" = [])),
    request_body = ProfileRequest,
    responses((status = 200, body = Envelope<UserData>), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn update_profile(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    ApiJson(request): ApiJson<ProfileRequest>,
) -> Answer<UserData> {
    let mut check = FieldCheck::default();
    let profile = request.parse(&mut check);
    let profile = check.finish(profile)?;
    store::update_profile(&state.store, user.user_id, &profile).await?;
    let user = find_view(&state, user.user_id).await?;
    Ok(ok("Profile updated successfully", UserData { user }))
}

/// Delete your own account, and with it the business and all its data.
#[utoipa::path(delete, path = "/v2/auth/{user_id}", tag = "auth", security(("bearer" = [])),
    params(("user_id" = i64, Path, description = "Your own user id")),
    responses((status = 200, body = Envelope<NoData>), (status = 403, body = ErrorBody)))]
pub async fn delete_account(
    State(state): State<AppState>,
    user: AuthUser,
    Path(user_id): Path<i64>,
) -> Answer<NoData> {
    if user_id != user.user_id {
        return Err(ApiError::Forbidden("You can only delete your own account.".into()));
    }
    store::delete_with_business(&state.store, user.business_id).await?;
    Ok(done("Your account and all its data have been deleted."))
}

/// Creates a business account unless its email is already registered; for seeding (the demo
/// business). Answers its holder when it created one.
pub async fn create_if_missing(
    store: &Store,
    email: &str,
    new_password: &str,
    profile: &ProfileRequest,
    now: time::OffsetDateTime,
) -> anyhow::Result<Option<Actor>> {
    let mut check = FieldCheck::default();
    let email = check.check("email", Email::parse(email));
    let new_password = check.check("password", Password::parse(new_password));
    let profile = profile.parse(&mut check);
    let (email, new_password, profile) = check
        .finish(email.zip(new_password).zip(profile).map(|((e, p), r)| (e, p, r)))
        .map_err(|error| anyhow::anyhow!("invalid seed account: {error:?}"))?;
    if store::find_credentials(store.reader(), &email).await?.is_some() {
        return Ok(None);
    }
    let password_hash = password::hash(&new_password).await.map_err(into_anyhow)?;
    let account = store::NewAccount {
        email: &email,
        password_hash: &password_hash,
        is_business: true,
        profile: &profile,
    };
    Ok(Some(create(store, account, now).await.map_err(into_anyhow)?))
}

fn into_anyhow(error: ApiError) -> anyhow::Error {
    anyhow::anyhow!("{error:?}")
}
