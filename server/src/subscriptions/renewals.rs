//! Renewals: when a paid period ends, the card kept at the checkout is charged for the next
//! month, on the smaller plan when a downgrade waits, and the plan runs on. A declined renewal
//! (or no card kept) leaves the plan past due, so the web app asks for a payment; the radiators
//! keep running. Housekeeping runs this under its lease; the charge's idempotency key names the
//! business and the period, so a round that overlaps another charges once.

use std::sync::Arc;

use jiff::ToSpan;
use time::OffsetDateTime;

use super::store::{self, DueRenewal, NewPayment, PaidMonth};
use crate::cards::{CardProvider, ChargeOutcome};
use crate::clock::iso8601;
use crate::devices::DeviceGateway;
use crate::kernel::change::{Author, Change, Entry};
use crate::store::{Store, StoreError, StoreResult};

/// One calendar month after `at` (unix seconds, UTC): a paid period's end.
fn month_after(at: i64) -> i64 {
    jiff::Timestamp::from_second(at)
        .ok()
        .and_then(|start| start.to_zoned(jiff::tz::TimeZone::UTC).checked_add(1.month()).ok())
        .map_or(at + 30 * 86_400, |end| end.timestamp().as_second())
}

/// The paid month from `start` to the same time a calendar month later.
pub fn paid_month(start: i64) -> PaidMonth {
    PaidMonth { start, end: month_after(start) }
}

/// One calendar month before `at`: when the paid period ending at `at` began.
pub fn month_before(at: i64) -> i64 {
    jiff::Timestamp::from_second(at)
        .ok()
        .and_then(|end| end.to_zoned(jiff::tz::TimeZone::UTC).checked_sub(1.month()).ok())
        .map_or(at - 30 * 86_400, |start| start.timestamp().as_second())
}

/// What one round of renewals did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Renewed {
    pub paid: usize,
    /// Declined, or no card kept: past due.
    pub past_due: usize,
}

/// Where renewals charge and write: the store, the devices a change hands its radiators to
/// (a renewal touches none), and the card provider.
pub struct Billing<'a> {
    pub store: &'a Store,
    pub devices: &'a Arc<dyn DeviceGateway>,
    pub cards: &'a dyn CardProvider,
}

/// Renews every paid period that ended by `now`.
pub async fn renew_due(billing: &Billing<'_>, now: OffsetDateTime) -> StoreResult<Renewed> {
    let mut renewed = Renewed::default();
    for due in store::due_renewals(billing.store.reader(), now.unix_timestamp()).await? {
        match renew(billing, &due, now).await {
            Ok(Some(true)) => renewed.paid += 1,
            Ok(Some(false)) => renewed.past_due += 1,
            Ok(None) => {}
            // One business's failure (its provider's answer, a busy store) waits for the next
            // round; the others renew.
            Err(error) => tracing::error!(?error, business_id = due.business_id, "renewal failed"),
        }
    }
    Ok(renewed)
}

/// Renews one period: whether it was paid, or `None` when it is no longer due.
async fn renew(
    billing: &Billing<'_>,
    due: &DueRenewal,
    now: OffsetDateTime,
) -> anyhow::Result<Option<bool>> {
    let business_id = due.business_id;
    // The list was read as the round began, and each charge before this one took a while: a plan
    // cancelled, paid for or renewed since is left as it is now.
    if !store::still_due(billing.store.reader(), business_id, due.period_end).await? {
        return Ok(None);
    }
    let plan =
        store::plan(billing.store.reader(), due.plan_id).await?.ok_or(StoreError::NotFound)?;
    let outcome = match &due.card_token {
        Some(token) => {
            let key = format!("renewal-{business_id}-{}", due.period_end);
            billing.cards.charge_saved(token, plan.monthly_price_pence, &key).await?
        }
        None => ChargeOutcome::Declined,
    };
    let author = Author::HeatDesk { business_id, by: "renewal".to_owned() };
    let (store, devices) = (billing.store.clone(), billing.devices.clone());
    let mut change = Change::begin(store, devices, author, now).await?;
    let at = change.now();
    let paid = matches!(outcome, ChargeOutcome::Paid(_));
    // The next period follows the last one, however late the round runs.
    let month = paid_month(due.period_end);
    if let Some(card_last4) = due.card_last4.as_deref() {
        let status = if paid { "paid" } else { "declined" };
        let amount_pence = plan.monthly_price_pence;
        let month = paid.then_some(month);
        let payment =
            NewPayment { business_id, plan_id: plan.id, amount_pence, status, card_last4, month };
        store::record_payment(change.db(), &payment, at).await?;
    }
    let mut after = if paid {
        store::activate(change.db(), business_id, plan.id, month, at).await?;
        serde_json::json!({"plan": plan.name, "status": "active", "period_end": iso8601(month.end)})
    } else {
        store::mark_past_due(change.db(), business_id, plan.id, at).await?;
        serde_json::json!({"plan": plan.name, "status": "past_due"})
    };
    if let Some(card_last4) = &due.card_last4 {
        after["card_last4"] = card_last4.as_str().into();
    }
    change.commit(Entry::new("renew", "subscription", business_id).after(&after)).await?;
    Ok(Some(paid))
}
