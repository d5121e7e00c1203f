//! The envelope and the edges of the HTTP surface: malformed bodies, unknown paths, limits,
//! health, the OpenAPI document and the web app's fallback.

use crate::store_tests;
use crate::support::TestApp;
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
    the_openapi_document_covers_every_auth_call,
    client_routes_fall_back_to_the_web_app,
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
    let answer = app.post("/v2/auth/login", json!({"email": 5})).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.body["code"], 422);
    assert!(
        answer.body["description"]
            .as_str()
            .unwrap()
            .starts_with("The request body has the wrong shape")
    );
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

async fn the_openapi_document_covers_every_auth_call(app: TestApp) {
    let doc = app.call(Method::GET, "/v2/openapi.json", None, None).await.body;
    assert_eq!(doc["openapi"], "3.1.0");
    let expected = [
        ("/v2/auth", "post"),
        ("/v2/auth/login", "post"),
        ("/v2/auth/me", "get"),
        ("/v2/auth/change_password", "post"),
        ("/v2/auth/forgot_password", "post"),
        ("/v2/auth/reset_password", "post"),
        ("/v2/auth/update_profile", "post"),
        ("/v2/auth/logout", "post"),
        ("/v2/auth/{user_id}", "delete"),
    ];
    for (path, method) in expected {
        assert!(doc["paths"][path][method].is_object(), "{method} {path} is not documented");
    }
    assert!(doc["components"]["securitySchemes"]["bearer"].is_object());
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
