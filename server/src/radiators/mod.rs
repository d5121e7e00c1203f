//! Radiators: every radiators call of spec §7, plus one radiator by id.

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
use crate::values::{RecordKind, Temperature, contains_pattern, ensure_name_free, record_name};
pub use store::RadiatorView;

/// Where a new radiator's setpoint starts, clamped to its bounds.
const DEFAULT_SETPOINT: f64 = 21.0;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get_one, update, delete))
        .routes(routes!(set_temperature))
        .routes(routes!(readings))
        .routes(routes!(toggle_status))
        .routes(routes!(toggle_status_v2))
}

#[derive(Deserialize, IntoParams)]
pub struct Search {
    /// Case-insensitive part of the name.
    search: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct RadiatorsData {
    radiators: Vec<RadiatorView>,
}

#[derive(Serialize, ToSchema)]
pub struct RadiatorData {
    radiator: RadiatorView,
}

/// The business's radiators with their live state.
#[utoipa::path(get, path = "/v2/radiators", tag = "radiators", security(("bearer" = [])),
    params(Search), responses((status = 200, body = Envelope<RadiatorsData>)))]
pub async fn list(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Query(search): Query<Search>,
) -> ApiResult<Json<Envelope<RadiatorsData>>> {
    let pattern = contains_pattern(search.search.as_deref().unwrap_or_default());
    let now = state.clock.now().unix_timestamp();
    let radiators = store::list(state.store.reader(), user.business_id, &pattern, now).await?;
    Ok(ok("Radiators.", RadiatorsData { radiators }))
}

/// One radiator with its live state.
#[utoipa::path(get, path = "/v2/radiators/{id}", tag = "radiators", security(("bearer" = [])),
    responses((status = 200, body = Envelope<RadiatorData>), (status = 404, body = ErrorBody)))]
pub async fn get_one(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Envelope<RadiatorData>>> {
    let now = state.clock.now().unix_timestamp();
    let radiator = store::find(state.store.reader(), user.business_id, id, now).await?;
    Ok(ok("Radiator.", RadiatorData { radiator }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct RadiatorRequest {
    /// The device's unique id, printed on the radiator; fixed once registered.
    pub uid: String,
    pub name: String,
    pub min_temperature: Option<f64>,
    pub max_temperature: Option<f64>,
    /// The room it heats; null for none.
    pub room_id: Option<i64>,
}

pub struct Settings {
    pub name: String,
    pub min: f64,
    pub max: f64,
}

impl RadiatorRequest {
    /// Name and bounds, checked into `check`.
    pub fn settings(&self, check: &mut FieldCheck) -> Option<Settings> {
        let name = check.check("name", record_name(&self.name));
        let min = check.check("min_temperature", Temperature::parse(self.min_temperature));
        let max = check.check("max_temperature", Temperature::parse(self.max_temperature));
        if let (Some(min), Some(max)) = (min, max)
            && min >= max
        {
            let message = "Make the maximum higher than the minimum.";
            check.check::<()>("max_temperature", Err(message.into()));
        }
        Some(Settings { name: name?, min: min?.celsius(), max: max?.celsius() })
    }

    pub fn uid(&self, check: &mut FieldCheck) -> Option<String> {
        check.check("uid", parse_uid(&self.uid))
    }
}

/// Device ids: 1–64 letters, digits, '-', '_' or ':'.
pub fn parse_uid(raw: &str) -> Result<String, String> {
    let uid = raw.trim();
    if uid.is_empty() {
        return Err("Enter the radiator's id (printed on its label).".into());
    }
    if uid.len() > 64
        || !uid.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':'))
    {
        return Err("Use up to 64 letters, digits, '-', '_' or ':'.".into());
    }
    Ok(uid.to_owned())
}

/// Inserts a radiator; the uid must be new to the whole system.
pub async fn insert(
    tx: &mut Transaction<'_, Any>,
    business_id: i64,
    uid: &str,
    settings: &Settings,
    room_id: Option<i64>,
    now: i64,
) -> ApiResult<i64> {
    let owner: Option<(i64,)> = sqlx::query_as("SELECT business_id FROM radiators WHERE uid = $1")
        .bind(uid)
        .fetch_optional(&mut **tx)
        .await?;
    if owner.is_some() {
        return Err(ApiError::conflict("uid", "A radiator with this id is already registered."));
    }
    ensure_name_free(tx, RecordKind::Radiator, business_id, &settings.name, 0).await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO radiators (business_id, room_id, uid, name, min_temperature, max_temperature,
             setpoint, is_on, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8) RETURNING id",
    )
    .bind(business_id)
    .bind(room_id)
    .bind(uid)
    .bind(&settings.name)
    .bind(settings.min)
    .bind(settings.max)
    .bind(DEFAULT_SETPOINT.clamp(settings.min, settings.max))
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

/// 422 unless the room exists and belongs to the business.
async fn ensure_room(
    tx: &mut Transaction<'_, Any>,
    business_id: i64,
    room_id: Option<i64>,
) -> ApiResult<()> {
    let Some(room_id) = room_id else { return Ok(()) };
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM rooms WHERE id = $1 AND business_id = $2")
            .bind(room_id)
            .bind(business_id)
            .fetch_optional(&mut **tx)
            .await?;
    found.map(|_| ()).ok_or_else(|| ApiError::field("room_id", "This room does not exist."))
}

/// Register a radiator, in a room or in none.
#[utoipa::path(post, path = "/v2/radiators", tag = "radiators", security(("bearer" = [])),
    request_body = RadiatorRequest,
    responses((status = 200, body = Envelope<RadiatorData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    ApiJson(request): ApiJson<RadiatorRequest>,
) -> ApiResult<Json<Envelope<RadiatorData>>> {
    let mut check = FieldCheck::default();
    let uid = request.uid(&mut check);
    let settings = request.settings(&mut check);
    let (uid, settings) = check.finish(uid.zip(settings))?;
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    ensure_room(&mut tx, user.business_id, request.room_id).await?;
    let id =
        insert(&mut tx, user.business_id, &uid, &settings, request.room_id, now.unix_timestamp())
            .await?;
    let radiator = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    let change = Change {
        action: "create",
        record_type: "radiator",
        record_id: id,
        before: None,
        after: Some(json!(radiator)),
    };
    history::record(&mut tx, &user, change, now).await?;
    state.store.commit(tx).await?;
    devices::push(&state, user.business_id, Scope::Radiator(id)).await?;
    Ok(ok("Radiator added.", RadiatorData { radiator }))
}

/// Rename a radiator, change its bounds or its room. A setpoint outside new bounds is moved
/// inside them.
#[utoipa::path(post, path = "/v2/radiators/{id}", tag = "radiators", security(("bearer" = [])),
    request_body = RadiatorRequest,
    responses((status = 200, body = Envelope<RadiatorData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
    ApiJson(request): ApiJson<RadiatorRequest>,
) -> ApiResult<Json<Envelope<RadiatorData>>> {
    let mut check = FieldCheck::default();
    let settings = request.settings(&mut check);
    let settings = check.finish(settings)?;
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    ensure_room(&mut tx, user.business_id, request.room_id).await?;
    ensure_name_free(&mut tx, RecordKind::Radiator, user.business_id, &settings.name, id).await?;
    let setpoint = before.target_temperature.clamp(settings.min, settings.max);
    sqlx::query(
        "UPDATE radiators SET name = $1, min_temperature = $2, max_temperature = $3,
             setpoint = $4, room_id = $5
         WHERE id = $6 AND business_id = $7",
    )
    .bind(&settings.name)
    .bind(settings.min)
    .bind(settings.max)
    .bind(setpoint)
    .bind(request.room_id)
    .bind(id)
    .bind(user.business_id)
    .execute(&mut *tx)
    .await?;
    let radiator = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    let change = Change {
        action: "update",
        record_type: "radiator",
        record_id: id,
        before: Some(json!(before)),
        after: Some(json!(radiator)),
    };
    history::record(&mut tx, &user, change, now).await?;
    state.store.commit(tx).await?;
    devices::push(&state, user.business_id, Scope::Radiator(id)).await?;
    Ok(ok("Radiator updated.", RadiatorData { radiator }))
}

/// Remove a radiator from the business; its uid can then be registered again.
#[utoipa::path(delete, path = "/v2/radiators/{id}", tag = "radiators", security(("bearer" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 404, body = ErrorBody)))]
pub async fn delete(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Envelope<NoData>>> {
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    sqlx::query("DELETE FROM radiators WHERE id = $1 AND business_id = $2")
        .bind(id)
        .bind(user.business_id)
        .execute(&mut *tx)
        .await?;
    let change = Change {
        action: "delete",
        record_type: "radiator",
        record_id: id,
        before: Some(json!(before)),
        after: None,
    };
    history::record(&mut tx, &user, change, now).await?;
    state.store.commit(tx).await?;
    Ok(done("Radiator deleted."))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct SetTemperatureRequest {
    pub radiator_id: Option<i64>,
    pub temperature: Option<f64>,
}

/// Set a radiator's target temperature, within its own min/max.
#[utoipa::path(put, path = "/v2/radiators/set-temperature", tag = "radiators", security(("bearer" = [])),
    request_body = SetTemperatureRequest,
    responses((status = 200, body = Envelope<RadiatorData>), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn set_temperature(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    ApiJson(request): ApiJson<SetTemperatureRequest>,
) -> ApiResult<Json<Envelope<RadiatorData>>> {
    let mut check = FieldCheck::default();
    let id = check
        .check("radiator_id", request.radiator_id.ok_or_else(|| "Choose a radiator.".to_owned()));
    let temperature = check.check("temperature", Temperature::parse(request.temperature));
    let (id, temperature) = check.finish(id.zip(temperature))?;
    let now = state.clock.now();
    // Read and check outside the write lock; the update re-checks the bounds atomically.
    let before =
        store::find(state.store.reader(), user.business_id, id, now.unix_timestamp()).await?;
    let celsius = temperature.celsius();
    let out_of_bounds = || {
        ApiError::field(
            "temperature",
            format!(
                "Use a temperature from {} to {} °C for this radiator.",
                before.min_temperature, before.max_temperature
            ),
        )
    };
    if celsius < before.min_temperature || celsius > before.max_temperature {
        return Err(out_of_bounds());
    }
    let mut tx = state.store.begin_write().await?;
    // What a concurrent change may have moved since the read comes back from the update.
    let updated: Option<(String, i64)> = sqlx::query_as(
        "UPDATE radiators SET setpoint = $1
         WHERE id = $2 AND business_id = $3 AND $1 >= min_temperature AND $1 <= max_temperature
         RETURNING name, is_on",
    )
    .bind(celsius)
    .bind(id)
    .bind(user.business_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((name, is_on)) = updated else {
        // Deleted or given new bounds since it was read.
        store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
        return Err(out_of_bounds());
    };
    let radiator =
        RadiatorView { name, status: is_on, target_temperature: celsius, ..before.clone() };
    let change = Change {
        action: "set_temperature",
        record_type: "radiator",
        record_id: id,
        before: Some(json!(before)),
        after: Some(json!(radiator)),
    };
    history::record(&mut tx, &user, change, now).await?;
    state.store.commit(tx).await?;
    state.devices.send(devices::DesiredState {
        radiator_id: id,
        uid: radiator.uid.clone(),
        room_id: radiator.room_id,
        on: radiator.status == 1,
        setpoint: celsius,
    });
    Ok(ok(format!("{} set to {celsius} °C.", radiator.name), RadiatorData { radiator }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct StatusRequest {
    /// 1 on, 0 off.
    pub status: Option<i64>,
}

/// Switch a radiator on or off; `room_id` is its room, or 0 for a radiator without one.
#[utoipa::path(put, path = "/radiators/toggle-status/{room_id}/{radiator_id}", tag = "radiators",
    security(("bearer" = [])), request_body = StatusRequest,
    responses((status = 200, body = Envelope<RadiatorData>), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn toggle_status(
    state: State<AppState>,
    user: BusinessUser,
    path: Path<(i64, i64)>,
    request: ApiJson<StatusRequest>,
) -> ApiResult<Json<Envelope<RadiatorData>>> {
    switch(state, user, path, request).await
}

/// The same as `/radiators/toggle-status/{room_id}/{radiator_id}`, under `/v2`.
#[utoipa::path(put, path = "/v2/radiators/toggle-status/{room_id}/{radiator_id}", tag = "radiators",
    security(("bearer" = [])), request_body = StatusRequest,
    responses((status = 200, body = Envelope<RadiatorData>), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn toggle_status_v2(
    state: State<AppState>,
    user: BusinessUser,
    path: Path<(i64, i64)>,
    request: ApiJson<StatusRequest>,
) -> ApiResult<Json<Envelope<RadiatorData>>> {
    switch(state, user, path, request).await
}

async fn switch(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path((room_id, id)): Path<(i64, i64)>,
    ApiJson(request): ApiJson<StatusRequest>,
) -> ApiResult<Json<Envelope<RadiatorData>>> {
    let mut check = FieldCheck::default();
    let on = check.check("status", crate::auth::fields::flag(request.status));
    let on = check.finish(on)?;
    let now = state.clock.now();
    let mut tx = state.store.begin_write().await?;
    let before = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    if before.room_id.unwrap_or(0) != room_id {
        return Err(store::not_found());
    }
    sqlx::query("UPDATE radiators SET is_on = $1 WHERE id = $2 AND business_id = $3")
        .bind(i64::from(on))
        .bind(id)
        .bind(user.business_id)
        .execute(&mut *tx)
        .await?;
    let radiator = store::find(&mut *tx, user.business_id, id, now.unix_timestamp()).await?;
    let change = Change {
        action: "toggle_status",
        record_type: "radiator",
        record_id: id,
        before: Some(json!(before)),
        after: Some(json!(radiator)),
    };
    history::record(&mut tx, &user, change, now).await?;
    state.store.commit(tx).await?;
    devices::push(&state, user.business_id, Scope::Radiator(id)).await?;
    let word = if on { "on" } else { "off" };
    Ok(ok(format!("{} switched {word}.", radiator.name), RadiatorData { radiator }))
}

#[derive(Deserialize, IntoParams)]
pub struct Period {
    /// How many hours back, 1–168 (default 24).
    hours: Option<i64>,
}

/// One minute of a radiator's life.
#[derive(Serialize, ToSchema)]
pub struct Reading {
    at: String,
    temperature: f64,
    /// The target it was heating to; 0 while switched off.
    setpoint: f64,
    power_w: f64,
    /// Energy used in the minute before `at`, Wh.
    energy_wh: f64,
}

#[derive(Serialize, ToSchema)]
pub struct ReadingsData {
    readings: Vec<Reading>,
}

/// A radiator's readings (one a minute) over the last hours, oldest first.
#[utoipa::path(get, path = "/v2/radiators/{id}/readings", tag = "radiators",
    security(("bearer" = [])), params(Period),
    responses((status = 200, body = Envelope<ReadingsData>), (status = 404, body = ErrorBody)))]
pub async fn readings(
    State(state): State<AppState>,
    BusinessUser(user): BusinessUser,
    Path(id): Path<i64>,
    Query(period): Query<Period>,
) -> ApiResult<Json<Envelope<ReadingsData>>> {
    let hours = period.hours.unwrap_or(24).clamp(1, 168);
    let now = state.clock.now().unix_timestamp();
    let pool = state.store.reader();
    store::find(pool, user.business_id, id, now).await?;
    let rows: Vec<(i64, f64, f64, f64, f64)> = sqlx::query_as(
        "SELECT at, temperature, setpoint, power_w, energy_wh FROM readings
         WHERE radiator_id = $1 AND at > $2 ORDER BY at",
    )
    .bind(id)
    .bind(now - hours * 3600)
    .fetch_all(pool)
    .await?;
    let readings = rows
        .into_iter()
        .map(|(at, temperature, setpoint, power_w, energy_wh)| Reading {
            at: crate::clock::iso8601(at),
            temperature,
            setpoint,
            power_w,
            energy_wh,
        })
        .collect();
    Ok(ok("Readings.", ReadingsData { readings }))
}
