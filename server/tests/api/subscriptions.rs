//! Subscriptions: the plans on offer, a business's plan and its status, and its one free trial.

use std::pin::Pin;
use std::sync::Mutex;

use heatdesk::cards::{Card, CardProvider, ChargeFuture, Sandbox};
use heatdesk::clock::Clock;
use heatdesk::subscriptions::renewals::{Billing, Renewed, renew_due};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::store_tests;

use crate::support::{PASSWORD, TestApp, radiator};

store_tests!(
    the_plans_are_listed_and_a_new_business_has_none,
    the_free_trial_starts_once_per_business,
    a_trial_past_its_end_has_expired,
    the_checkout_checks_the_card_declines_the_test_card_and_charges_once,
    the_checkout_page_is_in_the_language_the_app_asked_for,
    a_checkout_link_expires_after_30_minutes_and_a_made_up_one_is_refused,
    radiators_past_the_plans_limit_or_without_a_plan_in_force_are_refused_with_402,
    a_plan_goes_up_through_the_checkout_down_at_the_periods_end_and_is_cancelled,
    an_upgrade_is_charged_less_the_rest_of_the_month_already_paid,
    a_month_paid_on_the_31st_is_credited_by_its_own_length,
    a_paid_plan_renews_on_its_card_onto_a_pending_smaller_plan_or_falls_past_due,
    a_business_has_one_open_checkout_and_pays_only_for_moves_it_can_make,
    a_cancelled_plan_still_paid_for_is_resumed_or_moves_down_when_its_month_ends,
    a_plan_cancelled_while_a_renewal_round_runs_is_not_renewed,
    a_paid_payment_has_an_invoice_numbered_in_turn_that_keeps_the_customer_as_it_was,
    the_plans_first_invoice_carries_the_address_confirmed_in_onboarding,
    a_deleted_business_leaves_its_invoices_for_6_years_and_nothing_else,
);

/// Adds radiators `HD-{from}` to `HD-{to}` without a room, each answered 200.
async fn add_radiators(owner: &crate::support::Owner<'_>, from: usize, to: usize) {
    for n in from..=to {
        let added =
            owner.post("/v2/radiators", radiator(&format!("HD-{n}"), &format!("Desk {n}"))).await;
        assert_eq!(added.status, StatusCode::OK, "{:?}", added.body);
    }
}

/// Posts the card form to the checkout page at `url`; answers the status and the HTML.
async fn pay(app: &TestApp, url: &str, card: &str, expiry: &str) -> (StatusCode, String) {
    let form = [("card_number", card), ("expiry", expiry), ("cvc", "123"), ("name", "A Owner")];
    let response = app.client.post(url).form(&form).send().await.unwrap();
    (response.status(), response.text().await.unwrap())
}

/// What renewals charge through: the test app's store, devices and sandbox.
fn billing(app: &TestApp) -> Billing<'_> {
    let state = &app.state;
    Billing { store: &state.store, devices: &state.devices, cards: state.cards.as_ref() }
}

async fn open_checkout(owner: &crate::support::Owner<'_>, plan_id: i64) -> String {
    let answer = owner.post("/v2/nmi/get_token", json!({"plan_id": plan_id})).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    answer.body["data"]["url"].as_str().unwrap().to_owned()
}

async fn the_plans_are_listed_and_a_new_business_has_none(app: TestApp) {
    let signed_out = app.call(Method::GET, "/v2/subscriptions", None, None).await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let plans = owner.get("/v2/subscriptions").await.body["data"]["plans"].clone();
    let keys: Vec<&str> =
        plans.as_array().unwrap().iter().map(|p| p["key"].as_str().unwrap()).collect();
    assert_eq!(keys, ["starter", "business", "estate"], "cheapest first");
    assert_eq!(plans[0]["monthly_price_pence"], 2900);
    assert_eq!(plans[0]["radiator_limit"], 25);
    assert_eq!(plans[0]["trial_days"], 14);
    // HeatDesk under test has a VAT number, so its prices say the VAT in them.
    assert_eq!(plans[1]["vat"], json!({"rate_percent": 20, "net_pence": 6583, "vat_pence": 1317}));
    assert_eq!(plans[0]["features"][0], "For a shop, a café or a small office");
    let arabic = owner.get_in("/v2/subscriptions", "ar").await.body["data"]["plans"].clone();
    assert_eq!(arabic[0]["features"][0], "لمتجر أو مقهى أو مكتب صغير", "in Arabic");
    assert_eq!(
        (&arabic[2]["name"], &arabic[2]["radiator_limit"]),
        (&plans[2]["name"], &json!(1000))
    );
    let plan = owner.get("/v2/users/subscriptions/plan").await;
    assert_eq!(plan.status, StatusCode::OK);
    assert_eq!(plan.body["data"]["plan"], Value::Null);
}

async fn the_free_trial_starts_once_per_business(app: TestApp) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let trial = |body: Value| owner.post("/v2/users/subscriptions/get_free_trial", body);
    let missing = trial(json!({})).await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(missing.field_error("plan_id"), "Choose a plan.");
    let unknown = trial(json!({"plan_id": 99})).await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(unknown.field_error("plan_id"), "Choose one of the plans.");

    let started = trial(json!({"plan_id": 2})).await;
    assert_eq!(started.status, StatusCode::OK);
    assert_eq!(started.description(), "Your 14-day free trial of Business has started.");
    // The test clock is 2026-01-15T09:00:00Z.
    let plan = owner.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(plan, started.body["data"]["plan"]);
    assert_eq!(plan["plan"]["key"], "business");
    assert_eq!(plan["status"], "trialing");
    assert_eq!((plan["trial_days_left"].clone(), plan["in_force"].clone()), (json!(14), json!(1)));
    assert_eq!(plan["trial_end"], "2026-01-29T09:00:00Z");
    assert_eq!(plan["period_end"], Value::Null);
    assert_eq!(owner.history("?kind=subscription").await.total, 1);

    let again = trial(json!({"plan_id": 1})).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(
        again.description(),
        "This business has had its free trial: choose a plan and pay to carry on."
    );
    let plan = owner.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(plan["plan"]["key"], "business", "the refused trial changed nothing");

    // Another business has a trial of its own, and sees only its own plan.
    let rival = app.register_business_without_plan("owner@rival.co.uk").await;
    let plan = rival.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(plan, Value::Null);
    let started = rival.post("/v2/users/subscriptions/get_free_trial", json!({"plan_id": 1})).await;
    assert_eq!(started.body["data"]["plan"]["plan"]["key"], "starter");

    // Paid four days into the trial, the paid month starts when the trial ends: no day is lost.
    app.clock.advance(time::Duration::days(4));
    let owner = app.sign_in("owner@acme.co.uk", PASSWORD).await;
    let url = open_checkout(&owner, 2).await;
    assert_eq!(pay(&app, &url, "4111111111111111", "12/29").await.0, StatusCode::OK);
    let plan = owner.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(
        (plan["status"].as_str(), plan["period_end"].as_str()),
        (Some("active"), Some("2026-02-28T09:00:00Z")),
        "a month from 2026-01-29, the trial's end"
    );
}

async fn a_trial_past_its_end_has_expired(app: TestApp) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    owner.post("/v2/users/subscriptions/get_free_trial", json!({"plan_id": 1})).await;
    app.clock.advance(time::Duration::days(13) + time::Duration::hours(1));
    // Sessions last 7 days: signed in again.
    let owner = app.sign_in("owner@acme.co.uk", crate::support::PASSWORD).await;
    let plan = owner.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(
        (plan["status"].clone(), plan["trial_days_left"].clone()),
        (json!("trialing"), json!(1))
    );
    app.clock.advance(time::Duration::days(1));
    let plan = owner.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(plan["status"], "expired");
    assert_eq!(
        (plan["trial_days_left"].clone(), plan["in_force"].clone()),
        (Value::Null, json!(0))
    );
    assert_eq!(plan["plan"]["key"], "starter", "the business keeps its plan to pay for");
}

async fn the_checkout_checks_the_card_declines_the_test_card_and_charges_once(app: TestApp) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let unknown = owner.post("/v2/nmi/get_token", json!({"plan_id": 7})).await;
    assert_eq!(unknown.field_error("plan_id"), "Choose one of the plans.");
    let url = open_checkout(&owner, 2).await;
    assert!(url.starts_with(&format!("{}/checkout/", app.base)), "{url}");

    let page = app.client.get(&url).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.unwrap();
    assert!(html.contains("Pay for HeatDesk Business") && html.contains("£79.00 a month"));
    assert!(html.contains("<label for=\"card_number\">Card number</label>"));
    // The test cards are each kept on one line.
    assert!(html.contains("4111\u{a0}1111\u{a0}1111\u{a0}1111"), "{html}");

    // Field errors: the page again, with each field's sentence; nothing is charged.
    let (status, html) = pay(&app, &url, "4111 1111 1111 1112", "12/25").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("This card number is not valid: check the digits."));
    assert!(html.contains("This card has expired."));
    assert!(html.contains("aria-invalid=\"true\""));
    assert!(!html.contains("4111 1111 1111 1112"), "the number is never written back");
    assert!(html.contains("the card number and the security code are not kept: enter them again"));

    let waiting = owner.get("/v2/users/subscriptions/plan").await;
    assert_eq!(waiting.body["data"]["declined_in_checkout"], 0);
    let (status, html) = pay(&app, &url, "4000 0000 0000 0002", "12/29").await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
    assert!(html.contains("Your card was declined."));
    let waiting = owner.get("/v2/users/subscriptions/plan").await;
    assert_eq!(waiting.body["data"]["plan"], Value::Null, "a declined card activates nothing");
    // The page waiting in the app's tab hears of it.
    assert_eq!(waiting.body["data"]["declined_in_checkout"], 1);
    let declined = owner.history("?kind=payment").await.history;
    assert_eq!(declined[0].after, Some(json!({"plan": "Business", "card_last4": "0002"})));

    let (status, html) = pay(&app, &url, "4111 1111 1111 1111", "12/29").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Payment received"));
    let paid = owner.get("/v2/users/subscriptions/plan").await;
    assert_eq!(paid.body["data"]["declined_in_checkout"], 0, "no checkout open any more");
    let plan = owner.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(
        (plan["plan"]["key"].as_str(), plan["status"].as_str()),
        (Some("business"), Some("active"))
    );
    assert_eq!(plan["period_end"], "2026-02-15T09:00:00Z", "a month from the payment");
    let me: crate::support::User = owner.get("/v2/auth/me").await.data("me");
    assert_eq!(me.onboarding, "consent", "paying is the plan step done");

    // Paying the same link again (a double click, a replay) shows the receipt, charges nothing.
    let (status, html) = pay(&app, &url, "4111 1111 1111 1111", "12/29").await;
    assert_eq!((status, html.contains("Payment received")), (StatusCode::OK, true));
    let payments =
        owner.get("/v2/users/subscriptions/payments").await.body["data"]["payments"].clone();
    let payments: Vec<(&str, i64, &str)> = payments
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["status"].as_str().unwrap(),
                p["amount_pence"].as_i64().unwrap(),
                p["card_last4"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(payments, [("paid", 7900, "1111"), ("declined", 7900, "0002")]);
    assert_eq!(owner.history("?kind=subscription").await.total, 1);
    // The same payments as a CSV file for the business's records, the amounts in pounds.
    let response = owner.download("/v2/users/subscriptions/payments?format=csv").await;
    assert_eq!(response.headers["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        response.headers["content-disposition"],
        "attachment; filename=\"heatdesk-payments.csv\""
    );
    let text = response.text;
    let dated =
        owner.get("/v2/users/subscriptions/payments").await.body["data"]["payments"].clone();
    let date = |index: usize| dated[index]["date"].as_str().unwrap().to_owned();
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            "date,plan,amount_gbp,status,card_last4,invoice".to_owned(),
            format!("{},Business,79.00,paid,1111,HD-000001", date(0)),
            format!("{},Business,79.00,declined,0002,", date(1)),
        ]
    );
    let refused = owner.get("/v2/users/subscriptions/payments?format=pdf").await;
    assert_eq!(refused.field_error("format"), "Choose json or csv.");

    // Another business sees none of it.
    let rival = app.register_business_without_plan("owner@rival.co.uk").await;
    let theirs =
        rival.get("/v2/users/subscriptions/payments").await.body["data"]["payments"].clone();
    assert_eq!(theirs, json!([]));
    assert_eq!(rival.get("/v2/users/subscriptions/plan").await.body["data"]["plan"], Value::Null);
}

async fn a_paid_payment_has_an_invoice_numbered_in_turn_that_keeps_the_customer_as_it_was(
    app: TestApp,
) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let url = open_checkout(&owner, 2).await;
    assert_eq!(
        pay(&app, &url, "4000 0000 0000 0002", "12/29").await.0,
        StatusCode::PAYMENT_REQUIRED
    );
    assert_eq!(pay(&app, &url, "4111 1111 1111 1111", "12/29").await.0, StatusCode::OK);
    let payments =
        owner.get("/v2/users/subscriptions/payments").await.body["data"]["payments"].clone();
    // A declined payment has no invoice, and takes no number.
    assert_eq!(
        (&payments[0]["invoice"], &payments[1]["invoice"]),
        (&json!("HD-000001"), &Value::Null)
    );
    let date = payments[0]["date"].clone();

    // Another business's payment takes the next number.
    let rival = app.register_business_without_plan("owner@rival.co.uk").await;
    let url = open_checkout(&rival, 1).await;
    assert_eq!(pay(&app, &url, "4111 1111 1111 1111", "12/29").await.0, StatusCode::OK);
    let theirs =
        rival.get("/v2/users/subscriptions/payments").await.body["data"]["payments"].clone();
    assert_eq!(theirs[0]["invoice"], "HD-000002");

    // The business moves its registered office after paying: the invoice keeps the address it
    // paid from.
    let mut moved = crate::support::registration("owner@acme.co.uk");
    moved["is_same_address"] = json!(0);
    moved["business_address_line1"] = json!("2 Registered Way");
    moved["business_town"] = json!("Holborn");
    moved["business_city"] = json!("London");
    moved["business_post_code"] = json!("wc1x8aa");
    let updated = owner.post("/v2/auth/update_profile", moved).await;
    assert_eq!(updated.status, StatusCode::OK, "{:?}", updated.body);

    let answer = owner.get("/v2/users/subscriptions/invoices/HD-000001").await;
    assert_eq!(answer.body["description"], "Invoice HD-000001.");
    assert_eq!(
        answer.body["data"]["invoice"],
        json!({
            "number": "HD-000001",
            "date": date,
            "kind": "vat_invoice",
            "seller": {
                "name": "HeatDesk",
                "address": ["12 Wellington Street", "Leeds LS1 4DL"],
                "vat_number": "GB123456789"
            },
            "customer": {
                "name": "Acme Heating",
                "address": ["1 High Street", "Headingley", "Leeds", "LS1 4AP"],
                "vat_number": null
            },
            "plan": "Business",
            "period": {"start": date, "end": "2026-02-15T09:00:00Z"},
            "card_last4": "1111",
            "total_pence": 7900,
            "vat": {"rate_percent": 20, "net_pence": 6583, "vat_pence": 1317}
        })
    );
    // Read in any case; another business's invoice is as missing as an unknown one.
    let lower = owner.get("/v2/users/subscriptions/invoices/hd-000001").await;
    assert_eq!(lower.body["data"]["invoice"]["number"], "HD-000001");
    for missing in ["HD-000002", "HD-000003", "HD-0", "receipt"] {
        let refused = owner.get(&format!("/v2/users/subscriptions/invoices/{missing}")).await;
        assert_eq!(refused.status, StatusCode::NOT_FOUND, "{missing}");
        assert_eq!(refused.body["description"], "This invoice does not exist.");
    }
    let own = rival.get("/v2/users/subscriptions/invoices/HD-000002").await;
    assert_eq!(own.body["data"]["invoice"]["customer"]["name"], "Acme Heating");
    assert_eq!(own.body["data"]["invoice"]["plan"], "Starter");
    assert_eq!(own.body["data"]["invoice"]["vat"]["vat_pence"], 483);
}

async fn the_checkout_page_is_in_the_language_the_app_asked_for(app: TestApp) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let english = open_checkout(&owner, 2).await;
    assert!(english.ends_with("?lang=en"), "{english}");
    let opened =
        owner.call_in(Method::POST, "/v2/nmi/get_token", Some(json!({"plan_id": 2})), "ar");
    let url = opened.await.body["data"]["url"].as_str().unwrap().to_owned();
    assert!(url.ends_with("?lang=ar"), "{url}");
    let page = app.client.get(&url).send().await.unwrap().text().await.unwrap();
    assert!(page.contains(r#"<html lang="ar" dir="rtl">"#), "{page}");
    assert!(page.contains("<h1>ادفع لخطة HeatDesk \u{2068}Business\u{2069}</h1>"), "{page}");
    // Amounts and card numbers read left to right inside the Arabic sentences.
    assert!(page.contains("\u{2066}£79.00\u{2069} شهريًا، تتجدد كل شهر."), "{page}");
    assert!(
        page.contains("البطاقة \u{2066}4111\u{a0}1111\u{a0}1111\u{a0}1111\u{2069} تُقبل"),
        "{page}"
    );
    let (status, page) = pay(&app, &url, "4111111111111112", "12/29").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("رقم البطاقة هذا غير صالح: تحقق من الأرقام."), "{page}");
    assert!(page.contains("راجع ما يلي ثم ادفع مرة أخرى:"), "{page}");
    // Without the app's word, the browser's language decides.
    let bare = url.trim_end_matches("?lang=ar");
    let asked = app.client.get(bare).header("accept-language", "ar-SA,ar;q=0.9");
    let page = asked.send().await.unwrap().text().await.unwrap();
    assert!(page.contains(r#"dir="rtl""#), "{page}");
    let page = app.client.get(bare).send().await.unwrap().text().await.unwrap();
    assert!(page.contains(r#"<html lang="en" dir="ltr">"#) && page.contains("Pay £79.00"));
}

async fn a_checkout_link_expires_after_30_minutes_and_a_made_up_one_is_refused(app: TestApp) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let url = open_checkout(&owner, 1).await;
    app.clock.advance(time::Duration::minutes(30));
    let (status, html) = pay(&app, &url, "4111 1111 1111 1111", "12/29").await;
    assert_eq!(status, StatusCode::GONE);
    assert!(html.contains("This payment link has expired"));
    assert_eq!(owner.get("/v2/users/subscriptions/plan").await.body["data"]["plan"], Value::Null);
    let made_up = format!("{}/checkout/{}", app.base, "0".repeat(64));
    let page = app.client.get(&made_up).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::NOT_FOUND);
    assert!(page.text().await.unwrap().contains("This payment link is not valid."));
}

async fn radiators_past_the_plans_limit_or_without_a_plan_in_force_are_refused_with_402(
    app: TestApp,
) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let refused = owner.post("/v2/radiators", radiator("HD-1", "Desk 1")).await;
    assert_eq!(refused.status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(
        refused.description(),
        "Choose a plan to add radiators: start a free trial or pay for one under Subscriptions."
    );
    owner.post("/v2/users/subscriptions/get_free_trial", json!({"plan_id": 1})).await;
    add_radiators(&owner, 1, 22).await;
    // Six at once for the last three places: each add counts after the one before it committed.
    let racing = (23..=28).map(|n| {
        owner.post("/v2/radiators", radiator(&format!("HD-R{n}"), &format!("Racing {n}")))
    });
    let statuses: Vec<StatusCode> =
        futures_util::future::join_all(racing).await.iter().map(|answer| answer.status).collect();
    let added = statuses.iter().filter(|status| **status == StatusCode::OK).count();
    let refused = statuses.iter().filter(|status| **status == StatusCode::PAYMENT_REQUIRED).count();
    assert_eq!((added, refused), (3, 3), "{statuses:?}");
    let refused = owner.post("/v2/radiators", radiator("HD-26", "Desk 26")).await;
    assert_eq!(refused.status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(
        refused.description(),
        "Your Starter plan controls up to 25 radiators. Upgrade to Business (up to 100 \
         radiators) under Subscriptions to add more."
    );
    // Through a room too.
    let room = owner.add_room("Office").await.id;
    assert_eq!(owner.attach(room, "HD-26", "Desk 26").await.status, StatusCode::PAYMENT_REQUIRED);

    // The trial ends unpaid: nothing more is added, and nothing is lost.
    app.clock.advance(time::Duration::days(15));
    let owner = app.sign_in("owner@acme.co.uk", PASSWORD).await;
    let refused = owner.post("/v2/radiators", radiator("HD-26", "Desk 26")).await;
    assert_eq!(refused.status, StatusCode::PAYMENT_REQUIRED);
    assert!(refused.description().starts_with("Your Starter plan is no longer in force"));
    let radiators = owner.get("/v2/radiators").await.body["data"]["radiators"].clone();
    assert_eq!(radiators.as_array().unwrap().len(), 25);
}

async fn a_plan_goes_up_through_the_checkout_down_at_the_periods_end_and_is_cancelled(
    app: TestApp,
) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let url = open_checkout(&owner, 2).await;
    assert_eq!(pay(&app, &url, "4111111111111111", "12/29").await.0, StatusCode::OK);
    add_radiators(&owner, 1, 26).await;
    let change =
        |plan_id: i64| owner.post("/v2/users/subscriptions/change", json!({"plan_id": plan_id}));

    let up = change(3).await;
    assert_eq!(up.status, StatusCode::OK);
    assert!(up.body["data"]["url"].as_str().unwrap().contains("/checkout/"), "paid at once");
    let same = change(2).await;
    assert_eq!(same.status, StatusCode::CONFLICT);
    assert_eq!(same.description(), "Your business is on the Business plan already.");
    let down = change(1).await;
    assert_eq!(down.status, StatusCode::CONFLICT);
    assert_eq!(
        down.description(),
        "Your business has 26 radiators and Starter controls up to 25: remove 1 of them before \
         moving to it."
    );
    let radiators = owner.get("/v2/radiators").await.body["data"]["radiators"].clone();
    let last = radiators.as_array().unwrap().iter().find(|r| r["uid"] == "HD-26").unwrap();
    let deleted = owner.delete(&format!("/v2/radiators/{}", last["id"])).await;
    assert_eq!(
        deleted.description(),
        format!("Radiator '{}' deleted.", last["name"].as_str().unwrap())
    );
    let down = change(1).await;
    assert_eq!(down.status, StatusCode::OK);
    assert_eq!(
        down.description(),
        "Your plan changes to Starter when this period ends (2026-02-15T09:00:00Z)."
    );
    let plan = owner.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(
        (plan["plan"]["key"].as_str(), plan["pending_plan"]["key"].as_str()),
        (Some("business"), Some("starter"))
    );
    // Its own plan again calls the move off; then it is on it already.
    let kept = change(2).await;
    assert_eq!(kept.status, StatusCode::OK);
    assert_eq!(kept.description(), "Your business stays on the Business plan.");
    assert_eq!(kept.body["data"]["plan"]["pending_plan"], Value::Null);
    let plan = owner.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(
        (plan["plan"]["key"].as_str(), &plan["pending_plan"]),
        (Some("business"), &Value::Null)
    );
    assert_eq!(change(2).await.status, StatusCode::CONFLICT);
    assert_eq!(change(1).await.status, StatusCode::OK, "and can move down again");

    let cancelled = owner.post("/v2/users/subscriptions/cancel", json!({})).await;
    assert_eq!(cancelled.status, StatusCode::OK);
    assert_eq!(
        cancelled.description(),
        "Your plan is cancelled: it stays in force until 2026-02-15T09:00:00Z."
    );
    assert_eq!(cancelled.body["data"]["plan"]["status"], "cancelled");
    let again = owner.post("/v2/users/subscriptions/cancel", json!({})).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    // The history tells each step by the plan's name, as the business saw it, beside what it
    // was (the cancel calls off the move down that was waiting); the first payment had none.
    let told: Vec<(String, Option<Value>, Value)> = owner
        .history("?kind=subscription")
        .await
        .history
        .into_iter()
        .map(|entry| (entry.action, entry.before, entry.after.unwrap()))
        .collect();
    let business = |next: Value| json!({"plan": "Business", "next_plan": next});
    assert_eq!(
        told,
        [
            (
                "cancel".into(),
                Some(json!({"plan": "Business", "status": "active", "next_plan": "Starter"})),
                json!({"plan": "Business", "status": "cancelled", "next_plan": null})
            ),
            ("update".into(), Some(business(Value::Null)), business(json!("Starter"))),
            ("update".into(), Some(business(json!("Starter"))), business(Value::Null)),
            ("update".into(), Some(business(Value::Null)), business(json!("Starter"))),
            (
                "paid".into(),
                None,
                json!({"plan": "Business", "status": "active", "card_last4": "1111",
                    "period_end": "2026-02-15T09:00:00Z"})
            ),
        ]
    );
    add_radiators(&owner, 27, 27).await;
    app.clock.advance(time::Duration::days(32));
    let owner = app.sign_in("owner@acme.co.uk", PASSWORD).await;
    let refused = owner.post("/v2/radiators", radiator("HD-28", "Desk 28")).await;
    assert_eq!(refused.status, StatusCode::PAYMENT_REQUIRED);
}

async fn an_upgrade_is_charged_less_the_rest_of_the_month_already_paid(app: TestApp) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let url = open_checkout(&owner, 2).await;
    assert_eq!(pay(&app, &url, "4111111111111111", "12/29").await.0, StatusCode::OK);
    // Ten days into the month from 2026-01-15 to 2026-02-15: 21 of its 31 days are left.
    app.clock.advance(time::Duration::days(10));
    let owner = app.sign_in("owner@acme.co.uk", PASSWORD).await;
    // The plans say it before the checkout: Estate less the credit, the others in full.
    let pays_now = owner.get("/v2/subscriptions").await.body["data"]["pays_now_pence"].clone();
    assert_eq!(pays_now, json!({"1": 2900, "2": 7900, "3": 14549}));
    let url = open_checkout(&owner, 3).await;
    let page = app.client.get(&url).send().await.unwrap().text().await.unwrap();
    // £79.00 × 21 / 31 = £53.51 off Estate's £199.00.
    assert!(page.contains("Today £145.49: the first month's £199.00 less £53.51"), "{page}");
    assert!(page.contains("Pay £145.49"));
    assert_eq!(pay(&app, &url, "4111111111111111", "12/29").await.0, StatusCode::OK);
    let payments =
        owner.get("/v2/users/subscriptions/payments").await.body["data"]["payments"].clone();
    assert_eq!(
        (payments[0]["plan"].as_str(), payments[0]["amount_pence"].as_i64()),
        (Some("Estate"), Some(14549))
    );
    let plan = owner.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(plan["period_end"], "2026-02-25T09:00:00Z", "Estate's month starts as it is paid");
    // The history tells the upgrade as what changed: Business to Estate, a new month.
    let paid = owner.history("?kind=subscription").await.history[0].clone();
    assert_eq!(
        (paid.action.as_str(), paid.before, paid.after),
        (
            "paid",
            Some(json!({"plan": "Business", "status": "active",
                "period_end": "2026-02-15T09:00:00Z", "card_last4": "1111"})),
            Some(json!({"plan": "Estate", "status": "active",
                "period_end": "2026-02-25T09:00:00Z", "card_last4": "1111"}))
        )
    );
    // A first plan is charged in full.
    let rival = app.register_business_without_plan("owner@rival.co.uk").await;
    let url = open_checkout(&rival, 1).await;
    let page = app.client.get(&url).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("Pay £29.00") && !page.contains("Today"), "{page}");
}

async fn a_month_paid_on_the_31st_is_credited_by_its_own_length(app: TestApp) {
    // Paid on 31 January, the month runs to 28 February: 28 days, not the 31 back from its end.
    app.clock.advance(time::Duration::days(16));
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let url = open_checkout(&owner, 2).await;
    assert_eq!(pay(&app, &url, "4111111111111111", "12/29").await.0, StatusCode::OK);
    let plan = owner.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(plan["period_end"], "2026-02-28T09:00:00Z");
    app.clock.advance(time::Duration::days(14));
    let owner = app.sign_in("owner@acme.co.uk", PASSWORD).await;
    let url = open_checkout(&owner, 3).await;
    let page = app.client.get(&url).send().await.unwrap().text().await.unwrap();
    // £79.00 × 14 / 28 = £39.50 off Estate's £199.00.
    assert!(page.contains("Today £159.50: the first month's £199.00 less £39.50"), "{page}");
}

async fn a_paid_plan_renews_on_its_card_onto_a_pending_smaller_plan_or_falls_past_due(
    app: TestApp,
) {
    // Acme pays with the card that renews and moves down to Starter for the next period.
    let acme = app.register_business_without_plan("owner@acme.co.uk").await;
    let url = open_checkout(&acme, 2).await;
    assert_eq!(pay(&app, &url, "4111111111111111", "12/29").await.0, StatusCode::OK);
    let down = acme.post("/v2/users/subscriptions/change", json!({"plan_id": 1})).await;
    assert_eq!(down.status, StatusCode::OK);
    // Rival pays with the sandbox card that is declined at renewal.
    let rival = app.register_business_without_plan("owner@rival.co.uk").await;
    let url = open_checkout(&rival, 2).await;
    assert_eq!(pay(&app, &url, "4000 0000 0000 0341", "12/29").await.0, StatusCode::OK);
    let renewed = renew_due(&billing(&app), app.clock.now()).await.unwrap();
    assert_eq!(renewed, Renewed::default(), "nothing is due before the period ends");

    app.clock.advance(time::Duration::days(31) + time::Duration::hours(1));
    // Until housekeeping's round has tried the card, the plan stays active.
    let rival = app.sign_in("owner@rival.co.uk", PASSWORD).await;
    let plan = rival.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!((plan["status"].as_str(), plan["in_force"].as_i64()), (Some("active"), Some(1)));
    let renewed = renew_due(&billing(&app), app.clock.now()).await.unwrap();
    assert_eq!(renewed, Renewed { paid: 1, past_due: 1 });
    let again = renew_due(&billing(&app), app.clock.now()).await.unwrap();
    assert_eq!(again, Renewed::default(), "a period renews once");

    let acme = app.sign_in("owner@acme.co.uk", PASSWORD).await;
    let plan = acme.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(
        (plan["plan"]["key"].as_str(), plan["status"].as_str()),
        (Some("starter"), Some("active"))
    );
    assert_eq!(plan["period_end"], "2026-03-15T09:00:00Z", "the next month follows the last");
    assert_eq!((plan["pending_plan"].clone(), plan["in_force"].clone()), (Value::Null, json!(1)));
    assert_eq!(plan["renews_on_card"], "1111");
    let payments =
        acme.get("/v2/users/subscriptions/payments").await.body["data"]["payments"].clone();
    assert_eq!(payments.as_array().unwrap().len(), 2);
    assert_eq!(
        (payments[0]["plan"].as_str(), payments[0]["amount_pence"].as_i64()),
        (Some("Starter"), Some(2900)),
        "the renewal charged the smaller plan's price"
    );
    assert_eq!(
        (payments[0]["status"].as_str(), payments[0]["card_last4"].as_str()),
        (Some("paid"), Some("1111"))
    );
    // Its invoice names the month it pays for: the one after the month paid first.
    let number = payments[0]["invoice"].as_str().unwrap();
    let invoice = acme.get(&format!("/v2/users/subscriptions/invoices/{number}")).await;
    assert_eq!(
        invoice.body["data"]["invoice"]["period"],
        json!({"start": "2026-02-15T09:00:00Z", "end": "2026-03-15T09:00:00Z"})
    );
    let renewal = acme.history("?kind=subscription").await.history[0].clone();
    assert_eq!((renewal.action.as_str(), renewal.by.as_deref()), ("renew", Some("renewal")));
    assert_eq!(
        renewal.after,
        Some(json!({"plan": "Starter", "status": "active", "period_end": "2026-03-15T09:00:00Z",
            "card_last4": "1111"}))
    );
    add_radiators(&acme, 1, 1).await;

    let rival = app.sign_in("owner@rival.co.uk", PASSWORD).await;
    let plan = rival.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(
        (plan["plan"]["key"].as_str(), plan["status"].as_str()),
        (Some("business"), Some("past_due"))
    );
    assert_eq!(plan["in_force"], 0, "the web app asks for a payment");
    assert_eq!(plan["renews_on_card"], Value::Null);
    let payments =
        rival.get("/v2/users/subscriptions/payments").await.body["data"]["payments"].clone();
    assert_eq!(
        (payments[0]["status"].as_str(), payments[0]["amount_pence"].as_i64()),
        (Some("declined"), Some(7900))
    );
    let refused = rival.post("/v2/radiators", radiator("HD-2", "Desk 2")).await;
    assert_eq!(refused.status, StatusCode::PAYMENT_REQUIRED);
    // Paying through the checkout again puts it back in force.
    let url = open_checkout(&rival, 2).await;
    assert_eq!(pay(&app, &url, "4111111111111111", "12/29").await.0, StatusCode::OK);
    let plan = rival.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!((plan["status"].as_str(), plan["in_force"].as_i64()), (Some("active"), Some(1)));
}

async fn a_business_has_one_open_checkout_and_pays_only_for_moves_it_can_make(app: TestApp) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let first = open_checkout(&owner, 2).await;
    let second = open_checkout(&owner, 2).await;
    let (status, html) = pay(&app, &first, "4111111111111111", "12/29").await;
    assert_eq!(status, StatusCode::GONE, "the second closed the first");
    assert!(html.contains("This payment link has expired"));
    assert_eq!(pay(&app, &second, "4111111111111111", "12/29").await.0, StatusCode::OK);
    let plan = owner.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(
        (plan["status"].as_str(), plan["period_end"].as_str()),
        (Some("active"), Some("2026-02-15T09:00:00Z"))
    );
    let payments = owner.get("/v2/users/subscriptions/payments").await;
    assert_eq!(payments.body["data"]["payments"].as_array().unwrap().len(), 1, "charged once");

    // Paid for: the same plan, or a smaller one at once, is no checkout; a larger one is.
    let same = owner.post("/v2/nmi/get_token", json!({"plan_id": 2})).await;
    assert_eq!(same.status, StatusCode::CONFLICT);
    assert_eq!(same.field_error("plan_id"), "Your business is on the Business plan already.");
    let smaller = owner.post("/v2/nmi/get_token", json!({"plan_id": 1})).await;
    assert_eq!(smaller.status, StatusCode::CONFLICT);
    assert_eq!(
        smaller.field_error("plan_id"),
        "Move down to Starter under Subscriptions: it starts when this period ends."
    );
    open_checkout(&owner, 3).await;
}

async fn a_cancelled_plan_still_paid_for_is_resumed_or_moves_down_when_its_month_ends(
    app: TestApp,
) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let url = open_checkout(&owner, 2).await;
    assert_eq!(pay(&app, &url, "4111111111111111", "12/29").await.0, StatusCode::OK);
    let change =
        |plan_id: i64| owner.post("/v2/users/subscriptions/change", json!({"plan_id": plan_id}));
    let cancel = || owner.post("/v2/users/subscriptions/cancel", json!({}));
    assert_eq!(cancel().await.status, StatusCode::OK);

    // Nothing paid for is paid again: the same plan or a smaller one is no checkout.
    let same = owner.post("/v2/nmi/get_token", json!({"plan_id": 2})).await;
    assert_eq!(same.status, StatusCode::CONFLICT);
    assert_eq!(
        same.field_error("plan_id"),
        "Your Business plan is paid for to the end of this period: resume it under Subscriptions."
    );
    let smaller = owner.post("/v2/nmi/get_token", json!({"plan_id": 1})).await;
    assert_eq!(smaller.status, StatusCode::CONFLICT);
    assert_eq!(
        smaller.field_error("plan_id"),
        "Move down to Starter under Subscriptions: it starts when this period ends."
    );

    // Its own plan resumes it, to renew on the card as before.
    let resumed = change(2).await;
    assert_eq!(resumed.status, StatusCode::OK, "{:?}", resumed.body);
    assert_eq!(resumed.description(), "Your business stays on the Business plan.");
    let plan = resumed.body["data"]["plan"].clone();
    assert_eq!(
        (plan["status"].as_str(), plan["period_end"].as_str(), plan["renews_on_card"].as_str()),
        (Some("active"), Some("2026-02-15T09:00:00Z"), Some("1111"))
    );
    assert_eq!(change(2).await.status, StatusCode::CONFLICT, "on it already");

    // Cancelled again, a smaller plan resumes it until the month ends, then renews onto Starter.
    assert_eq!(cancel().await.status, StatusCode::OK);
    let down = change(1).await;
    assert_eq!(down.status, StatusCode::OK, "{:?}", down.body);
    assert_eq!(
        down.description(),
        "Your plan changes to Starter when this period ends (2026-02-15T09:00:00Z)."
    );
    assert_eq!(down.body["data"]["plan"]["status"], "active");
    let told: Vec<Value> = owner
        .history("?kind=subscription")
        .await
        .history
        .into_iter()
        .take(3)
        .map(|entry| entry.after.unwrap())
        .collect();
    assert_eq!(
        told,
        [
            json!({"plan": "Business", "next_plan": "Starter", "status": "active"}),
            json!({"plan": "Business", "status": "cancelled", "next_plan": null}),
            json!({"plan": "Business", "next_plan": null, "status": "active"}),
        ]
    );
    app.clock.advance(time::Duration::days(31) + time::Duration::hours(1));
    let renewed = renew_due(&billing(&app), app.clock.now()).await.unwrap();
    assert_eq!(renewed, Renewed { paid: 1, past_due: 0 });
    let owner = app.sign_in("owner@acme.co.uk", PASSWORD).await;
    let payments =
        owner.get("/v2/users/subscriptions/payments").await.body["data"]["payments"].clone();
    assert_eq!(
        (payments[0]["plan"].as_str(), payments[0]["amount_pence"].as_i64()),
        (Some("Starter"), Some(2900))
    );

    // A cancelled trial has no paid month to carry on: choosing a plan opens a checkout.
    let rival = app.register_business_without_plan("owner@rival.co.uk").await;
    let trial = rival.post("/v2/users/subscriptions/get_free_trial", json!({"plan_id": 2})).await;
    assert_eq!(trial.status, StatusCode::OK);
    assert_eq!(
        rival.post("/v2/users/subscriptions/cancel", json!({})).await.status,
        StatusCode::OK
    );
    let chosen = rival.post("/v2/users/subscriptions/change", json!({"plan_id": 2})).await;
    assert_eq!(chosen.status, StatusCode::OK);
    assert!(chosen.body["data"]["url"].as_str().unwrap().contains("/checkout/"));
}

/// The sandbox, but while it charges the round's first renewal, `cancel` runs: a business
/// cancelling while the round works through its list.
struct CancelsDuringTheRound<'a> {
    cancel: Mutex<Option<Pin<Box<dyn Future<Output = ()> + Send + 'a>>>>,
}

impl CardProvider for CancelsDuringTheRound<'_> {
    fn charge<'b>(&'b self, card: &'b Card, amount_pence: i64, key: &'b str) -> ChargeFuture<'b> {
        let sandbox: &'static Sandbox = &Sandbox;
        sandbox.charge(card, amount_pence, key)
    }

    fn charge_saved<'b>(
        &'b self,
        token: &'b str,
        amount_pence: i64,
        key: &'b str,
    ) -> ChargeFuture<'b> {
        let cancel = self.cancel.lock().unwrap().take();
        let sandbox: &'static Sandbox = &Sandbox;
        Box::pin(async move {
            if let Some(cancel) = cancel {
                cancel.await;
            }
            sandbox.charge_saved(token, amount_pence, key).await
        })
    }
}

async fn a_plan_cancelled_while_a_renewal_round_runs_is_not_renewed(app: TestApp) {
    let acme = app.register_business_without_plan("owner@acme.co.uk").await;
    let url = open_checkout(&acme, 2).await;
    assert_eq!(pay(&app, &url, "4111111111111111", "12/29").await.0, StatusCode::OK);
    app.clock.advance(time::Duration::minutes(1));
    let rival = app.register_business_without_plan("owner@rival.co.uk").await;
    let url = open_checkout(&rival, 2).await;
    assert_eq!(pay(&app, &url, "4111111111111111", "12/29").await.0, StatusCode::OK);
    app.clock.advance(time::Duration::days(31) + time::Duration::hours(1));

    // Acme's period ended first: while its card is charged, Rival cancels.
    let rival = app.sign_in("owner@rival.co.uk", PASSWORD).await;
    let cancel = async {
        let cancelled = rival.post("/v2/users/subscriptions/cancel", json!({})).await;
        assert_eq!(cancelled.status, StatusCode::OK, "{:?}", cancelled.body);
    };
    let cards = CancelsDuringTheRound { cancel: Mutex::new(Some(Box::pin(cancel))) };
    let state = &app.state;
    let billing = Billing { store: &state.store, devices: &state.devices, cards: &cards };
    let renewed = renew_due(&billing, app.clock.now()).await.unwrap();
    assert_eq!(renewed, Renewed { paid: 1, past_due: 0 }, "Rival's cancelling is kept");

    let plan = rival.get("/v2/users/subscriptions/plan").await.body["data"]["plan"].clone();
    assert_eq!(plan["status"], "cancelled");
    let payments =
        rival.get("/v2/users/subscriptions/payments").await.body["data"]["payments"].clone();
    assert_eq!(payments.as_array().unwrap().len(), 1, "charged at the checkout only");
}

async fn the_plans_first_invoice_carries_the_address_confirmed_in_onboarding(app: TestApp) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let url = open_checkout(&owner, 2).await;
    assert_eq!(pay(&app, &url, "4111 1111 1111 1111", "12/29").await.0, StatusCode::OK);
    let consent = json!({"terms_version": "2026-11", "agreed": 1, "mpan": "1200023305967"});
    assert_eq!(owner.post("/v2/consents", consent).await.status, StatusCode::OK);
    let registered = |line1: &str| {
        json!({"business_address_line1": line1, "business_address_line2": "",
            "business_town": "Leeds", "business_city": "Leeds", "business_post_code": "ls14dl"})
    };
    let confirmed = owner.post("/v2/users/address/confirm", registered("4 Registered Row")).await;
    assert_eq!(confirmed.status, StatusCode::OK, "{:?}", confirmed.body);
    let customer = || async {
        let invoice = owner.get("/v2/users/subscriptions/invoices/HD-000001").await;
        invoice.body["data"]["invoice"]["customer"]["address"].clone()
    };
    assert_eq!(customer().await, json!(["4 Registered Row", "Leeds", "LS1 4DL"]));

    // Once past that step, the invoice keeps the address it was written to.
    let moved = owner.post("/v2/users/address/confirm", registered("9 New Yard")).await;
    assert_eq!(moved.status, StatusCode::OK, "{:?}", moved.body);
    assert_eq!(customer().await, json!(["4 Registered Row", "Leeds", "LS1 4DL"]));
}

async fn a_deleted_business_leaves_its_invoices_for_6_years_and_nothing_else(app: TestApp) {
    let owner = app.register_business_without_plan("owner@acme.co.uk").await;
    let url = open_checkout(&owner, 2).await;
    pay(&app, &url, "4000 0000 0000 0002", "12/29").await;
    assert_eq!(pay(&app, &url, "4111 1111 1111 1111", "12/29").await.0, StatusCode::OK);
    let rival = app.register_business_without_plan("owner@rival.co.uk").await;
    let url = open_checkout(&rival, 1).await;
    assert_eq!(pay(&app, &url, "4111 1111 1111 1111", "12/29").await.0, StatusCode::OK);

    let id = owner.get("/v2/auth/me").await.body["data"]["me"]["id"].as_i64().unwrap();
    assert_eq!(owner.delete_account(id, PASSWORD).await.status, StatusCode::OK);
    type Kept = (i64, Option<i64>, Option<String>, Option<i64>);
    let kept = || async {
        let rows: Vec<Kept> = sqlx::query_as(
            "SELECT invoice_number, business_id, customer_name, kept_until FROM payments
             ORDER BY invoice_number",
        )
        .fetch_all(app.store.reader())
        .await
        .unwrap();
        rows
    };
    // The paid one stays, in no business, with its customer; the declined one is gone.
    let six_years = app.clock.now() + time::Duration::days(6 * 365 + 2);
    let rows = kept().await;
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0], (1, None, Some("Acme Heating".into()), Some(six_years.unix_timestamp())));
    assert_eq!((rows[1].0, rows[1].3), (2, None), "the rival's is the rival's still");
    assert!(rows[1].1.is_some());

    // Housekeeping lets them go once the 6 years are over, and not before.
    let sweep = |at| heatdesk::housekeeping::sweep(&app.state, at, time::Duration::days(35));
    assert_eq!(sweep(six_years).await.unwrap().invoices, 0);
    assert_eq!(sweep(six_years + time::Duration::hours(1)).await.unwrap().invoices, 1);
    // The rival's stay (with what its plan's renewals in those sweeps added).
    let left = kept().await;
    assert_eq!(left[0].0, 2);
    assert!(left.iter().all(|row| row.1.is_some()), "{left:?}");
    let rival = app.sign_in("owner@rival.co.uk", PASSWORD).await;
    let theirs = rival.get("/v2/users/subscriptions/invoices/HD-000002").await;
    assert_eq!(theirs.status, StatusCode::OK);
}
