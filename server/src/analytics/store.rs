//! The analytics' SQL: sums over the rollups, never the raw readings.

use sqlx::AnyPool;

use crate::store::StoreResult;

/// The business's energy per UTC hour in `[from, to)` (unix seconds), in Wh.
pub async fn hourly_energy(
    pool: &AnyPool,
    business_id: i64,
    from: i64,
    to: i64,
) -> StoreResult<Vec<(i64, f64)>> {
    let rows = sqlx::query_as(
        "SELECT h.hour_start, SUM(h.energy_wh) FROM energy_hourly h
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
