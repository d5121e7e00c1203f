//! Contact (spec §7): `GET /v2/contact-us` (how to reach HeatDesk, from the server's
//! configuration) and `POST /v2/contact-us {subject, message}` (kept, mailed to the support
//! address, at most 5 an hour per business). Handlers here, the SQL in `store.rs`.

mod store;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, NoData, done, ok};
use crate::kernel::validation::FieldCheck;
use crate::kernel::values::visible;
use crate::kernel::words;
use crate::mail::Mail;
use crate::state::{AppState, ContactDetails};

/// Messages a business may send an hour.
const MESSAGES_AN_HOUR: i64 = 5;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(details, send))
}

#[derive(Serialize, ToSchema)]
pub struct ContactData {
    contact_us: ContactDetails,
}

/// How to reach HeatDesk; the opening hours in the reader's language when the catalogue has
/// them (the default's do), as configured otherwise.
#[utoipa::path(get, path = "/v2/contact-us", tag = "account",
    responses((status = 200, body = Envelope<ContactData>)))]
pub async fn details(Business { state, .. }: Business) -> Answer<ContactData> {
    let mut contact_us = state.config.contact.clone();
    contact_us.hours = words::for_reader(contact_us.hours);
    Ok(ok("Contact details.", ContactData { contact_us }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct MessageRequest {
    pub subject: String,
    pub message: String,
}

/// Trimmed text of 1 to `most` visible characters; with `lines`, line breaks and tabs too (a
/// message is written in lines, a subject in one: it goes into the mail's header and the log).
fn text(raw: &str, what: &str, most: usize, lines: bool) -> Result<String, String> {
    let text = raw.trim().replace("\r\n", "\n");
    if text.is_empty() {
        return Err(format!("Write a {what}."));
    }
    if text.chars().count() > most {
        return Err(format!("Keep the {what} to {most} characters."));
    }
    match lines {
        true => visible(&text.replace(['\n', '\t'], " "))?,
        false => visible(&text)?,
    }
    Ok(text)
}

/// Send a message to HeatDesk's support.
#[utoipa::path(post, path = "/v2/contact-us", tag = "account",
    request_body = MessageRequest,
    responses((status = 200, body = Envelope<NoData>), (status = 422, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn send(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<MessageRequest>,
) -> Answer<NoData> {
    let mut check = FieldCheck::default();
    let subject = check.check("subject", text(&request.subject, "subject", 120, false));
    let message = check.check("message", text(&request.message, "message", 5000, true));
    let (subject, message) = check.finish(subject.zip(message))?;
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let hour_ago = now.unix_timestamp() - 3600;
    if store::sent_since(&mut *tx, user.business_id, hour_ago).await? >= MESSAGES_AN_HOUR {
        return Err(ApiError::TooManyRequests {
            description: "You have sent 5 messages in the last hour: please wait before sending \
                          another, or call us."
                .into(),
            retry_after_secs: 3600,
        });
    }
    let sender = (user.business_id, user.user_id);
    store::save(&mut tx, sender, &subject, &message, now.unix_timestamp()).await?;
    let (email, business) = store::sender(&mut *tx, user.user_id).await?;
    state.store.commit(tx).await?;
    let mail = Mail {
        to: state.config.contact.email.clone(),
        subject: format!("[HeatDesk contact] {subject}"),
        body: format!("From {email} ({business}):\n\n{message}\n"),
    };
    state.mailer.send(&state.store, mail, now).await?;
    Ok(done("Thank you: your message has been sent. We answer within one working day."))
}
