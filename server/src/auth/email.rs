//! Confirming an account's email: at sign-up, and to change it. The address shows it is the
//! holder's by a link mailed to it; on a change, the old one is told once it is made.

use std::net::IpAddr;

use time::{Duration, OffsetDateTime};

use super::links::mail_link;
use super::session::AuthUser;
use super::{password, store, throttle};
use crate::error::{ApiError, ApiResult};
use crate::kernel::tokens::{hash_token, new_token};
use crate::kernel::values::Email;
use crate::kernel::words::{self, Language};
use crate::mail::Mail;
use crate::state::AppState;
use crate::store::StoreError;

/// How long a link to confirm an email works: a day, as the mail may be read the next morning.
pub const EMAIL_LINK_LIFETIME: Duration = Duration::hours(24);

/// After the password is given again, mails a one-time link to `new_email`; the account's email
/// changes only when it is opened. A link sent before stops working.
pub async fn request_change(
    state: &AppState,
    user: &AuthUser,
    address: IpAddr,
    password: &str,
    new_email: &Email,
) -> ApiResult<()> {
    let current = password::confirm(state, user, address, password, "password").await?;
    if current == new_email.as_str() {
        return Err(ApiError::field("email", "This is already your email."));
    }
    // Asked only after the password, so a session left open cannot probe who has an account.
    if store::find_credentials(state.store.reader(), new_email).await?.is_some() {
        return Err(address_taken());
    }
    // Counted only as a link is about to be sent: a mistake above sends nothing.
    let now = state.clock.now();
    throttle::limit(&state.store, throttle::EMAIL_CHANGES, address, now).await?;
    let link = store_link(state, user.user_id, new_email, false, now).await?;
    let lead = [
        "Someone asked to make this address the email of a HeatDesk account.",
        "To confirm it, open this link within the next 24 hours:",
    ];
    let after = ["If it was not you, ignore this email: nothing changes."];
    let subject = "Confirm your new HeatDesk email";
    mail_link(state, new_email.as_str(), subject, lead, &link, &after, now).await
}

/// Mails a one-time link that confirms the account's own email (at sign-up, or asked for again
/// while it is not confirmed); a link sent before stops working, a pending change's too.
pub async fn send_confirmation(
    state: &AppState,
    user_id: i64,
    email: &Email,
    now: OffsetDateTime,
) -> ApiResult<()> {
    let link = store_link(state, user_id, email, true, now).await?;
    let lead = [
        "Welcome to HeatDesk.",
        "To confirm that this is your email, open this link within the next 24 hours:",
    ];
    let after = [
        "Until it is confirmed, HeatDesk mails no notifications to it.",
        "If you did not sign up to HeatDesk, ignore this email.",
    ];
    let subject = "Confirm your HeatDesk email";
    mail_link(state, email.as_str(), subject, lead, &link, &after, now).await
}

/// Stores a link that makes `email` the account's confirmed email (`confirms`: the one it has);
/// answers its address.
async fn store_link(
    state: &AppState,
    user_id: i64,
    email: &Email,
    confirms: bool,
    now: OffsetDateTime,
) -> ApiResult<String> {
    let token = new_token();
    let expires_at = (now + EMAIL_LINK_LIFETIME).unix_timestamp();
    let token_hash = hash_token(&token);
    store::create_email_change(&state.store, &token_hash, user_id, email, confirms, expires_at)
        .await?;
    Ok(format!("{}/confirm-email?token={token}", state.config.public_url))
}

/// Another account has the address: signing in with it would be signing in to that one.
fn address_taken() -> ApiError {
    ApiError::conflict("email", "Another account has this email. Choose another address.")
}

/// What a link confirmed.
pub enum Confirmed {
    /// The account's email, as it was.
    Email(String),
    /// A new email, now the account's.
    Change(String),
}

/// Makes a link's address the account's email, confirmed, and tells the old address of a
/// change, in the language the account uses (whoever opened the link).
pub async fn confirm(state: &AppState, token: &str) -> ApiResult<Confirmed> {
    let now = state.clock.now();
    let changed =
        match store::change_email(&state.store, &hash_token(token), now.unix_timestamp()).await {
            Ok(Some(changed)) => changed,
            Ok(None) => {
                return Err(ApiError::field(
                    "token",
                    "This link is invalid, used or expired. Ask for a new one from your profile.",
                ));
            }
            Err(StoreError::Conflict { .. }) => return Err(address_taken()),
            Err(error) => return Err(error.into()),
        };
    if changed.confirms {
        return Ok(Confirmed::Email(changed.new_email));
    }
    let language = Language::from_code(&changed.language);
    let say = |sentence: &str| words::worded(language, sentence.to_owned());
    // Addresses on lines of their own, as links are (see `request_change`).
    let body = format!(
        "{}\n{}\n\n{}\n{}\n",
        say("The email of your HeatDesk account is now:"),
        changed.new_email,
        say("If you did not ask for this, write to us at once:"),
        state.config.contact.email,
    );
    let notice =
        Mail { to: changed.old_email, subject: say("Your HeatDesk email has changed"), body };
    state.mailer.send(&state.store, notice, now).await?;
    Ok(Confirmed::Change(changed.new_email))
}
