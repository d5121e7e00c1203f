//! Hourly and daily rollups of the readings, added to as each reading is stored, in the same
//! transaction: an hour is a UTC hour, a day is the business's local day (so a day across a
//! clock change has 23 or 25 hours of readings). Each reading's CO2 is counted at the GB
//! intensity of its local month and half-hour.

use std::collections::HashMap;

use jiff::Timestamp;
use jiff::tz::TimeZone;
use sqlx::AnyConnection;

use crate::grid::intensity;
use crate::store::StoreResult;

/// One stored reading, as the rollups count it.
pub struct Reading {
    pub radiator_id: i64,
    /// The minute it was taken, unix seconds.
    pub at: i64,
    pub energy_wh: f64,
    pub heating: bool,
    pub temperature: f64,
    pub setpoint: f64,
}

/// When a reading was taken, on the business's clock: the local date (`YYYY-MM-DD`), month and
/// half-hour of the day.
pub struct LocalTime {
    pub day: String,
    pub month: i8,
    pub half_hour: usize,
}

/// Local times by time zone name, each zone looked up once per batch.
#[derive(Default)]
pub struct LocalTimes {
    zones: HashMap<String, TimeZone>,
}

impl LocalTimes {
    /// The local time in `zone` of the instant `at` (unix seconds).
    pub fn at(&mut self, zone: &str, at: i64) -> LocalTime {
        let tz = self
            .zones
            .entry(zone.to_owned())
            .or_insert_with(|| TimeZone::get(zone).unwrap_or(TimeZone::UTC));
        let local =
            Timestamp::from_second(at).unwrap_or(Timestamp::UNIX_EPOCH).to_zoned(tz.clone());
        let half_hour = usize::try_from(local.hour() * 2 + local.minute() / 30).unwrap_or(0);
        LocalTime { day: local.date().to_string(), month: local.month(), half_hour }
    }
}

/// Adds the reading to its hour's and its local day's rollup.
pub async fn add(db: &mut AnyConnection, reading: &Reading, local: &LocalTime) -> StoreResult<()> {
    let hour = reading.at - reading.at.rem_euclid(3600);
    let day = local.day.as_str();
    let co2_g = reading.energy_wh / 1000.0 * intensity(local.month, local.half_hour);
    for (table, key, bucket) in [
        ("energy_hourly", "hour_start", Bucket::Hour(hour)),
        ("energy_daily", "day", Bucket::Day(day)),
    ] {
        let sql = format!(
            "INSERT INTO {table} (radiator_id, {key}, energy_wh, heating_minutes, temperature_sum,
                 setpoint_sum, co2_g, readings)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 1)
             ON CONFLICT (radiator_id, {key}) DO UPDATE SET
                 energy_wh = {table}.energy_wh + excluded.energy_wh,
                 co2_g = {table}.co2_g + excluded.co2_g,
                 heating_minutes = {table}.heating_minutes + excluded.heating_minutes,
                 temperature_sum = {table}.temperature_sum + excluded.temperature_sum,
                 setpoint_sum = {table}.setpoint_sum + excluded.setpoint_sum,
                 readings = {table}.readings + 1"
        );
        let query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(reading.radiator_id);
        let query = match bucket {
            Bucket::Hour(hour) => query.bind(hour),
            Bucket::Day(day) => query.bind(day.to_owned()),
        };
        query
            .bind(reading.energy_wh)
            .bind(i64::from(reading.heating))
            .bind(reading.temperature)
            .bind(reading.setpoint)
            .bind(co2_g)
            .execute(&mut *db)
            .await?;
    }
    Ok(())
}

enum Bucket<'a> {
    Hour(i64),
    Day(&'a str),
}
