//! The application: every feature's routes merged under one router with its layers, and
//! serving it. Nothing imports this but the entry point (and the tests).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};
use tracing::Level;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;

use crate::error::ApiError;
use crate::http::{Answer, ok};
use crate::state::AppState;

/// Largest request body accepted; bigger ones get 413.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

#[derive(OpenApi)]
#[openapi(
    info(title = "HeatDesk API", description = "Heating control and energy analytics for businesses."),
    modifiers(&BearerAuth)
)]
struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// The whole application; tests build exactly this.
pub fn app(state: AppState) -> Router {
    let (api, openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(crate::auth::router())
        .merge(crate::history::router())
        .merge(crate::radiators::router())
        .merge(crate::rooms::router())
        .merge(crate::zones::router())
        .merge(crate::live::router())
        .split_for_parts();
    let openapi = Arc::new(openapi);
    api.route("/v2/openapi.json", get(move || async move { Json(openapi.as_ref().clone()) }))
        .route("/healthz", get(healthz))
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
        .fallback(crate::web::fallback)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(CompressionLayer::new())
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(Level::INFO))
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .with_state(state)
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
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let store = state.store.clone();
    let service = app(state).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, service).with_graceful_shutdown(shutdown).await?;
    // Give SQLite a clean checkpoint on the way out.
    tokio::time::timeout(Duration::from_secs(5), store.close()).await.ok();
    Ok(())
}
