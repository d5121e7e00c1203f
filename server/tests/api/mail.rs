//! Mail delivery by SMTP, against a minimal SMTP peer on a local port.

use std::time::Duration;

use crate::support::{Db, TestApp};
use heatdesk::mail::Mailer;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::oneshot;

/// Accepts one SMTP session and hands over the message it was given (the DATA section).
async fn smtp_peer() -> (u16, oneshot::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (sender, receiver) = oneshot::channel();
    tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        write.write_all(b"220 test ESMTP\r\n").await.unwrap();
        let mut message = String::new();
        let mut in_data = false;
        while let Some(line) = lines.next_line().await.unwrap() {
            if in_data {
                if line == "." {
                    in_data = false;
                    write.write_all(b"250 queued\r\n").await.unwrap();
                } else {
                    message.push_str(&line);
                    message.push('\n');
                }
                continue;
            }
            let command = line.to_ascii_uppercase();
            let reply: &[u8] = if command.starts_with("EHLO") {
                b"250 test\r\n"
            } else if command.starts_with("DATA") {
                in_data = true;
                b"354 go ahead\r\n"
            } else if command.starts_with("QUIT") {
                write.write_all(b"221 bye\r\n").await.unwrap();
                break;
            } else {
                b"250 ok\r\n"
            };
            write.write_all(reply).await.unwrap();
        }
        sender.send(message).ok();
    });
    (port, receiver)
}

#[tokio::test]
async fn links_are_delivered_by_smtp_and_leave_the_outbox() {
    let (port, delivered) = smtp_peer().await;
    let mailer =
        Mailer::smtp(&format!("smtp://127.0.0.1:{port}"), "HeatDesk <no-reply@heatdesk.example>")
            .unwrap();
    let app = TestApp::spawn_with_mailer(Db::Sqlite, mailer).await.unwrap();
    // Signing up mails the link that confirms the address.
    app.register("owner@acme.co.uk").await;

    let message = tokio::time::timeout(Duration::from_secs(10), delivered).await.unwrap().unwrap();
    assert!(message.contains("To: owner@acme.co.uk"), "{message}");
    assert!(message.contains("Subject: Confirm your HeatDesk email"), "{message}");
    assert!(message.contains("/confirm-email?token="), "{message}");

    // The delivery task removes the mail, link and all, right after the peer accepted it.
    let purged = async {
        loop {
            let (left,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM outbox")
                .fetch_one(app.store.reader())
                .await
                .unwrap();
            if left == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(10), purged).await.expect("delivered mail purged");
}
