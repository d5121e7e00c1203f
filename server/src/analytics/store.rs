//! The analytics' SQL: sums over the rollups, never the raw readings.

use sqlx::AnyPool;

use crate::store::{Store, StoreResult, placeholders, rows_per_statement};

/// The business's energy (Wh) and its CO2 (g) per UTC hour in `[from, to)` (unix seconds).
pub async fn hourly_energy(
    pool: &AnyPool,
    business_id: i64,
    from: i64,
    to: i64,
) -> StoreResult<Vec<(i64, f64, f64)>> {
    let rows = sqlx::query_as(
        "SELECT h.hour_start, SUM(h.energy_wh), SUM(h.co2_g) FROM energy_hourly h
         JOIN radiators r ON r.id = h.radiator_id
         WHERE r.business_id = $1 AND h.hour_start >= $2 AND h.hour_start < $3
         GROUP BY h.hour_start ORDER BY h.hour_start",
    )
    .bind(business_id)
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await?;
    Ok(rows)
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
         WHERE r.business_id = $1 ORDER BY lower(r.name)",
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
/// days, `YYYY-MM-DD`), from the daily rollups.
pub async fn radiator_use(
    pool: &AnyPool,
    business_id: i64,
    first: &str,
    last: &str,
) -> StoreResult<Vec<RadiatorUse>> {
    let rows = sqlx::query_as(
        "SELECT d.radiator_id, SUM(d.energy_wh) AS energy_wh, SUM(d.co2_g) AS co2_g,
                CAST(SUM(d.heating_minutes) AS BIGINT) AS heating_minutes,
                SUM(d.temperature_sum) AS temperature_sum,
                CAST(SUM(d.readings) AS BIGINT) AS readings
         FROM energy_daily d JOIN radiators r ON r.id = d.radiator_id
         WHERE r.business_id = $1 AND d.day >= $2 AND d.day <= $3
         GROUP BY d.radiator_id",
    )
    .bind(business_id)
    .bind(first)
    .bind(last)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

/// `(id, name)` of the business's rooms or zones, by name.
pub async fn places(
    pool: &AnyPool,
    business_id: i64,
    zones: bool,
) -> StoreResult<Vec<(i64, String)>> {
    let sql = if zones {
        "SELECT id, name FROM zones WHERE business_id = $1 ORDER BY lower(name)"
    } else {
        "SELECT id, name FROM rooms WHERE business_id = $1 ORDER BY lower(name)"
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

/// `(room, radiators in it, the first hour any of them reported)` of the business's rooms whose
/// radiators have reported: each radiator's first hour found through its rollups' key, never a
/// scan of them.
pub async fn rooms_reporting(
    pool: &AnyPool,
    business_id: i64,
) -> StoreResult<Vec<(i64, i64, i64)>> {
    let rows = sqlx::query_as(
        "SELECT r.room_id, COUNT(*),
                MIN((SELECT MIN(h.hour_start) FROM energy_hourly h WHERE h.radiator_id = r.id))
         FROM radiators r
         WHERE r.business_id = $1 AND r.room_id IS NOT NULL
             AND EXISTS (SELECT 1 FROM energy_hourly h WHERE h.radiator_id = r.id)
         GROUP BY r.room_id ORDER BY r.room_id",
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
    pub end_temperature: f64,
}

/// The stored baseline days of the business's rooms from `first` to `last` (`YYYY-MM-DD`).
pub async fn stored_baselines(
    pool: &AnyPool,
    business_id: i64,
    first: &str,
    last: &str,
) -> StoreResult<Vec<StoredBaseline>> {
    let rows = sqlx::query_as(
        "SELECT b.room_id, b.day, b.basis, b.energy_wh, b.co2_g, b.end_temperature
         FROM baseline_daily b JOIN rooms r ON r.id = b.room_id
         WHERE r.business_id = $1 AND b.day >= $2 AND b.day <= $3",
    )
    .bind(business_id)
    .bind(first)
    .bind(last)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

/// Values per stored baseline row.
const BASELINE_COLUMNS: usize = 6;

/// Stores baseline days, replacing what was stored for the same room and day.
pub async fn save_baselines(store: &Store, days: &[StoredBaseline]) -> StoreResult<()> {
    if days.is_empty() {
        return Ok(());
    }
    let mut tx = store.begin_write().await?;
    for chunk in days.chunks(rows_per_statement(BASELINE_COLUMNS)) {
        let sql = format!(
            "INSERT INTO baseline_daily (room_id, day, basis, energy_wh, co2_g, end_temperature)
             VALUES {}
             ON CONFLICT (room_id, day) DO UPDATE SET basis = excluded.basis,
                 energy_wh = excluded.energy_wh, co2_g = excluded.co2_g,
                 end_temperature = excluded.end_temperature",
            placeholders(chunk.len(), BASELINE_COLUMNS)
        );
        let query = chunk.iter().fold(sqlx::query(sqlx::AssertSqlSafe(sql)), |query, day| {
            query
                .bind(day.room_id)
                .bind(day.day.clone())
                .bind(day.basis.clone())
                .bind(day.energy_wh)
                .bind(day.co2_g)
                .bind(day.end_temperature)
        });
        query.execute(&mut *tx).await?;
    }
    store.commit(tx).await
}

/// `(room, day, energy Wh, CO2 g)` of the radiators in each of the business's rooms per local
/// day from `first` to `last` (`YYYY-MM-DD`), from the daily rollups.
pub async fn room_daily_use(
    pool: &AnyPool,
    business_id: i64,
    first: &str,
    last: &str,
) -> StoreResult<Vec<(i64, String, f64, f64)>> {
    let rows = sqlx::query_as(
        "SELECT r.room_id, d.day, SUM(d.energy_wh), SUM(d.co2_g) FROM energy_daily d
         JOIN radiators r ON r.id = d.radiator_id
         WHERE r.business_id = $1 AND r.room_id IS NOT NULL AND d.day >= $2 AND d.day <= $3
         GROUP BY r.room_id, d.day",
    )
    .bind(business_id)
    .bind(first)
    .bind(last)
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

/// When the business began: the unix second it was created, and the first local day any of
/// its radiators used energy (a demo's history begins before it was created); the rollups'
/// key finds each radiator's first day, never a scan of them.
pub async fn began(pool: &AnyPool, business_id: i64) -> StoreResult<(i64, Option<String>)> {
    let row = sqlx::query_as(
        "SELECT b.created_at,
                (SELECT MIN((SELECT MIN(d.day) FROM energy_daily d WHERE d.radiator_id = r.id))
                 FROM radiators r WHERE r.business_id = b.id)
         FROM businesses b WHERE b.id = $1",
    )
    .bind(business_id)
    .fetch_one(pool)
    .await?;
    Ok(row)
}
