//! Hourly, daily and monthly rollups of the readings, per radiator and per business, added to
//! in the transaction that stores the readings: an hour is a UTC hour, a day or month is the
//! business's local one (so a day across a clock change has 23 or 25 hours of readings). Each
//! reading's CO2 is counted at the GB grid's intensity in its half-hour (`grid/`).
//!
//! The business's rollups take each reading as it is stored. A radiator's take its hour once
//! the hour has closed: until then its state row holds the open hour's sums (see
//! `devices/open_hours.rs`), and the `*_live` views add them, so a reading writes two rows, not
//! five.

use std::collections::HashMap;

use jiff::Timestamp;
use jiff::tz::TimeZone;
use sqlx::AnyConnection;

use crate::grid::modelled_intensity;
use crate::store::StoreResult;
use crate::store::rows::{self, Value};

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
#[derive(Clone)]
pub struct LocalTime {
    pub day: String,
    pub month: i8,
    pub half_hour: usize,
}

/// Local times by time zone name, each zone looked up once per batch, and the last answer
/// kept (a batch's readings share their minute, and mostly their zone).
#[derive(Default)]
pub struct LocalTimes {
    zones: HashMap<String, TimeZone>,
    last: Option<(String, i64, LocalTime)>,
}

impl LocalTimes {
    /// The local time in `zone` of the instant `at` (unix seconds).
    pub fn at(&mut self, zone: &str, at: i64) -> LocalTime {
        if let Some((last_zone, last_at, local)) = &self.last
            && last_zone == zone
            && *last_at == at
        {
            return local.clone();
        }
        let tz = self
            .zones
            .entry(zone.to_owned())
            .or_insert_with(|| TimeZone::get(zone).unwrap_or(TimeZone::UTC));
        let local =
            Timestamp::from_second(at).unwrap_or(Timestamp::UNIX_EPOCH).to_zoned(tz.clone());
        let half_hour = usize::try_from(local.hour() * 2 + local.minute() / 30).unwrap_or(0);
        let local = LocalTime { day: local.date().to_string(), month: local.month(), half_hour };
        self.last = Some((zone.to_owned(), at, local.clone()));
        local
    }
}

impl LocalTime {
    /// The grid's intensity then, g/kWh: the API's figure if one was `fetched`, else the
    /// modelled profile's.
    pub fn intensity(&self, fetched: Option<f64>) -> f64 {
        fetched.unwrap_or_else(|| modelled_intensity(self.month, self.half_hour))
    }
}

/// Sums of the readings in one bucket (a radiator's or the business's hour, local day or
/// month).
#[derive(Default, Clone, Copy, Debug, PartialEq)]
pub struct Sums {
    pub energy_wh: f64,
    pub heating_minutes: i64,
    pub temperature_sum: f64,
    pub setpoint_sum: f64,
    pub co2_g: f64,
    pub readings: i64,
}

impl Sums {
    /// The sums as written, in the order of every rollup table's columns (and of the open hour's
    /// in `radiator_states`).
    pub fn values(&self) -> [Value; 6] {
        [
            Value::from(self.energy_wh),
            Value::from(self.heating_minutes),
            Value::from(self.temperature_sum),
            Value::from(self.setpoint_sum),
            Value::from(self.co2_g),
            Value::from(self.readings),
        ]
    }

    /// A reading's sums, its CO2 at `intensity` (g/kWh).
    pub fn of(reading: &Reading, intensity: f64) -> Self {
        Sums {
            energy_wh: reading.energy_wh,
            heating_minutes: i64::from(reading.heating),
            temperature_sum: reading.temperature,
            setpoint_sum: reading.setpoint,
            co2_g: reading.energy_wh / 1000.0 * intensity,
            readings: 1,
        }
    }

    fn add(&mut self, other: &Sums) {
        self.energy_wh += other.energy_wh;
        self.heating_minutes += other.heating_minutes;
        self.temperature_sum += other.temperature_sum;
        self.setpoint_sum += other.setpoint_sum;
        self.co2_g += other.co2_g;
        self.readings += other.readings;
    }
}

/// Where a row of sums belongs: its business, its hour (unix seconds) or local day or month,
/// and its radiator (none in the business's own tables).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Key {
    business_id: i64,
    at: Bucket,
    radiator_id: Option<i64>,
}

#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Bucket {
    Hour(i64),
    /// A local day or month, `YYYY-MM-DD` or `YYYY-MM`.
    Local(String),
}

/// A rollup table: its name, its time column, and whether its rows are per radiator.
struct Table {
    name: &'static str,
    time: &'static str,
    per_radiator: bool,
}

/// Every rollup table, in the order of [`Rollup::tables`]: the radiator's, then the business's.
const TABLES: [Table; 5] = [
    Table { name: "energy_hourly", time: "hour_start", per_radiator: true },
    Table { name: "energy_daily", time: "day", per_radiator: true },
    Table { name: "energy_monthly", time: "month", per_radiator: true },
    Table { name: "business_energy_hourly", time: "hour_start", per_radiator: false },
    Table { name: "business_energy_daily", time: "day", per_radiator: false },
];
const RADIATOR_TABLES: std::ops::Range<usize> = 0..3;
const BUSINESS_TABLES: std::ops::Range<usize> = 3..5;

/// Readings summed per radiator by UTC hour, local day and local month, and per business by
/// hour and day, added to the stored rollups in one go: a batch of reports, or the demo's
/// back-filled history.
#[derive(Default)]
pub struct Rollup {
    tables: [HashMap<Key, Sums>; 5],
    /// Each radiator's earliest reading counted here (its minute), and its first report as
    /// already stored (no update when that is earlier).
    first_reports: HashMap<i64, i64>,
    stored_first_reports: HashMap<i64, i64>,
}

impl Rollup {
    /// Counts a reading of one of `business_id`'s radiators into every rollup, its CO2 at
    /// `intensity` (g/kWh): history written at once (the demo's, the bench's).
    pub fn add(&mut self, business_id: i64, reading: &Reading, local: &LocalTime, intensity: f64) {
        let hour = reading.at - reading.at.rem_euclid(3600);
        let sums = Sums::of(reading, intensity);
        let at = (hour, local.day.as_str());
        self.note_first(reading.radiator_id, reading.at);
        self.count(business_id, reading.radiator_id, at, &sums, 0..TABLES.len());
    }

    /// Counts a whole hour's sums (starting at `hour`, in local day `day`) into every rollup at
    /// once: history generated by the hour, as the bench does for the year before its raw
    /// readings.
    pub fn add_hour(
        &mut self,
        business_id: i64,
        radiator_id: i64,
        hour: i64,
        day: &str,
        sums: Sums,
    ) {
        self.note_first(radiator_id, hour);
        self.count(business_id, radiator_id, (hour, day), &sums, 0..TABLES.len());
    }

    /// Counts the sums of `reading`, in the hour `at` (its start and local day), into the
    /// business's rollups only: a reading that its radiator's open hour holds.
    pub fn add_to_business(
        &mut self,
        business_id: i64,
        reading: &Reading,
        at: (i64, &str),
        sums: &Sums,
    ) {
        self.note_first(reading.radiator_id, reading.at);
        self.count(business_id, reading.radiator_id, at, sums, BUSINESS_TABLES);
    }

    /// Counts sums of `radiator_id` in the hour `at` into the radiator's rollups only: an open
    /// hour that closed, or a reading of an hour closed already, whose sums the business's
    /// rollups have.
    pub fn add_to_radiator(
        &mut self,
        business_id: i64,
        radiator_id: i64,
        at: (i64, &str),
        sums: &Sums,
    ) {
        self.count(business_id, radiator_id, at, sums, RADIATOR_TABLES);
    }

    /// Notes that `radiator_id`'s first report is stored as `at`.
    pub fn first_report_stored(&mut self, radiator_id: i64, at: i64) {
        self.stored_first_reports.insert(radiator_id, at);
    }

    /// Notes a reading of `radiator_id` at `at`, for its first report. Only readings as they
    /// are counted: the sums of an hour that closes later were noted when they came.
    fn note_first(&mut self, radiator_id: i64, at: i64) {
        let first = self.first_reports.entry(radiator_id).or_insert(at);
        *first = (*first).min(at);
    }

    fn count(
        &mut self,
        business_id: i64,
        radiator_id: i64,
        (hour, day): (i64, &str),
        sums: &Sums,
        tables: std::ops::Range<usize>,
    ) {
        let month = day.get(..7).unwrap_or(day);
        let buckets = [
            (Bucket::Hour(hour), Some(radiator_id)),
            (Bucket::Local(day.to_owned()), Some(radiator_id)),
            (Bucket::Local(month.to_owned()), Some(radiator_id)),
            (Bucket::Hour(hour), None),
            (Bucket::Local(day.to_owned()), None),
        ];
        for (index, (at, radiator_id)) in buckets.into_iter().enumerate() {
            if tables.contains(&index) {
                let key = Key { business_id, at, radiator_id };
                self.tables[index].entry(key).or_default().add(sums);
            }
        }
    }

    /// Adds the sums to the stored rollups, and notes each radiator's first report.
    pub async fn write(self, db: &mut AnyConnection) -> StoreResult<()> {
        // The radiators by their earliest reading here: one group, as a rule.
        let mut by_first: HashMap<i64, Vec<i64>> = HashMap::new();
        for (radiator_id, at) in self.first_reports {
            if self.stored_first_reports.get(&radiator_id).is_some_and(|stored| *stored <= at) {
                continue;
            }
            by_first.entry(at).or_default().push(radiator_id);
        }
        for (at, mut ids) in by_first {
            ids.sort_unstable();
            let sql = |ids: &str| {
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "UPDATE radiators SET first_report_at = $1 WHERE id IN ({ids})
                         AND (first_report_at IS NULL OR first_report_at > $1)"
                )))
                .bind(at)
            };
            for query in rows::statements(db, &ids, 1, sql, |id| vec![Value::from(*id)]) {
                query.execute(&mut *db).await?;
            }
        }
        for (table, rows) in TABLES.iter().zip(self.tables) {
            let mut rows: Vec<(Key, Sums)> = rows.into_iter().collect();
            // In key order, so concurrent writers take the rows' locks in the same order.
            rows.sort_by(|a, b| a.0.cmp(&b.0));
            write_rows(db, table, &rows).await?;
        }
        Ok(())
    }
}

/// Keeps `radiator_id`'s days in its business's `deleted_radiators_daily`, as the radiator is
/// deleted and its own rollups with it: the business's rollups keep its use, which the rooms'
/// use then leaves out (`analytics::store::placed_daily_use`).
pub async fn keep_deleted_radiators_use(
    db: &mut AnyConnection,
    business_id: i64,
    radiator_id: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO deleted_radiators_daily (business_id, day, energy_wh, co2_g)
         SELECT business_id, day, SUM(energy_wh), SUM(co2_g) FROM energy_daily_live
         WHERE business_id = $1 AND radiator_id = $2
         GROUP BY business_id, day
         ON CONFLICT (business_id, day) DO UPDATE SET
             energy_wh = deleted_radiators_daily.energy_wh + excluded.energy_wh,
             co2_g = deleted_radiators_daily.co2_g + excluded.co2_g",
    )
    .bind(business_id)
    .bind(radiator_id)
    .execute(db)
    .await?;
    Ok(())
}

async fn write_rows(
    db: &mut AnyConnection,
    table: &Table,
    rows: &[(Key, Sums)],
) -> StoreResult<()> {
    let Table { name, time, per_radiator } = table;
    let radiator = if *per_radiator { ", radiator_id" } else { "" };
    let sql = |rows: &str| {
        format!(
            "INSERT INTO {name} (business_id, {time}{radiator}, energy_wh, heating_minutes,
                 temperature_sum, setpoint_sum, co2_g, readings)
             {rows}
             ON CONFLICT (business_id, {time}{radiator}) DO UPDATE SET
                 energy_wh = {name}.energy_wh + excluded.energy_wh,
                 co2_g = {name}.co2_g + excluded.co2_g,
                 heating_minutes = {name}.heating_minutes + excluded.heating_minutes,
                 temperature_sum = {name}.temperature_sum + excluded.temperature_sum,
                 setpoint_sum = {name}.setpoint_sum + excluded.setpoint_sum,
                 readings = {name}.readings + excluded.readings"
        )
    };
    rows::write(db, rows, sql, |(key, sums)| {
        let mut row = vec![Value::from(key.business_id)];
        row.push(match &key.at {
            Bucket::Hour(hour) => Value::from(*hour),
            Bucket::Local(day) => Value::from(day.as_str()),
        });
        if *per_radiator {
            row.push(Value::from(key.radiator_id));
        }
        row.extend(sums.values());
        row
    })
    .await
}
