//! The tariffs' SQL.

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::store::columns::Iso8601;
use crate::store::{Db, StoreResult};

#[derive(sqlx::FromRow, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct TariffView {
    pub id: i64,
    pub unit_rate_pence: f64,
    pub standing_charge_pence: f64,
    /// `YYYY-MM-DD`: costs from this day on use it.
    pub effective_from: String,
    /// When it was entered.
    pub created_at: Iso8601,
}

/// The business's tariffs, latest effective date first.
pub async fn list<'e>(db: impl Db<'e>, business_id: i64) -> StoreResult<Vec<TariffView>> {
    let rows = sqlx::query_as(
        "SELECT id, unit_rate_pence, standing_charge_pence, effective_from, created_at
         FROM tariffs WHERE business_id = $1 ORDER BY effective_from DESC",
    )
    .bind(business_id)
    .fetch_all(db)
    .await?;
    Ok(rows)
}

/// Adds a tariff, or replaces the one from the same date.
pub async fn save(
    db: &mut AnyConnection,
    business_id: i64,
    unit_rate_pence: f64,
    standing_charge_pence: f64,
    effective_from: &str,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO tariffs (business_id, unit_rate_pence, standing_charge_pence, effective_from,
             created_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (business_id, effective_from) DO UPDATE SET
             unit_rate_pence = excluded.unit_rate_pence,
             standing_charge_pence = excluded.standing_charge_pence,
             created_at = excluded.created_at",
    )
    .bind(business_id)
    .bind(unit_rate_pence)
    .bind(standing_charge_pence)
    .bind(effective_from)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// Deletes one of the business's tariffs; answers it as it was, or `None` when the business has
/// no tariff with this id.
pub async fn delete(
    db: &mut AnyConnection,
    business_id: i64,
    id: i64,
) -> StoreResult<Option<TariffView>> {
    let row = sqlx::query_as(
        "DELETE FROM tariffs WHERE id = $1 AND business_id = $2
         RETURNING id, unit_rate_pence, standing_charge_pence, effective_from, created_at",
    )
    .bind(id)
    .bind(business_id)
    .fetch_optional(db)
    .await?;
    Ok(row)
}

/// When the business began: the unix second it was created, and the first local day any of
/// its radiators reported (a demo's history begins before it was created).
pub async fn began(pool: &sqlx::AnyPool, business_id: i64) -> StoreResult<(i64, Option<String>)> {
    let row = sqlx::query_as(
        "SELECT b.created_at,
                (SELECT MIN(d.day) FROM business_energy_daily d WHERE d.business_id = b.id)
         FROM businesses b WHERE b.id = $1",
    )
    .bind(business_id)
    .fetch_one(pool)
    .await?;
    Ok(row)
}
