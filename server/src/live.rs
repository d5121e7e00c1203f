//! The live stream: server-sent events with the signed-in business's radiator state. It
//! opens with a snapshot of every radiator, then sends each batch of reports as it is stored;
//! a client that reconnects (or falls behind) gets a fresh snapshot, so it never misses state.
//! A stream whose session ends (sign-out, expiry, password change) closes within seconds.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use tokio::sync::broadcast::error::RecvError;
use tokio::time::Instant;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::BusinessUser;
use crate::error::{ApiResult, ErrorBody};
use crate::radiators;
use crate::state::AppState;
use crate::store::contains_pattern;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(live))
}

/// How often an open stream checks that its session still works.
const SESSION_CHECK: Duration = Duration::from_secs(2);

/// What the stream does next.
enum Next {
    Snapshot,
    Listen,
}

/// Radiator state as it changes (`text/event-stream`). Events: `snapshot` (every radiator, as
/// `GET /v2/radiators` shows them) and `radiators` (the reported state of those that just
/// reported).
#[utoipa::path(get, path = "/v2/live", tag = "live", security(("bearer" = [])),
    responses((status = 200, description = "An event stream", content_type = "text/event-stream"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn live(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let receiver = state.live.subscribe();
    let next_check = Instant::now() + SESSION_CHECK;
    let events = stream::unfold(
        (state, user, receiver, Next::Snapshot, next_check),
        |(state, user, mut receiver, next, mut next_check)| async move {
            let business_id = user.business_id;
            loop {
                match next {
                    Next::Snapshot => {
                        let now = state.clock.now().unix_timestamp();
                        let event = match radiators::search(
                            state.store.reader(),
                            business_id,
                            &contains_pattern(""),
                            now,
                        )
                        .await
                        {
                            Ok(list) => Event::default().event("snapshot").json_data(list),
                            Err(error) => {
                                tracing::error!(?error, "live snapshot failed");
                                return None;
                            }
                        };
                        let event =
                            event.unwrap_or_else(|_| Event::default().comment("unserializable"));
                        return Some((
                            Ok(event),
                            (state, user, receiver, Next::Listen, next_check),
                        ));
                    }
                    Next::Listen => {
                        let received = tokio::select! {
                            received = receiver.recv() => received,
                            () = tokio::time::sleep_until(next_check) => {
                                // Signed out, expired or password changed: the stream ends.
                                if !user.still_signed_in(&state).await.unwrap_or(false) {
                                    return None;
                                }
                                next_check = Instant::now() + SESSION_CHECK;
                                continue;
                            }
                        };
                        match received {
                            Ok(update) if update.business_id == business_id => {
                                let event = Event::default()
                                    .event("radiators")
                                    .json_data(&update.radiators)
                                    .unwrap_or_else(|_| Event::default().comment("unserializable"));
                                let next = (state, user, receiver, Next::Listen, next_check);
                                return Some((Ok(event), next));
                            }
                            Ok(_) => {}
                            Err(RecvError::Lagged(_)) => {
                                let event = Event::default().comment("catching up");
                                let next = (state, user, receiver, Next::Snapshot, next_check);
                                return Some((Ok(event), next));
                            }
                            Err(RecvError::Closed) => return None,
                        }
                    }
                }
            }
        },
    );
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
