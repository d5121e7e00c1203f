//! Room and zone usage over a range of local days: each room's (or zone's) radiators with their
//! energy, cost (each day's energy at that day's unit rate; standing charges belong to the
//! business, not to a room), CO2 and heating hours, and the room's average temperature.

use std::collections::HashMap;

use jiff::civil::Date;
use serde::Serialize;
use utoipa::ToSchema;

use super::store::{self, RadiatorUsage};
use crate::error::ApiResult;
use crate::state::AppState;
use crate::tariffs::domain::DEFAULT_UNIT_RATE_PENCE;

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct RadiatorFigures {
    pub id: i64,
    pub name: String,
    pub kwh: f64,
    pub cost_pence: i64,
    pub co2_kg: f64,
    pub heating_hours: f64,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct PlaceUsage {
    pub id: i64,
    pub name: String,
    pub kwh: f64,
    pub cost_pence: i64,
    pub co2_kg: f64,
    pub heating_hours: f64,
    /// The mean of its radiators' readings; null without any.
    pub average_temperature: Option<f64>,
    pub radiators: Vec<RadiatorFigures>,
}

fn round(value: f64, places: i32) -> f64 {
    let factor = 10f64.powi(places);
    (value * factor).round() / factor
}

fn place(id: i64, name: String, radiators: &[&RadiatorUsage]) -> PlaceUsage {
    let sum = |f: fn(&RadiatorUsage) -> f64| radiators.iter().map(|r| f(r)).sum::<f64>();
    let readings: i64 = radiators.iter().map(|r| r.readings).sum();
    let temperature_sum = sum(|r| r.temperature_sum);
    PlaceUsage {
        id,
        name,
        kwh: round(sum(|r| r.energy_wh) / 1000.0, 3),
        cost_pence: sum(|r| r.cost_pence).round() as i64,
        co2_kg: round(sum(|r| r.co2_g) / 1000.0, 3),
        heating_hours: round(sum(|r| r.heating_minutes as f64) / 60.0, 2),
        average_temperature: (readings > 0).then(|| round(temperature_sum / readings as f64, 1)),
        radiators: radiators
            .iter()
            .map(|r| RadiatorFigures {
                id: r.id,
                name: r.name.clone(),
                kwh: round(r.energy_wh / 1000.0, 3),
                cost_pence: r.cost_pence.round() as i64,
                co2_kg: round(r.co2_g / 1000.0, 3),
                heating_hours: round(r.heating_minutes as f64 / 60.0, 2),
            })
            .collect(),
    }
}

/// Each room's (or, with `zones`, each zone's) use from `first` to `last`.
pub async fn usage(
    state: &AppState,
    business_id: i64,
    first: Date,
    last: Date,
    zones: bool,
) -> ApiResult<Vec<PlaceUsage>> {
    let pool = state.store.reader();
    let (first, last) = (first.to_string(), last.to_string());
    let co2 = crate::goals::carbon_method(pool, business_id).await?;
    let mut radiators =
        store::radiator_usage(pool, business_id, &first, &last, DEFAULT_UNIT_RATE_PENCE).await?;
    for radiator in &mut radiators {
        radiator.co2_g = co2.co2_g(radiator.energy_wh, radiator.co2_g);
    }
    let mut by_place: HashMap<i64, Vec<&RadiatorUsage>> = HashMap::new();
    for radiator in &radiators {
        if let Some(place) = if zones { radiator.zone_id } else { radiator.room_id } {
            by_place.entry(place).or_default().push(radiator);
        }
    }
    let places = store::places(pool, business_id, zones).await?;
    Ok(places
        .into_iter()
        .map(|(id, name)| place(id, name, by_place.get(&id).map(Vec::as_slice).unwrap_or_default()))
        .collect())
}
