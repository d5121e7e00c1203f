//! The analytics' SQL: sums over the rollups, never the raw readings.

use std::collections::{HashMap, HashSet};

use jiff::civil::Date;
use sqlx::AnyPool;

use crate::store::{Store, StoreResult, rows, rows_in_range};

/// The business's energy (Wh) and its CO2 (g) per UTC hour in `[from, to)` (unix seconds).
pub async fn hourly_energy(
    pool: &AnyPool,
    business_id: i64,
    from: i64,
    to: i64,
) -> StoreResult<Vec<(i64, f64, f64)>> {
    let sql = "SELECT hour_start, energy_wh, co2_g FROM business_energy_hourly
         WHERE business_id = $1 AND hour_start >= $2 AND hour_start < $3 ORDER BY hour_start";
    rows_in_range(pool, sql, business_id, (from, to)).await
}

/// One radiator of the business and where it is.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct PlacedRadiator {
    pub id: i64,
    pub name: String,
    pub room_id: Option<i64>,
    pub zone_id: Option<i64>,
}

/// The business's radiators with their rooms and zones, by name.
pub async fn placed_radiators(
    pool: &AnyPool,
    business_id: i64,
) -> StoreResult<Vec<PlacedRadiator>> {
    let rows = sqlx::query_as(
        "SELECT r.id, r.name, r.room_id, rm.zone_id FROM radiators r
         LEFT JOIN rooms rm ON rm.id = r.room_id
         WHERE r.business_id = $1 ORDER BY r.search_key, r.name_key",
    )
    .bind(business_id)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

/// One radiator's use over a range of local days.
#[derive(sqlx::FromRow, Clone, Debug, Default)]
pub struct RadiatorUse {
    pub radiator_id: i64,
    pub energy_wh: f64,
    pub co2_g: f64,
    pub heating_minutes: i64,
    pub temperature_sum: f64,
    pub readings: i64,
}

/// The use of each of the business's radiators that reported from `first` to `last` (local
/// days): the whole months between from the monthly rollups, the days before and after them
/// from the daily ones. Nothing is stored after `today`, so a range that reaches it reads this
/// month so far from its monthly rollup rather than its days.
pub async fn radiator_use(
    pool: &AnyPool,
    business_id: i64,
    (first, last): (Date, Date),
    today: Date,
) -> StoreResult<Vec<RadiatorUse>> {
    let cover = MonthCover::of(first, MonthCover::known_last(last, today));
    let rows = sqlx::query_as(
        "SELECT radiator_id, SUM(energy_wh) AS energy_wh, SUM(co2_g) AS co2_g,
                CAST(SUM(heating_minutes) AS BIGINT) AS heating_minutes,
                SUM(temperature_sum) AS temperature_sum,
                CAST(SUM(readings) AS BIGINT) AS readings
         FROM (
             SELECT radiator_id, energy_wh, co2_g, heating_minutes, temperature_sum, readings
             FROM energy_monthly_live WHERE business_id = $1 AND month >= $2 AND month <= $3
             UNION ALL
             SELECT radiator_id, energy_wh, co2_g, heating_minutes, temperature_sum, readings
             FROM energy_daily_live WHERE business_id = $1 AND day >= $4 AND day <= $5
             UNION ALL
             SELECT radiator_id, energy_wh, co2_g, heating_minutes, temperature_sum, readings
             FROM energy_daily_live WHERE business_id = $1 AND day >= $6 AND day <= $7
         ) used
         GROUP BY radiator_id",
    )
    .bind(business_id)
    .bind(cover.months.0)
    .bind(cover.months.1)
    .bind(cover.head.0)
    .bind(cover.head.1)
    .bind(cover.tail.0)
    .bind(cover.tail.1)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

/// A range of local days as whole months (`YYYY-MM`) and the days before and after them
/// (`YYYY-MM-DD`); a part the range does not have is an empty range (its first after its last).
#[derive(Debug, PartialEq)]
pub struct MonthCover {
    pub head: (String, String),
    pub months: (String, String),
    pub tail: (String, String),
}

impl MonthCover {
    /// The last day of a range that must be read: a range reaching `today` may as well end
    /// with today's month, whose later days hold nothing yet.
    pub fn known_last(last: Date, today: Date) -> Date {
        if last >= today { last.last_of_month() } else { last }
    }

    pub fn of(first: Date, last: Date) -> Self {
        let none = || ("1".to_owned(), "0".to_owned());
        let month = |date: Date| date.strftime("%Y-%m").to_string();
        let day_before = |date: Date| date.yesterday().unwrap_or(date);
        // The whole months run from `whole_from` up to the day before `whole_end`.
        let whole_from = if first.day() == 1 { first } else { next_month(first) };
        let whole_end =
            if last == last.last_of_month() { next_month(last) } else { last.first_of_month() };
        if whole_from >= whole_end {
            let head = (first.to_string(), last.to_string());
            return Self { head, months: none(), tail: none() };
        }
        let head = if whole_from > first {
            (first.to_string(), day_before(whole_from).to_string())
        } else {
            none()
        };
        let tail =
            if whole_end <= last { (whole_end.to_string(), last.to_string()) } else { none() };
        Self { head, months: (month(whole_from), month(day_before(whole_end))), tail }
    }
}

/// The first day of the month after `date`'s.
fn next_month(date: Date) -> Date {
    date.last_of_month().tomorrow().unwrap_or(date)
}

/// `(id, name)` of the business's rooms or zones, by name.
pub async fn places(
    pool: &AnyPool,
    business_id: i64,
    zones: bool,
) -> StoreResult<Vec<(i64, String)>> {
    let sql = if zones {
        "SELECT id, name FROM zones WHERE business_id = $1 ORDER BY search_key, name_key"
    } else {
        "SELECT id, name FROM rooms WHERE business_id = $1 ORDER BY search_key, name_key"
    };
    Ok(sqlx::query_as(sql).bind(business_id).fetch_all(pool).await?)
}

/// The business's radiators: how many, how many reported within `online_since` (unix seconds),
/// how many of those are heating, and the mean temperature they report.
pub async fn fleet(
    pool: &AnyPool,
    business_id: i64,
    online_since: i64,
) -> StoreResult<(i64, i64, i64, Option<f64>)> {
    let row = sqlx::query_as(
        "SELECT COUNT(*),
                COUNT(s.radiator_id),
                CAST(COALESCE(SUM(s.heating), 0) AS BIGINT),
                AVG(s.temperature)
         FROM radiators r
         LEFT JOIN radiator_states s ON s.radiator_id = r.id AND s.last_seen >= $2
         WHERE r.business_id = $1",
    )
    .bind(business_id)
    .bind(online_since)
    .fetch_one(pool)
    .await?;
    Ok(row)
}

/// How many of the business's schedules are switched on.
pub async fn active_schedules(pool: &AnyPool, business_id: i64) -> StoreResult<i64> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM schedules WHERE business_id = $1 AND status = 1")
            .bind(business_id)
            .fetch_one(pool)
            .await?;
    Ok(count)
}

/// `(room, radiators in it, the first minute any of them reported)` of the business's rooms
/// whose radiators have reported.
pub async fn rooms_reporting(
    pool: &AnyPool,
    business_id: i64,
) -> StoreResult<Vec<(i64, i64, i64)>> {
    let rows = sqlx::query_as(
        "SELECT room_id, COUNT(*), MIN(first_report_at) FROM radiators
         WHERE business_id = $1 AND room_id IS NOT NULL AND first_report_at IS NOT NULL
         GROUP BY room_id ORDER BY room_id",
    )
    .bind(business_id)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

/// `(room, radiator)` of each of the business's radiators in a room that has reported, in
/// order.
pub async fn placed_radiators_reporting(
    pool: &AnyPool,
    business_id: i64,
) -> StoreResult<Vec<(i64, i64)>> {
    let rows = sqlx::query_as(
        "SELECT room_id, id FROM radiators
         WHERE business_id = $1 AND room_id IS NOT NULL AND first_report_at IS NOT NULL
         ORDER BY room_id, id",
    )
    .bind(business_id)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

/// One stored day of a room's simulated baseline.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct StoredBaseline {
    pub room_id: i64,
    /// `YYYY-MM-DD`.
    pub day: String,
    pub basis: String,
    pub energy_wh: f64,
    pub co2_g: f64,
    /// Where the simulated room's air and fabric ended the day: the next day resumes there.
    pub end_air_temperature: f64,
    pub end_fabric_temperature: f64,
}

/// The stored baseline days of the business's rooms from `first` to `last` (`YYYY-MM-DD`).
pub async fn stored_baselines(
    pool: &AnyPool,
    business_id: i64,
    first: &str,
    last: &str,
) -> StoreResult<Vec<StoredBaseline>> {
    let sql =
        // CROSS JOIN keeps the rooms as the outer loop in SQLite: each room's days are one
        // range of the key, not a scan of every room's.
        "SELECT b.room_id, b.day, b.basis, b.energy_wh, b.co2_g, b.end_air_temperature,
             b.end_fabric_temperature
         FROM rooms r CROSS JOIN baseline_daily b
         WHERE r.business_id = $1 AND b.room_id = r.id AND b.day >= $2 AND b.day <= $3";
    rows_in_range(pool, sql, business_id, (first, last)).await
}

/// Stores baseline days, replacing what was stored for the same room and day.
pub async fn save_baselines(store: &Store, days: &[StoredBaseline]) -> StoreResult<()> {
    if days.is_empty() {
        return Ok(());
    }
    let mut tx = store.begin_write().await?;
    let sql = |rows: &str| {
        format!(
            "INSERT INTO baseline_daily (room_id, day, basis, energy_wh, co2_g,
                 end_air_temperature, end_fabric_temperature)
             {rows}
             ON CONFLICT (room_id, day) DO UPDATE SET basis = excluded.basis,
                 energy_wh = excluded.energy_wh, co2_g = excluded.co2_g,
                 end_air_temperature = excluded.end_air_temperature,
                 end_fabric_temperature = excluded.end_fabric_temperature"
        )
    };
    rows::write(&mut tx, days, sql, |day| {
        vec![
            day.room_id.into(),
            day.day.as_str().into(),
            day.basis.as_str().into(),
            day.energy_wh.into(),
            day.co2_g.into(),
            day.end_air_temperature.into(),
            day.end_fabric_temperature.into(),
        ]
    })
    .await?;
    store.commit(tx).await
}

/// `(day, energy Wh, CO2 g)` of the business's stored baseline sums from `first` to `last`
/// (`YYYY-MM-DD`) kept with the `basis` digest given.
pub async fn business_baselines(
    pool: &AnyPool,
    business_id: i64,
    first: &str,
    last: &str,
    basis: &str,
) -> StoreResult<Vec<(String, f64, f64)>> {
    let rows = sqlx::query_as(
        "SELECT day, energy_wh, co2_g FROM baseline_business_daily
         WHERE business_id = $1 AND day >= $2 AND day <= $3 AND basis = $4",
    )
    .bind(business_id)
    .bind(first)
    .bind(last)
    .bind(basis)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

/// Stores the business's baseline sums `(day, energy Wh, CO2 g)` with their `basis` digest,
/// replacing what was stored for the same days.
pub async fn save_business_baselines(
    store: &Store,
    business_id: i64,
    basis: &str,
    days: &[(String, f64, f64)],
) -> StoreResult<()> {
    if days.is_empty() {
        return Ok(());
    }
    let mut tx = store.begin_write().await?;
    let sql = |rows: &str| {
        format!(
            "INSERT INTO baseline_business_daily (business_id, day, basis, energy_wh, co2_g)
             {rows}
             ON CONFLICT (business_id, day) DO UPDATE SET basis = excluded.basis,
                 energy_wh = excluded.energy_wh, co2_g = excluded.co2_g"
        )
    };
    rows::write(&mut tx, days, sql, |(day, energy, co2)| {
        vec![business_id.into(), day.as_str().into(), basis.into(), (*energy).into(), (*co2).into()]
    })
    .await?;
    store.commit(tx).await
}

/// `(day, energy Wh, CO2 g)` of the radiators in the business's rooms, as they are now, per
/// local day from `first` to `last` (`YYYY-MM-DD`): the business's days less those of its
/// radiators outside any room and of radiators since deleted. A year is 365 rows of the
/// business's, not a row per radiator-day.
pub async fn placed_daily_use(
    pool: &AnyPool,
    business_id: i64,
    first: &str,
    last: &str,
) -> StoreResult<Vec<(String, f64, f64)>> {
    // CROSS JOIN keeps the radiators as the outer loop in SQLite, so each one outside a room
    // has its days read through `energy_daily_radiator`, not the business's whole range; their
    // open hours (see `energy_daily_live`) likewise.
    let sql = "SELECT day, SUM(energy_wh), SUM(co2_g) FROM (
             SELECT day, energy_wh, co2_g FROM business_energy_daily
             WHERE business_id = $1 AND day >= $2 AND day <= $3
             UNION ALL
             SELECT day, -energy_wh, -co2_g FROM deleted_radiators_daily
             WHERE business_id = $1 AND day >= $2 AND day <= $3
             UNION ALL
             SELECT d.day, -d.energy_wh, -d.co2_g FROM radiators r CROSS JOIN energy_daily d
             WHERE r.business_id = $1 AND r.room_id IS NULL AND d.radiator_id = r.id
                 AND d.day >= $2 AND d.day <= $3
             UNION ALL
             SELECT s.open_day, -s.open_energy_wh, -s.open_co2_g FROM radiators r
             CROSS JOIN radiator_states s
             WHERE r.business_id = $1 AND r.room_id IS NULL AND s.radiator_id = r.id
                 AND s.open_readings > 0 AND s.open_day >= $2 AND s.open_day <= $3
         ) used
         GROUP BY day";
    rows_in_range(pool, sql, business_id, (first, last)).await
}

/// `(room, day, energy Wh, CO2 g)` of the radiators in each of the business's rooms per local
/// day from `first` to `last` (`YYYY-MM-DD`), from the rooms' daily rollups: a row per
/// room-day.
pub async fn room_daily_use(
    pool: &AnyPool,
    business_id: i64,
    first: &str,
    last: &str,
) -> StoreResult<Vec<(i64, String, f64, f64)>> {
    // The closed days as the rollup's key has them, and the open hours (at most a row per
    // radiator) added here: `room_energy_daily_live`'s GROUP BY would sort a year of rows.
    let closed = "SELECT room_id, day, energy_wh, co2_g FROM room_energy_daily
         WHERE business_id = $1 AND day >= $2 AND day <= $3 AND readings > 0";
    let open = "SELECT r.room_id, s.open_day, s.open_energy_wh, s.open_co2_g FROM radiators r
         CROSS JOIN radiator_states s
         WHERE r.business_id = $1 AND r.room_id IS NOT NULL AND s.radiator_id = r.id
             AND s.open_readings > 0 AND s.open_day >= $2 AND s.open_day <= $3";
    let mut days: Vec<(i64, String, f64, f64)> =
        rows_in_range(pool, closed, business_id, (first, last)).await?;
    let mut open_days: HashMap<(i64, String), (f64, f64)> = HashMap::new();
    let open_rows: Vec<(i64, String, f64, f64)> =
        rows_in_range(pool, open, business_id, (first, last)).await?;
    for (room_id, day, wh, co2_g) in open_rows {
        let sums = open_days.entry((room_id, day)).or_default();
        sums.0 += wh;
        sums.1 += co2_g;
    }
    let open_dates: HashSet<String> = open_days.keys().map(|(_, day)| day.clone()).collect();
    for (room_id, day, wh, co2_g) in days.iter_mut().filter(|row| open_dates.contains(&row.1)) {
        if let Some((open_wh, open_co2_g)) = open_days.remove(&(*room_id, day.clone())) {
            *wh += open_wh;
            *co2_g += open_co2_g;
        }
    }
    days.extend(
        open_days.into_iter().map(|((room_id, day), (wh, co2_g))| (room_id, day, wh, co2_g)),
    );
    Ok(days)
}

#[cfg(test)]
mod tests {
    use jiff::civil::{Date, date};

    use super::MonthCover;

    fn cover(first: Date, last: Date) -> [(String, String); 3] {
        let MonthCover { head, months, tail } = MonthCover::of(first, last);
        [head, months, tail]
    }

    fn pair(from: &str, to: &str) -> (String, String) {
        (from.to_owned(), to.to_owned())
    }

    #[test]
    fn a_range_reaching_today_reads_this_month_whole() {
        let today = date(2026, 11, 24);
        let last = MonthCover::known_last(today, today);
        assert_eq!(last, date(2026, 11, 30));
        assert_eq!(
            cover(date(2025, 11, 24), last),
            [pair("2025-11-24", "2025-11-30"), pair("2025-12", "2026-11"), pair("1", "0")]
        );
        // A range that ends before today reads its days.
        assert_eq!(MonthCover::known_last(date(2026, 11, 20), today), date(2026, 11, 20));
    }

    #[test]
    fn a_range_is_its_whole_months_and_the_days_around_them() {
        let none = pair("1", "0");
        assert_eq!(
            cover(date(2025, 11, 24), date(2026, 11, 24)),
            [
                pair("2025-11-24", "2025-11-30"),
                pair("2025-12", "2026-10"),
                pair("2026-11-01", "2026-11-24")
            ]
        );
        assert_eq!(
            cover(date(2026, 1, 1), date(2026, 2, 28)),
            [none.clone(), pair("2026-01", "2026-02"), none.clone()]
        );
        assert_eq!(
            cover(date(2026, 1, 5), date(2026, 1, 20)),
            [pair("2026-01-05", "2026-01-20"), none.clone(), none.clone()]
        );
        assert_eq!(
            cover(date(2026, 1, 1), date(2026, 1, 20)),
            [pair("2026-01-01", "2026-01-20"), none.clone(), none.clone()]
        );
        assert_eq!(
            cover(date(2026, 1, 31), date(2026, 3, 1)),
            [
                pair("2026-01-31", "2026-01-31"),
                pair("2026-02", "2026-02"),
                pair("2026-03-01", "2026-03-01")
            ]
        );
        assert_eq!(
            cover(date(2026, 12, 1), date(2026, 12, 31)),
            [none.clone(), pair("2026-12", "2026-12"), none]
        );
    }
}
