//! The electricity grid's carbon intensity, which turns energy into CO2: the modelled GB
//! profile (`profile.rs`) by default; where a deployment switches on the GB Carbon Intensity API
//! (`api.rs`), its half-hourly figures as fetched, the profile filling any gap. A business
//! reports its CO2 either at that intensity or at the flat DESNZ factor ([`Co2Method`]).

mod api;
mod profile;

use std::collections::HashMap;

use sqlx::AnyConnection;

pub use api::{CarbonIntensityApi, run as run_api};
pub use profile::intensity as modelled_intensity;

use crate::store::StoreResult;

/// The DESNZ greenhouse gas reporting factor for UK grid electricity, kg CO2e per kWh: one flat
/// figure for reports that must use it.
pub const DESNZ_KG_PER_KWH: f64 = 0.20705;

/// Half-hours: the intensity figures' periods.
const HALF_HOUR: i64 = 1800;

/// How a business counts its CO2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Co2Method {
    /// At the grid's half-hourly intensity, as rolled up with the readings.
    #[default]
    Profile,
    /// At the flat DESNZ factor.
    Desnz,
}

impl Co2Method {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "profile" => Some(Self::Profile),
            "desnz" => Some(Self::Desnz),
            _ => None,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Self::Profile => "profile",
            Self::Desnz => "desnz",
        }
    }

    /// The CO2 in g of `wh`, whose CO2 at the grid's half-hourly intensity is `at_intensity_g`.
    pub fn co2_g(self, wh: f64, at_intensity_g: f64) -> f64 {
        match self {
            Self::Profile => at_intensity_g,
            // Wh × kg/kWh = g.
            Self::Desnz => wh * DESNZ_KG_PER_KWH,
        }
    }

    /// How the CO2 is counted, in a sentence.
    pub fn sentence(self) -> &'static str {
        match self {
            Self::Profile => {
                "CO2 at the GB grid's half-hourly carbon intensity (a modelled profile averaging \
                 about 124 g/kWh a year, or the Carbon Intensity API's figures where switched on)."
            }
            Self::Desnz => "CO2 at the DESNZ reporting factor of 0.20705 kg per kWh.",
        }
    }
}

/// The start (unix seconds) of the half-hour holding `at`.
pub fn half_hour_start(at: i64) -> i64 {
    at - at.rem_euclid(HALF_HOUR)
}

/// The fetched intensity (g/kWh) of the half-hour holding `at`, if the API gave one.
pub async fn fetched_at(db: &mut AnyConnection, at: i64) -> StoreResult<Option<f64>> {
    let row: Option<(f64,)> =
        sqlx::query_as("SELECT g_per_kwh FROM grid_intensity WHERE period_start = $1")
            .bind(half_hour_start(at))
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(g,)| g))
}

/// The fetched intensities (g/kWh) by half-hour start, from `from` to `to` (unix seconds).
pub async fn fetched_between(
    pool: &sqlx::AnyPool,
    from: i64,
    to: i64,
) -> StoreResult<HashMap<i64, f64>> {
    let rows: Vec<(i64, f64)> = sqlx::query_as(
        "SELECT period_start, g_per_kwh FROM grid_intensity
         WHERE period_start >= $1 AND period_start <= $2",
    )
    .bind(half_hour_start(from))
    .bind(to)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn desnz_counts_every_kwh_at_the_flat_factor_and_the_profile_keeps_the_rolled_up_figure() {
        assert!((Co2Method::Desnz.co2_g(1000.0, 50.0) - 207.05).abs() < 1e-9);
        assert_eq!(Co2Method::Profile.co2_g(1000.0, 50.0), 50.0);
        assert_eq!(Co2Method::parse("desnz"), Some(Co2Method::Desnz));
        assert_eq!(Co2Method::parse("other"), None);
        assert_eq!(half_hour_start(1_800 * 5 + 1_799), 9_000);
    }
}
