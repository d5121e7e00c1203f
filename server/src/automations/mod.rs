//! Automations (`/v2/settings/automation`): frost protection, open-window detection, end-of-day
//! off, optimum start and eco when over budget, each switched on per business with its
//! parameters, and run by the schedule engine (`rules.rs`). Handlers here, the choices in
//! `domain.rs`, the SQL in `store.rs`.

pub mod domain;
pub mod rules;
mod store;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, ok};
use crate::kernel::validation::flag;
use crate::state::AppState;
use domain::AutomationView;
pub use rules::{Budget, DEFAULT_WARM_UP_PER_HOUR, warm_up_rates};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, set))
}

#[derive(Serialize, ToSchema)]
pub struct AutomationsData {
    automations: Vec<AutomationView>,
}

/// Every automation, with whether it is on for the business and its parameters.
#[utoipa::path(get, path = "/v2/settings/automation", tag = "settings",
    responses((status = 200, body = Envelope<AutomationsData>)))]
pub async fn list(Business { state, user }: Business) -> Answer<AutomationsData> {
    let automations = domain::list(&state, user.business_id).await?;
    Ok(ok("Automations.", AutomationsData { automations }))
}

#[derive(Deserialize, Serialize, ToSchema, Default)]
#[serde(default)]
pub struct AutomationRequest {
    #[schema(example = "frost_protection")]
    key: String,
    /// 1 (on) or 0.
    enabled: Option<i64>,
    /// All of the automation's parameters (its current ones when absent), e.g. `{"floor": 7}`.
    #[schema(value_type = Object)]
    parameters: Option<Value>,
}

/// Switch an automation on or off and set its parameters; answers every automation.
#[utoipa::path(post, path = "/v2/settings/automation", tag = "settings",
    request_body = AutomationRequest,
    responses((status = 200, body = Envelope<AutomationsData>), (status = 422, body = ErrorBody)))]
pub async fn set(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<AutomationRequest>,
) -> Answer<AutomationsData> {
    let enabled = flag(request.enabled).map_err(|message| ApiError::field("enabled", message))?;
    let parameters = request.parameters.as_ref();
    let automations =
        domain::set(&state, user.actor(), request.key.trim(), enabled, parameters).await?;
    Ok(ok("Automation saved.", AutomationsData { automations }))
}
