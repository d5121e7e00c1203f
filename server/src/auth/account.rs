//! Accounts: registration, the account as the API shows it, profile updates and deletion.

use super::profile::{Profile, ProfileRequest, UserView};
use super::{password, store};
use crate::error::{ApiError, ApiResult};
use crate::kernel::change::Actor;
use crate::kernel::validation::FieldCheck;
use crate::kernel::values::{Email, Password};
use crate::state::AppState;
use crate::store::{Store, StoreError};

/// Creates the business and its account holder; 409 on the email field when it is taken. The
/// cheap check comes first: a taken email costs no hash.
pub async fn register(
    state: &AppState,
    email: &Email,
    new_password: &Password,
    is_business: bool,
    profile: &Profile,
) -> ApiResult<UserView> {
    if store::find_credentials(state.store.reader(), email).await?.is_some() {
        return Err(email_taken());
    }
    let password_hash = password::hash(&state.hashing, new_password).await?;
    let account = store::NewAccount {
        email,
        password_hash: &password_hash,
        is_business,
        profile,
        email_confirmed: false,
    };
    let actor = create(&state.store, account, state.clock.now()).await?;
    find_view(state, actor.user_id).await
}

async fn create(
    db: &Store,
    account: store::NewAccount<'_>,
    now: time::OffsetDateTime,
) -> ApiResult<Actor> {
    match store::create(db, account, now).await {
        Ok((user_id, business_id)) => Ok(Actor { user_id, business_id }),
        Err(StoreError::Conflict { .. }) => Err(email_taken()),
        Err(error) => Err(error.into()),
    }
}

fn email_taken() -> ApiError {
    ApiError::conflict("email", "An account with this email already exists. Sign in instead.")
}

/// The account as the API shows it.
pub async fn find_view(state: &AppState, user_id: i64) -> ApiResult<UserView> {
    let user = store::find_view(state.store.reader(), user_id).await?;
    user.ok_or_else(|| ApiError::NotFound("This account no longer exists.".into()))
}

pub async fn update_profile(
    state: &AppState,
    user_id: i64,
    profile: &Profile,
) -> ApiResult<UserView> {
    store::update_profile(&state.store, user_id, profile).await?;
    find_view(state, user_id).await
}

/// How long the invoices of a deleted business are kept: 6 years, as HMRC asks of the seller's
/// records (two leap days at the most in any 6 years).
const KEEP_INVOICES: time::Duration = time::Duration::days(6 * 365 + 2);

/// Deletes the business and, through the foreign keys, everything it owns but its invoices,
/// kept for [`KEEP_INVOICES`]: one user per business for now, so deleting the account deletes
/// the business.
pub async fn delete(state: &AppState, business_id: i64) -> ApiResult<()> {
    let kept_until = (state.clock.now() + KEEP_INVOICES).unix_timestamp();
    Ok(store::delete_with_business(&state.store, business_id, kept_until).await?)
}

/// Creates a business account unless its email is already registered; for seeding (the demo
/// business). Answers its holder when it created one.
pub async fn create_if_missing(
    state: &AppState,
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
    if store::find_credentials(state.store.reader(), &email).await?.is_some() {
        return Ok(None);
    }
    let password_hash = password::hash(&state.hashing, &new_password).await.map_err(into_anyhow)?;
    let account = store::NewAccount {
        email: &email,
        password_hash: &password_hash,
        is_business: true,
        profile: &profile,
        email_confirmed: true,
    };
    Ok(Some(create(&state.store, account, now).await.map_err(into_anyhow)?))
}

fn into_anyhow(error: ApiError) -> anyhow::Error {
    anyhow::anyhow!("{error:?}")
}
