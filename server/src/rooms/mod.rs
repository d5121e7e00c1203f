//! Rooms: every rooms call of spec §7, including the radiators of a room.

pub mod store;

use axum::Json;
use axum::extract::{Path, Query, State};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::{Any, Transaction};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::auth::fields::{FieldCheck, flag};
use crate::auth::{AuthUser, BusinessUser};
use crate::devices::{self, Scope};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::history::{self, Change};
use crate::http::{ApiJson, Envelope, NoData, done, ok};
use crate::radiators::{self, RadiatorRequest, RadiatorView, StatusRequest};
use crate::values::{RecordKind, ensure_name_free, record_name};
pub use store::RoomView;

/// The web app's route for a new room is `/rooms/add-room`, so no room may take that name.
const RESERVED_NAME: &str = "add-room";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get_one, update, delete))
        .routes(routes!(toggle_status))
        .routes(routes!(radiators_of, add_radiator))
        .routes(routes!(detach_radiator))
}

#[derive(Deserialize, IntoParams)]
pub struct RoomSearch {
    /// Case-insensitive part of the name.
    search: Option<String>,
    /// An exact name (any case): resolves `/rooms/{roomName}` after a reload.
    name: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct RoomsData {
    rooms: Vec<RoomView>,
}

/// A room with its radiators.
#[derive(Serialize, ToSchema)]
pub struct RoomDetail {
    #[serde(flatten)]
    room: RoomView,
    radiators: Vec<RadiatorView>,
}

#[derive(Serialize, ToSchema)]
pub struct RoomData {
    room: RoomDetail,
}

#[derive(Serialize, ToSchema)]
pub struct RoomRadiatorsData {
    radiators: Vec<RadiatorView>,
}

/// The business's rooms with their live state. The list is computed once per change of the
/// business's data (see `views.rs`) and filtered here.
#[utoipa::path(get, path = "/v2/rooms", tag = "rooms", security(("bearer" = [])),
    params(RoomSearch), responses((status = 200, body = Envelope<RoomsData>)))]
pub async fn list(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Query(query): Query<RoomSearch>,
) -> ApiResult<Json<Envelope<RoomsData>>> {
    let now = state.clock.now().unix_timestamp();
    let pool = state.store.reader();
    let all = state
        .rooms_list
        .get_or_compute(user.business_id, user.data_version, now, || {
            store::all(pool, user.business_id, now)
        })
        .await?;
    let search = query.search.as_deref().unwrap_or_default().trim().to_lowercase();
    let exact = query.name.as_deref().map(|name| name.trim().to_lowercase());
    let rooms = all
        .iter()
        .filter(|room| {
            let name = room.name.to_lowercase();
            name.contains(&search) && exact.as_ref().is_none_or(|exact| &name == exact)
        })
        .cloned()
        .collect();
    Ok(ok("Rooms.", RoomsData { rooms }))
}

async fn detail<'c>(
    tx: &mut Transaction<'c, Any>,
    business_id: i64,
    id: i64,
    now: i64,
) -> ApiResult<RoomDetail> {
    let room = store::find(&mut **tx, business_id, id, now).await?;
    let radiators = radiators::store::in_room(&mut **tx, business_id, id, now).await?;
    Ok(RoomDetail { room, radiators })
}

/// One room with its radiators.
#[utoipa::path(get, path = "/v2/rooms/{id}", tag = "rooms", security(("bearer" = [])),
    responses((status = 200, body = Envelope<RoomData>), (status = 404, body = ErrorBody)))]
pub async fn get_one(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Envelope<RoomData>>> {
    let mut tx = state.store.reader().begin().await?;
    let room = detail(&mut tx, user.business_id, id, state.clock.now().unix_timestamp()).await?;
    tx.commit().await?;
    Ok(ok("Room.", RoomData { room }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct RoomRequest {
    pub name: String,
}

fn parse_name(request: &RoomRequest) -> ApiResult<String> {
    let mut check = FieldCheck::default();
    let name = check.check(
        "name",
        record_name(&request.name).and_then(|name| {
            if name.eq_ignore_ascii_case(RESERVED_NAME) {
                Err(format!("'{RESERVED_NAME}' cannot be a room's name."))
            } else {
                Ok(name)
            }
        }),
    );
    check.finish(name)
}

/// Create a room.
#[utoipa::path(post, path = "/v2/rooms", tag = "rooms", security(("bearer" = [])),
    request_body = RoomRequest,
    responses((status = 200, body = Envelope<RoomData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    ApiJson(request): ApiJson<RoomRequest>,
) -> ApiResult<Json<Envelope<RoomData>>> {
    let name = parse_name(&request)?;
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    ensure_name_free(&mut tx, RecordKind::Room, user.business_id, &name, 0).await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO rooms (business_id, name, created_at) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(user.business_id)
    .bind(&name)
    .bind(now.unix_timestamp())
    .fetch_one(&mut *tx)
    .await?;
    let room = detail(&mut tx, user.business_id, id, now.unix_timestamp()).await?;
    record(&mut tx, &user, "create", id, None, Some(&room.room), now).await?;
    state.store.commit(tx).await?;
    Ok(ok(format!("Room '{name}' created."), RoomData { room }))
}

/// Rename a room.
#[utoipa::path(post, path = "/v2/rooms/{id}", tag = "rooms", security(("bearer" = [])),
    request_body = RoomRequest,
    responses((status = 200, body = Envelope<RoomData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
    ApiJson(request): ApiJson<RoomRequest>,
) -> ApiResult<Json<Envelope<RoomData>>> {
    let name = parse_name(&request)?;
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    ensure_name_free(&mut tx, RecordKind::Room, user.business_id, &name, id).await?;
    sqlx::query("UPDATE rooms SET name = $1 WHERE id = $2 AND business_id = $3")
        .bind(&name)
        .bind(id)
        .bind(user.business_id)
        .execute(&mut *tx)
        .await?;
    let room = detail(&mut tx, user.business_id, id, now.unix_timestamp()).await?;
    record(&mut tx, &user, "update", id, Some(&before), Some(&room.room), now).await?;
    state.store.commit(tx).await?;
    Ok(ok("Room updated.", RoomData { room }))
}

/// Delete a room; its radiators stay, without a room.
#[utoipa::path(delete, path = "/v2/rooms/{id}", tag = "rooms", security(("bearer" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 404, body = ErrorBody)))]
pub async fn delete(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Envelope<NoData>>> {
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    sqlx::query("UPDATE radiators SET room_id = NULL WHERE room_id = $1 AND business_id = $2")
        .bind(id)
        .bind(user.business_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM rooms WHERE id = $1 AND business_id = $2")
        .bind(id)
        .bind(user.business_id)
        .execute(&mut *tx)
        .await?;
    record(&mut tx, &user, "delete", id, Some(&before), None, now).await?;
    state.store.commit(tx).await?;
    Ok(done(format!("Room '{}' deleted; its radiators are kept without a room.", before.name)))
}

/// Switch every radiator of a room on or off.
#[utoipa::path(put, path = "/v2/rooms/toggle-status/{id}", tag = "rooms", security(("bearer" = [])),
    request_body = StatusRequest,
    responses((status = 200, body = Envelope<RoomData>), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn toggle_status(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
    ApiJson(request): ApiJson<StatusRequest>,
) -> ApiResult<Json<Envelope<RoomData>>> {
    let mut check = FieldCheck::default();
    let on = check.check("status", flag(request.status));
    let on = check.finish(on)?;
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    sqlx::query("UPDATE radiators SET is_on = $1 WHERE room_id = $2 AND business_id = $3")
        .bind(i64::from(on))
        .bind(id)
        .bind(user.business_id)
        .execute(&mut *tx)
        .await?;
    let room = detail(&mut tx, user.business_id, id, now.unix_timestamp()).await?;
    record(&mut tx, &user, "toggle_status", id, Some(&before), Some(&room.room), now).await?;
    state.store.commit(tx).await?;
    devices::push(&state, user.business_id, Scope::Room(id)).await?;
    let word = if on { "on" } else { "off" };
    Ok(ok(format!("Every radiator in '{}' switched {word}.", room.room.name), RoomData { room }))
}

/// The radiators of a room.
#[utoipa::path(get, path = "/v2/rooms/{id}/radiators", tag = "rooms", security(("bearer" = [])),
    responses((status = 200, body = Envelope<RoomRadiatorsData>), (status = 404, body = ErrorBody)))]
pub async fn radiators_of(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Envelope<RoomRadiatorsData>>> {
    let mut tx = state.store.reader().begin().await?;
    let room = detail(&mut tx, user.business_id, id, state.clock.now().unix_timestamp()).await?;
    tx.commit().await?;
    Ok(ok("Radiators of the room.", RoomRadiatorsData { radiators: room.radiators }))
}

/// Put a radiator in the room: a new uid registers it here; the uid of one of the business's
/// radiators without a room attaches that radiator.
#[utoipa::path(post, path = "/v2/rooms/{id}/radiators", tag = "rooms", security(("bearer" = [])),
    request_body = RadiatorRequest,
    responses((status = 200, body = Envelope<RoomData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn add_radiator(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
    ApiJson(request): ApiJson<RadiatorRequest>,
) -> ApiResult<Json<Envelope<RoomData>>> {
    let mut check = FieldCheck::default();
    let uid = request.uid(&mut check);
    let uid = check.finish(uid)?;
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    let existing: Option<(i64, i64, Option<i64>, Option<String>)> = sqlx::query_as(
        "SELECT r.id, r.business_id, r.room_id, rm.name FROM radiators r
         LEFT JOIN rooms rm ON rm.id = r.room_id WHERE r.uid = $1",
    )
    .bind(&uid)
    .fetch_optional(&mut *tx)
    .await?;
    let (radiator_id, description) = match existing {
        None => {
            let mut check = FieldCheck::default();
            let settings = request.settings(&mut check);
            let settings = check.finish(settings)?;
            let radiator_id = radiators::insert(
                &mut tx,
                user.business_id,
                &uid,
                &settings,
                Some(id),
                now.unix_timestamp(),
            )
            .await?;
            (radiator_id, format!("Radiator '{}' added to '{}'.", settings.name, before.name))
        }
        Some((radiator_id, owner, None, _)) if owner == user.business_id => {
            sqlx::query("UPDATE radiators SET room_id = $1 WHERE id = $2 AND business_id = $3")
                .bind(id)
                .bind(radiator_id)
                .bind(user.business_id)
                .execute(&mut *tx)
                .await?;
            (radiator_id, format!("Radiator attached to '{}'.", before.name))
        }
        Some((_, owner, Some(_), Some(room_name))) if owner == user.business_id => {
            return Err(ApiError::conflict(
                "uid",
                format!("This radiator is already in the room '{room_name}'."),
            ));
        }
        Some(_) => {
            return Err(ApiError::conflict(
                "uid",
                "A radiator with this id is already registered.",
            ));
        }
    };
    let room = detail(&mut tx, user.business_id, id, now.unix_timestamp()).await?;
    let radiator = room.radiators.iter().find(|r| r.id == radiator_id);
    let change = Change {
        action: "attach_radiator",
        record_type: "room",
        record_id: id,
        before: Some(json!(before)),
        after: Some(json!({"room": room.room, "radiator": radiator})),
    };
    history::record(&mut tx, &user, change, now).await?;
    state.store.commit(tx).await?;
    devices::push(&state, user.business_id, Scope::Radiator(radiator_id)).await?;
    Ok(ok(description, RoomData { room }))
}

/// Take a radiator out of the room; it stays registered, without a room.
#[utoipa::path(delete, path = "/v2/rooms/{id}/radiators/{radiator_id}", tag = "rooms",
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<RoomData>), (status = 404, body = ErrorBody)))]
pub async fn detach_radiator(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path((id, radiator_id)): Path<(i64, i64)>,
) -> ApiResult<Json<Envelope<RoomData>>> {
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before =
        radiators::store::find(&mut *tx, user.business_id, radiator_id, now.unix_timestamp())
            .await?;
    if before.room_id != Some(id) {
        return Err(ApiError::NotFound("This radiator is not in this room.".into()));
    }
    sqlx::query("UPDATE radiators SET room_id = NULL WHERE id = $1 AND business_id = $2")
        .bind(radiator_id)
        .bind(user.business_id)
        .execute(&mut *tx)
        .await?;
    let room = detail(&mut tx, user.business_id, id, now.unix_timestamp()).await?;
    let change = Change {
        action: "detach_radiator",
        record_type: "radiator",
        record_id: radiator_id,
        before: Some(json!(before)),
        after: None,
    };
    history::record(&mut tx, &user, change, now).await?;
    state.store.commit(tx).await?;
    devices::push(&state, user.business_id, Scope::Radiator(radiator_id)).await?;
    Ok(ok(
        format!("Radiator '{}' taken out of '{}'.", before.name, room.room.name),
        RoomData { room },
    ))
}

async fn record(
    tx: &mut Transaction<'_, Any>,
    user: &AuthUser,
    action: &str,
    id: i64,
    before: Option<&RoomView>,
    after: Option<&RoomView>,
    now: time::OffsetDateTime,
) -> ApiResult<()> {
    let change = Change {
        action,
        record_type: "room",
        record_id: id,
        before: before.map(|v| json!(v)),
        after: after.map(|v| json!(v)),
    };
    history::record(tx, user, change, now).await
}
