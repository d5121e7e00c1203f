//! Onboarding's and consent's SQL: the business's step, its consent, its registered address.

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::auth::profile::Address;
use crate::store::columns::Iso8601;
use crate::store::{Db, StoreResult};

/// Moves the business from step `from` to `to`; a business elsewhere stays where it is.
pub async fn advance(
    db: &mut AnyConnection,
    business_id: i64,
    from: &str,
    to: &str,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE businesses SET onboarding_step = $1 WHERE id = $2 AND onboarding_step = $3",
    )
    .bind(to)
    .bind(business_id)
    .bind(from)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn set_step(db: &mut AnyConnection, business_id: i64, step: &str) -> StoreResult<()> {
    sqlx::query("UPDATE businesses SET onboarding_step = $1 WHERE id = $2")
        .bind(step)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn step<'e>(db: impl Db<'e>, business_id: i64) -> StoreResult<String> {
    let (step,): (String,) = sqlx::query_as("SELECT onboarding_step FROM businesses WHERE id = $1")
        .bind(business_id)
        .fetch_one(db)
        .await?;
    Ok(step)
}

/// The consent as the API shows it.
#[derive(sqlx::FromRow, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Consent {
    pub terms_version: String,
    pub mpan: String,
    /// The in-home display's MAC, 16 upper-case hex digits; null until given.
    pub ihd_mac: Option<String>,
    pub agreed_at: Iso8601,
    /// Null while the consent stands.
    pub withdrawn_at: Option<Iso8601>,
    /// 1 while the consent stands, 0 once withdrawn.
    pub active: i64,
}

pub async fn consent<'e>(db: impl Db<'e>, business_id: i64) -> StoreResult<Option<Consent>> {
    let row = sqlx::query_as(
        "SELECT terms_version, mpan, ihd_mac, agreed_at, withdrawn_at,
             CASE WHEN withdrawn_at IS NULL THEN 1 ELSE 0 END AS active
         FROM consents WHERE business_id = $1",
    )
    .bind(business_id)
    .fetch_optional(db)
    .await?;
    Ok(row)
}

/// Records the consent, given again after a withdrawal too.
pub async fn save_consent(
    db: &mut AnyConnection,
    business_id: i64,
    terms_version: &str,
    mpan: &str,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO consents (business_id, terms_version, mpan, agreed_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (business_id) DO UPDATE SET terms_version = excluded.terms_version,
             mpan = excluded.mpan, agreed_at = excluded.agreed_at, withdrawn_at = NULL",
    )
    .bind(business_id)
    .bind(terms_version)
    .bind(mpan)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn set_ihd_mac(db: &mut AnyConnection, business_id: i64, mac: &str) -> StoreResult<()> {
    sqlx::query("UPDATE consents SET ihd_mac = $1 WHERE business_id = $2")
        .bind(mac)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn withdraw(db: &mut AnyConnection, business_id: i64, now: i64) -> StoreResult<()> {
    sqlx::query("UPDATE consents SET withdrawn_at = $1 WHERE business_id = $2")
        .bind(now)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Sets the business's registered address; it is the trading address again when it is the
/// same as the one its user gave.
pub async fn confirm_address(
    db: &mut AnyConnection,
    business_id: i64,
    address: &Address,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE businesses SET address_line1 = $1, address_line2 = $2, town = $3, city = $4,
             post_code = $5,
             is_same_address = CASE WHEN EXISTS (SELECT 1 FROM users u
                 WHERE u.business_id = businesses.id AND u.address_line1 = $1
                     AND u.address_line2 = $2 AND u.town = $3 AND u.city = $4
                     AND u.post_code = $5) THEN 1 ELSE 0 END
         WHERE id = $6",
    )
    .bind(&address.line1)
    .bind(&address.line2)
    .bind(&address.town)
    .bind(&address.city)
    .bind(address.post_code.as_str())
    .bind(business_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Writes the business's invoices to `address` (lines as [`crate::auth::profile::postal_address`]
/// writes them).
pub async fn readdress_invoices(
    db: &mut AnyConnection,
    business_id: i64,
    address: &str,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE payments SET customer_address = $1
         WHERE business_id = $2 AND invoice_number IS NOT NULL",
    )
    .bind(address)
    .bind(business_id)
    .execute(db)
    .await?;
    Ok(())
}
