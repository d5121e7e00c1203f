//! Outgoing mail. Every message is stored in the `outbox` table and its recipient and subject
//! logged; when SMTP is configured it is also delivered, in the background so a slow mail
//! server never delays (or, by its timing, gives away) an answer, and removed from the outbox
//! once delivered.

use anyhow::Context;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use time::OffsetDateTime;

use crate::store::{Store, StoreResult};

pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

#[derive(Clone)]
pub struct Mailer {
    smtp: Option<(AsyncSmtpTransport<Tokio1Executor>, Mailbox)>,
}

impl Mailer {
    /// Outbox only.
    pub fn outbox() -> Self {
        Self { smtp: None }
    }

    /// Outbox and delivery through the SMTP server of `url` (`smtp://user:pass@host:587`, or
    /// `smtps://…` for implicit TLS).
    pub fn smtp(url: &str, from: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .context("invalid SMTP URL")?
            .build();
        let from: Mailbox = from.parse().context("invalid sender address")?;
        Ok(Self { smtp: Some((transport, from)) })
    }

    /// Stores the mail in the outbox (the only part that can fail) and delivers it after.
    pub async fn send(&self, store: &Store, mail: Mail, now: OffsetDateTime) -> StoreResult<()> {
        let mut tx = store.begin_write().await?;
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO outbox (recipient, subject, body, created_at) VALUES ($1, $2, $3, $4)
             RETURNING id",
        )
        .bind(&mail.to)
        .bind(&mail.subject)
        .bind(&mail.body)
        .bind(now.unix_timestamp())
        .fetch_one(&mut *tx)
        .await?;
        store.commit(tx).await?;
        // Never the body: it may hold a one-time link.
        tracing::info!(outbox_id = id, to = %mail.to, subject = %mail.subject, "mail queued");
        if let Some((transport, from)) = self.smtp.clone() {
            let store = store.clone();
            tokio::spawn(async move {
                match deliver(&transport, from, &mail).await {
                    Ok(()) => {
                        // Delivered mail leaves the outbox, and with it any link it carried.
                        let sent = sqlx::query("DELETE FROM outbox WHERE id = $1").bind(id);
                        if let Err(error) = store.write(sent).await {
                            tracing::error!(outbox_id = id, %error, "cannot purge delivered mail");
                        }
                    }
                    Err(error) => {
                        tracing::error!(outbox_id = id, error = ?error, "mail delivery failed")
                    }
                }
            });
        }
        Ok(())
    }
}

/// Removes mail older than `before` that was never delivered (without SMTP the outbox is where
/// it is read; its links expire within the hour). Answers how many went.
pub async fn purge_outbox(store: &Store, before: i64) -> StoreResult<u64> {
    store.write(sqlx::query("DELETE FROM outbox WHERE created_at <= $1").bind(before)).await
}

async fn deliver(
    transport: &AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    mail: &Mail,
) -> anyhow::Result<()> {
    let message = Message::builder()
        .from(from)
        .to(mail.to.parse().context("invalid recipient")?)
        .subject(&mail.subject)
        .body(mail.body.clone())?;
    transport.send(message).await?;
    Ok(())
}
