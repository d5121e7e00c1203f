//! The web app, built by Vite into `web/dist` and embedded in the binary. Client-side routes
//! fall back to `index.html`; API paths never do.

use axum::body::Body;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::error::ApiError;

#[derive(RustEmbed)]
#[folder = "../web/dist"]
struct Assets;

/// Paths that belong to the API even without the `/v2` prefix (DESIGN.md §3).
fn is_api_path(path: &str) -> bool {
    path == "/v2"
        || path.starts_with("/v2/")
        || path.starts_with("/radiators/toggle-status/")
        || path.starts_with("/analytics/commercial/")
}

/// Everything no route matched.
pub async fn fallback(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if is_api_path(path) || !(method == Method::GET || method == Method::HEAD) {
        return ApiError::NotFound(format!("There is no endpoint {method} {path}."))
            .into_response();
    }
    let file = path.trim_start_matches('/');
    if let Some(asset) = Assets::get(file).filter(|_| !file.is_empty()) {
        let mime = mime_guess::from_path(file).first_or_octet_stream();
        // Vite puts a content hash in every file name under assets/, so they never change.
        let cache = if file.starts_with("assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        return asset_response(asset.data.into_owned(), mime.as_ref(), cache);
    }
    if file.starts_with("assets/") {
        // A stale chunk must fail as a chunk, not load the app's HTML as script.
        return (StatusCode::NOT_FOUND, "This file does not exist.").into_response();
    }
    match Assets::get("index.html") {
        Some(index) => asset_response(index.data.into_owned(), "text/html; charset=utf-8", "no-cache"),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The web app was not built into this binary: run `npm --prefix web run build`, then rebuild.",
        )
            .into_response(),
    }
}

fn asset_response(bytes: Vec<u8>, content_type: &str, cache_control: &'static str) -> Response {
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
    response
}
