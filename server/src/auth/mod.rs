//! Accounts and sign-in: every `/v2/auth` call of the spec, and confirming and changing the
//! email. Handlers here; what they do in `account.rs`, `sign_in.rs`, `password.rs` and
//! `email.rs`; the SQL in `store.rs`.

pub mod account;
mod email;
mod links;
mod password;
pub mod profile;
mod session;
mod sign_in;
mod store;
mod throttle;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, NoData, Path, done, ok};
use crate::kernel::validation::{FieldCheck, flag};
use crate::kernel::values::{Email, Password};
use crate::kernel::words::{self, Language};
use crate::state::AppState;
use email::Confirmed;
use profile::{ProfileRequest, UserView};
pub use session::{AuthUser, Business, BusinessUser, ClientAddress};
use sign_in::SignedInUser;
pub use store::Purged;

/// Forgets what no longer matters: expired sessions, spent reset links, and sign-in failures
/// that have left the throttling window.
pub async fn purge(
    db: &crate::store::Store,
    now: time::OffsetDateTime,
) -> ApiResult<store::Purged> {
    let failures_before = (now - throttle::WINDOW).unix_timestamp();
    Ok(store::purge(db, now.unix_timestamp(), failures_before).await?)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(me))
        .routes(routes!(update_profile))
        .routes(routes!(delete_account))
        .routes(routes!(login))
        .routes(routes!(logout))
        .routes(routes!(change_password))
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(check_reset_link))
        .routes(routes!(change_email))
        .routes(routes!(confirm_email))
        .routes(routes!(resend_confirmation))
}

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
pub struct RegisteredData {
    pub user: UserView,
    /// 1 when the link to confirm the email was sent; 0 when it could not be, and is asked for
    /// again once signed in.
    pub confirmation_sent: i64,
}

#[derive(Serialize, ToSchema)]
pub struct MeData {
    pub me: UserView,
}

/// Register a business and its account holder.
#[utoipa::path(post, path = "/v2/auth", tag = "auth", security(()), request_body = RegisterRequest,
    responses((status = 200, body = Envelope<RegisteredData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn register(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    ApiJson(request): ApiJson<RegisterRequest>,
) -> Answer<RegisteredData> {
    let mut check = FieldCheck::default();
    let email = check.check("email", Email::parse(&request.email));
    let new_password = check.check("password", Password::parse(&request.password));
    let is_business = check.check("is_business", flag(request.is_business));
    let profile = request.profile.parse(&mut check);
    let account = (|| Some((email?, new_password?, is_business?, profile?)))();
    let (email, new_password, is_business, profile) = check.finish(account)?;
    throttle::limit(&state.store, throttle::REGISTRATIONS, address, state.clock.now()).await?;
    let user = account::register(&state, &email, &new_password, is_business, &profile).await?;
    // The account is made: a link that could not be stored or mailed is asked for again from
    // the app, rather than the sign-up failing after it succeeded.
    let sent = email::send_confirmation(&state, user.id, &email, state.clock.now()).await;
    let said = match &sent {
        Ok(()) => {
            "Your account has been created, and we have sent a link to confirm your email. You \
             can now sign in."
        }
        Err(error) => {
            tracing::error!(user_id = user.id, error = ?error, "cannot mail the sign-up's link");
            "Your account has been created, but the link to confirm your email could not be sent \
             just now. Sign in and ask for it again from the reminder at the top of the page."
        }
    };
    Ok(ok(said, RegisteredData { user, confirmation_sent: i64::from(sent.is_ok()) }))
}

/// The signed-in user.
#[utoipa::path(get, path = "/v2/auth/me", tag = "auth",
    responses((status = 200, body = Envelope<MeData>), (status = 401, body = ErrorBody)))]
pub async fn me(State(state): State<AppState>, user: AuthUser) -> Answer<MeData> {
    let me = account::find_view(&state, user.user_id).await?;
    Ok(ok("Your account.", MeData { me }))
}

/// Update the account holder's contact details and the business's name and addresses.
#[utoipa::path(post, path = "/v2/auth/update_profile", tag = "auth",
    request_body = ProfileRequest,
    responses((status = 200, body = Envelope<UserData>), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn update_profile(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<ProfileRequest>,
) -> Answer<UserData> {
    let mut check = FieldCheck::default();
    let profile = request.parse(&mut check);
    let profile = check.finish(profile)?;
    let user = account::update_profile(&state, user.user_id, &profile).await?;
    Ok(ok("Profile updated successfully", UserData { user }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct DeleteAccountRequest {
    /// The account's password, asked for again: a session left open must not be a way to
    /// erase a business.
    pub password: String,
}

/// Delete your own account, and with it the business and all its data.
#[utoipa::path(delete, path = "/v2/auth/{user_id}", tag = "auth",
    params(("user_id" = i64, Path, description = "Your own user id")),
    request_body = DeleteAccountRequest,
    responses((status = 200, body = Envelope<NoData>), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn delete_account(
    State(state): State<AppState>,
    user: AuthUser,
    ClientAddress(address): ClientAddress,
    Path(user_id): Path<i64>,
    request: Option<ApiJson<DeleteAccountRequest>>,
) -> Answer<NoData> {
    if user_id != user.user_id {
        return Err(ApiError::Forbidden("You can only delete your own account.".into()));
    }
    let password = request.map(|ApiJson(request)| request.password).unwrap_or_default();
    if password.is_empty() {
        return Err(ApiError::field("password", "Enter your password to delete the account."));
    }
    password::confirm(&state, &user, address, &password, "password").await?;
    account::delete(&state, user.business_id).await?;
    Ok(done("Your account and all its data have been deleted."))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
}

#[derive(Serialize, ToSchema)]
pub struct LoginData {
    pub user: SignedInUser,
}

/// Sign in with email and password; answers a bearer token valid for 7 days.
#[utoipa::path(post, path = "/v2/auth/login", tag = "auth", security(()), request_body = LoginRequest,
    responses((status = 200, body = Envelope<LoginData>), (status = 401, body = ErrorBody),
        (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn login(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    ApiJson(request): ApiJson<LoginRequest>,
) -> Answer<LoginData> {
    let mut check = FieldCheck::default();
    let email = check.check("email", Email::parse(&request.email));
    if request.password.is_empty() {
        check.check::<()>("password", Err("Enter your password.".into()));
    }
    let email = check.finish(email)?;
    let user = sign_in::sign_in(&state, &email, &request.password, address).await?;
    Ok(ok("Signed in successfully.", LoginData { user }))
}

/// Sign out: the token stops working.
#[utoipa::path(post, path = "/v2/auth/logout", tag = "auth",
    responses((status = 200, body = Envelope<NoData>), (status = 401, body = ErrorBody)))]
pub async fn logout(State(state): State<AppState>, user: AuthUser) -> Answer<NoData> {
    sign_in::sign_out(&state, &user).await?;
    Ok(done("You have been signed out."))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ChangePasswordRequest {
    pub old_password: String,
    pub new_password: String,
}

/// Change the password; every session of the account ends, this one included.
#[utoipa::path(post, path = "/v2/auth/change_password", tag = "auth",
    request_body = ChangePasswordRequest,
    responses((status = 200, body = Envelope<NoData>), (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn change_password(
    State(state): State<AppState>,
    user: AuthUser,
    ClientAddress(address): ClientAddress,
    ApiJson(request): ApiJson<ChangePasswordRequest>,
) -> Answer<NoData> {
    let mut check = FieldCheck::default();
    if request.old_password.is_empty() {
        check.check::<()>("old_password", Err("Enter your current password.".into()));
    }
    let new_password = check.check("new_password", Password::parse(&request.new_password));
    let new_password = check.finish(new_password)?;
    password::change(&state, &user, address, &request.old_password, &new_password).await?;
    Ok(done("Your password has been changed. Sign in again with the new password."))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ForgotPasswordRequest {
    pub email: String,
}

/// Mail a one-time reset link. The answer is the same whether or not the account exists.
#[utoipa::path(post, path = "/v2/auth/forgot_password", tag = "auth", security(()),
    request_body = ForgotPasswordRequest,
    responses((status = 200, body = Envelope<NoData>), (status = 422, body = ErrorBody)))]
pub async fn forgot_password(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    language: Language,
    ApiJson(request): ApiJson<ForgotPasswordRequest>,
) -> Answer<NoData> {
    let mut check = FieldCheck::default();
    let email = check.check("email", Email::parse(&request.email));
    let email = check.finish(email)?;
    let now = state.clock.now();
    throttle::limit_links(&state.store, throttle::RESET_REQUESTS, email.as_str(), address, now)
        .await?;
    // In the background, so the answer takes as long whether or not the account exists; the
    // mail in the language the link was asked for in.
    tokio::spawn(words::answering_in(language, async move {
        if let Err(error) = password::send_reset_link(&state, &email).await {
            tracing::error!(?error, "cannot send a password reset link");
        }
    }));
    Ok(done(password::FORGOT_PASSWORD_ANSWER))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ResetPasswordRequest {
    /// The token from the reset link.
    pub token: String,
    pub password: String,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ResetLinkRequest {
    /// The token from the reset link.
    pub token: String,
}

/// Whether a reset link can still be used, so that its page says so before a password is typed.
#[utoipa::path(post, path = "/v2/auth/reset_password/check", tag = "auth", security(()),
    request_body = ResetLinkRequest,
    responses((status = 200, body = Envelope<NoData>), (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn check_reset_link(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    ApiJson(request): ApiJson<ResetLinkRequest>,
) -> Answer<NoData> {
    throttle::limit(&state.store, throttle::RESET_CHECKS, address, state.clock.now()).await?;
    password::ensure_reset_is_live(&state, request.token.trim()).await?;
    Ok(done("This reset link can be used."))
}

/// Set a new password with a reset link's token; the token works once, for one hour.
#[utoipa::path(post, path = "/v2/auth/reset_password", tag = "auth", security(()),
    request_body = ResetPasswordRequest,
    responses((status = 200, body = Envelope<NoData>), (status = 422, body = ErrorBody)))]
pub async fn reset_password(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    ApiJson(request): ApiJson<ResetPasswordRequest>,
) -> Answer<NoData> {
    let mut check = FieldCheck::default();
    let new_password = check.check("password", Password::parse(&request.password));
    let new_password = check.finish(new_password)?;
    throttle::limit(&state.store, throttle::RESETS, address, state.clock.now()).await?;
    password::reset(&state, request.token.trim(), &new_password).await?;
    Ok(done("Your password has been reset. Sign in with the new password."))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ChangeEmailRequest {
    /// The new email.
    pub email: String,
    /// The account's password, asked for again: the email is how the account is recovered.
    pub password: String,
}

/// Ask to change the account's email: a link to confirm it is mailed to the new address, and
/// the email changes when it is opened.
#[utoipa::path(post, path = "/v2/auth/change_email", tag = "auth",
    request_body = ChangeEmailRequest,
    responses((status = 200, body = Envelope<NoData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn change_email(
    State(state): State<AppState>,
    user: AuthUser,
    ClientAddress(address): ClientAddress,
    ApiJson(request): ApiJson<ChangeEmailRequest>,
) -> Answer<NoData> {
    let mut check = FieldCheck::default();
    let new_email = check.check("email", Email::parse(&request.email));
    if request.password.is_empty() {
        check.check::<()>("password", Err("Enter your password to change the email.".into()));
    }
    let new_email = check.finish(new_email)?;
    email::request_change(&state, &user, address, &request.password, &new_email).await?;
    Ok(done(format!(
        "We have sent a link to {}. Open it within 24 hours to finish the change.",
        new_email.as_str()
    )))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ConfirmEmailRequest {
    /// The token from the link mailed to the new address.
    pub token: String,
}

/// Confirm the account's email, or a new one, with the link's token; no sign-in needed, as the
/// link may be opened on another device. The old address of a change is told.
#[utoipa::path(post, path = "/v2/auth/change_email/confirm", tag = "auth", security(()),
    request_body = ConfirmEmailRequest,
    responses((status = 200, body = Envelope<NoData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn confirm_email(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    ApiJson(request): ApiJson<ConfirmEmailRequest>,
) -> Answer<NoData> {
    let now = state.clock.now();
    throttle::limit(&state.store, throttle::EMAIL_CONFIRMATIONS, address, now).await?;
    Ok(done(match email::confirm(&state, request.token.trim()).await? {
        Confirmed::Email(email) => format!("Your email {email} is confirmed. Thank you."),
        Confirmed::Change(new_email) => {
            format!("Your email is now {new_email}. Sign in with it from now on.")
        }
    }))
}

/// Mail the link that confirms the account's email again (409 once it is confirmed).
#[utoipa::path(post, path = "/v2/auth/confirm_email/resend", tag = "auth",
    responses((status = 200, body = Envelope<NoData>), (status = 409, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn resend_confirmation(
    State(state): State<AppState>,
    user: AuthUser,
    ClientAddress(address): ClientAddress,
) -> Answer<NoData> {
    let me = account::find_view(&state, user.user_id).await?;
    if me.email_confirmed == 1 {
        return Err(ApiError::Conflict {
            description: "Your email is already confirmed.".into(),
            errors: Default::default(),
        });
    }
    let now = state.clock.now();
    let resends = throttle::CONFIRMATION_RESENDS;
    throttle::limit_links(&state.store, resends, &me.email, address, now).await?;
    let email = Email::parse(&me.email).map_err(|message| anyhow::anyhow!(message))?;
    email::send_confirmation(&state, user.user_id, &email, now).await?;
    Ok(done(format!(
        "We have sent a new link to {}. Open it within 24 hours to confirm your email.",
        me.email
    )))
}
