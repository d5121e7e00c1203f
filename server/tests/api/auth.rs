//! Every `/v2/auth` call over HTTP, on SQLite and on PostgreSQL.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::store_tests;
use crate::support::{Db, PASSWORD, TestApp, User, link_token, registration, registration_with};
use futures_util::future::{join, join_all};
use heatdesk::kernel::tokens::hash_token;
use heatdesk::kernel::work_limit::WorkLimit;

store_tests!(
    register_answers_a_business_user_with_level_5001_and_copies_the_same_address,
    register_keeps_a_separate_business_address,
    register_lists_every_bad_field,
    register_with_a_taken_email_is_409_whatever_its_case,
    a_non_business_account_gets_level_5000_and_403_from_commercial_endpoints,
    login_answers_a_token_that_opens_me,
    login_with_a_wrong_password_or_unknown_email_is_401_with_one_sentence,
    login_without_fields_is_422,
    me_without_or_with_a_bad_token_is_401,
    a_token_expires_after_seven_days,
    logout_revokes_the_token,
    change_password_checks_the_old_one_and_ends_every_session,
    guessing_the_current_password_is_limited_as_signing_in_is,
    forgot_password_answers_the_same_and_mails_a_one_time_link,
    a_reset_link_is_mailed_in_the_language_it_was_asked_in,
    a_reset_link_expires_after_an_hour,
    update_profile_saves_the_profile_and_validates_it,
    delete_removes_only_your_own_account_and_its_business,
    repeated_failures_for_one_email_are_throttled_until_the_window_passes,
    repeated_failures_from_one_address_are_throttled,
    registrations_and_reset_requests_are_limited_per_address,
    a_forwarded_address_from_an_untrusted_peer_is_ignored,
    using_a_reset_link_ends_every_other_link_of_the_account,
    reset_tokens_never_reach_the_log,
    parallel_wrong_passwords_get_no_more_tries_than_the_limit,
    a_new_accounts_email_is_confirmed_by_the_link_mailed_at_sign_up,
    a_sign_up_link_gives_way_to_a_change_and_is_sent_again_only_so_often,
    a_sign_up_whose_link_cannot_be_mailed_says_so_and_is_asked_again,
    changing_the_email_waits_for_the_link_mailed_to_the_new_address,
    an_email_link_expires_after_a_day_and_loses_to_an_account_that_took_the_address,
);

async fn register_answers_a_business_user_with_level_5001_and_copies_the_same_address(
    app: TestApp,
) {
    let answer = app.register("Owner@Acme.co.uk").await;
    // Typed with every field it may have, so a password hash or token would fail it.
    let user: User = answer.data("user");
    assert_eq!(
        answer.description(),
        "Your account has been created, and we have sent a link to confirm your email. You can \
         now sign in."
    );
    assert_eq!(answer.body["data"]["confirmation_sent"], 1);
    assert_eq!(user.email, "owner@acme.co.uk");
    assert_eq!((user.level, user.is_business), (5001, 1));
    assert_eq!((user.post_code.as_str(), user.mobile.as_str()), ("LS1 4AP", "07700900123"));
    assert_eq!(user.is_same_address, 1);
    assert_eq!(user.business_address_line1, "1 High Street");
    assert_eq!(user.business_post_code, "LS1 4AP");
}

async fn register_keeps_a_separate_business_address(app: TestApp) {
    let body = registration_with(
        "owner@acme.co.uk",
        json!({"is_same_address": 0, "business_address_line1": "Unit 4, Mill Lane",
               "business_town": "Salford", "business_city": "Manchester",
               "business_post_code": "M3 5EN"}),
    );
    let user: User = app.post("/v2/auth", body).await.data("user");
    assert_eq!(user.is_same_address, 0);
    assert_eq!(user.address_line1, "1 High Street");
    assert_eq!(user.business_address_line1, "Unit 4, Mill Lane");
    assert_eq!(user.business_post_code, "M3 5EN");
}

async fn register_lists_every_bad_field(app: TestApp) {
    let cases = [
        (json!({"email": "not-an-email"}), "email"),
        (json!({"email": ""}), "email"),
        (json!({"mobile": "12"}), "mobile"),
        (json!({"post_code": "90210"}), "post_code"),
        (json!({"password": "too-short"}), "password"),
        (json!({"first_name": "  "}), "first_name"),
        (json!({"last_name": ""}), "last_name"),
        (json!({"business_name": ""}), "business_name"),
        (json!({"address_line1": ""}), "address_line1"),
        (json!({"town": "x".repeat(101)}), "town"),
        (json!({"city": ""}), "city"),
        (json!({"city": "1"}), "city"),
        (json!({"town": "12"}), "town"),
        (json!({"address_line2": "x".repeat(101)}), "address_line2"),
        (json!({"is_same_address": 2}), "is_same_address"),
        (json!({"is_business": null}), "is_business"),
        (json!({"is_same_address": 0, "business_post_code": "nope"}), "business_post_code"),
        (json!({"is_same_address": 0}), "business_address_line1"),
    ];
    for (changes, field) in cases {
        let answer = app.post("/v2/auth", registration_with("a@acme.co.uk", changes.clone())).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{changes}");
        answer.field_error(field);
    }
    // A place's name has letters in it, and the answer says so under the field.
    let number = app.post("/v2/auth", registration_with("a@acme.co.uk", json!({"city": "1"})));
    assert_eq!(number.await.field_error("city"), "Enter the name in letters, like Leeds.");
    // An empty body names every required field at once and creates nothing.
    let answer = app.post("/v2/auth", json!({})).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = answer.body["errors"].as_object().expect("errors");
    for field in [
        "email",
        "password",
        "mobile",
        "first_name",
        "last_name",
        "business_name",
        "address_line1",
        "city",
        "post_code",
        "is_business",
        "is_same_address",
    ] {
        assert!(errors.contains_key(field), "{field} missing from {errors:?}");
    }
    assert!(!errors.contains_key("town"), "a town or area besides the city is optional");
    assert_eq!(app.login("a@acme.co.uk", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    let without_town = app.post("/v2/auth", registration_with("a@acme.co.uk", json!({"town": ""})));
    assert_eq!(without_town.await.status, StatusCode::OK);
}

async fn register_with_a_taken_email_is_409_whatever_its_case(app: TestApp) {
    assert_eq!(app.register("owner@acme.co.uk").await.status, StatusCode::OK);
    let answer = app.register("OWNER@acme.co.uk").await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    assert_eq!(answer.body["code"], 409);
    assert_eq!(
        answer.field_error("email"),
        "An account with this email already exists. Sign in instead."
    );
}

async fn a_non_business_account_gets_level_5000_and_403_from_commercial_endpoints(app: TestApp) {
    let body = registration_with("home@example.com", json!({"is_business": 0}));
    assert_eq!(app.post("/v2/auth", body).await.data::<User>("user").level, 5000);
    assert_eq!(app.login("home@example.com", PASSWORD).await.body["data"]["user"]["level"], 5000);
    let home = app.sign_in("home@example.com", PASSWORD).await;
    for answer in [
        home.post("/v2/auth/update_profile", registration("home@example.com")).await,
        home.get("/v2/rooms").await,
        home.get("/v2/action-history").await,
    ] {
        assert_eq!(answer.status, StatusCode::FORBIDDEN);
        assert_eq!(answer.description(), "You are not allowed");
    }
}

async fn login_answers_a_token_that_opens_me(app: TestApp) {
    app.register("owner@acme.co.uk").await;
    let login = app.login(" Owner@Acme.co.uk ", PASSWORD).await;
    assert_eq!(login.status, StatusCode::OK);
    let user = &login.body["data"]["user"];
    assert_eq!(user["level"], 5001);
    assert_eq!(user["expires_at"], "2026-01-22T09:00:00Z");
    let owner = app.sign_in("owner@acme.co.uk", PASSWORD).await;
    let me: User = owner.get("/v2/auth/me").await.data("me");
    assert_eq!(
        (me.email.as_str(), me.business_name.as_str()),
        ("owner@acme.co.uk", "Acme Heating")
    );
}

async fn login_with_a_wrong_password_or_unknown_email_is_401_with_one_sentence(app: TestApp) {
    app.register("owner@acme.co.uk").await;
    let wrong = app.login("owner@acme.co.uk", "wrong password!").await;
    let unknown = app.login("nobody@acme.co.uk", PASSWORD).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(unknown.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.body["description"], "The email or password is incorrect.");
    assert_eq!(wrong.body, unknown.body);
}

async fn login_without_fields_is_422(app: TestApp) {
    let answer = app.post("/v2/auth/login", json!({})).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.field_error("email"), "Enter your email address.");
    assert_eq!(answer.field_error("password"), "Enter your password.");
}

async fn me_without_or_with_a_bad_token_is_401(app: TestApp) {
    let none = app.call(Method::GET, "/v2/auth/me", None, None).await;
    assert_eq!(none.status, StatusCode::UNAUTHORIZED);
    assert_eq!(none.body["code"], 401);
    let bad = app.call(Method::GET, "/v2/auth/me", Some("not-a-token"), None).await;
    assert_eq!(bad.status, StatusCode::UNAUTHORIZED);
    // A 401 says what it takes.
    assert_eq!(bad.headers["www-authenticate"], "Bearer");

    // The scheme is read in any case.
    let owner = app.register_business("owner@acme.co.uk").await;
    let me = app.client.get(format!("{}/v2/auth/me", app.base));
    let me = me.header("authorization", format!("bearer {}", owner.token)).send().await.unwrap();
    assert_eq!(me.status(), StatusCode::OK);
}

async fn a_token_expires_after_seven_days(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    app.clock.advance(time::Duration::days(7) - time::Duration::seconds(1));
    assert_eq!(owner.get("/v2/auth/me").await.status, StatusCode::OK);
    app.clock.advance(time::Duration::seconds(1));
    assert_eq!(owner.get("/v2/auth/me").await.status, StatusCode::UNAUTHORIZED);
}

async fn logout_revokes_the_token(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let other = app.sign_in("owner@acme.co.uk", PASSWORD).await;
    assert_eq!(owner.post("/v2/auth/logout", json!({})).await.status, StatusCode::OK);
    assert_eq!(owner.get("/v2/auth/me").await.status, StatusCode::UNAUTHORIZED);
    // Signing out one browser leaves the others signed in.
    assert_eq!(other.get("/v2/auth/me").await.status, StatusCode::OK);
}

async fn change_password_checks_the_old_one_and_ends_every_session(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let second = app.sign_in("owner@acme.co.uk", PASSWORD).await;
    let path = "/v2/auth/change_password";
    let wrong = owner
        .post(path, json!({"old_password": "nope nope nope", "new_password": "a new password"}))
        .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.field_error("old_password"), "The current password is incorrect.");
    let short = owner.post(path, json!({"old_password": PASSWORD, "new_password": "short"})).await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    short.field_error("new_password");
    let same = owner.post(path, json!({"old_password": PASSWORD, "new_password": PASSWORD})).await;
    assert_eq!(same.status, StatusCode::UNPROCESSABLE_ENTITY);

    let changed =
        owner.post(path, json!({"old_password": PASSWORD, "new_password": "a new password"})).await;
    assert_eq!(changed.status, StatusCode::OK);
    assert_eq!(owner.get("/v2/auth/me").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(second.get("/v2/auth/me").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login("owner@acme.co.uk", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login("owner@acme.co.uk", "a new password").await.status, StatusCode::OK);
}

async fn guessing_the_current_password_is_limited_as_signing_in_is(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let path = "/v2/auth/change_password";
    let guess = |old: &'static str| {
        owner.post(path, json!({"old_password": old, "new_password": "a new password"}))
    };
    for n in 0..5 {
        let wrong = guess("guess number one").await;
        assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY, "guess {n}");
    }
    let refused = guess(PASSWORD).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.description(), "Too many wrong current passwords. Try again in 15 minutes.");
    let login = app.login("owner@acme.co.uk", PASSWORD).await;
    assert_eq!(login.status, StatusCode::TOO_MANY_REQUESTS, "one count for the account");
    app.clock.advance(time::Duration::minutes(16));
    assert_eq!(guess(PASSWORD).await.status, StatusCode::OK);
}

fn reset_token(mail: &str) -> String {
    link_token(mail, "/reset-password?token=")
}

async fn a_reset_link_is_mailed_in_the_language_it_was_asked_in(app: TestApp) {
    app.register_business("owner@acme.co.uk").await;
    let forgot = json!({"email": "owner@acme.co.uk"});
    let answer =
        app.call_in(Method::POST, "/v2/auth/forgot_password", None, Some(forgot), Some("ar")).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(answer.description().starts_with("إذا كان هناك حساب"), "{}", answer.description());
    let mail = &app.mails_to("owner@acme.co.uk", 1).await[0];
    assert!(mail.starts_with("طلب أحدهم إعادة تعيين كلمة المرور"), "{mail}");
    assert!(mail.contains(&format!("{}/reset-password?token=", app.base)), "{mail}");
    assert!(!reset_token(mail).is_empty());
}

async fn forgot_password_answers_the_same_and_mails_a_one_time_link(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let known = app.post("/v2/auth/forgot_password", json!({"email": "Owner@acme.co.uk"})).await;
    let unknown = app.post("/v2/auth/forgot_password", json!({"email": "nobody@acme.co.uk"})).await;
    assert_eq!(known.status, StatusCode::OK);
    assert_eq!(known.body, unknown.body);
    let mails = app.mails_to("owner@acme.co.uk", 1).await;
    assert_eq!(mails.len(), 1);
    assert!(app.mails_to("nobody@acme.co.uk", 0).await.is_empty());
    assert!(mails[0].contains(&format!("{}/reset-password?token=", app.base)));
    let reset = reset_token(&mails[0]);
    // The page checks its link first.
    let check = |token: &str| app.post("/v2/auth/reset_password/check", json!({"token": token}));
    assert_eq!(check(&reset).await.description(), "This reset link can be used.");
    assert_eq!(check("made-up").await.field_error("token"), REFUSED_LINK);

    let short =
        app.post("/v2/auth/reset_password", json!({"token": reset, "password": "short"})).await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    short.field_error("password");
    let done = app
        .post("/v2/auth/reset_password", json!({"token": reset, "password": "reset password 1"}))
        .await;
    assert_eq!(done.status, StatusCode::OK, "{:?}", done.body);
    assert_eq!(owner.get("/v2/auth/me").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login("owner@acme.co.uk", "reset password 1").await.status, StatusCode::OK);
    let again = app
        .post("/v2/auth/reset_password", json!({"token": reset, "password": "reset password 2"}))
        .await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(again.field_error("token"), REFUSED_LINK);
    assert_eq!(check(&reset).await.field_error("token"), REFUSED_LINK, "used");
    let bad = app.post("/v2/auth/forgot_password", json!({"email": "nope"})).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
}

const REFUSED_LINK: &str = "This reset link is invalid, used or expired. Ask for a new one.";

async fn a_reset_link_expires_after_an_hour(app: TestApp) {
    app.register_business_without_plan("owner@acme.co.uk").await;
    app.post("/v2/auth/forgot_password", json!({"email": "owner@acme.co.uk"})).await;
    let reset = reset_token(&app.mails_to("owner@acme.co.uk", 1).await[0]);
    app.clock.advance(time::Duration::hours(1));
    let check = app.post("/v2/auth/reset_password/check", json!({"token": reset})).await;
    assert_eq!(check.field_error("token"), REFUSED_LINK, "expired");
    let late = app
        .post("/v2/auth/reset_password", json!({"token": reset, "password": "reset password 1"}))
        .await;
    assert_eq!(late.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(app.login("owner@acme.co.uk", PASSWORD).await.status, StatusCode::OK);
}

async fn update_profile_saves_the_profile_and_validates_it(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let mut body = registration("owner@acme.co.uk");
    body["last_name"] = json!("Acme Warmth");
    body["is_same_address"] = json!(0);
    body["business_address_line1"] = json!("2 Registered Way");
    body["business_town"] = json!("Holborn");
    body["business_city"] = json!("London");
    body["business_post_code"] = json!("wc1x8aa");
    let answer = owner.post("/v2/auth/update_profile", body).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    assert_eq!(answer.body["description"], "Profile updated successfully");
    let me: User = owner.get("/v2/auth/me").await.data("me");
    assert_eq!(me.last_name, "Acme Warmth");
    assert_eq!(me.business_post_code, "WC1X 8AA");
    assert_eq!(me.address_line1, "1 High Street");

    let bad = owner.post("/v2/auth/update_profile", json!({"mobile": "x"})).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    bad.field_error("mobile");
    assert_eq!(owner.get("/v2/auth/me").await.data::<User>("me"), me);
}

async fn delete_removes_only_your_own_account_and_its_business(app: TestApp) {
    let mine = app.register_business("owner@acme.co.uk").await;
    let theirs = app.register_business("owner@rival.co.uk").await;
    let my_id = mine.get("/v2/auth/me").await.data::<User>("me").id;
    let their_id = theirs.get("/v2/auth/me").await.data::<User>("me").id;

    let refused = mine.delete_account(their_id, PASSWORD).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(theirs.get("/v2/auth/me").await.status, StatusCode::OK);

    // The password is asked for again, as a body the spec's bare DELETE may leave out.
    let bare = mine.delete(&format!("/v2/auth/{my_id}")).await;
    assert_eq!(bare.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bare.field_error("password"), "Enter your password to delete the account.");
    let wrong = mine.delete_account(my_id, "not the password").await;
    assert_eq!(wrong.field_error("password"), "The current password is incorrect.");
    assert_eq!(mine.get("/v2/auth/me").await.status, StatusCode::OK, "nothing deleted");

    let deleted = mine.delete_account(my_id, PASSWORD).await;
    assert_eq!(deleted.status, StatusCode::OK);
    assert_eq!(mine.get("/v2/auth/me").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login("owner@acme.co.uk", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    let (businesses,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM businesses")
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    assert_eq!(businesses, 1);
    // The address is free again.
    assert_eq!(app.register("owner@acme.co.uk").await.status, StatusCode::OK);
}

async fn repeated_failures_for_one_email_are_throttled_until_the_window_passes(app: TestApp) {
    app.register("owner@acme.co.uk").await;
    for _ in 0..5 {
        assert_eq!(
            app.login("owner@acme.co.uk", "wrong password").await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    let throttled = app.login("owner@acme.co.uk", PASSWORD).await;
    assert_eq!(throttled.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(throttled.headers["retry-after"], "900");
    assert_eq!(
        throttled.body["description"],
        "Too many failed sign-in attempts. Try again in 15 minutes."
    );
    // Other accounts from the same address are not locked out by one email's failures.
    app.register("colleague@acme.co.uk").await;
    assert_eq!(app.login("colleague@acme.co.uk", PASSWORD).await.status, StatusCode::OK);

    app.clock.advance(time::Duration::minutes(15));
    assert_eq!(app.login("owner@acme.co.uk", PASSWORD).await.status, StatusCode::OK);
}

async fn repeated_failures_from_one_address_are_throttled(app: TestApp) {
    app.register("owner@acme.co.uk").await;
    for attempt in 0..20 {
        let email = format!("guess{attempt}@acme.co.uk");
        assert_eq!(app.login(&email, "wrong password").await.status, StatusCode::UNAUTHORIZED);
    }
    let throttled = app.login("owner@acme.co.uk", PASSWORD).await;
    assert_eq!(throttled.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(throttled.headers.contains_key("retry-after"));
}

#[tokio::test]
async fn made_up_reset_tokens_and_taken_emails_are_refused_without_hashing() {
    // One hash at a time, and no waiting for a turn: a request that has to hash while another
    // does is answered 503 at once.
    let limit = WorkLimit::new(1, std::time::Duration::from_millis(1));
    let Some(app) = TestApp::spawn_with_hashing(Db::Sqlite, limit).await else { return };
    app.register("owner@acme.co.uk").await;
    // Each from its own client, so that no per-address limit is reached.
    let client = |n: usize| format!("203.0.113.{n}");
    let resets = (0..100).map(|n| {
        let body = json!({"token": format!("made-up-{n}"), "password": "a new password"});
        app.post_from(client(n), "/v2/auth/reset_password", body)
    });
    let registration = crate::support::registration("owner@acme.co.uk");
    let taken = (100..150).map(|n| app.post_from(client(n), "/v2/auth", registration.clone()));
    let (resets, taken) = join(join_all(resets), join_all(taken)).await;
    assert!(resets.iter().all(|answer| answer.status == StatusCode::UNPROCESSABLE_ENTITY));
    assert!(taken.iter().all(|answer| answer.status == StatusCode::CONFLICT));

    // Registrations that do hash queue for the one turn; those that wait too long hear 503.
    let fresh = (0..20).map(|n| {
        let body = crate::support::registration(&format!("new{n}@acme.co.uk"));
        app.post_from(client(200 + n), "/v2/auth", body)
    });
    let fresh = join_all(fresh).await;
    let busy: Vec<_> =
        fresh.iter().filter(|answer| answer.status == StatusCode::SERVICE_UNAVAILABLE).collect();
    assert!(!busy.is_empty() && busy.len() < 20, "{} of 20 refused", busy.len());
    assert_eq!(busy[0].description(), "HeatDesk is busy. Please try again in a moment.");
    assert_eq!(busy[0].headers["retry-after"], "1");
}

async fn parallel_wrong_passwords_get_no_more_tries_than_the_limit(app: TestApp) {
    app.register("owner@acme.co.uk").await;
    let attempts = (0..50).map(|_| app.login("owner@acme.co.uk", "wrong password"));
    let answers = join_all(attempts).await;
    let count = |status| answers.iter().filter(|answer| answer.status == status).count();
    assert_eq!((count(StatusCode::UNAUTHORIZED), count(StatusCode::TOO_MANY_REQUESTS)), (5, 45));
    // The right password is refused too until the window passes; a success forgives the rest.
    assert_eq!(app.login("owner@acme.co.uk", PASSWORD).await.status, StatusCode::TOO_MANY_REQUESTS);
    app.clock.advance(time::Duration::minutes(15));
    assert_eq!(app.login("owner@acme.co.uk", PASSWORD).await.status, StatusCode::OK);
    assert_eq!(app.login("owner@acme.co.uk", "wrong again").await.status, StatusCode::UNAUTHORIZED);
}

async fn using_a_reset_link_ends_every_other_link_of_the_account(app: TestApp) {
    app.register_business_without_plan("owner@acme.co.uk").await;
    for _ in 0..2 {
        app.post("/v2/auth/forgot_password", json!({"email": "owner@acme.co.uk"})).await;
    }
    let mails = app.mails_to("owner@acme.co.uk", 2).await;
    let (first, second) = (reset_token(&mails[0]), reset_token(&mails[1]));
    let reset = |token: String, password: &str| {
        app.post("/v2/auth/reset_password", json!({"token": token, "password": password}))
    };
    assert_eq!(reset(second, "reset password 1").await.status, StatusCode::OK);
    let older = reset(first, "reset password 2").await;
    assert_eq!(older.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(app.login("owner@acme.co.uk", "reset password 1").await.status, StatusCode::OK);
}

async fn reset_tokens_never_reach_the_log(app: TestApp) {
    app.register_business_without_plan("owner@acme.co.uk").await;
    app.post("/v2/auth/forgot_password", json!({"email": "owner@acme.co.uk"})).await;
    let token = reset_token(&app.mails_to("owner@acme.co.uk", 1).await[0]);
    // The link opens the web app, then the app sends the token.
    let page = app.call(Method::GET, &format!("/reset-password?token={token}"), None, None).await;
    assert_eq!(page.status, StatusCode::OK);
    let body = json!({"token": token, "password": "reset password 1"});
    assert_eq!(app.post("/v2/auth/reset_password", body).await.status, StatusCode::OK);
    let logs = crate::support::logs();
    assert!(logs.contains("mail queued") && logs.contains("/reset-password"), "nothing logged");
    assert!(!logs.contains(&token), "the reset token is in the log");
}

async fn registrations_and_reset_requests_are_limited_per_address(app: TestApp) {
    for n in 0..10 {
        assert_eq!(app.register(&format!("owner{n}@acme.co.uk")).await.status, StatusCode::OK);
    }
    let eleventh = app.register("owner10@acme.co.uk").await;
    assert_eq!(eleventh.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(eleventh.description(), "Too many registrations. Try again in 15 minutes.");
    let forgot = |n: usize| {
        app.post("/v2/auth/forgot_password", json!({"email": format!("owner{n}@acme.co.uk")}))
    };
    // One inbox is sent 3 links in the window, one address may ask for 5.
    for _ in 0..3 {
        assert_eq!(forgot(0).await.status, StatusCode::OK);
    }
    let inbox_full = forgot(0).await;
    assert_eq!(inbox_full.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        inbox_full.description(),
        "Too many password reset requests. Try again in 15 minutes."
    );
    assert_eq!(forgot(1).await.status, StatusCode::OK);
    assert_eq!(forgot(2).await.status, StatusCode::OK);
    assert_eq!(forgot(3).await.status, StatusCode::TOO_MANY_REQUESTS, "the address's five");
    let reset = || {
        let body = json!({"token": "made-up", "password": "a new password"});
        app.post("/v2/auth/reset_password", body)
    };
    for _ in 0..10 {
        assert_eq!(reset().await.status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    assert_eq!(reset().await.status, StatusCode::TOO_MANY_REQUESTS);
    app.clock.advance(time::Duration::minutes(15));
    assert_eq!(app.register("owner10@acme.co.uk").await.status, StatusCode::OK);
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_is_throttled_by_its_own_address() {
    let Some(app) = TestApp::spawn_behind_a_proxy(Db::Sqlite).await else { return };
    app.register("owner@acme.co.uk").await;
    for n in 0..20 {
        let status = wrong_login_from(&app, "203.0.113.1", &format!("guess{n}@acme.co.uk")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let status = wrong_login_from(&app, "203.0.113.1", "one@acme.co.uk").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    // Another user behind the same proxy is not locked out.
    let status = wrong_login_from(&app, "203.0.113.2", "two@acme.co.uk").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

/// A wrong password for `email` from the client at `address`, as a proxy forwards it.
async fn wrong_login_from(app: &TestApp, address: &str, email: &str) -> StatusCode {
    let body = json!({"email": email, "password": "wrong password"});
    app.post_from(address.to_owned(), "/v2/auth/login", body).await.status
}

async fn a_forwarded_address_from_an_untrusted_peer_is_ignored(app: TestApp) {
    for n in 0..20 {
        let email = format!("guess{n}@acme.co.uk");
        let status = wrong_login_from(&app, &format!("203.0.113.{n}"), &email).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    // Each claimed another address; all came from this one, which has had its 20.
    let status = wrong_login_from(&app, "198.51.100.1", "last@acme.co.uk").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

fn email_token(mail: &str) -> String {
    link_token(mail, "/confirm-email?token=")
}

const TAKEN_ADDRESS: &str = "Another account has this email. Choose another address.";

const REFUSED_EMAIL_LINK: &str =
    "This link is invalid, used or expired. Ask for a new one from your profile.";

async fn a_new_accounts_email_is_confirmed_by_the_link_mailed_at_sign_up(app: TestApp) {
    let owner = app.register_business_unconfirmed("owner@acme.co.uk").await;
    let me = || async { owner.get("/v2/auth/me").await.data::<User>("me") };
    assert_eq!(me().await.email_confirmed, 0);
    let mails = app.mails_to("owner@acme.co.uk", 1).await;
    let welcome = "Welcome to HeatDesk.\n\nTo confirm that this is your email, open this link \
                   within the next 24 hours:\n";
    assert!(mails[0].starts_with(welcome), "{}", mails[0]);
    assert!(mails[0].contains("Until it is confirmed, HeatDesk mails no notifications to it."));
    let first = email_token(&mails[0]);

    // Asked for again: a new link, and the first stops working.
    let again = owner.post("/v2/auth/confirm_email/resend", Value::Null).await;
    assert_eq!(
        again.description(),
        "We have sent a new link to owner@acme.co.uk. Open it within 24 hours to confirm your \
         email."
    );
    let second = email_token(&app.mails_to("owner@acme.co.uk", 2).await[1]);
    let confirm = |token: &str| app.post("/v2/auth/change_email/confirm", json!({"token": token}));
    assert_eq!(confirm(&first).await.field_error("token"), REFUSED_EMAIL_LINK);
    let done = confirm(&second).await;
    assert_eq!(done.description(), "Your email owner@acme.co.uk is confirmed. Thank you.");
    let confirmed = me().await;
    assert_eq!((confirmed.email_confirmed, confirmed.email.as_str()), (1, "owner@acme.co.uk"));
    // Nothing changed: no notice that the email has.
    assert_eq!(app.mails_to("owner@acme.co.uk", 2).await.len(), 2);
    let already = owner.post("/v2/auth/confirm_email/resend", Value::Null).await;
    assert_eq!(already.status, StatusCode::CONFLICT);
    assert_eq!(already.description(), "Your email is already confirmed.");

    // A password reset's link comes to the address too, and confirms it.
    app.register("other@acme.co.uk").await;
    app.post("/v2/auth/forgot_password", json!({"email": "other@acme.co.uk"})).await;
    let reset = reset_token(&app.mails_to("other@acme.co.uk", 2).await[1]);
    let body = json!({"token": reset, "password": "reset password 1"});
    assert_eq!(app.post("/v2/auth/reset_password", body).await.status, StatusCode::OK);
    let other = app.sign_in("other@acme.co.uk", "reset password 1").await;
    assert_eq!(other.get("/v2/auth/me").await.data::<User>("me").email_confirmed, 1);
}

/// A sign-up's link and an email change's: the newer one only, and a confirmation never makes
/// an email the account has left its own again.
async fn a_sign_up_link_gives_way_to_a_change_and_is_sent_again_only_so_often(app: TestApp) {
    let owner = app.register_business_unconfirmed("owner@acme.co.uk").await;
    let sign_up = email_token(&app.mails_to("owner@acme.co.uk", 1).await[0]);
    let change = json!({"email": "new@acme.co.uk", "password": PASSWORD});
    assert_eq!(owner.post("/v2/auth/change_email", change).await.status, StatusCode::OK);
    let confirm = |token: &str| app.post("/v2/auth/change_email/confirm", json!({"token": token}));
    assert_eq!(confirm(&sign_up).await.field_error("token"), REFUSED_EMAIL_LINK, "replaced");
    let moved = email_token(&app.mails_to("new@acme.co.uk", 1).await[0]);
    assert_eq!(confirm(&moved).await.status, StatusCode::OK);
    let me = owner.get("/v2/auth/me").await.data::<User>("me");
    assert_eq!((me.email.as_str(), me.email_confirmed), ("new@acme.co.uk", 1));

    // Two links stored at once (a resend and a change from two tabs racing): the old address's
    // confirmation, opened after the change, is spent rather than a change back.
    let insert = sqlx::query(
        "INSERT INTO email_changes (token_hash, user_id, new_email, confirms, expires_at)
         VALUES ($1, $2, 'owner@acme.co.uk', 1, $3)",
    )
    .bind(hash_token("raced"))
    .bind(me.id)
    .bind(app.clock_now() + 3600);
    app.store.write(insert).await.unwrap();
    assert_eq!(confirm("raced").await.field_error("token"), REFUSED_EMAIL_LINK);
    assert_eq!(owner.get("/v2/auth/me").await.data::<User>("me").email, "new@acme.co.uk");
    assert_eq!(app.mails_to("owner@acme.co.uk", 1).await.len(), 2, "the sign-up's, the notice");

    // Sent again at most 3 times a window to one address, whoever asks.
    let other = app.register_business_unconfirmed("other@acme.co.uk").await;
    for _ in 0..3 {
        let again = other.post("/v2/auth/confirm_email/resend", Value::Null).await;
        assert_eq!(again.status, StatusCode::OK, "{:?}", again.body);
    }
    let fourth = other.post("/v2/auth/confirm_email/resend", Value::Null).await;
    assert_eq!(fourth.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(fourth.description().starts_with("Too many requests to send the link again."));
}

/// The account is made even when its link cannot be stored (here, the outbox is gone), and the
/// answer says to ask for the link again rather than that it was sent.
async fn a_sign_up_whose_link_cannot_be_mailed_says_so_and_is_asked_again(app: TestApp) {
    let away = sqlx::query("ALTER TABLE outbox RENAME TO outbox_away");
    app.store.write(away).await.unwrap();
    let answer = app.register("owner@acme.co.uk").await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(
        answer.description(),
        "Your account has been created, but the link to confirm your email could not be sent \
         just now. Sign in and ask for it again from the reminder at the top of the page."
    );
    assert_eq!(answer.body["data"]["confirmation_sent"], 0);
    assert!(crate::support::logs().contains("cannot mail the sign-up's link"));

    let back = sqlx::query("ALTER TABLE outbox_away RENAME TO outbox");
    app.store.write(back).await.unwrap();
    let owner = app.sign_in("owner@acme.co.uk", PASSWORD).await;
    let again = owner.post("/v2/auth/confirm_email/resend", Value::Null).await;
    assert_eq!(again.status, StatusCode::OK, "{:?}", again.body);
    let token = email_token(&app.mails_to("owner@acme.co.uk", 1).await[0]);
    let confirmed = app.post("/v2/auth/change_email/confirm", json!({"token": token})).await;
    assert_eq!(confirmed.status, StatusCode::OK);
    assert_eq!(owner.get("/v2/auth/me").await.data::<User>("me").email_confirmed, 1);
}

async fn changing_the_email_waits_for_the_link_mailed_to_the_new_address(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    app.register("other@acme.co.uk").await;
    let change = |email: &str, password: &str| {
        owner.post("/v2/auth/change_email", json!({"email": email, "password": password}))
    };
    let empty = change("", "").await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.field_error("email"), "Enter your email address.");
    assert_eq!(empty.field_error("password"), "Enter your password to change the email.");
    let wrong = change("new@acme.co.uk", "wrong password").await;
    assert_eq!(wrong.field_error("password"), "The current password is incorrect.");
    let same = change(" Owner@acme.co.uk", PASSWORD).await;
    assert_eq!(same.field_error("email"), "This is already your email.");
    let taken = change("Other@acme.co.uk", PASSWORD).await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert_eq!(taken.field_error("email"), TAKEN_ADDRESS);
    // Mistakes send nothing, so they do not count against the 5 links an address may ask for.
    for _ in 0..5 {
        let same = change("owner@acme.co.uk", PASSWORD).await;
        assert_eq!(same.status, StatusCode::UNPROCESSABLE_ENTITY);
    }

    let asked = change("New@acme.co.uk", PASSWORD).await;
    assert_eq!(asked.status, StatusCode::OK, "{:?}", asked.body);
    assert_eq!(
        asked.description(),
        "We have sent a link to new@acme.co.uk. Open it within 24 hours to finish the change."
    );
    let first = email_token(&app.mails_to("new@acme.co.uk", 1).await[0]);
    // Nothing changes until the link is opened.
    assert_eq!(owner.get("/v2/auth/me").await.data::<Value>("me")["email"], "owner@acme.co.uk");
    assert_eq!(app.login("new@acme.co.uk", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    // Asking again sends a new link, and the first stops working.
    change("new@acme.co.uk", PASSWORD).await;
    let mails = app.mails_to("new@acme.co.uk", 2).await;
    assert!(mails[1].contains(&format!("{}/confirm-email?token=", app.base)), "{}", mails[1]);
    let second = email_token(&mails[1]);
    let confirm = |token: &str| app.post("/v2/auth/change_email/confirm", json!({"token": token}));
    assert_eq!(confirm(&first).await.field_error("token"), REFUSED_EMAIL_LINK);

    // Opened without signing in, in an Arabic browser: the link is the proof.
    let body = json!({"token": second});
    let done =
        app.call_in(Method::POST, "/v2/auth/change_email/confirm", None, Some(body), Some("ar"));
    let done = done.await;
    assert_eq!(done.status, StatusCode::OK, "{:?}", done.body);
    assert!(done.description().starts_with("أصبح بريدك الإلكتروني الآن"), "{}", done.description());
    assert_eq!(owner.get("/v2/auth/me").await.data::<Value>("me")["email"], "new@acme.co.uk");
    assert_eq!(app.login("new@acme.co.uk", PASSWORD).await.status, StatusCode::OK);
    assert_eq!(app.login("owner@acme.co.uk", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    // The old address is told, in the account's language (not the opener's), with where to turn
    // if it was not its owner; addresses on lines of their own.
    let notice = &app.mails_to("owner@acme.co.uk", 1).await[0];
    assert!(notice.starts_with("The email of your HeatDesk account is now:\nnew@acme.co.uk\n"));
    assert!(notice.contains("write to us at once:\nsupport@heatdesk.example"), "{notice}");
    assert_eq!(confirm(&second).await.field_error("token"), REFUSED_EMAIL_LINK, "used");
}

async fn an_email_link_expires_after_a_day_and_loses_to_an_account_that_took_the_address(
    app: TestApp,
) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let change = || {
        owner
            .post("/v2/auth/change_email", json!({"email": "new@acme.co.uk", "password": PASSWORD}))
    };
    let confirm =
        |token: String| app.post("/v2/auth/change_email/confirm", json!({"token": token}));
    change().await;
    let late = email_token(&app.mails_to("new@acme.co.uk", 1).await[0]);
    app.clock.advance(time::Duration::hours(24));
    assert_eq!(confirm(late).await.field_error("token"), REFUSED_EMAIL_LINK, "expired");

    change().await;
    let link = email_token(&app.mails_to("new@acme.co.uk", 2).await[1]);
    // Someone registers the address before the link is opened.
    assert_eq!(app.register("new@acme.co.uk").await.status, StatusCode::OK);
    let lost = confirm(link).await;
    assert_eq!(lost.status, StatusCode::CONFLICT);
    assert_eq!(lost.field_error("email"), TAKEN_ADDRESS);
    assert_eq!(owner.get("/v2/auth/me").await.data::<Value>("me")["email"], "owner@acme.co.uk");
}
