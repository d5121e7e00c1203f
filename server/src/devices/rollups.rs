//! Hourly and daily rollups of the readings, added to as each reading is stored, in the same
//! transaction: an hour is a UTC hour, a day is the business's local day (so a day across a
//! clock change has 23 or 25 hours of readings). Each reading's CO2 is counted at the GB grid's
//! intensity in its half-hour (`grid/`).

use std::collections::HashMap;

use jiff::Timestamp;
use jiff::tz::TimeZone;
use sqlx::AnyConnection;

use crate::grid::modelled_intensity;
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
    pub power_w: f64,
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

impl LocalTime {
    /// The grid's intensity then, g/kWh: the API's figure if one was `fetched`, else the
    /// modelled profile's.
    pub fn intensity(&self, fetched: Option<f64>) -> f64 {
        fetched.unwrap_or_else(|| modelled_intensity(self.month, self.half_hour))
    }
}

/// Sums of the readings in one bucket (a radiator's hour or local day).
#[derive(Default, Clone, Copy, Debug, PartialEq)]
pub struct Sums {
    pub energy_wh: f64,
    pub heating_minutes: i64,
    pub temperature_sum: f64,
    pub setpoint_sum: f64,
    pub co2_g: f64,
    pub readings: i64,
}

/// Readings summed per radiator by UTC hour and by local day, added to the stored rollups in
/// one go: a batch of reports, or the demo's back-filled history.
#[derive(Default)]
pub struct Rollup {
    hours: HashMap<(i64, i64), Sums>,
    days: HashMap<(i64, String), Sums>,
}

/// Rows per statement when the sums are written: 8 values each, well under either backend's
/// limit on bound values.
const ROWS_PER_STATEMENT: usize = 500;

impl Rollup {
    /// Counts the reading into its hour and its local day, its CO2 at `intensity` (g/kWh).
    pub fn add(&mut self, reading: &Reading, local: &LocalTime, intensity: f64) {
        let hour = reading.at - reading.at.rem_euclid(3600);
        let co2_g = reading.energy_wh / 1000.0 * intensity;
        let buckets = [
            self.hours.entry((reading.radiator_id, hour)).or_default(),
            self.days.entry((reading.radiator_id, local.day.clone())).or_default(),
        ];
        for sums in buckets {
            sums.energy_wh += reading.energy_wh;
            sums.heating_minutes += i64::from(reading.heating);
            sums.temperature_sum += reading.temperature;
            sums.setpoint_sum += reading.setpoint;
            sums.co2_g += co2_g;
            sums.readings += 1;
        }
    }

    /// Adds the sums to the stored rollups.
    pub async fn write(self, db: &mut AnyConnection) -> StoreResult<()> {
        let mut hours: Vec<_> = self
            .hours
            .into_iter()
            .map(|((id, hour), sums)| (id, Bucket::Hour(hour), sums))
            .collect();
        let mut days: Vec<_> =
            self.days.into_iter().map(|((id, day), sums)| (id, Bucket::Day(day), sums)).collect();
        // In key order, so concurrent writers take the rows' locks in the same order.
        hours.sort_by_key(|(id, bucket, _)| (*id, bucket.clone()));
        days.sort_by_key(|(id, bucket, _)| (*id, bucket.clone()));
        for (table, key, rows) in
            [("energy_hourly", "hour_start", hours), ("energy_daily", "day", days)]
        {
            for chunk in rows.chunks(ROWS_PER_STATEMENT) {
                write_rows(db, table, key, chunk).await?;
            }
        }
        Ok(())
    }
}

async fn write_rows(
    db: &mut AnyConnection,
    table: &str,
    key: &str,
    rows: &[(i64, Bucket, Sums)],
) -> StoreResult<()> {
    let values: Vec<String> = (0..rows.len())
        .map(|row| {
            let n = row * 8;
            format!(
                "(${}, ${}, ${}, ${}, ${}, ${}, ${}, ${})",
                n + 1,
                n + 2,
                n + 3,
                n + 4,
                n + 5,
                n + 6,
                n + 7,
                n + 8
            )
        })
        .collect();
    let sql = format!(
        "INSERT INTO {table} (radiator_id, {key}, energy_wh, heating_minutes, temperature_sum,
             setpoint_sum, co2_g, readings)
         VALUES {}
         ON CONFLICT (radiator_id, {key}) DO UPDATE SET
             energy_wh = {table}.energy_wh + excluded.energy_wh,
             co2_g = {table}.co2_g + excluded.co2_g,
             heating_minutes = {table}.heating_minutes + excluded.heating_minutes,
             temperature_sum = {table}.temperature_sum + excluded.temperature_sum,
             setpoint_sum = {table}.setpoint_sum + excluded.setpoint_sum,
             readings = {table}.readings + excluded.readings",
        values.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for (radiator_id, bucket, sums) in rows {
        query = query.bind(*radiator_id);
        query = match bucket {
            Bucket::Hour(hour) => query.bind(*hour),
            Bucket::Day(day) => query.bind(day.clone()),
        };
        query = query
            .bind(sums.energy_wh)
            .bind(sums.heating_minutes)
            .bind(sums.temperature_sum)
            .bind(sums.setpoint_sum)
            .bind(sums.co2_g)
            .bind(sums.readings);
    }
    query.execute(db).await?;
    Ok(())
}

#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Bucket {
    Hour(i64),
    Day(String),
}
