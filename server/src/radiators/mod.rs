//! Radiators: every radiators call of spec §7, plus one radiator by id. Handlers here, what
//! they do in `domain.rs`, the SQL in `store.rs`.

pub mod domain;
mod store;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::clock::iso8601;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, NoData, Path, Query, done, ok};
use crate::kernel::named;
use crate::kernel::validation::{FieldCheck, flag};
use crate::kernel::values::{Temperature, Uid, record_name};
use crate::schedules;
use crate::state::AppState;
use crate::store::contains_pattern;
pub use domain::{
    Settings, attach, find, not_yours, refuse_if_empty, register, set_group_temperature, set_state,
    switch_group,
};
pub use store::{
    Clamped, GROUP_STATE_COLUMNS, GroupState, RadiatorView, by_uid, in_room, list as search,
    set_room, set_setpoint_within_bounds,
};

/// What a room's or zone's temperature set says: `name` set, and the radiators their own bounds
/// held back with what they were kept to; with every radiator switched off (`status` 0), that
/// nothing heats yet.
pub fn temperature_set(
    name: &str,
    temperature: Temperature,
    clamped: &[Clamped],
    status: i64,
) -> String {
    let celsius = temperature.celsius();
    let kept = clamped.iter().map(|radiator| radiator.target_temperature);
    let (lowest, highest) = (kept.clone().fold(f64::MAX, f64::min), kept.fold(f64::MIN, f64::max));
    let set = match clamped {
        [] => format!("'{name}' set to {celsius} °C."),
        [one] => format!(
            "'{name}' set to {celsius} °C; '{}' kept to {lowest} °C, its own limit.",
            one.name
        ),
        _ if lowest == highest => format!(
            "'{name}' set to {celsius} °C; {} radiators kept to {lowest} °C, their own limit.",
            clamped.len()
        ),
        _ => format!(
            "'{name}' set to {celsius} °C; {} radiators kept to their own limits, {lowest} to \
             {highest} °C.",
            clamped.len()
        ),
    };
    match status {
        0 => format!("{set} Its radiators are switched off: they heat to it once switched on."),
        _ => set,
    }
}

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
    /// Part of the name or the uid, in any case and without its accents.
    search: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct RadiatorsData {
    radiators: Vec<RadiatorView>,
    /// True when this server runs the simulated fleet instead of real devices: the readings
    /// are modelled, and the app says so.
    simulated: bool,
}

#[derive(Serialize, ToSchema)]
pub struct RadiatorData {
    radiator: RadiatorView,
}

/// The business's radiators with their live state.
#[utoipa::path(get, path = "/v2/radiators", tag = "radiators",
    params(Search), responses((status = 200, body = Envelope<RadiatorsData>)))]
pub async fn list(
    Business { state, user }: Business,
    Query(search): Query<Search>,
) -> Answer<RadiatorsData> {
    let pattern = contains_pattern(search.search.as_deref().unwrap_or_default());
    let now = state.clock.now().unix_timestamp();
    let radiators = store::list(state.store.reader(), user.business_id, &pattern, now).await?;
    let simulated = state.devices.simulated();
    Ok(ok("Radiators.", RadiatorsData { radiators, simulated }))
}

/// One radiator with its live state.
#[utoipa::path(get, path = "/v2/radiators/{id}", tag = "radiators",
    responses((status = 200, body = Envelope<RadiatorData>), (status = 404, body = ErrorBody)))]
pub async fn get_one(
    Business { state, user }: Business,
    Path(id): Path<i64>,
) -> Answer<RadiatorData> {
    let now = state.clock.now().unix_timestamp();
    let radiator = find(state.store.reader(), user.business_id, id, now).await?;
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
    /// The claim code printed on a real radiator's label, needed to add it when the radiators
    /// are behind MQTT; simulated radiators have none.
    pub claim_code: Option<String>,
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
        let claim_code = self.claim_code.as_deref().map(str::trim).filter(|code| !code.is_empty());
        let claim_code = claim_code.map(|code| match code.chars().count() {
            ..=64 => Ok(code.to_owned()),
            _ => Err("A claim code is at most 64 characters.".to_owned()),
        });
        let claim_code = match claim_code {
            Some(code) => Some(check.check("claim_code", code)?),
            None => None,
        };
        Some(Settings { name: name?, min: min?.celsius(), max: max?.celsius(), claim_code })
    }

    pub fn uid(&self, check: &mut FieldCheck) -> Option<Uid> {
        check.check("uid", Uid::parse(&self.uid))
    }
}

/// Register a radiator, in a room or in none.
#[utoipa::path(post, path = "/v2/radiators", tag = "radiators",
    request_body = RadiatorRequest,
    responses((status = 200, body = Envelope<RadiatorData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn create(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<RadiatorRequest>,
) -> Answer<RadiatorData> {
    let mut check = FieldCheck::default();
    let uid = request.uid(&mut check);
    let settings = request.settings(&mut check);
    let (uid, settings) = check.finish(uid.zip(settings))?;
    let radiator = domain::create(&state, user.actor(), &uid, &settings, request.room_id).await?;
    Ok(ok(format!("Radiator '{}' added.", radiator.name), RadiatorData { radiator }))
}

/// Rename a radiator, change its bounds or its room. A setpoint outside new bounds is moved
/// inside them.
#[utoipa::path(post, path = "/v2/radiators/{id}", tag = "radiators",
    request_body = RadiatorRequest,
    responses((status = 200, body = Envelope<RadiatorData>), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update(
    Business { state, user }: Business,
    Path(id): Path<i64>,
    ApiJson(request): ApiJson<RadiatorRequest>,
) -> Answer<RadiatorData> {
    let mut check = FieldCheck::default();
    let settings = request.settings(&mut check);
    let settings = check.finish(settings)?;
    // The uid may be sent back as it is; another one is refused, not ignored.
    let uid = Some(request.uid.trim()).filter(|uid| !uid.is_empty());
    let (radiator, target_before) =
        domain::update(&state, user.actor(), id, &settings, request.room_id, uid).await?;
    let (name, target) = (&radiator.name, radiator.target_temperature);
    let saved = if target == target_before {
        format!("Radiator '{name}' saved.")
    } else {
        format!("Radiator '{name}' saved; its target moved to {target} °C, within its new limits.")
    };
    let limits = (radiator.min_temperature, radiator.max_temperature);
    let mut db = state.store.begin_read().await?;
    let asking = schedules::domain::asking_beyond(&mut db, user.business_id, id, limits).await?;
    let description = match asking.as_slice() {
        [] => saved,
        [one] => format!(
            "{saved} Schedule '{}' asks {} °C: the radiator is kept to its limits, {}–{} °C.",
            one.schedule, one.setpoint, limits.0, limits.1
        ),
        many => format!(
            "{saved} {} schedules ask for more or less than its limits: the radiator is kept to them.",
            many.len()
        ),
    };
    Ok(ok(description, RadiatorData { radiator }))
}

/// Remove a radiator from the business; its uid can then be registered again.
#[utoipa::path(delete, path = "/v2/radiators/{id}", tag = "radiators",
    responses((status = 200, body = Envelope<NoData>), (status = 404, body = ErrorBody)))]
pub async fn delete(Business { state, user }: Business, Path(id): Path<i64>) -> Answer<NoData> {
    let (name, orphans) = domain::delete(&state, user.actor(), id).await?;
    Ok(done(named::with_orphans(format!("Radiator '{name}' deleted."), &orphans)))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct SetTemperatureRequest {
    pub radiator_id: Option<i64>,
    pub temperature: Option<f64>,
}

/// Set a radiator's target temperature, within its own min/max.
#[utoipa::path(put, path = "/v2/radiators/set-temperature", tag = "radiators",
    request_body = SetTemperatureRequest,
    responses((status = 200, body = Envelope<RadiatorData>), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn set_temperature(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<SetTemperatureRequest>,
) -> Answer<RadiatorData> {
    let mut check = FieldCheck::default();
    let id = check
        .check("radiator_id", request.radiator_id.ok_or_else(|| "Choose a radiator.".to_owned()));
    let temperature = check.check("temperature", Temperature::parse(request.temperature));
    let (id, temperature) = check.finish(id.zip(temperature))?;
    let radiator = domain::set_temperature(&state, user.actor(), id, temperature).await?;
    let (name, celsius) = (&radiator.name, temperature.celsius());
    let set = format!("'{name}' set to {celsius} °C.");
    let description = match radiator.status {
        0 => format!("{set} It is switched off: it heats to it once switched on."),
        _ => set,
    };
    Ok(ok(description, RadiatorData { radiator }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct StatusRequest {
    /// 1 on, 0 off.
    pub status: Option<i64>,
}

/// Switch a radiator on or off; `room_id` is its room, or 0 for a radiator without one.
#[utoipa::path(put, path = "/radiators/toggle-status/{room_id}/{radiator_id}", tag = "radiators",
    request_body = StatusRequest,
    responses((status = 200, body = Envelope<RadiatorData>), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn toggle_status(
    Business { state, user }: Business,
    Path((room_id, id)): Path<(i64, i64)>,
    ApiJson(request): ApiJson<StatusRequest>,
) -> Answer<RadiatorData> {
    let mut check = FieldCheck::default();
    let on = check.check("status", flag(request.status));
    let on = check.finish(on)?;
    let radiator = domain::switch(&state, user.actor(), room_id, id, on).await?;
    let word = if on { "on" } else { "off" };
    Ok(ok(format!("'{}' switched {word}.", radiator.name), RadiatorData { radiator }))
}

/// The same as `/radiators/toggle-status/{room_id}/{radiator_id}`, under `/v2`.
#[utoipa::path(put, path = "/v2/radiators/toggle-status/{room_id}/{radiator_id}", tag = "radiators",
    request_body = StatusRequest,
    responses((status = 200, body = Envelope<RadiatorData>), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn toggle_status_v2(
    business: Business,
    path: Path<(i64, i64)>,
    request: ApiJson<StatusRequest>,
) -> Answer<RadiatorData> {
    toggle_status(business, path, request).await
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
    params(Period),
    responses((status = 200, body = Envelope<ReadingsData>), (status = 404, body = ErrorBody)))]
pub async fn readings(
    Business { state, user }: Business,
    Path(id): Path<i64>,
    Query(period): Query<Period>,
) -> Answer<ReadingsData> {
    let hours = period.hours.unwrap_or(24);
    if !(1..=168).contains(&hours) {
        return Err(ApiError::field("hours", "Choose from 1 to 168 hours."));
    }
    let rows = domain::readings(&state, user.actor(), id, hours).await?;
    let readings = rows
        .into_iter()
        .map(|(at, temperature, setpoint, power_w, energy_wh)| Reading {
            at: iso8601(at),
            temperature,
            setpoint,
            power_w,
            energy_wh,
        })
        .collect();
    Ok(ok("Readings.", ReadingsData { readings }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_temperature_says_how_many_radiators_their_limits_held_back() {
        let held = |id, target_temperature| Clamped {
            radiator_id: id,
            name: format!("R{id}"),
            target_temperature,
        };
        let temperature = Temperature::parse(Some(28.0)).unwrap();
        assert_eq!(temperature_set("Hall", temperature, &[], 1), "'Hall' set to 28 °C.");
        assert_eq!(
            temperature_set("Hall", temperature, &[held(1, 26.0)], 1),
            "'Hall' set to 28 °C; 'R1' kept to 26 °C, its own limit."
        );
        assert_eq!(
            temperature_set("Hall", temperature, &[held(1, 26.0), held(2, 26.0)], 1),
            "'Hall' set to 28 °C; 2 radiators kept to 26 °C, their own limit."
        );
        assert_eq!(
            temperature_set("Hall", temperature, &[held(1, 25.5), held(2, 24.0)], 1),
            "'Hall' set to 28 °C; 2 radiators kept to their own limits, 24 to 25.5 °C."
        );
        assert_eq!(
            temperature_set("Hall", temperature, &[held(1, 26.0)], 0),
            "'Hall' set to 28 °C; 'R1' kept to 26 °C, its own limit. Its radiators are switched \
             off: they heat to it once switched on."
        );
    }
}
