//! Insights (spec §7): `GET /v2/insights` (the latest set, worked out first when there is none)
//! and `POST /v2/insights/refresh`. Handlers here, the rules in `domain.rs`, the SQL in
//! `store.rs`.

pub mod domain;
mod store;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::http::{Answer, Envelope, ok};
use crate::state::AppState;
pub use domain::refresh_stale;
pub use store::Insight;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(refresh))
}

#[derive(Serialize, ToSchema)]
pub struct InsightsData {
    insights: Vec<Insight>,
}

/// The business's insights, most severe first.
#[utoipa::path(get, path = "/v2/insights", tag = "insights",
    responses((status = 200, body = Envelope<InsightsData>)))]
pub async fn list(Business { state, user }: Business) -> Answer<InsightsData> {
    let insights = domain::current(&state.store, user.business_id, state.clock.now()).await?;
    Ok(ok("Insights.", InsightsData { insights }))
}

/// Work the business's insights out again now.
#[utoipa::path(post, path = "/v2/insights/refresh", tag = "insights",
    responses((status = 200, body = Envelope<InsightsData>)))]
pub async fn refresh(Business { state, user }: Business) -> Answer<InsightsData> {
    let insights = domain::refresh(&state.store, user.business_id, state.clock.now()).await?;
    Ok(ok("Insights refreshed.", InsightsData { insights }))
}
