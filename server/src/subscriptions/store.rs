//! The plans' and subscriptions' SQL.

use std::fmt;

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::auth::profile::postal_address;
use crate::cards::SavedCard;
use crate::store::columns::Iso8601;
use crate::store::{Db, Store, StoreResult};

#[derive(sqlx::FromRow, Clone, Debug)]
pub struct PlanRow {
    pub id: i64,
    pub key: String,
    pub name: String,
    pub monthly_price_pence: i64,
    pub radiator_limit: i64,
    pub trial_days: i64,
    /// JSON arrays of the features in English and in Arabic.
    pub features: String,
    pub features_ar: String,
}

const PLAN_COLUMNS: &str =
    "p.id, p.key, p.name, p.monthly_price_pence, p.radiator_limit, p.trial_days, p.features,
     p.features_ar";

/// Every plan, cheapest first.
pub async fn plans<'e>(db: impl Db<'e>) -> StoreResult<Vec<PlanRow>> {
    let sql = format!("SELECT {PLAN_COLUMNS} FROM plans p ORDER BY p.monthly_price_pence");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(db).await?)
}

pub async fn plan<'e>(db: impl Db<'e>, plan_id: i64) -> StoreResult<Option<PlanRow>> {
    let sql = format!("SELECT {PLAN_COLUMNS} FROM plans p WHERE p.id = $1");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(plan_id).fetch_optional(db).await?)
}

#[derive(sqlx::FromRow, Clone, Debug)]
pub struct SubscriptionRow {
    pub plan_id: i64,
    pub status: String,
    /// Kept since migration 0031; none for a trial and for months paid before it.
    pub period_start: Option<i64>,
    pub period_end: Option<i64>,
    pub trial_end: Option<i64>,
    pub pending_plan_id: Option<i64>,
    pub card_last4: Option<String>,
}

pub async fn subscription<'e>(
    db: impl Db<'e>,
    business_id: i64,
) -> StoreResult<Option<SubscriptionRow>> {
    let row = sqlx::query_as(
        "SELECT plan_id, status, period_start, period_end, trial_end, pending_plan_id, card_last4
         FROM subscriptions WHERE business_id = $1",
    )
    .bind(business_id)
    .fetch_optional(db)
    .await?;
    Ok(row)
}

/// Starts the business's free trial of a plan, ending at `trial_end` (unix seconds). A business
/// with a subscription already is refused by the key (a conflict).
pub async fn start_trial(
    db: &mut AnyConnection,
    business_id: i64,
    plan_id: i64,
    trial_end: i64,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO subscriptions (business_id, plan_id, status, period_end, trial_end,
             created_at, updated_at)
         VALUES ($1, $2, 'trialing', NULL, $3, $4, $4)",
    )
    .bind(business_id)
    .bind(plan_id)
    .bind(trial_end)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// Opens a checkout, found later by its token's digest.
pub async fn create_checkout(
    db: &mut AnyConnection,
    digest: &str,
    user: (i64, i64),
    (plan_id, amount_pence): (i64, i64),
    (created_at, expires_at): (i64, i64),
) -> StoreResult<()> {
    let (user_id, business_id) = user;
    sqlx::query(
        "INSERT INTO checkouts (token_digest, business_id, user_id, plan_id, amount_pence,
             created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(digest)
    .bind(business_id)
    .bind(user_id)
    .bind(plan_id)
    .bind(amount_pence)
    .bind(created_at)
    .bind(expires_at)
    .execute(db)
    .await?;
    Ok(())
}

#[derive(sqlx::FromRow, Clone, Debug)]
pub struct CheckoutRow {
    pub business_id: i64,
    pub user_id: i64,
    pub plan_id: i64,
    pub amount_pence: i64,
    pub expires_at: i64,
    pub paid_at: Option<i64>,
}

pub async fn checkout<'e>(db: impl Db<'e>, digest: &str) -> StoreResult<Option<CheckoutRow>> {
    let row = sqlx::query_as(
        "SELECT business_id, user_id, plan_id, amount_pence, expires_at, paid_at FROM checkouts
         WHERE token_digest = $1",
    )
    .bind(digest)
    .fetch_optional(db)
    .await?;
    Ok(row)
}

/// Closes the business's checkouts not paid yet, as of `now`: a business has one open at most,
/// so no two can both be paid.
pub async fn close_open_checkouts(
    db: &mut AnyConnection,
    business_id: i64,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE checkouts SET expires_at = $2
         WHERE business_id = $1 AND paid_at IS NULL AND expires_at > $2",
    )
    .bind(business_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// How many cards were declined in the business's open checkout (not paid, not expired at
/// `now`); `None` without one.
pub async fn declines_in_open_checkout<'e>(
    db: impl Db<'e>,
    business_id: i64,
    now: i64,
) -> StoreResult<Option<i64>> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM payments p
                 WHERE p.business_id = c.business_id AND p.status = 'declined'
                     AND p.created_at >= c.created_at)
         FROM checkouts c WHERE c.business_id = $1 AND c.paid_at IS NULL AND c.expires_at > $2",
    )
    .bind(business_id)
    .bind(now)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(declines,)| declines))
}

/// Marks the checkout paid at `now`; false when it was paid already (by a request that came
/// first), so it is charged once.
pub async fn mark_paid(db: &mut AnyConnection, digest: &str, now: i64) -> StoreResult<bool> {
    let done = sqlx::query(
        "UPDATE checkouts SET paid_at = $1 WHERE token_digest = $2 AND paid_at IS NULL",
    )
    .bind(now)
    .bind(digest)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A payment to record: paid, for a month, or declined.
pub struct NewPayment<'a> {
    pub business_id: i64,
    pub plan_id: i64,
    pub amount_pence: i64,
    pub status: &'a str,
    pub card_last4: &'a str,
    /// The month a paid payment pays for, as its invoice names it.
    pub month: Option<PaidMonth>,
}

impl CheckoutRow {
    pub fn payment<'a>(&self, status: &'a str, card_last4: &'a str) -> NewPayment<'a> {
        let (business_id, plan_id, amount_pence) =
            (self.business_id, self.plan_id, self.amount_pence);
        NewPayment { business_id, plan_id, amount_pence, status, card_last4, month: None }
    }
}

/// Records a payment tried; a paid one takes the next invoice number and keeps the business's
/// name and registered address as they are now, for its invoice.
pub async fn record_payment(
    db: &mut AnyConnection,
    payment: &NewPayment<'_>,
    now: i64,
) -> StoreResult<()> {
    let invoiced = match payment.status {
        "paid" => Some(invoice_customer(db, payment.business_id).await?),
        _ => None,
    };
    let (number, customer) = invoiced.unzip();
    let (name, address) = customer.unzip();
    sqlx::query(
        "INSERT INTO payments (business_id, plan_id, amount_pence, status, card_last4, created_at,
            invoice_number, customer_name, customer_address, period_start, period_end)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(payment.business_id)
    .bind(payment.plan_id)
    .bind(payment.amount_pence)
    .bind(payment.status)
    .bind(payment.card_last4)
    .bind(now)
    .bind(number)
    .bind(name)
    .bind(address)
    .bind(payment.month.map(|month| month.start))
    .bind(payment.month.map(|month| month.end))
    .execute(db)
    .await?;
    Ok(())
}

/// A business as its invoices name it: its name and registered address.
#[derive(sqlx::FromRow)]
struct Customer {
    name: String,
    address_line1: String,
    address_line2: String,
    town: String,
    city: String,
    post_code: String,
}

/// Takes the next invoice number (the counter's row is locked until the payment commits, so
/// numbers follow one another with no gap), with the business's name and registered address.
async fn invoice_customer(
    db: &mut AnyConnection,
    business_id: i64,
) -> StoreResult<(i64, (String, String))> {
    let (number,): (i64,) = sqlx::query_as(
        "UPDATE invoice_numbers SET last_number = last_number + 1 WHERE id = 1
         RETURNING last_number",
    )
    .fetch_one(&mut *db)
    .await?;
    let customer: Customer = sqlx::query_as(
        "SELECT name, address_line1, address_line2, town, city, post_code
         FROM businesses WHERE id = $1",
    )
    .bind(business_id)
    .fetch_one(db)
    .await?;
    let Customer { name, address_line1, address_line2, town, city, post_code } = customer;
    let address = postal_address([&address_line1, &address_line2, &town, &city, &post_code]);
    Ok((number, (name, address)))
}

/// Keeps the provider's token of the card the plan renews on.
pub async fn keep_card(
    db: &mut AnyConnection,
    business_id: i64,
    card: &SavedCard,
) -> StoreResult<()> {
    sqlx::query("UPDATE subscriptions SET card_token = $1, card_last4 = $2 WHERE business_id = $3")
        .bind(&card.token)
        .bind(&card.last4)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}

/// A paid period that has ended and is due to renew.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct DueRenewal {
    pub business_id: i64,
    /// The plan of the next period: the pending smaller one, or the same.
    pub plan_id: i64,
    pub period_end: i64,
    pub card_token: Option<String>,
    pub card_last4: Option<String>,
}

/// The active subscriptions whose paid period ended by `now`, oldest first.
pub async fn due_renewals<'e>(db: impl Db<'e>, now: i64) -> StoreResult<Vec<DueRenewal>> {
    let rows = sqlx::query_as(
        "SELECT business_id, COALESCE(pending_plan_id, plan_id) AS plan_id, period_end,
             card_token, card_last4
         FROM subscriptions WHERE status = 'active' AND period_end <= $1 ORDER BY period_end",
    )
    .bind(now)
    .fetch_all(db)
    .await?;
    Ok(rows)
}

/// Whether the business's paid period ending at `period_end` is still active and unrenewed.
pub async fn still_due<'e>(
    db: impl Db<'e>,
    business_id: i64,
    period_end: i64,
) -> StoreResult<bool> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT business_id FROM subscriptions
         WHERE business_id = $1 AND status = 'active' AND period_end = $2",
    )
    .bind(business_id)
    .bind(period_end)
    .fetch_optional(db)
    .await?;
    Ok(row.is_some())
}

/// Puts the business on `plan_id` with its period ended unpaid: it is asked to pay.
pub async fn mark_past_due(
    db: &mut AnyConnection,
    business_id: i64,
    plan_id: i64,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE subscriptions SET status = 'past_due', plan_id = $1, pending_plan_id = NULL,
             updated_at = $2
         WHERE business_id = $3",
    )
    .bind(plan_id)
    .bind(now)
    .bind(business_id)
    .execute(db)
    .await?;
    Ok(())
}

/// A paid month, from `start` to `end` (unix seconds); `renewals::paid_month` makes one.
#[derive(Clone, Copy, Debug)]
pub struct PaidMonth {
    pub start: i64,
    pub end: i64,
}

/// Puts the business on `plan_id`, paid for `period`; a trial it had stays on record.
pub async fn activate(
    db: &mut AnyConnection,
    business_id: i64,
    plan_id: i64,
    period: PaidMonth,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO subscriptions (business_id, plan_id, status, period_start, period_end,
             trial_end, created_at, updated_at)
         VALUES ($1, $2, 'active', $3, $4, NULL, $5, $5)
         ON CONFLICT (business_id) DO UPDATE SET plan_id = excluded.plan_id,
             status = 'active', period_start = excluded.period_start,
             period_end = excluded.period_end, pending_plan_id = NULL,
             updated_at = excluded.updated_at",
    )
    .bind(business_id)
    .bind(plan_id)
    .bind(period.start)
    .bind(period.end)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// A card payment as the API shows it.
#[derive(sqlx::FromRow, Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Payment {
    pub date: Iso8601,
    pub plan: String,
    pub amount_pence: i64,
    /// `paid` or `declined`.
    pub status: String,
    pub card_last4: String,
    /// A paid payment's invoice.
    pub invoice: Option<InvoiceNumber>,
}

/// The business's payments, latest first.
pub async fn payments<'e>(db: impl Db<'e>, business_id: i64) -> StoreResult<Vec<Payment>> {
    let rows = sqlx::query_as(
        "SELECT p.created_at AS date, l.name AS plan, p.amount_pence, p.status, p.card_last4,
            p.invoice_number AS invoice
         FROM payments p JOIN plans l ON l.id = p.plan_id
         WHERE p.business_id = $1 ORDER BY p.created_at DESC, p.id DESC",
    )
    .bind(business_id)
    .fetch_all(db)
    .await?;
    Ok(rows)
}

/// An invoice's number; the API spells it `HD-000042`.
#[derive(sqlx::Type, Clone, Copy, Debug, PartialEq, Eq)]
#[sqlx(transparent)]
pub struct InvoiceNumber(pub i64);

impl InvoiceNumber {
    const PREFIX: &str = "HD-";

    /// The number in `HD-000042` (any case); `None` for anything else.
    pub fn parse(text: &str) -> Option<Self> {
        let (prefix, digits) = text.split_at_checked(Self::PREFIX.len())?;
        let valid = prefix.eq_ignore_ascii_case(Self::PREFIX)
            && !digits.is_empty()
            && digits.bytes().all(|byte| byte.is_ascii_digit());
        valid.then(|| digits.parse().ok()).flatten().filter(|&number| number > 0).map(Self)
    }
}

impl fmt::Display for InvoiceNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:06}", Self::PREFIX, self.0)
    }
}

impl Serialize for InvoiceNumber {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl utoipa::PartialSchema for InvoiceNumber {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .examples(["HD-000042"])
            .into()
    }
}

impl ToSchema for InvoiceNumber {}

/// A paid payment as its invoice tells it.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct InvoiceRow {
    pub number: InvoiceNumber,
    pub paid_at: i64,
    pub plan: String,
    pub amount_pence: i64,
    pub card_last4: String,
    pub customer_name: String,
    pub customer_address: String,
    pub period_start: Option<i64>,
    pub period_end: Option<i64>,
}

/// The business's invoice with this number; another business's is as missing as an unknown one.
pub async fn invoice<'e>(
    db: impl Db<'e>,
    business_id: i64,
    number: InvoiceNumber,
) -> StoreResult<Option<InvoiceRow>> {
    let row = sqlx::query_as(
        "SELECT p.invoice_number AS number, p.created_at AS paid_at, l.name AS plan,
            p.amount_pence, p.card_last4, p.customer_name, p.customer_address, p.period_start,
            p.period_end
         FROM payments p JOIN plans l ON l.id = p.plan_id
         WHERE p.business_id = $1 AND p.invoice_number = $2",
    )
    .bind(business_id)
    .bind(number.0)
    .fetch_optional(db)
    .await?;
    Ok(row)
}

/// How many radiators the business has.
pub async fn radiator_count<'e>(db: impl Db<'e>, business_id: i64) -> StoreResult<i64> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM radiators WHERE business_id = $1")
        .bind(business_id)
        .fetch_one(db)
        .await?;
    Ok(count)
}

/// The plan renews at its period's end, onto `plan_id` when given: it is active (a cancelled one
/// resumed) and the next period is on that plan, or on its own.
pub async fn renew_onto(
    db: &mut AnyConnection,
    business_id: i64,
    plan_id: Option<i64>,
    now: i64,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE subscriptions SET status = 'active', pending_plan_id = $1, updated_at = $2
         WHERE business_id = $3",
    )
    .bind(plan_id)
    .bind(now)
    .bind(business_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Cancels the subscription: it stays in force to the end of its trial or paid period.
pub async fn cancel(db: &mut AnyConnection, business_id: i64, now: i64) -> StoreResult<()> {
    sqlx::query(
        "UPDATE subscriptions SET status = 'cancelled', pending_plan_id = NULL, updated_at = $1
         WHERE business_id = $2",
    )
    .bind(now)
    .bind(business_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Deletes the invoices of deleted businesses kept until before `now` (unix seconds).
pub async fn purge_kept_invoices(store: &Store, now: i64) -> StoreResult<u64> {
    store.write(sqlx::query("DELETE FROM payments WHERE kept_until < $1").bind(now)).await
}
