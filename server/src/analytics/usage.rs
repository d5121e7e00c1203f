//! Room and zone usage over a range of local days: each room's (or zone's) radiators with their
//! energy, cost (each day's energy at that day's unit rate; standing charges belong to the
//! business, not to a room), CO2 and heating hours, and the room's average temperature.

use std::collections::HashMap;

use jiff::civil::Date;
use serde::Serialize;
use utoipa::ToSchema;

use super::store::{self, PlacedRadiator, RadiatorUse};
use crate::error::ApiResult;
use crate::kernel::values::{apportioned, rounded};
use crate::state::AppState;
use crate::tariffs::Tariffs;

/// What a radiator, room or zone used over the range.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct UsageFigures {
    pub kwh: f64,
    pub cost_pence: i64,
    pub co2_kg: f64,
    /// A radiator's hours heating; a room's or zone's, the mean of its radiators that reported
    /// (they heat together: summed, five radiators would heat five hours an hour).
    pub heating_hours: f64,
    /// Whether any reading falls in the range: without one the figures are zeros for nothing
    /// recorded (a radiator added later, a range before the business began), not for nothing
    /// used.
    pub reported: bool,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct RadiatorFigures {
    pub id: i64,
    pub name: String,
    #[serde(flatten)]
    pub used: UsageFigures,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct PlaceUsage {
    pub id: i64,
    pub name: String,
    #[serde(flatten)]
    pub used: UsageFigures,
    /// The mean of its radiators' readings; null without any.
    pub average_temperature: Option<f64>,
    pub radiators: Vec<RadiatorFigures>,
}

/// One radiator's figures over the range: its use, and its energy's cost in whole pence (its
/// share of the business's, so that it costs the same in its room and in its zone).
struct Totals<'a> {
    radiator: &'a PlacedRadiator,
    used: RadiatorUse,
    pence: i64,
}

/// Rounded figures from energy (Wh), cost (pence), CO2 (g), heating minutes and the number of
/// readings.
fn figures(
    energy_wh: f64,
    cost_pence: i64,
    co2_g: f64,
    heating_minutes: f64,
    readings: i64,
) -> UsageFigures {
    UsageFigures {
        kwh: rounded(energy_wh / 1000.0, 3),
        cost_pence,
        co2_kg: rounded(co2_g / 1000.0, 3),
        heating_hours: rounded(heating_minutes / 60.0, 2),
        reported: readings > 0,
    }
}

fn place(id: i64, name: String, radiators: &[&Totals]) -> PlaceUsage {
    let sum = |f: fn(&Totals) -> f64| radiators.iter().map(|r| f(r)).sum::<f64>();
    let readings: i64 = radiators.iter().map(|r| r.used.readings).sum();
    let temperature_sum = sum(|r| r.used.temperature_sum);
    let reported = radiators.iter().filter(|r| r.used.readings > 0).count().max(1) as f64;
    PlaceUsage {
        id,
        name,
        used: figures(
            sum(|r| r.used.energy_wh),
            // The radiators' pence add up to the place's.
            radiators.iter().map(|r| r.pence).sum(),
            sum(|r| r.used.co2_g),
            sum(|r| r.used.heating_minutes as f64) / reported,
            readings,
        ),
        average_temperature: (readings > 0).then(|| rounded(temperature_sum / readings as f64, 1)),
        radiators: radiators
            .iter()
            .map(|r| RadiatorFigures {
                id: r.radiator.id,
                name: r.radiator.name.clone(),
                used: figures(
                    r.used.energy_wh,
                    r.pence,
                    r.used.co2_g,
                    r.used.heating_minutes as f64,
                    r.used.readings,
                ),
            })
            .collect(),
    }
}

/// Each room's (or, with `zones`, each zone's) use from `first` to `last`: the rollups summed
/// per radiator once per stretch of days under one tariff (whole months from the monthly
/// rollups), each stretch costed at its rate. `today` is the business's local date.
pub async fn usage(
    state: &AppState,
    business_id: i64,
    (first, last): (Date, Date),
    today: Date,
    zones: bool,
) -> ApiResult<Vec<PlaceUsage>> {
    let pool = state.store.reader();
    let co2 = crate::goals::read(pool, business_id).await?.carbon_method;
    let tariffs = Tariffs::load(pool, business_id).await?;
    let mut used: HashMap<i64, (RadiatorUse, f64)> = HashMap::new();
    for (from, to, rates) in tariffs.periods(first, last) {
        for stretch in store::radiator_use(pool, business_id, (from, to), today).await? {
            let (total, cost_pence) = used.entry(stretch.radiator_id).or_default();
            *cost_pence += stretch.energy_wh / 1000.0 * rates.unit_rate_pence;
            total.energy_wh += stretch.energy_wh;
            total.co2_g += co2.co2_g(stretch.energy_wh, stretch.co2_g);
            total.heating_minutes += stretch.heating_minutes;
            total.temperature_sum += stretch.temperature_sum;
            total.readings += stretch.readings;
        }
    }
    let radiators = store::placed_radiators(pool, business_id).await?;
    let used: Vec<(RadiatorUse, f64)> =
        radiators.iter().map(|radiator| used.remove(&radiator.id).unwrap_or_default()).collect();
    // Whole pence shared out over all the business's radiators at once: a radiator costs the
    // same in the rooms' view and the zones', and the places add up to the business's total.
    let pence = apportioned(&used.iter().map(|(_, cost_pence)| *cost_pence).collect::<Vec<_>>());
    let totals: Vec<Totals> = radiators
        .iter()
        .zip(used)
        .zip(pence)
        .map(|((radiator, (used, _)), pence)| Totals { radiator, used, pence })
        .collect();
    let mut by_place: HashMap<i64, Vec<&Totals>> = HashMap::new();
    for radiator in &totals {
        let placed = radiator.radiator;
        if let Some(place) = if zones { placed.zone_id } else { placed.room_id } {
            by_place.entry(place).or_default().push(radiator);
        }
    }
    let places = store::places(pool, business_id, zones).await?;
    Ok(places
        .into_iter()
        .map(|(id, name)| place(id, name, by_place.get(&id).map(Vec::as_slice).unwrap_or_default()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_places_heating_hours_are_its_radiators_mean_not_their_sum() {
        let placed =
            |id| PlacedRadiator { id, name: format!("R{id}"), room_id: Some(1), zone_id: None };
        let (one, two, silent) = (placed(1), placed(2), placed(3));
        let totals = |radiator, heating_minutes, readings| Totals {
            radiator,
            used: RadiatorUse {
                radiator_id: radiator.id,
                energy_wh: 0.0,
                co2_g: 0.0,
                heating_minutes,
                temperature_sum: 20.0 * readings as f64,
                readings,
            },
            pence: 0,
        };
        let all = [totals(&one, 120, 600), totals(&two, 60, 600), totals(&silent, 0, 0)];
        let room = place(1, "Office".into(), &all.iter().collect::<Vec<_>>());
        // Two radiators reported, heating 2 h and 1 h; the one added without readings is left out.
        assert_eq!(room.used.heating_hours, 1.5);
        assert_eq!(room.radiators[0].used.heating_hours, 2.0);
        assert!(room.used.reported && room.radiators[0].used.reported);
        assert!(!room.radiators[2].used.reported, "zeros for nothing recorded");
    }

    #[test]
    fn a_places_radiators_cost_what_the_place_costs() {
        let placed =
            |id| PlacedRadiator { id, name: format!("R{id}"), room_id: Some(1), zone_id: None };
        let radiators = [placed(1), placed(2), placed(3)];
        let all: Vec<Totals> = radiators
            .iter()
            .zip([5430, 5737, 5251])
            .map(|(radiator, pence)| Totals {
                radiator,
                used: RadiatorUse { radiator_id: radiator.id, ..RadiatorUse::default() },
                pence,
            })
            .collect();
        let room = place(1, "Board room".into(), &all.iter().collect::<Vec<_>>());
        assert_eq!(room.used.cost_pence, 16418);
        let pence: Vec<i64> = room.radiators.iter().map(|r| r.used.cost_pence).collect();
        assert_eq!(pence, [5430, 5737, 5251]);
    }
}
