//! Rooms: every rooms call of spec §7, including the radiators of a room. Handlers here, what
//! they do in `domain.rs`, the SQL in `store.rs`.

pub mod domain;
mod store;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::devices::Scope;
use crate::error::{ApiResult, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, NoData, Path, Query, done, ok};
use crate::kernel::named;
use crate::kernel::validation::{FieldCheck, flag};
use crate::kernel::values::{Temperature, record_name};
use crate::radiators::{
    Clamped, RadiatorRequest, RadiatorView, StatusRequest, set_group_temperature, switch_group,
    temperature_set,
};
use crate::state::AppState;
use crate::store::{name_key, search_key};
use domain::Placement;
pub use domain::RoomDetail;
pub use store::{RoomView, in_zone, set_zone};

/// A room's page in the web app is `/rooms/{name}`, so no room may take a name that path
/// cannot carry: `add-room` is the new room's page, and a browser reads `.` and `..` as "this
/// folder" and "the folder above", so their links would lead elsewhere.
const RESERVED_NAMES: [&str; 3] = ["add-room", ".", ".."];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get_one, update, delete))
        .routes(routes!(toggle_status))
        .routes(routes!(set_temperature))
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

#[derive(Serialize, ToSchema)]
pub struct RoomData {
    room: RoomDetail,
}

#[derive(Serialize, ToSchema)]
pub struct RoomRadiatorsData {
    radiators: Vec<RadiatorView>,
}

/// The business's rooms with their live state. The list is computed once per change of the
/// business's data (see `kernel/version_cache.rs`) and filtered here.
#[utoipa::path(get, path = "/v2/rooms", tag = "rooms",
    params(RoomSearch), responses((status = 200, body = Envelope<RoomsData>)))]
pub async fn list(
    Business { state, user }: Business,
    Query(query): Query<RoomSearch>,
) -> Answer<RoomsData> {
    let now = state.clock.now().unix_timestamp();
    let pool = state.store.reader();
    let all = state
        .version_cache
        .get_or_compute(user.business_id, user.data_version, now, || {
            store::all(pool, user.business_id, now)
        })
        .await?;
    let search = search_key(query.search.as_deref().unwrap_or_default().trim());
    let exact = query.name.as_deref().map(|name| name_key(name.trim()));
    let rooms = all
        .iter()
        .filter(|room| {
            search_key(&room.name).contains(&search)
                && exact.as_ref().is_none_or(|exact| &name_key(&room.name) == exact)
        })
        .cloned()
        .collect();
    Ok(ok("Rooms.", RoomsData { rooms }))
}

/// One room with its radiators.
#[utoipa::path(get, path = "/v2/rooms/{id}", tag = "rooms",
    responses((status = 200, body = Envelope<RoomData>), (status = 404, body = ErrorBody)))]
pub async fn get_one(Business { state, user }: Business, Path(id): Path<i64>) -> Answer<RoomData> {
    let room = domain::read_detail(&state, user.business_id, id).await?;
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
            if RESERVED_NAMES.iter().any(|reserved| name.eq_ignore_ascii_case(reserved)) {
                Err(format!("'{name}' cannot be a room's name."))
            } else {
                Ok(name)
            }
        }),
    );
    check.finish(name)
}

/// Create a room.
#[utoipa::path(post, path = "/v2/rooms", tag = "rooms",
    request_body = RoomRequest,
    responses((status = 200, body = Envelope<RoomData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn create(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<RoomRequest>,
) -> Answer<RoomData> {
    let name = parse_name(&request)?;
    let room = named::create::<RoomDetail>(state.change(user.actor()).await?, &name).await?;
    Ok(ok(format!("Room '{name}' created."), RoomData { room }))
}

/// Rename a room.
#[utoipa::path(post, path = "/v2/rooms/{id}", tag = "rooms",
    request_body = RoomRequest,
    responses((status = 200, body = Envelope<RoomData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    Business { state, user }: Business,
    Path(id): Path<i64>,
    ApiJson(request): ApiJson<RoomRequest>,
) -> Answer<RoomData> {
    let name = parse_name(&request)?;
    let (room, before) =
        named::rename::<RoomDetail>(state.change(user.actor()).await?, id, &name).await?;
    let description = if before == name {
        format!("Room '{name}' saved.")
    } else {
        format!("Room '{before}' renamed '{name}'.")
    };
    Ok(ok(description, RoomData { room }))
}

/// Delete a room; its radiators stay, without a room.
#[utoipa::path(delete, path = "/v2/rooms/{id}", tag = "rooms",
    responses((status = 200, body = Envelope<NoData>), (status = 404, body = ErrorBody)))]
pub async fn delete(Business { state, user }: Business, Path(id): Path<i64>) -> Answer<NoData> {
    let (before, orphans) =
        named::delete::<RoomDetail>(state.change(user.actor()).await?, id).await?;
    let deleted = match before.radiator_count {
        0 => format!("Room '{}' deleted.", before.name),
        _ => format!("Room '{}' deleted; its radiators are kept without a room.", before.name),
    };
    Ok(done(named::with_orphans(deleted, &orphans)))
}

/// Switch every radiator of a room on or off.
#[utoipa::path(put, path = "/v2/rooms/toggle-status/{id}", tag = "rooms",
    request_body = StatusRequest,
    responses((status = 200, body = Envelope<RoomData>), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn toggle_status(
    Business { state, user }: Business,
    Path(id): Path<i64>,
    ApiJson(request): ApiJson<StatusRequest>,
) -> Answer<RoomData> {
    let mut check = FieldCheck::default();
    let on = check.check("status", flag(request.status));
    let on = check.finish(on)?;
    let room = switch_group::<RoomDetail>(&state, user.actor(), (id, Scope::Room(id)), on).await?;
    let word = if on { "on" } else { "off" };
    Ok(ok(format!("Every radiator in '{}' switched {word}.", room.room.name), RoomData { room }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct RoomTemperatureRequest {
    pub room_id: Option<i64>,
    pub temperature: Option<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct RoomTemperatureData {
    room: RoomDetail,
    clamped: Vec<Clamped>,
}

/// Set every radiator of a room to one temperature, each clamped to its own bounds.
#[utoipa::path(post, path = "/v2/rooms/set-temperature", tag = "rooms",
    request_body = RoomTemperatureRequest,
    responses((status = 200, body = Envelope<RoomTemperatureData>), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn set_temperature(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<RoomTemperatureRequest>,
) -> Answer<RoomTemperatureData> {
    let mut check = FieldCheck::default();
    let id = check.check("room_id", request.room_id.ok_or_else(|| "Choose a room.".to_owned()));
    let temperature = check.check("temperature", Temperature::parse(request.temperature));
    let (id, temperature) = check.finish(id.zip(temperature))?;
    let room_scope = (id, Scope::Room(id));
    let (room, clamped) =
        set_group_temperature::<RoomDetail>(&state, user.actor(), room_scope, temperature).await?;
    let description =
        temperature_set(&room.room.name, temperature, &clamped, room.room.live.status);
    Ok(ok(description, RoomTemperatureData { room, clamped }))
}

/// The radiators of a room.
#[utoipa::path(get, path = "/v2/rooms/{id}/radiators", tag = "rooms",
    responses((status = 200, body = Envelope<RoomRadiatorsData>), (status = 404, body = ErrorBody)))]
pub async fn radiators_of(
    Business { state, user }: Business,
    Path(id): Path<i64>,
) -> Answer<RoomRadiatorsData> {
    let room = domain::read_detail(&state, user.business_id, id).await?;
    Ok(ok("Radiators of the room.", RoomRadiatorsData { radiators: room.radiators }))
}

/// Put a radiator in the room: a new uid registers it here; the uid of one of the business's
/// radiators without a room attaches that radiator, with the name and limits given.
#[utoipa::path(post, path = "/v2/rooms/{id}/radiators", tag = "rooms",
    request_body = RadiatorRequest,
    responses((status = 200, body = Envelope<RoomData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn add_radiator(
    Business { state, user }: Business,
    Path(id): Path<i64>,
    ApiJson(request): ApiJson<RadiatorRequest>,
) -> Answer<RoomData> {
    let mut check = FieldCheck::default();
    let uid = request.uid(&mut check);
    let uid = check.finish(uid)?;
    let mut check = FieldCheck::default();
    let settings = request.settings(&mut check);
    let (room, placement) =
        domain::add_radiator(&state, user.actor(), id, &uid, check.finish(settings)).await?;
    let description = match placement {
        Placement::Registered(name) => format!("Radiator '{name}' added to '{}'.", room.room.name),
        Placement::Attached(name) => {
            format!("Radiator '{name}' attached to '{}'.", room.room.name)
        }
    };
    Ok(ok(description, RoomData { room }))
}

/// Take a radiator out of the room; it stays registered, without a room.
#[utoipa::path(delete, path = "/v2/rooms/{id}/radiators/{radiator_id}", tag = "rooms",
    responses((status = 200, body = Envelope<RoomData>), (status = 404, body = ErrorBody)))]
pub async fn detach_radiator(
    Business { state, user }: Business,
    Path((id, radiator_id)): Path<(i64, i64)>,
) -> Answer<RoomData> {
    let (room, radiator) = domain::detach_radiator(&state, user.actor(), id, radiator_id).await?;
    Ok(ok(
        format!("Radiator '{}' taken out of '{}'.", radiator.name, room.room.name),
        RoomData { room },
    ))
}
