//! Stored businesses and users.

use sqlx::{Any, AnyPool, Transaction};
use time::OffsetDateTime;

use super::fields::Email;
use super::profile::{Profile, UserView, level};
use crate::error::{ApiError, ApiResult};
use crate::store::Store;

const USER_VIEW: &str =
    "SELECT u.id, u.email, u.first_name, u.last_name, u.mobile, u.address_line1,
        u.address_line2, u.town, u.city, u.post_code, u.is_business, u.business_id,
        b.name AS business_name, b.is_same_address, b.address_line1 AS business_address_line1,
        b.address_line2 AS business_address_line2, b.town AS business_town,
        b.city AS business_city, b.post_code AS business_post_code, u.created_at
    FROM users u JOIN businesses b ON b.id = u.business_id
    WHERE u.id = $1";

#[derive(sqlx::FromRow)]
struct UserRow {
    id: i64,
    email: String,
    first_name: String,
    last_name: String,
    mobile: String,
    address_line1: String,
    address_line2: String,
    town: String,
    city: String,
    post_code: String,
    is_business: i64,
    business_id: i64,
    business_name: String,
    is_same_address: i64,
    business_address_line1: String,
    business_address_line2: String,
    business_town: String,
    business_city: String,
    business_post_code: String,
    created_at: i64,
}

impl From<UserRow> for UserView {
    fn from(row: UserRow) -> Self {
        Self {
            level: level(row.is_business == 1),
            created_at: crate::clock::iso8601(row.created_at),
            id: row.id,
            email: row.email,
            first_name: row.first_name,
            last_name: row.last_name,
            mobile: row.mobile,
            address_line1: row.address_line1,
            address_line2: row.address_line2,
            town: row.town,
            city: row.city,
            post_code: row.post_code,
            is_business: row.is_business,
            business_id: row.business_id,
            business_name: row.business_name,
            is_same_address: row.is_same_address,
            business_address_line1: row.business_address_line1,
            business_address_line2: row.business_address_line2,
            business_town: row.business_town,
            business_city: row.business_city,
            business_post_code: row.business_post_code,
        }
    }
}

pub async fn find_view(pool: &AnyPool, user_id: i64) -> ApiResult<UserView> {
    let row: UserRow = sqlx::query_as(USER_VIEW)
        .bind(user_id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| ApiError::NotFound("This account no longer exists.".into()))?;
    Ok(row.into())
}

/// Id and password hash of the account with this email, for sign-in.
pub async fn find_credentials(pool: &AnyPool, email: &Email) -> ApiResult<Option<(i64, String)>> {
    Ok(sqlx::query_as("SELECT id, password_hash FROM users WHERE email = $1")
        .bind(email.as_str())
        .fetch_optional(pool)
        .await?)
}

pub async fn password_hash(pool: &AnyPool, user_id: i64) -> ApiResult<String> {
    let (hash,): (String,) = sqlx::query_as("SELECT password_hash FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(pool)
        .await?;
    Ok(hash)
}

pub struct NewAccount<'a> {
    pub email: &'a Email,
    pub password_hash: &'a str,
    pub is_business: bool,
    pub profile: &'a Profile,
}

/// Creates the business and its user; answers the user's id.
pub async fn create(store: &Store, account: NewAccount<'_>, now: OffsetDateTime) -> ApiResult<i64> {
    let profile = account.profile;
    let mut tx = store.begin_write().await?;
    let taken: Option<(i64,)> = sqlx::query_as("SELECT id FROM users WHERE email = $1")
        .bind(account.email.as_str())
        .fetch_optional(&mut *tx)
        .await?;
    if taken.is_some() {
        return Err(email_taken());
    }
    let business = &profile.business_address;
    let (business_id,): (i64,) = sqlx::query_as(
        "INSERT INTO businesses (name, is_same_address, address_line1, address_line2, town, city,
             post_code, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(&profile.business_name)
    .bind(i64::from(profile.is_same_address))
    .bind(&business.line1)
    .bind(&business.line2)
    .bind(&business.town)
    .bind(&business.city)
    .bind(business.post_code.as_str())
    .bind(now.unix_timestamp())
    .fetch_one(&mut *tx)
    .await?;
    let trading = &profile.address;
    let (user_id,): (i64,) = sqlx::query_as(
        "INSERT INTO users (business_id, email, password_hash, first_name, last_name, mobile,
             address_line1, address_line2, town, city, post_code, is_business, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
    )
    .bind(business_id)
    .bind(account.email.as_str())
    .bind(account.password_hash)
    .bind(&profile.first_name)
    .bind(&profile.last_name)
    .bind(profile.mobile.as_str())
    .bind(&trading.line1)
    .bind(&trading.line2)
    .bind(&trading.town)
    .bind(&trading.city)
    .bind(trading.post_code.as_str())
    .bind(i64::from(account.is_business))
    .bind(now.unix_timestamp())
    .fetch_one(&mut *tx)
    .await
    .map_err(|error| match ApiError::from(error) {
        // Two registrations of one email at the same moment: the constraint decides.
        ApiError::Conflict { .. } => email_taken(),
        other => other,
    })?;
    store.commit(tx).await?;
    Ok(user_id)
}

pub async fn update_profile(store: &Store, user_id: i64, profile: &Profile) -> ApiResult<()> {
    let mut tx = store.begin_write().await?;
    let trading = &profile.address;
    let (business_id,): (i64,) = sqlx::query_as(
        "UPDATE users SET first_name = $1, last_name = $2, mobile = $3, address_line1 = $4,
             address_line2 = $5, town = $6, city = $7, post_code = $8
         WHERE id = $9 RETURNING business_id",
    )
    .bind(&profile.first_name)
    .bind(&profile.last_name)
    .bind(profile.mobile.as_str())
    .bind(&trading.line1)
    .bind(&trading.line2)
    .bind(&trading.town)
    .bind(&trading.city)
    .bind(trading.post_code.as_str())
    .bind(user_id)
    .fetch_one(&mut *tx)
    .await?;
    let business = &profile.business_address;
    sqlx::query(
        "UPDATE businesses SET name = $1, is_same_address = $2, address_line1 = $3,
             address_line2 = $4, town = $5, city = $6, post_code = $7
         WHERE id = $8",
    )
    .bind(&profile.business_name)
    .bind(i64::from(profile.is_same_address))
    .bind(&business.line1)
    .bind(&business.line2)
    .bind(&business.town)
    .bind(&business.city)
    .bind(business.post_code.as_str())
    .bind(business_id)
    .execute(&mut *tx)
    .await?;
    store.commit(tx).await?;
    Ok(())
}

/// Replaces the password and ends every session of the account.
pub async fn set_password(
    tx: &mut Transaction<'_, Any>,
    user_id: i64,
    hash: &str,
) -> ApiResult<()> {
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(hash)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(())
}

/// Deletes the business of this user and, through the foreign keys, everything it owns:
/// one user per business for now, so deleting the account deletes the business.
pub async fn delete_with_business(store: &Store, business_id: i64) -> ApiResult<()> {
    store.write(sqlx::query("DELETE FROM businesses WHERE id = $1").bind(business_id)).await?;
    Ok(())
}

fn email_taken() -> ApiError {
    ApiError::conflict("email", "An account with this email already exists. Sign in instead.")
}
