//! Contact: the details from configuration, and messages kept, mailed to support and
//! throttled per business.

use reqwest::StatusCode;
use serde_json::json;

use crate::store_tests;
use crate::support::TestApp;

store_tests!(a_message_is_kept_mailed_to_support_and_throttled_per_business);

async fn a_message_is_kept_mailed_to_support_and_throttled_per_business(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let details = owner.get("/v2/contact-us").await.body["data"]["contact_us"].clone();
    assert_eq!(details["email"], "support@heatdesk.example");
    assert_eq!(details["hours"], "Monday to Friday, 08:30–17:30");
    // The default hours in Arabic for an Arabic reader, the time range kept left to right.
    let arabic = owner.get_in("/v2/contact-us", "ar").await.body["data"]["contact_us"].clone();
    assert_eq!(arabic["hours"], "من الاثنين إلى الجمعة، \u{2066}08:30–17:30\u{2069}");
    assert_eq!(arabic["email"], details["email"]);

    let empty = owner.post("/v2/contact-us", json!({"subject": " ", "message": ""})).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.field_error("subject"), "Write a subject.");
    assert_eq!(empty.field_error("message"), "Write a message.");
    let long =
        owner.post("/v2/contact-us", json!({"subject": "x".repeat(121), "message": "Hi"})).await;
    assert_eq!(long.field_error("subject"), "Keep the subject to 120 characters.");
    // A subject is one line (it goes into a mail header and the log); a message keeps its lines
    // but no hidden characters (PostgreSQL cannot store a NUL).
    let hidden = json!({"subject": "Hall\r\nBcc: x@example.com", "message": "Hi\u{0}there"});
    let hidden = owner.post("/v2/contact-us", hidden).await;
    assert_eq!(hidden.status, StatusCode::UNPROCESSABLE_ENTITY);
    let refused = "Use only visible characters (no control or invisible formatting characters).";
    assert_eq!((hidden.field_error("subject"), hidden.field_error("message")), (refused, refused));

    let message = json!({"subject": "Radiator in the hall",
        "message": "It does not warm up.\r\n\n\tSince Monday."});
    let sent = owner.post("/v2/contact-us", message.clone()).await;
    assert_eq!(sent.status, StatusCode::OK);
    assert_eq!(
        sent.description(),
        "Thank you: your message has been sent. We answer within one working day."
    );
    let mails = app.mails_to("support@heatdesk.example", 1).await;
    assert!(mails[0].starts_with("From owner@acme.co.uk ("), "{}", mails[0]);
    assert!(mails[0].contains("It does not warm up.\n\n\tSince Monday."), "{}", mails[0]);

    for _ in 0..4 {
        assert_eq!(owner.post("/v2/contact-us", message.clone()).await.status, StatusCode::OK);
    }
    let throttled = owner.post("/v2/contact-us", message.clone()).await;
    assert_eq!(throttled.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(throttled.description().starts_with("You have sent 5 messages in the last hour"));
    // Another business is not held back; an hour on, this one may write again.
    let rival = app.register_business("owner@rival.co.uk").await;
    assert_eq!(rival.post("/v2/contact-us", message.clone()).await.status, StatusCode::OK);
    app.clock.advance(time::Duration::minutes(61));
    assert_eq!(owner.post("/v2/contact-us", message).await.status, StatusCode::OK);
    let kept: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM contact_messages")
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    assert_eq!(kept.0, 7);
}
