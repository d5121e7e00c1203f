//! The live stream: server-sent events with the signed-in business's radiator state. It
//! opens with a snapshot of every radiator, then sends each batch of reports as it is stored;
//! a client that reconnects (or falls behind) gets a fresh snapshot, so it never misses state;
//! so does every stream of a business whose radiators a schedule or an automation just changed.
//! A stream whose session ends (sign-out, expiry, password change) closes within seconds, and
//! every stream closes when the server stops.

use std::convert::Infallible;
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, watch};
use tokio::time::Instant;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::{AuthUser, Business};
use crate::devices::live_hub::{LiveUpdate, OpenStream};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::radiators;
use crate::state::AppState;
use crate::store::contains_pattern;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(live))
}

/// How often an open stream checks that its session still works.
const SESSION_CHECK: Duration = Duration::from_secs(2);

/// How many streams one session may hold open (a few browser tabs).
const MAX_STREAMS_PER_SESSION: usize = 4;

/// How often an idle stream sends a comment; a stream whose browser has gone is noticed (and
/// stops counting) at its next write.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// What the stream does next.
enum Next {
    Snapshot,
    Listen,
}

/// An open stream: whose, what it listens to, and when it checks its session again.
struct Open {
    state: AppState,
    user: AuthUser,
    updates: broadcast::Receiver<LiveUpdate>,
    stopping: watch::Receiver<bool>,
    next_check: Instant,
    /// Counted among the session's streams while it lives.
    _counted: OpenStream,
}

/// Radiator state as it changes (`text/event-stream`). Events: `snapshot` (every radiator, as
/// `GET /v2/radiators` shows them) and `radiators` (the reported state of those that just
/// reported). At most 4 streams per session (429 beyond).
#[utoipa::path(get, path = "/v2/live", tag = "live",
    responses((status = 200, description = "An event stream", content_type = "text/event-stream"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn live(
    Business { state, user }: Business,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let counted = state.live.open(&user.token_hash, MAX_STREAMS_PER_SESSION).ok_or_else(|| {
        ApiError::TooManyRequests {
            description: "Too many live views are open. Close one and try again.".into(),
            retry_after_secs: KEEP_ALIVE.as_secs(),
        }
    })?;
    let open = Open {
        updates: state.live.subscribe(),
        stopping: state.live.stopping(),
        next_check: Instant::now() + SESSION_CHECK,
        state,
        user,
        _counted: counted,
    };
    let events = stream::unfold((open, Next::Snapshot), |(mut open, next)| async move {
        let sent = match next {
            Next::Snapshot => snapshot(&open).await?,
            Next::Listen => listen(&mut open).await?,
        };
        Some((Ok(sent.event), (open, sent.next)))
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}

/// An event to send, and what to do after it.
struct Sent {
    event: Event,
    next: Next,
}

/// Every radiator of the business; `None` ends the stream.
async fn snapshot(open: &Open) -> Option<Sent> {
    let now = open.state.clock.now().unix_timestamp();
    let reader = open.state.store.reader();
    let all = radiators::search(reader, open.user.business_id, &contains_pattern(""), now).await;
    let event = match all {
        Ok(list) => Event::default().event("snapshot").json_data(list),
        Err(error) => {
            tracing::error!(?error, "live snapshot failed");
            return None;
        }
    };
    let event = event.unwrap_or_else(|_| Event::default().comment("unserializable"));
    Some(Sent { event, next: Next::Listen })
}

/// The next batch of this business's reports; `None` ends the stream: the server is stopping,
/// the session ended, or the hub closed.
async fn listen(open: &mut Open) -> Option<Sent> {
    loop {
        if *open.stopping.borrow() {
            return None;
        }
        let received = tokio::select! {
            received = open.updates.recv() => received,
            // The only change there is: the server is stopping.
            _ = open.stopping.changed() => return None,
            () = tokio::time::sleep_until(open.next_check) => {
                // Signed out, expired or password changed: the stream ends.
                if !open.user.still_signed_in(&open.state).await.unwrap_or(false) {
                    return None;
                }
                open.next_check = Instant::now() + SESSION_CHECK;
                continue;
            }
        };
        match received {
            Ok(update)
                if update.business_id == open.user.business_id && update.settings_changed =>
            {
                let event = Event::default().comment("settings changed");
                return Some(Sent { event, next: Next::Snapshot });
            }
            Ok(update) if update.business_id == open.user.business_id => {
                let event = Event::default()
                    .event("radiators")
                    .json_data(&update.radiators)
                    .unwrap_or_else(|_| Event::default().comment("unserializable"));
                return Some(Sent { event, next: Next::Listen });
            }
            Ok(_) => {}
            Err(RecvError::Lagged(_)) => {
                let event = Event::default().comment("catching up");
                return Some(Sent { event, next: Next::Snapshot });
            }
            Err(RecvError::Closed) => return None,
        }
    }
}
