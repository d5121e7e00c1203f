//! Accounts and sign-in: every `/v2/auth` call of the spec.

pub mod account;
mod password;
pub mod profile;
pub mod session;
mod sign_in;
mod store;
mod throttle;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub use session::{AuthUser, BusinessUser};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(account::register))
        .routes(routes!(account::me))
        .routes(routes!(account::update_profile))
        .routes(routes!(account::delete_account))
        .routes(routes!(sign_in::login))
        .routes(routes!(sign_in::logout))
        .routes(routes!(password::change_password))
        .routes(routes!(password::forgot_password))
        .routes(routes!(password::reset_password))
}
