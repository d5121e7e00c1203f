//! Zones: groups of rooms heated alike. Every zones call of spec §7, plus one zone by id.

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
use crate::auth::BusinessUser;
use crate::auth::fields::FieldCheck;
use crate::devices::{self, Scope};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::history::{self, Change};
use crate::http::{ApiJson, Envelope, NoData, done, ok};
use crate::rooms::{self, RoomView};
use crate::values::{RecordKind, Temperature, contains_pattern, ensure_name_free, record_name};
pub use store::ZoneView;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get_one, update, delete))
        .routes(routes!(rooms_of))
        .routes(routes!(add_room, remove_room))
        .routes(routes!(set_temperature))
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

/// A zone with its rooms.
#[derive(Serialize, ToSchema)]
pub struct ZoneDetail {
    #[serde(flatten)]
    zone: ZoneView,
    rooms: Vec<RoomView>,
}

#[derive(Serialize, ToSchema)]
pub struct ZoneData {
    zone: ZoneDetail,
}

#[derive(Serialize, ToSchema)]
pub struct ZoneRoomsData {
    rooms: Vec<RoomView>,
}

async fn detail(
    tx: &mut Transaction<'_, Any>,
    business_id: i64,
    id: i64,
    now: i64,
) -> ApiResult<ZoneDetail> {
    let zone = store::find(&mut **tx, business_id, id, now).await?;
    let rooms = rooms::store::in_zone(&mut **tx, business_id, id, now).await?;
    Ok(ZoneDetail { zone, rooms })
}

/// The business's zones with their live state.
#[utoipa::path(get, path = "/v2/zones", tag = "zones", security(("bearer" = [])),
    params(Search), responses((status = 200, body = Envelope<ZonesData>)))]
pub async fn list(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Query(search): Query<Search>,
) -> ApiResult<Json<Envelope<ZonesData>>> {
    let pattern = contains_pattern(search.search.as_deref().unwrap_or_default());
    let now = state.clock.now().unix_timestamp();
    let zones = store::list(state.store.reader(), user.business_id, &pattern, now).await?;
    Ok(ok("Zones.", ZonesData { zones }))
}

/// One zone with its rooms.
#[utoipa::path(get, path = "/v2/zones/{id}", tag = "zones", security(("bearer" = [])),
    responses((status = 200, body = Envelope<ZoneData>), (status = 404, body = ErrorBody)))]
pub async fn get_one(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Envelope<ZoneData>>> {
    let mut tx = state.store.reader().begin().await?;
    let zone = detail(&mut tx, user.business_id, id, state.clock.now().unix_timestamp()).await?;
    tx.commit().await?;
    Ok(ok("Zone.", ZoneData { zone }))
}

/// The rooms of a zone.
#[utoipa::path(get, path = "/v2/zones/{id}/rooms", tag = "zones", security(("bearer" = [])),
    responses((status = 200, body = Envelope<ZoneRoomsData>), (status = 404, body = ErrorBody)))]
pub async fn rooms_of(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Envelope<ZoneRoomsData>>> {
    let mut tx = state.store.reader().begin().await?;
    let zone = detail(&mut tx, user.business_id, id, state.clock.now().unix_timestamp()).await?;
    tx.commit().await?;
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

fn change(
    action: &'static str,
    id: i64,
    before: Option<&ZoneView>,
    after: Option<serde_json::Value>,
) -> Change<'static> {
    Change { action, record_type: "zone", record_id: id, before: before.map(|v| json!(v)), after }
}

/// Create a zone.
#[utoipa::path(post, path = "/v2/zones", tag = "zones", security(("bearer" = [])),
    request_body = ZoneRequest,
    responses((status = 200, body = Envelope<ZoneData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    ApiJson(request): ApiJson<ZoneRequest>,
) -> ApiResult<Json<Envelope<ZoneData>>> {
    let name = parse_name(&request)?;
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    ensure_name_free(&mut tx, RecordKind::Zone, user.business_id, &name, 0).await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO zones (business_id, name, created_at) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(user.business_id)
    .bind(&name)
    .bind(now.unix_timestamp())
    .fetch_one(&mut *tx)
    .await?;
    let zone = detail(&mut tx, user.business_id, id, now.unix_timestamp()).await?;
    history::record(&mut tx, &user, change("create", id, None, Some(json!(zone.zone))), now)
        .await?;
    state.store.commit(tx).await?;
    Ok(ok(format!("Zone '{name}' created."), ZoneData { zone }))
}

/// Rename a zone.
#[utoipa::path(post, path = "/v2/zones/{id}", tag = "zones", security(("bearer" = [])),
    request_body = ZoneRequest,
    responses((status = 200, body = Envelope<ZoneData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
    ApiJson(request): ApiJson<ZoneRequest>,
) -> ApiResult<Json<Envelope<ZoneData>>> {
    let name = parse_name(&request)?;
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    ensure_name_free(&mut tx, RecordKind::Zone, user.business_id, &name, id).await?;
    sqlx::query("UPDATE zones SET name = $1 WHERE id = $2 AND business_id = $3")
        .bind(&name)
        .bind(id)
        .bind(user.business_id)
        .execute(&mut *tx)
        .await?;
    let zone = detail(&mut tx, user.business_id, id, now.unix_timestamp()).await?;
    history::record(
        &mut tx,
        &user,
        change("update", id, Some(&before), Some(json!(zone.zone))),
        now,
    )
    .await?;
    state.store.commit(tx).await?;
    Ok(ok("Zone updated.", ZoneData { zone }))
}

/// Delete a zone; its rooms stay, in no zone.
#[utoipa::path(delete, path = "/v2/zones/{id}", tag = "zones", security(("bearer" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 404, body = ErrorBody)))]
pub async fn delete(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Envelope<NoData>>> {
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    sqlx::query("UPDATE rooms SET zone_id = NULL WHERE zone_id = $1 AND business_id = $2")
        .bind(id)
        .bind(user.business_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM zones WHERE id = $1 AND business_id = $2")
        .bind(id)
        .bind(user.business_id)
        .execute(&mut *tx)
        .await?;
    history::record(&mut tx, &user, change("delete", id, Some(&before), None), now).await?;
    state.store.commit(tx).await?;
    Ok(done(format!("Zone '{}' deleted; its rooms are kept.", before.name)))
}

/// Put a room in the zone. A room is in at most one zone: one in another zone answers 409.
#[utoipa::path(post, path = "/v2/zones/{zone_id}/room/{room_id}", tag = "zones",
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<ZoneData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub async fn add_room(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path((zone_id, room_id)): Path<(i64, i64)>,
) -> ApiResult<Json<Envelope<ZoneData>>> {
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before = store::find(&mut *tx, user.business_id, zone_id, now.unix_timestamp()).await?;
    let room =
        rooms::store::find(&mut *tx, user.business_id, room_id, now.unix_timestamp()).await?;
    match (room.zone_id, &room.zone_name) {
        (Some(current), _) if current == zone_id => {}
        (Some(_), Some(other)) => {
            return Err(ApiError::conflict(
                "room_id",
                format!(
                    "'{}' is already in the zone '{other}'. Remove it from there first.",
                    room.name
                ),
            ));
        }
        _ => {
            sqlx::query("UPDATE rooms SET zone_id = $1 WHERE id = $2 AND business_id = $3")
                .bind(zone_id)
                .bind(room_id)
                .bind(user.business_id)
                .execute(&mut *tx)
                .await?;
        }
    }
    let zone = detail(&mut tx, user.business_id, zone_id, now.unix_timestamp()).await?;
    let after = json!({"zone": zone.zone, "room_id": room_id});
    history::record(&mut tx, &user, change("add_room", zone_id, Some(&before), Some(after)), now)
        .await?;
    state.store.commit(tx).await?;
    Ok(ok(format!("'{}' added to '{}'.", room.name, before.name), ZoneData { zone }))
}

/// Take a room out of the zone.
#[utoipa::path(delete, path = "/v2/zones/{zone_id}/room/{room_id}", tag = "zones",
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<ZoneData>), (status = 404, body = ErrorBody)))]
pub async fn remove_room(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path((zone_id, room_id)): Path<(i64, i64)>,
) -> ApiResult<Json<Envelope<ZoneData>>> {
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before = store::find(&mut *tx, user.business_id, zone_id, now.unix_timestamp()).await?;
    let room =
        rooms::store::find(&mut *tx, user.business_id, room_id, now.unix_timestamp()).await?;
    if room.zone_id != Some(zone_id) {
        return Err(ApiError::NotFound(format!("'{}' is not in this zone.", room.name)));
    }
    sqlx::query("UPDATE rooms SET zone_id = NULL WHERE id = $1 AND business_id = $2")
        .bind(room_id)
        .bind(user.business_id)
        .execute(&mut *tx)
        .await?;
    let zone = detail(&mut tx, user.business_id, zone_id, now.unix_timestamp()).await?;
    let after = json!({"zone": zone.zone, "room_id": room_id});
    history::record(
        &mut tx,
        &user,
        change("remove_room", zone_id, Some(&before), Some(after)),
        now,
    )
    .await?;
    state.store.commit(tx).await?;
    Ok(ok(format!("'{}' removed from '{}'.", room.name, before.name), ZoneData { zone }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ZoneTemperatureRequest {
    pub zone_id: Option<i64>,
    pub temperature: Option<f64>,
}

/// A radiator that could not take the zone's temperature and got its nearest bound.
#[derive(Serialize, ToSchema)]
pub struct Clamped {
    radiator_id: i64,
    name: String,
    target_temperature: f64,
}

#[derive(Serialize, ToSchema)]
pub struct ZoneTemperatureData {
    zone: ZoneDetail,
    clamped: Vec<Clamped>,
}

/// Set every radiator in the zone's rooms to one temperature, each clamped to its own bounds.
#[utoipa::path(post, path = "/v2/zones/set-temperature", tag = "zones", security(("bearer" = [])),
    request_body = ZoneTemperatureRequest,
    responses((status = 200, body = Envelope<ZoneTemperatureData>), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn set_temperature(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    ApiJson(request): ApiJson<ZoneTemperatureRequest>,
) -> ApiResult<Json<Envelope<ZoneTemperatureData>>> {
    let mut check = FieldCheck::default();
    let id = check.check("zone_id", request.zone_id.ok_or_else(|| "Choose a zone.".to_owned()));
    let temperature = check.check("temperature", Temperature::parse(request.temperature));
    let (id, temperature) = check.finish(id.zip(temperature))?;
    let celsius = temperature.celsius();
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    sqlx::query(
        "UPDATE radiators SET setpoint = CASE
             WHEN $1 < min_temperature THEN min_temperature
             WHEN $1 > max_temperature THEN max_temperature
             ELSE $1 END
         WHERE business_id = $2
           AND room_id IN (SELECT id FROM rooms WHERE zone_id = $3 AND business_id = $2)",
    )
    .bind(celsius)
    .bind(user.business_id)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    let clamped: Vec<(i64, String, f64)> = sqlx::query_as(
        "SELECT r.id, r.name, r.setpoint FROM radiators r JOIN rooms rm ON rm.id = r.room_id
         WHERE rm.zone_id = $1 AND r.business_id = $2 AND r.setpoint <> $3 ORDER BY lower(r.name)",
    )
    .bind(id)
    .bind(user.business_id)
    .bind(celsius)
    .fetch_all(&mut *tx)
    .await?;
    let clamped: Vec<Clamped> = clamped
        .into_iter()
        .map(|(radiator_id, name, target_temperature)| Clamped {
            radiator_id,
            name,
            target_temperature,
        })
        .collect();
    let zone = detail(&mut tx, user.business_id, id, now.unix_timestamp()).await?;
    let after = json!({"zone": zone.zone, "temperature": celsius, "clamped": clamped});
    history::record(&mut tx, &user, change("set_temperature", id, Some(&before), Some(after)), now)
        .await?;
    state.store.commit(tx).await?;
    devices::push(&state, user.business_id, Scope::Zone(id)).await?;
    let description = match clamped.len() {
        0 => format!("'{}' set to {celsius} °C.", before.name),
        n => format!(
            "'{}' set to {celsius} °C; {n} radiator(s) kept to their own limits.",
            before.name
        ),
    };
    Ok(ok(description, ZoneTemperatureData { zone, clamped }))
}
