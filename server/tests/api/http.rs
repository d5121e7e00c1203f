//! The envelope and the edges of the HTTP surface: malformed bodies, unknown paths, limits,
//! health, the OpenAPI document and the web app's fallback.

use crate::store_tests;
use crate::support::{Owner, TestApp};
use reqwest::{Method, StatusCode};
use serde_json::json;

store_tests!(
    malformed_json_is_400_in_the_envelope,
    a_body_of_the_wrong_shape_is_422_in_the_envelope,
    a_body_without_the_json_content_type_is_400,
    a_body_over_one_mebibyte_is_413,
    unknown_api_paths_are_json_404_never_the_web_app,
    a_wrong_method_is_405_in_the_envelope,
    healthz_checks_the_database,
    the_openapi_document_covers_the_calls_and_pins_the_schedule_shape,
    the_openapi_document_says_which_calls_need_a_session_and_they_do,
    client_routes_fall_back_to_the_web_app,
    unreadable_paths_and_queries_are_400_in_the_envelope,
    a_huge_page_number_is_422,
    names_and_text_with_hidden_characters_are_422_on_every_store,
    every_answer_carries_the_security_headers,
    answers_are_worded_in_the_language_the_request_asks_for,
);

async fn malformed_json_is_400_in_the_envelope(app: TestApp) {
    let answer = app
        .client
        .post(format!("{}/v2/auth/login", app.base))
        .header("content-type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
    let body: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(
        body,
        json!({"code": 400, "description": "The request body is not valid JSON.", "errors": {}})
    );
}

async fn a_body_of_the_wrong_shape_is_422_in_the_envelope(app: TestApp) {
    // Each field that cannot be read is named, with what it takes, in words.
    let answer = app.post("/v2/auth/login", json!({"email": 5, "password": "x"})).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.body["description"], "Some fields need correcting.");
    assert_eq!(answer.field_error("email"), "Enter text.");
    let acme = app.register_business("owner@acme.co.uk").await;
    let room = acme.add_room("Kitchen").await;
    let toggle = format!("/v2/rooms/toggle-status/{}", room.id);
    let status = acme.put(&toggle, json!({"status": "on"})).await;
    assert_eq!(status.field_error("status"), "Enter a whole number.");
    let slot = json!({"name": "Day", "schedule_for": "room", "target_ids": [room.id],
        "duration": "weekdays", "slots": [{"start": "08:00", "end": 17, "setpoint": 21}],
        "setback": 16, "start_date": null, "end_date": null, "status": 1});
    assert_eq!(acme.post("/v2/schedules", slot).await.field_error("slots.0.end"), "Enter text.");
    // serde would read a struct from an array, by position: a client sending one has a bug.
    for body in [json!(["Array room"]), json!("Kitchen"), json!(null)] {
        let answer = acme.post("/v2/rooms", body.clone()).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(answer.body["description"], "Send the request body as a JSON object.");
    }
    assert_eq!(acme.get("/v2/rooms").await.data::<Vec<serde_json::Value>>("rooms").len(), 1);
    // Valid JSON, but a number no type holds.
    let answer = app
        .client
        .post(format!("{}/v2/auth/login", app.base))
        .header("content-type", "application/json")
        .body(r#"{"email": 1e400}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
    let body: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(body["description"], "A number in the request body is too large.");
}

async fn a_body_without_the_json_content_type_is_400(app: TestApp) {
    let answer =
        app.client.post(format!("{}/v2/auth/login", app.base)).body("{}").send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
    let body: serde_json::Value = answer.json().await.unwrap();
    assert!(body["description"].as_str().unwrap().contains("application/json"));
}

async fn a_body_over_one_mebibyte_is_413(app: TestApp) {
    let big = json!({"email": "x".repeat(1024 * 1024 + 1), "password": "x"});
    let answer = app.post("/v2/auth/login", big).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(answer.body["code"], 413);
}

async fn unknown_api_paths_are_json_404_never_the_web_app(app: TestApp) {
    for path in
        ["/v2/nothing-here", "/v2", "/radiators/toggle-status/1", "/analytics/commercial/web/x"]
    {
        let answer = app.call(Method::GET, path, None, None).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(answer.body["code"], 404, "{path}");
        assert!(answer.body["description"].as_str().unwrap().contains(path), "{path}");
    }
}

async fn a_wrong_method_is_405_in_the_envelope(app: TestApp) {
    let answer = app.call(Method::GET, "/v2/auth/login", None, None).await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(answer.body["code"], 405);
}

async fn healthz_checks_the_database(app: TestApp) {
    let answer = app.call(Method::GET, "/healthz", None, None).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.body["data"]["database"], "ok");
}

async fn the_openapi_document_covers_the_calls_and_pins_the_schedule_shape(app: TestApp) {
    let doc = app.call(Method::GET, "/v2/openapi.json", None, None).await.body;
    assert_eq!(doc["openapi"], "3.1.0");
    let expected = [
        ("/v2/auth", "post"),
        ("/v2/auth/login", "post"),
        ("/v2/auth/me", "get"),
        ("/v2/auth/change_password", "post"),
        ("/v2/auth/forgot_password", "post"),
        ("/v2/auth/reset_password", "post"),
        ("/v2/auth/reset_password/check", "post"),
        ("/v2/auth/update_profile", "post"),
        ("/v2/auth/logout", "post"),
        ("/v2/auth/{user_id}", "delete"),
        ("/v2/schedules", "post"),
        ("/v2/schedules/{id}", "post"),
        ("/v2/schedules/durations", "get"),
        ("/v2/schedules/in-force", "get"),
        ("/v2/schedules/{toggle}/{id}/{status}", "put"),
        ("/v2/settings/business", "put"),
        ("/v2/settings/automation", "post"),
        ("/v2/analytics/commercial/web/co2_saving", "get"),
        ("/v2/schedules/closed-days", "get"),
        ("/v2/schedules/closed-days", "post"),
        ("/v2/schedules/closed-days/{id}", "delete"),
        ("/v2/schedules/closed-days/bank-holidays", "get"),
        // Spec §7's analytics calls, also without `/v2`.
        ("/analytics/commercial/web/co2_saving", "get"),
        ("/analytics/commercial/web/energy-history-graph", "get"),
    ];
    for (path, method) in expected {
        assert!(doc["paths"][path][method].is_object(), "{method} {path} is not documented");
    }
    let operation = |path: &str| doc["paths"][path]["get"]["operationId"].clone();
    let alias = "/analytics/commercial/web/co2_saving";
    assert_ne!(operation(alias), operation(&format!("/v2{alias}")), "operation ids are unique");
    assert!(doc["components"]["securitySchemes"]["bearer"].is_object());
    // The schedule's wire shape, pinned.
    let schedule = &doc["components"]["schemas"]["ScheduleRequest"]["properties"];
    let mut fields: Vec<&str> = schedule.as_object().unwrap().keys().map(String::as_str).collect();
    fields.sort_unstable();
    let expected = [
        "days",
        "duration",
        "end_date",
        "name",
        "revision",
        "runs_on_closed_days",
        "schedule_for",
        "setback",
        "slots",
        "start_date",
        "status",
        "target_ids",
    ];
    assert_eq!(fields, expected);
}

/// The document asks for the bearer token once, for every call, and the few that a signed-out
/// visitor makes waive it. Made without a token, every other documented call answers 401 and
/// those answer (here, 422 for the empty body): the document tells the truth.
async fn the_openapi_document_says_which_calls_need_a_session_and_they_do(app: TestApp) {
    let doc = app.call(Method::GET, "/v2/openapi.json", None, None).await.body;
    assert_eq!(doc["security"], json!([{"bearer": []}]));
    let (mut open, mut operations) = (Vec::new(), 0);
    for (path, methods) in doc["paths"].as_object().unwrap() {
        for (method, operation) in methods.as_object().unwrap() {
            operations += 1;
            // Every parameter as 1: the session is checked before the path is read.
            let concrete: String = path
                .split('/')
                .map(|part| if part.starts_with('{') { "1" } else { part })
                .collect::<Vec<_>>()
                .join("/");
            let verb = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let answer = app.call(verb, &concrete, None, Some(json!({}))).await;
            if operation.get("security").is_some() {
                assert_eq!(operation["security"], json!([{}]), "{method} {path}");
                assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{method} {path}");
                open.push(format!("{method} {path}"));
            } else {
                assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{method} {concrete}");
            }
        }
    }
    open.sort();
    let expected = [
        "post /v2/auth",
        "post /v2/auth/change_email/confirm",
        "post /v2/auth/forgot_password",
        "post /v2/auth/login",
        "post /v2/auth/reset_password",
        "post /v2/auth/reset_password/check",
    ];
    assert_eq!(open, expected);
    // Every call of the API is in the document (spec §7's and the later issues'), so this many
    // were tried; a router that stopped documenting its calls would fail here.
    assert!(operations >= 84, "{operations} documented calls");
}

async fn client_routes_fall_back_to_the_web_app(app: TestApp) {
    for path in ["/", "/rooms/Board%20room", "/home"] {
        let answer = app.client.get(format!("{}{path}", app.base)).send().await.unwrap();
        assert_eq!(answer.status(), StatusCode::OK, "{path}");
        assert!(answer.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        assert!(answer.text().await.unwrap().contains("<div id=\"root\">"), "{path}");
    }
    let missing_chunk =
        app.client.get(format!("{}/assets/gone-1234.js", app.base)).send().await.unwrap();
    assert_eq!(missing_chunk.status(), StatusCode::NOT_FOUND);
}

async fn unreadable_paths_and_queries_are_400_in_the_envelope(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    for (path, description) in [
        ("/v2/radiators/abc", "The address holds 'abc' where a number belongs."),
        ("/v2/rooms/1.5", "The address holds '1.5' where a number belongs."),
        (
            "/v2/zones/99999999999999999999",
            "The address holds '99999999999999999999' where a number belongs.",
        ),
        ("/v2/action-history?page=abc", "The query's 'page' is not valid: Enter a whole number."),
        (
            "/v2/radiators/1/readings?hours=lots",
            "The query's 'hours' is not valid: Enter a whole number.",
        ),
    ] {
        let answer = acme.get(path).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{path}: {:?}", answer.body);
        assert_eq!(answer.body["code"], 400, "{path}");
        assert_eq!(answer.body["description"], description, "{path}");
        assert!(answer.body["errors"].as_object().is_some_and(|errors| errors.is_empty()));
    }
    let toggle = acme.put("/radiators/toggle-status/x/1", json!({"status": 1})).await;
    assert_eq!(toggle.status, StatusCode::BAD_REQUEST, "{:?}", toggle.body);
    assert_eq!(toggle.body["code"], 400);
}

async fn a_huge_page_number_is_422(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    for page in ["0", "1000001", "9223372036854775807"] {
        let answer = acme.get(&format!("/v2/action-history?page={page}")).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{page}: {:?}", answer.body);
        assert_eq!(answer.field_error("page"), "Use a page number from 1 to 1,000,000.");
    }
    assert_eq!(acme.get("/v2/action-history?page=1000000").await.status, StatusCode::OK);
}

async fn names_and_text_with_hidden_characters_are_422_on_every_store(app: TestApp) {
    let acme = app.register_business("owner@acme.co.uk").await;
    for name in ["Null\u{0}room", "Zero\u{200B}width", "Bidi\u{202E}moor", "Tab\troom"] {
        let room = acme.post("/v2/rooms", json!({"name": name})).await;
        assert_eq!(room.status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}: {:?}", room.body);
        room.field_error("name");
        let zone = acme.post("/v2/zones", json!({"name": name})).await;
        assert_eq!(zone.status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}");
    }
    let mut profile = crate::support::registration("owner@acme.co.uk");
    profile["address_line2"] = json!("Floor\u{0}2");
    let answer = acme.post("/v2/auth/update_profile", profile).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{:?}", answer.body);
    answer.field_error("address_line2");
    assert!(acme.rooms().await.is_empty() && acme.zones().await.is_empty());
}

async fn every_answer_carries_the_security_headers(app: TestApp) {
    for path in ["/", "/rooms/kitchen", "/v2/rooms", "/v2/nothing", "/healthz", "/v2/openapi.json"]
    {
        let answer = app.call(Method::GET, path, None, None).await;
        let header = |name: &str| answer.headers.get(name).map(|v| v.to_str().unwrap().to_owned());
        let csp = header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("script-src 'self';"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(header("x-content-type-options").as_deref(), Some("nosniff"), "{path}");
        assert_eq!(header("referrer-policy").as_deref(), Some("no-referrer"), "{path}");
        let permissions = header("permissions-policy").unwrap_or_default();
        assert!(permissions.contains("geolocation=(self)"), "{path}");
        // Served over http here: no HSTS.
        assert!(header("strict-transport-security").is_none(), "{path}");
    }
}

/// Whether `text` is written in Arabic letters (it may carry a name or a path in Latin ones).
fn arabic(text: &str) -> bool {
    text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))
}

async fn answers_are_worded_in_the_language_the_request_asks_for(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let room = |name: &str| Some(json!({ "name": name }));
    let in_arabic = "ar-SA,ar;q=0.9,en;q=0.5";

    // A success's description, with the name it was given kept as it was typed.
    let created = owner.call_in(Method::POST, "/v2/rooms", room("Lobby"), in_arabic).await;
    assert_eq!(created.status, StatusCode::OK);
    assert!(
        arabic(created.description()) && created.description().contains("«\u{2068}Lobby\u{2069}»")
    );
    assert!(!created.description().contains("created"), "{}", created.description());

    // A refusal's description and its field message, with a word filled in ("room") translated.
    let taken = owner.call_in(Method::POST, "/v2/rooms", room("Lobby"), in_arabic).await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert!(
        arabic(taken.field_error("name"))
            && taken.field_error("name").contains("«\u{2068}Lobby\u{2069}»")
    );
    assert!(!taken.description().contains("room"), "{}", taken.description());
    let empty = owner.call_in(Method::POST, "/v2/rooms", room(" "), in_arabic).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(arabic(empty.description()) && arabic(empty.field_error("name")));

    // What the layers below the handlers answer: a missing record, an unknown path, no session.
    let missing = owner.call_in(Method::GET, "/v2/rooms/999999", None, in_arabic).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(arabic(missing.description()), "{}", missing.description());
    let nowhere = owner.call_in(Method::GET, "/v2/nowhere", None, in_arabic).await;
    assert!(arabic(nowhere.description()) && nowhere.description().contains("/v2/nowhere"));
    let signed_out = Owner { app: &app, token: "not-a-token".into() };
    let signed_out = signed_out.call_in(Method::GET, "/v2/rooms", None, in_arabic).await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);
    assert!(arabic(signed_out.description()), "{}", signed_out.description());

    // A query's field and what it takes, the sentence added to it translated as well.
    let query = owner.call_in(Method::GET, "/v2/action-history?page=abc", None, in_arabic).await;
    assert_eq!(
        query.description(),
        "الحقل «\u{2068}page\u{2069}» في الاستعلام غير صالح: أدخل عددًا صحيحًا."
    );

    // English when asked for, or when the request names no language the app speaks.
    for language in ["en-GB", "fr-FR"] {
        let taken = owner.call_in(Method::POST, "/v2/rooms", room("Lobby"), language).await;
        assert_eq!(taken.field_error("name"), "A room named 'Lobby' already exists.");
    }
    let taken = owner.post("/v2/rooms", json!({ "name": "Lobby" })).await;
    assert_eq!(taken.description(), "A room named 'Lobby' already exists.");
}
