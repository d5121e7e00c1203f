//! Zones: groups of rooms heated alike. Every zones call of spec §7, plus one zone by id.
//! Handlers here, what they do in `domain.rs`, the SQL in `store.rs`.

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
    Clamped, StatusRequest, set_group_temperature, switch_group, temperature_set,
};
use crate::rooms::RoomView;
use crate::state::AppState;
use crate::store::contains_pattern;
pub use domain::ZoneDetail;
pub use store::ZoneView;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get_one, update, delete))
        .routes(routes!(rooms_of))
        .routes(routes!(add_room, remove_room))
        .routes(routes!(set_temperature))
        .routes(routes!(toggle_status))
}

#[derive(Deserialize, IntoParams)]
pub struct Search {
    /// Case-insensitive part of the name.
    search: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct ZonesData {
    zones: Vec<ZoneView>,
}

#[derive(Serialize, ToSchema)]
pub struct ZoneData {
    zone: ZoneDetail,
}

#[derive(Serialize, ToSchema)]
pub struct ZoneRoomsData {
    rooms: Vec<RoomView>,
}

/// The business's zones with their live state.
#[utoipa::path(get, path = "/v2/zones", tag = "zones",
    params(Search), responses((status = 200, body = Envelope<ZonesData>)))]
pub async fn list(
    Business { state, user }: Business,
    Query(search): Query<Search>,
) -> Answer<ZonesData> {
    let pattern = contains_pattern(search.search.as_deref().unwrap_or_default());
    let now = state.clock.now().unix_timestamp();
    let zones = store::list(state.store.reader(), user.business_id, &pattern, now).await?;
    Ok(ok("Zones.", ZonesData { zones }))
}

/// One zone with its rooms.
#[utoipa::path(get, path = "/v2/zones/{id}", tag = "zones",
    responses((status = 200, body = Envelope<ZoneData>), (status = 404, body = ErrorBody)))]
pub async fn get_one(Business { state, user }: Business, Path(id): Path<i64>) -> Answer<ZoneData> {
    let zone = domain::read_detail(&state, user.business_id, id).await?;
    Ok(ok("Zone.", ZoneData { zone }))
}

/// The rooms of a zone.
#[utoipa::path(get, path = "/v2/zones/{id}/rooms", tag = "zones",
    responses((status = 200, body = Envelope<ZoneRoomsData>), (status = 404, body = ErrorBody)))]
pub async fn rooms_of(
    Business { state, user }: Business,
    Path(id): Path<i64>,
) -> Answer<ZoneRoomsData> {
    let zone = domain::read_detail(&state, user.business_id, id).await?;
    Ok(ok("Rooms of the zone.", ZoneRoomsData { rooms: zone.rooms }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ZoneRequest {
    pub name: String,
}

fn parse_name(request: &ZoneRequest) -> ApiResult<String> {
    let mut check = FieldCheck::default();
    let name = check.check("name", record_name(&request.name));
    check.finish(name)
}

/// Create a zone.
#[utoipa::path(post, path = "/v2/zones", tag = "zones",
    request_body = ZoneRequest,
    responses((status = 200, body = Envelope<ZoneData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn create(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<ZoneRequest>,
) -> Answer<ZoneData> {
    let name = parse_name(&request)?;
    let zone = named::create::<ZoneDetail>(state.change(user.actor()).await?, &name).await?;
    Ok(ok(format!("Zone '{name}' created."), ZoneData { zone }))
}

/// Rename a zone.
#[utoipa::path(post, path = "/v2/zones/{id}", tag = "zones",
    request_body = ZoneRequest,
    responses((status = 200, body = Envelope<ZoneData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    Business { state, user }: Business,
    Path(id): Path<i64>,
    ApiJson(request): ApiJson<ZoneRequest>,
) -> Answer<ZoneData> {
    let name = parse_name(&request)?;
    let (zone, before) =
        named::rename::<ZoneDetail>(state.change(user.actor()).await?, id, &name).await?;
    let description = if before == name {
        format!("Zone '{name}' saved.")
    } else {
        format!("Zone '{before}' renamed '{name}'.")
    };
    Ok(ok(description, ZoneData { zone }))
}

/// Delete a zone; its rooms stay, in no zone.
#[utoipa::path(delete, path = "/v2/zones/{id}", tag = "zones",
    responses((status = 200, body = Envelope<NoData>), (status = 404, body = ErrorBody)))]
pub async fn delete(Business { state, user }: Business, Path(id): Path<i64>) -> Answer<NoData> {
    let (before, orphans) =
        named::delete::<ZoneDetail>(state.change(user.actor()).await?, id).await?;
    let deleted = match before.room_count {
        0 => format!("Zone '{}' deleted.", before.name),
        _ => format!("Zone '{}' deleted; its rooms are kept.", before.name),
    };
    Ok(done(named::with_orphans(deleted, &orphans)))
}

/// Put a room in the zone. A room is in at most one zone: one in another zone answers 409.
#[utoipa::path(post, path = "/v2/zones/{zone_id}/room/{room_id}", tag = "zones",
    responses((status = 200, body = Envelope<ZoneData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub async fn add_room(
    Business { state, user }: Business,
    Path((zone_id, room_id)): Path<(i64, i64)>,
) -> Answer<ZoneData> {
    let (zone, room) = domain::add_room(&state, user.actor(), zone_id, room_id).await?;
    Ok(ok(format!("'{room}' added to '{}'.", zone.zone.name), ZoneData { zone }))
}

/// Take a room out of the zone.
#[utoipa::path(delete, path = "/v2/zones/{zone_id}/room/{room_id}", tag = "zones",
    responses((status = 200, body = Envelope<ZoneData>), (status = 404, body = ErrorBody)))]
pub async fn remove_room(
    Business { state, user }: Business,
    Path((zone_id, room_id)): Path<(i64, i64)>,
) -> Answer<ZoneData> {
    let (zone, room) = domain::remove_room(&state, user.actor(), zone_id, room_id).await?;
    Ok(ok(format!("'{room}' removed from '{}'.", zone.zone.name), ZoneData { zone }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ZoneTemperatureRequest {
    pub zone_id: Option<i64>,
    pub temperature: Option<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct ZoneTemperatureData {
    zone: ZoneDetail,
    clamped: Vec<Clamped>,
}

/// Set every radiator in the zone's rooms to one temperature, each clamped to its own bounds.
#[utoipa::path(post, path = "/v2/zones/set-temperature", tag = "zones",
    request_body = ZoneTemperatureRequest,
    responses((status = 200, body = Envelope<ZoneTemperatureData>), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn set_temperature(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<ZoneTemperatureRequest>,
) -> Answer<ZoneTemperatureData> {
    let mut check = FieldCheck::default();
    let id = check.check("zone_id", request.zone_id.ok_or_else(|| "Choose a zone.".to_owned()));
    let temperature = check.check("temperature", Temperature::parse(request.temperature));
    let (id, temperature) = check.finish(id.zip(temperature))?;
    let zone_scope = (id, Scope::Zone(id));
    let (zone, clamped) =
        set_group_temperature::<ZoneDetail>(&state, user.actor(), zone_scope, temperature).await?;
    let description =
        temperature_set(&zone.zone.name, temperature, &clamped, zone.zone.live.status);
    Ok(ok(description, ZoneTemperatureData { zone, clamped }))
}

/// Switch every radiator in the zone's rooms on or off.
#[utoipa::path(put, path = "/v2/zones/toggle-status/{id}", tag = "zones",
    request_body = StatusRequest,
    responses((status = 200, body = Envelope<ZoneData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn toggle_status(
    Business { state, user }: Business,
    Path(id): Path<i64>,
    ApiJson(request): ApiJson<StatusRequest>,
) -> Answer<ZoneData> {
    let mut check = FieldCheck::default();
    let on = check.check("status", flag(request.status));
    let on = check.finish(on)?;
    let zone = switch_group::<ZoneDetail>(&state, user.actor(), (id, Scope::Zone(id)), on).await?;
    let word = if on { "on" } else { "off" };
    Ok(ok(format!("Every radiator in '{}' switched {word}.", zone.zone.name), ZoneData { zone }))
}
