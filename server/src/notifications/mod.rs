//! Notifications (`/v2/notifications`): the list with the unread count, on or off for the
//! account, and marking read; created by events checked once a minute (`domain.rs`). Handlers
//! here, the SQL in `store.rs`.

pub mod domain;
pub(crate) mod store;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, Envelope, Path, ok};
use crate::kernel::validation::flag;
use crate::state::AppState;
use domain::Notifications;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(switch)).routes(routes!(read))
}

#[derive(Serialize, ToSchema)]
pub struct NotificationsData {
    #[serde(flatten)]
    notifications: Notifications,
}

/// The latest notifications, newest first, with the unread count and whether they are on.
#[utoipa::path(get, path = "/v2/notifications", tag = "notifications",
    responses((status = 200, body = Envelope<NotificationsData>)))]
pub async fn list(Business { state, user }: Business) -> Answer<NotificationsData> {
    let notifications = domain::list(&state, user.actor()).await?;
    Ok(ok("Notifications.", NotificationsData { notifications }))
}

/// Turn notifications on (1) or off (0) for the account.
#[utoipa::path(put, path = "/v2/notifications/{value}", tag = "notifications",
    responses((status = 200, body = Envelope<NotificationsData>), (status = 422, body = ErrorBody)))]
pub async fn switch(
    Business { state, user }: Business,
    Path(value): Path<i64>,
) -> Answer<NotificationsData> {
    let on = flag(Some(value)).map_err(|message| ApiError::field("value", message))?;
    let notifications = domain::set_enabled(&state, user.actor(), on).await?;
    let said = if on { "Notifications turned on." } else { "Notifications turned off." };
    Ok(ok(said, NotificationsData { notifications }))
}

/// Mark a notification read, or `all` of them.
#[utoipa::path(put, path = "/v2/notifications/read/{target}", tag = "notifications",
    params(("target" = String, Path, description = "A notification's id, or all")),
    responses((status = 200, body = Envelope<NotificationsData>), (status = 404, body = ErrorBody)))]
pub async fn read(
    Business { state, user }: Business,
    Path(target): Path<String>,
) -> Answer<NotificationsData> {
    let id = match target.as_str() {
        "all" => None,
        other => Some(
            other
                .parse::<i64>()
                .map_err(|_| ApiError::NotFound("This notification does not exist.".into()))?,
        ),
    };
    let notifications = domain::mark_read(&state, user.actor(), id).await?;
    let said =
        if id.is_some() { "Notification marked read." } else { "All notifications marked read." };
    Ok(ok(said, NotificationsData { notifications }))
}
