//! All of the accounts' SQL: businesses and users, sessions, password resets, email changes
//! and sign-in failures.

use sqlx::{AnyConnection, AnyPool};
use time::OffsetDateTime;

use super::profile::{Address, BUSINESS_LEVEL, PERSONAL_LEVEL, Profile, UserView};
use crate::kernel::values::Email;
use crate::store::{Store, StoreError, StoreResult};

const USER_VIEW: &str =
    "SELECT u.id, u.email, u.first_name, u.last_name, u.mobile, u.address_line1,
        u.address_line2, u.town, u.city, u.post_code, u.is_business, u.business_id,
        b.name AS business_name, b.is_same_address, b.address_line1 AS business_address_line1,
        b.address_line2 AS business_address_line2, b.town AS business_town,
        b.city AS business_city, b.post_code AS business_post_code, u.created_at,
        b.electricity_budget_pence, b.carbon_goal_kg, b.carbon_method,
        b.onboarding_step AS onboarding,
        CASE WHEN u.email_confirmed_at IS NULL THEN 0 ELSE 1 END AS email_confirmed,
        CASE WHEN u.is_business = 1 THEN $2 ELSE $3 END AS level
    FROM users u JOIN businesses b ON b.id = u.business_id
    WHERE u.id = $1";

pub async fn find_view(pool: &AnyPool, user_id: i64) -> StoreResult<Option<UserView>> {
    Ok(sqlx::query_as(USER_VIEW)
        .bind(user_id)
        .bind(BUSINESS_LEVEL)
        .bind(PERSONAL_LEVEL)
        .fetch_optional(pool)
        .await?)
}

/// Id and password hash of the account with this email, for sign-in.
pub async fn find_credentials(pool: &AnyPool, email: &Email) -> StoreResult<Option<(i64, String)>> {
    Ok(sqlx::query_as("SELECT id, password_hash FROM users WHERE email = $1")
        .bind(email.as_str())
        .fetch_optional(pool)
        .await?)
}

/// The user's email and password hash.
pub async fn credentials_of(pool: &AnyPool, user_id: i64) -> StoreResult<(String, String)> {
    let row = sqlx::query_as("SELECT email, password_hash FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(pool)
        .await?;
    Ok(row)
}

pub struct NewAccount<'a> {
    pub email: &'a Email,
    pub password_hash: &'a str,
    pub is_business: bool,
    pub profile: &'a Profile,
    /// The email is known to be the holder's already (a seeded account); else it waits for the
    /// link mailed to it.
    pub email_confirmed: bool,
}

/// Creates the business and its user; answers the user's and the business's ids, or a
/// conflict when the email is taken.
pub async fn create(
    store: &Store,
    account: NewAccount<'_>,
    now: OffsetDateTime,
) -> StoreResult<(i64, i64)> {
    let profile = account.profile;
    let mut tx = store.begin_write().await?;
    let taken: Option<(i64,)> = sqlx::query_as("SELECT id FROM users WHERE email = $1")
        .bind(account.email.as_str())
        .fetch_optional(&mut *tx)
        .await?;
    if taken.is_some() {
        return Err(StoreError::Conflict { constraint: Some("users_email_key".into()) });
    }
    let mut insert = sqlx::query_as(
        "INSERT INTO businesses (name, is_same_address, address_line1, address_line2, town, city,
             post_code, created_at, onboarding_step)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'plan') RETURNING id",
    )
    .bind(&profile.business_name)
    .bind(i64::from(profile.is_same_address));
    for value in address_fields(&profile.business_address) {
        insert = insert.bind(value);
    }
    let (business_id,): (i64,) = insert.bind(now.unix_timestamp()).fetch_one(&mut *tx).await?;
    let mut insert = sqlx::query_as(
        "INSERT INTO users (business_id, email, password_hash, first_name, last_name, mobile,
             address_line1, address_line2, town, city, post_code, is_business, created_at,
             email_confirmed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
    )
    .bind(business_id)
    .bind(account.email.as_str())
    .bind(account.password_hash);
    for value in user_fields(profile) {
        insert = insert.bind(value);
    }
    let (user_id,): (i64,) = insert
        .bind(i64::from(account.is_business))
        .bind(now.unix_timestamp())
        .bind(account.email_confirmed.then(|| now.unix_timestamp()))
        // Two registrations of one email at the same moment: the constraint decides, and its
        // violation comes back as the same conflict.
        .fetch_one(&mut *tx)
        .await?;
    store.commit(tx).await?;
    Ok((user_id, business_id))
}

/// The user's own columns, as registering and updating the profile name them: first and last
/// name, mobile, then the trading address.
fn user_fields(profile: &Profile) -> [&str; 8] {
    let [line1, line2, town, city, post_code] = address_fields(&profile.address);
    let (first, last, mobile) = (&profile.first_name, &profile.last_name, &profile.mobile);
    [first, last, mobile.as_str(), line1, line2, town, city, post_code]
}

/// The address columns, in the order the users' and the businesses' tables name them.
fn address_fields(address: &Address) -> [&str; 5] {
    let Address { line1, line2, town, city, post_code } = address;
    [line1, line2, town, city, post_code.as_str()]
}

pub async fn update_profile(store: &Store, user_id: i64, profile: &Profile) -> StoreResult<()> {
    let mut tx = store.begin_write().await?;
    let mut update = sqlx::query_as(
        "UPDATE users SET first_name = $1, last_name = $2, mobile = $3, address_line1 = $4,
             address_line2 = $5, town = $6, city = $7, post_code = $8
         WHERE id = $9 RETURNING business_id",
    );
    for value in user_fields(profile) {
        update = update.bind(value);
    }
    let (business_id,): (i64,) = update.bind(user_id).fetch_one(&mut *tx).await?;
    let mut update = sqlx::query(
        "UPDATE businesses SET name = $1, is_same_address = $2, address_line1 = $3,
             address_line2 = $4, town = $5, city = $6, post_code = $7
         WHERE id = $8",
    )
    .bind(&profile.business_name)
    .bind(i64::from(profile.is_same_address));
    for value in address_fields(&profile.business_address) {
        update = update.bind(value);
    }
    update.bind(business_id).execute(&mut *tx).await?;
    store.commit(tx).await?;
    Ok(())
}

/// Replaces the password and ends every session of the account.
pub async fn set_password(db: &mut AnyConnection, user_id: i64, hash: &str) -> StoreResult<()> {
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(hash)
        .bind(user_id)
        .execute(&mut *db)
        .await?;
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(db).await?;
    Ok(())
}

/// Deletes the business of this user and, through the foreign keys, everything it owns:
/// one user per business for now, so deleting the account deletes the business. Its invoices
/// (paid payments) stay, in no business, until `kept_until`; its declined payments go.
pub async fn delete_with_business(
    store: &Store,
    business_id: i64,
    kept_until: i64,
) -> StoreResult<()> {
    let mut tx = store.begin_write().await?;
    sqlx::query("DELETE FROM payments WHERE business_id = $1 AND invoice_number IS NULL")
        .bind(business_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE payments SET kept_until = $1 WHERE business_id = $2")
        .bind(kept_until)
        .bind(business_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM businesses WHERE id = $1").bind(business_id).execute(&mut *tx).await?;
    store.commit(tx).await?;
    Ok(())
}

/// Stores a session by its token's hash.
pub async fn create_session(
    store: &Store,
    token_hash: &str,
    user_id: i64,
    created_at: i64,
    expires_at: i64,
) -> StoreResult<()> {
    let insert = sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash)
    .bind(user_id)
    .bind(created_at)
    .bind(expires_at);
    store.write(insert).await?;
    Ok(())
}

pub async fn revoke_session(store: &Store, token_hash: &str) -> StoreResult<()> {
    store.write(sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash)).await?;
    Ok(())
}

/// The user of a live session: user id, business id, is-business flag, the business's data
/// version and the language the account last used.
pub async fn session_user(
    pool: &AnyPool,
    token_hash: &str,
    now: i64,
) -> StoreResult<Option<(i64, i64, i64, i64, String)>> {
    Ok(sqlx::query_as(
        "SELECT u.id, u.business_id, u.is_business, b.data_version, u.language FROM sessions s
         JOIN users u ON u.id = s.user_id
         JOIN businesses b ON b.id = u.business_id
         WHERE s.token_hash = $1 AND s.expires_at > $2",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(pool)
    .await?)
}

/// The language the account uses, for what it is sent outside a request (notification mail).
pub async fn set_language(store: &Store, user_id: i64, code: &str) -> StoreResult<()> {
    let update =
        sqlx::query("UPDATE users SET language = $1 WHERE id = $2").bind(code).bind(user_id);
    store.write(update).await?;
    Ok(())
}

/// Stores a password reset token by its hash.
pub async fn create_reset(
    store: &Store,
    token_hash: &str,
    user_id: i64,
    expires_at: i64,
) -> StoreResult<()> {
    let reset = sqlx::query(
        "INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)",
    )
    .bind(token_hash)
    .bind(user_id)
    .bind(expires_at);
    store.write(reset).await?;
    Ok(())
}

/// Whether a reset token is known, unused and unexpired.
pub async fn reset_is_live(pool: &AnyPool, token_hash: &str, now: i64) -> StoreResult<bool> {
    let live: Option<(i64,)> = sqlx::query_as(
        "SELECT user_id FROM password_resets
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(pool)
    .await?;
    Ok(live.is_some())
}

/// Uses a live reset token and sets the new password, ending every session, and counts the
/// email as confirmed; answers the account's email, or `None` for a token that is unknown, used
/// or expired. Marking the token used in the statement that finds it makes it one-time even
/// when two requests race.
pub async fn reset_password(
    store: &Store,
    token_hash: &str,
    password_hash: &str,
    now: i64,
) -> StoreResult<Option<String>> {
    let mut tx = store.begin_write().await?;
    let claimed: Option<(i64,)> = sqlx::query_as(
        "UPDATE password_resets SET used_at = $1
         WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1
         RETURNING user_id",
    )
    .bind(now)
    .bind(token_hash)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((user_id,)) = claimed else { return Ok(None) };
    // Every other link the account was sent stops working too.
    sqlx::query("UPDATE password_resets SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL")
        .bind(now)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    set_password(&mut tx, user_id, password_hash).await?;
    // The link came to the account's email: that shows the address is the holder's.
    let (email,): (String,) = sqlx::query_as(
        "UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, $1) WHERE id = $2
         RETURNING email",
    )
    .bind(now)
    .bind(user_id)
    .fetch_one(&mut *tx)
    .await?;
    store.commit(tx).await?;
    Ok(Some(email))
}

/// Stores a link that makes `email` the user's confirmed email: a change to a new one, or
/// (`confirms`) the one it has, confirmed. A link sent before stops working.
pub async fn create_email_change(
    store: &Store,
    token_hash: &str,
    user_id: i64,
    email: &Email,
    confirms: bool,
    expires_at: i64,
) -> StoreResult<()> {
    let mut tx = store.begin_write().await?;
    sqlx::query("DELETE FROM email_changes WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO email_changes (token_hash, user_id, new_email, confirms, expires_at)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(token_hash)
    .bind(user_id)
    .bind(email.as_str())
    .bind(i64::from(confirms))
    .bind(expires_at)
    .execute(&mut *tx)
    .await?;
    store.commit(tx).await
}

/// An email's change and the one it replaces (the same when the link `confirms` the email the
/// account has), with the language the account uses.
pub struct EmailChanged {
    pub old_email: String,
    pub new_email: String,
    pub confirms: bool,
    pub language: String,
}

/// Makes a live email-change link's address the account's email, confirmed, and the link spent;
/// `None` for a link unknown or expired, or a confirmation of an email the account no longer
/// has. Taken and used in one transaction, so it works once even in a race; another account
/// that took the address meanwhile is a conflict, and the link stays.
pub async fn change_email(
    store: &Store,
    token_hash: &str,
    now: i64,
) -> StoreResult<Option<EmailChanged>> {
    let mut tx = store.begin_write().await?;
    let claimed: Option<(i64, String, i64)> = sqlx::query_as(
        "DELETE FROM email_changes WHERE token_hash = $1 AND expires_at > $2
         RETURNING user_id, new_email, confirms",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((user_id, new_email, confirms)) = claimed else { return Ok(None) };
    let confirms = confirms == 1;
    let (old_email, language): (String, String) =
        sqlx::query_as("SELECT email, language FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(&mut *tx)
            .await?;
    // A confirmation of an email the account no longer has (changed meanwhile) is spent.
    if confirms && new_email != old_email {
        store.commit(tx).await?;
        return Ok(None);
    }
    let taken: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM users WHERE email = $1 AND id <> $2")
            .bind(&new_email)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
    if taken.is_some() {
        return Err(StoreError::Conflict { constraint: Some("users_email_key".into()) });
    }
    // Two changes to one address at the same moment: the constraint decides.
    sqlx::query("UPDATE users SET email = $1, email_confirmed_at = $2 WHERE id = $3")
        .bind(&new_email)
        .bind(now)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    store.commit(tx).await?;
    Ok(Some(EmailChanged { old_email, new_email, confirms, language }))
}

/// Replaces the password of a signed-in user and ends every session of the account.
pub async fn change_password(store: &Store, user_id: i64, password_hash: &str) -> StoreResult<()> {
    let mut tx = store.begin_write().await?;
    set_password(&mut tx, user_id, password_hash).await?;
    store.commit(tx).await
}

/// What [`reserve_attempt`] decided.
pub enum Attempt {
    /// Counted as a failure under each key until released: the rows' ids.
    Reserved(Vec<i64>),
    /// A key has reached its limit; its oldest failure in the window was at this time.
    Refused { oldest: Option<i64> },
}

/// Counts each key's failures after `since` and, unless one has reached its limit, records
/// this attempt as a failure under each key, all in one transaction that holds each key's lock
/// row: parallel attempts are counted one after another, so no more are let through than the
/// limit. Failures up to `since` are forgotten.
pub async fn reserve_attempt(
    db: &Store,
    keys: &[(&str, i64)],
    now: i64,
    since: i64,
) -> StoreResult<Attempt> {
    let mut tx = db.begin_write().await?;
    for &(key, _) in keys {
        sqlx::query(
            "INSERT INTO throttle_locks (throttle_key) VALUES ($1)
             ON CONFLICT (throttle_key) DO UPDATE SET throttle_key = excluded.throttle_key",
        )
        .bind(key)
        .execute(&mut *tx)
        .await?;
    }
    for &(key, limit) in keys {
        sqlx::query("DELETE FROM login_failures WHERE throttle_key = $1 AND failed_at <= $2")
            .bind(key)
            .bind(since)
            .execute(&mut *tx)
            .await?;
        let (count, oldest): (i64, Option<i64>) = sqlx::query_as(
            "SELECT COUNT(*), MIN(failed_at) FROM login_failures WHERE throttle_key = $1",
        )
        .bind(key)
        .fetch_one(&mut *tx)
        .await?;
        if count >= limit {
            return Ok(Attempt::Refused { oldest });
        }
    }
    let mut ids = Vec::new();
    for &(key, _) in keys {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO login_failures (throttle_key, failed_at) VALUES ($1, $2) RETURNING id",
        )
        .bind(key)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        ids.push(id);
    }
    db.commit(tx).await?;
    Ok(Attempt::Reserved(ids))
}

/// Takes back reserved attempts that turned out not to be failures, and forgets every failure
/// recorded under `forgiven`, in one transaction.
pub async fn release_attempt(db: &Store, ids: &[i64], forgiven: &str) -> StoreResult<()> {
    let mut tx = db.begin_write().await?;
    for id in ids {
        sqlx::query("DELETE FROM login_failures WHERE id = $1").bind(id).execute(&mut *tx).await?;
    }
    sqlx::query("DELETE FROM login_failures WHERE throttle_key = $1")
        .bind(forgiven)
        .execute(&mut *tx)
        .await?;
    db.commit(tx).await
}

pub async fn clear_failures(store: &Store, key: &str) -> StoreResult<()> {
    store
        .write(sqlx::query("DELETE FROM login_failures WHERE throttle_key = $1").bind(key))
        .await?;
    Ok(())
}

/// How many rows [`purge`] removed, by kind.
#[derive(Debug, Default, PartialEq)]
pub struct Purged {
    pub sessions: u64,
    pub resets: u64,
    pub email_changes: u64,
    pub failures: u64,
}

/// Removes expired sessions, used or expired reset tokens, expired email changes, and sign-in
/// failures (and their lock rows) older than `failures_before`.
pub async fn purge(db: &Store, now: i64, failures_before: i64) -> StoreResult<Purged> {
    // Each its own statement: holding the failures' row locks while deleting lock rows could
    // wait in a circle with a sign-in that holds its key's lock row.
    let sessions = db.write(sqlx::query("DELETE FROM sessions WHERE expires_at <= $1").bind(now));
    let sessions = sessions.await?;
    let resets =
        sqlx::query("DELETE FROM password_resets WHERE used_at IS NOT NULL OR expires_at <= $1")
            .bind(now);
    let resets = db.write(resets).await?;
    let email_changes =
        db.write(sqlx::query("DELETE FROM email_changes WHERE expires_at <= $1").bind(now));
    let email_changes = email_changes.await?;
    let failures =
        sqlx::query("DELETE FROM login_failures WHERE failed_at <= $1").bind(failures_before);
    let failures = db.write(failures).await?;
    db.write(sqlx::query(
        "DELETE FROM throttle_locks
         WHERE throttle_key NOT IN (SELECT throttle_key FROM login_failures)",
    ))
    .await?;
    Ok(Purged { sessions, resets, email_changes, failures })
}
