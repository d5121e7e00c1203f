//! The application: every feature's routes merged under one router with its layers, and
//! serving it. Nothing imports this but the entry point (and the tests).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, State};
use axum::http::header::STRICT_TRANSPORT_SECURITY;
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;

use crate::connections::{self, Limits};
use crate::error::ApiError;
use crate::http::{Answer, ok};
use crate::kernel::words::{self, Language};
use crate::state::AppState;

/// Largest request body accepted; bigger ones get 413.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

#[derive(OpenApi)]
#[openapi(
    info(title = "HeatDesk API", description = "Heating control and energy analytics for businesses."),
    modifiers(&BearerAuth)
)]
struct ApiDoc;

/// Every call needs a signed-in session's bearer token, so the document says so once; the few
/// open to anyone (registering, signing in, a password reset) say `security(())`.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
        openapi.security = Some(vec![SecurityRequirement::new("bearer", Vec::<String>::new())]);
    }
}

/// The whole application; tests build exactly this.
pub fn app(state: AppState) -> Router {
    let (api, openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(crate::analytics::router())
        .merge(crate::auth::router())
        .merge(crate::automations::router())
        .merge(crate::business::router())
        .merge(crate::history::router())
        .merge(crate::radiators::router())
        .merge(crate::rooms::router())
        .merge(crate::schedules::router())
        .merge(crate::tariffs::router())
        .merge(crate::notifications::router())
        .merge(crate::subscriptions::router())
        .merge(crate::tips::router())
        .merge(crate::onboarding::router())
        .merge(crate::insights::router())
        .merge(crate::contact::router())
        .merge(crate::avatar::router())
        .merge(crate::goals::router())
        .merge(crate::zones::router())
        .merge(crate::live::router())
        .split_for_parts();
    let openapi = Arc::new(openapi);
    let routes = api
        .route("/v2/openapi.json", get(move || async move { Json(openapi.as_ref().clone()) }))
        .route("/healthz", get(healthz))
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
        .fallback(crate::web::fallback);
    let https = state.config.public_url.starts_with("https://");
    with_layers(routes, https).with_state(state)
}

/// A request not answered in this time (a slow body, a stuck call) gets 503 in the envelope.
/// The live stream answers at once and sends its events in the body, so it is not cut off.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The browser security headers of every answer. The app has no inline script; its styles are
/// injected at run time (emotion), so styles may be inline; the profile image is shown from a
/// `blob:` URL (it is read with the bearer token).
const SECURITY_HEADERS: [(&str, &str); 5] = [
    (
        "content-security-policy",
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
         base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    // Reset links carry a token in their address; no other site may see it.
    ("referrer-policy", "no-referrer"),
    ("permissions-policy", "geolocation=(self), camera=(), microphone=(), payment=()"),
];

/// What every request passes through: its language, the time limit, the body limit,
/// compression, the security headers (HSTS too when the app is served over `https`), the
/// request log, and a panic answered 500 in the envelope instead of a dropped connection.
fn with_layers<S: Clone + Send + Sync + 'static>(routes: Router<S>, https: bool) -> Router<S> {
    let mut routes = routes.layer(axum::middleware::from_fn(within_time));
    for (name, value) in SECURITY_HEADERS {
        let (name, value) = (HeaderName::from_static(name), HeaderValue::from_static(value));
        routes = routes.layer(SetResponseHeaderLayer::if_not_present(name, value));
    }
    if https {
        let hsts = HeaderValue::from_static("max-age=31536000; includeSubDomains");
        routes =
            routes.layer(SetResponseHeaderLayer::if_not_present(STRICT_TRANSPORT_SECURITY, hsts));
    }
    routes
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(CompressionLayer::new())
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &axum::http::Request<_>| {
                    // The path without its query, which may carry a token.
                    let (method, path) = (request.method(), request.uri().path());
                    tracing::info_span!("request", %method, path)
                })
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .layer(CatchPanicLayer::custom(panicked))
        .layer(axum::middleware::from_fn(in_reader_language))
}

/// Answers the request in the language it asks for (`Accept-Language`): outermost, so even a
/// time-out or a panic is told in it.
async fn in_reader_language(
    language: Language,
    request: axum::extract::Request,
    next: Next,
) -> Response {
    words::answering_in(language, next.run(request)).await
}

async fn within_time(request: axum::extract::Request, next: Next) -> Response {
    match tokio::time::timeout(REQUEST_TIMEOUT, next.run(request)).await {
        Ok(response) => response,
        Err(_) => {
            tracing::warn!("a request ran out of time");
            ApiError::Unavailable.into_response()
        }
    }
}

fn panicked(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let message = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("a panic without a message");
    ApiError::Internal(anyhow::anyhow!("a request panicked: {message}")).into_response()
}

#[derive(Serialize, ToSchema)]
struct Health {
    database: &'static str,
}

async fn healthz(State(state): State<AppState>) -> Answer<Health> {
    state.store.ping().await?;
    Ok(ok("HeatDesk is running.", Health { database: "ok" }))
}

/// Serves until `shutdown` resolves, then finishes the requests in flight.
pub async fn launch(
    listener: TcpListener,
    state: AppState,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let (store, live) = (state.store.clone(), state.live.clone());
    // Live streams never end by themselves: told to, they close, and the requests in flight end.
    let shutdown = async move {
        shutdown.await;
        live.stop();
    };
    connections::serve(listener, app(state), limits, shutdown).await;
    // Give SQLite a clean checkpoint on the way out.
    tokio::time::timeout(Duration::from_secs(5), store.close()).await.ok();
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use tower::ServiceExt;

    use super::*;

    #[tokio::test]
    async fn a_panic_is_answered_500_in_the_envelope() {
        async fn boom() -> &'static str {
            panic!("secret detail")
        }
        let routes = Router::new().route("/boom", get(boom));
        let request = Request::get("/boom").body(Body::empty()).unwrap();
        let response = with_layers(routes, false).oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(response.into_body(), 1024).await.unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["code"], 500);
        assert_eq!(body["description"], "Something went wrong on our side. Please try again.");
    }

    #[tokio::test(start_paused = true)]
    async fn a_request_that_runs_out_of_time_is_answered_503_with_the_headers() {
        async fn stuck() -> &'static str {
            tokio::time::sleep(REQUEST_TIMEOUT * 2).await;
            "too late"
        }
        let routes = Router::new().route("/stuck", get(stuck));
        let request = Request::get("/stuck").body(Body::empty()).unwrap();
        let response = with_layers(routes, false).oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
        let body = axum::body::to_bytes(response.into_body(), 1024).await.unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["code"], 503);
    }

    #[tokio::test]
    async fn strict_transport_security_is_sent_only_over_https() {
        let hsts = |https| async move {
            let routes = Router::new().route("/", get(|| async { "home" }));
            let request = Request::get("/").body(Body::empty()).unwrap();
            let response = with_layers(routes, https).oneshot(request).await.unwrap();
            response.headers().get(STRICT_TRANSPORT_SECURITY).cloned()
        };
        assert_eq!(hsts(true).await.unwrap(), "max-age=31536000; includeSubDomains");
        assert!(hsts(false).await.is_none());
    }
}
