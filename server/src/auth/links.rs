//! The mails that carry a one-time link: a password reset's, the sign-up's confirmation and an
//! email change's.

use time::OffsetDateTime;

use crate::error::ApiResult;
use crate::kernel::words;
use crate::mail::Mail;
use crate::state::AppState;

/// Mails `to` a one-time link in the reader's language: two sentences that lead to it, the link
/// on a line of its own (never inside a worded sentence: Arabic isolates a value with invisible
/// marks that a mail client could take into the link), and the sentences `after` it.
pub async fn mail_link(
    state: &AppState,
    to: &str,
    subject: &str,
    [what, how]: [&str; 2],
    link: &str,
    after: &[&str],
    now: OffsetDateTime,
) -> ApiResult<()> {
    let say = |sentence: &str| words::for_reader(sentence.to_owned());
    let after: Vec<String> = after.iter().map(|sentence| say(sentence)).collect();
    let body = format!("{}\n\n{}\n{link}\n\n{}", say(what), say(how), after.join("\n\n"));
    let mail = Mail { to: to.to_owned(), subject: say(subject), body };
    Ok(state.mailer.send(&state.store, mail, now).await?)
}
