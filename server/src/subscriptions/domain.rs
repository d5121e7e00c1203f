//! Plans and a business's subscription: the plans on offer, the plan a business is on with its
//! status as of now, and its one free trial.

use std::collections::BTreeMap;

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::invoices::VatSplit;
use super::renewals::{month_before, paid_month};
use super::store::{self, NewPayment, PaidMonth, PlanRow, SubscriptionRow};
use crate::cards::{Card, ChargeOutcome};
use crate::clock::iso8601;
use crate::error::{ApiError, ApiResult};
use crate::kernel::change::{Actor, Entry};
use crate::kernel::words::Language;
use crate::state::AppState;
use crate::store::{Store, StoreError, StoreResult};

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct PlanView {
    pub id: i64,
    /// `starter`, `business` or `estate`.
    pub key: String,
    pub name: String,
    /// The price a month, in pence.
    pub monthly_price_pence: i64,
    /// The most radiators the plan controls.
    pub radiator_limit: i64,
    /// Days of the free trial.
    pub trial_days: i64,
    /// In the request's language (`Accept-Language`: English or Arabic).
    pub features: Vec<String>,
    /// The price without VAT and the VAT in it, while HeatDesk charges VAT (has a VAT number);
    /// none while it charges none.
    pub vat: Option<VatSplit>,
}

fn plan_view(row: PlanRow, language: Language, charges_vat: bool) -> PlanView {
    let list = |json: &str| serde_json::from_str::<Vec<String>>(json).unwrap_or_default();
    let features = match language {
        // A plan added without Arabic words keeps its English ones rather than none.
        Language::Arabic => Some(list(&row.features_ar)).filter(|arabic| !arabic.is_empty()),
        Language::English => None,
    };
    let features = features.unwrap_or_else(|| list(&row.features));
    PlanView {
        id: row.id,
        key: row.key,
        name: row.name,
        monthly_price_pence: row.monthly_price_pence,
        radiator_limit: row.radiator_limit,
        trial_days: row.trial_days,
        features,
        vat: charges_vat.then(|| VatSplit::of(row.monthly_price_pence)),
    }
}

/// The plan a business is on.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct UserPlan {
    pub plan: PlanView,
    /// As of now: `trialing`, `active`, `past_due` (the paid period ended and its renewal was
    /// not paid), `cancelled`,
    /// or `expired` (the free trial ended without a payment).
    pub status: &'static str,
    /// The end of the paid period (ISO 8601); null while trialing.
    pub period_end: Option<String>,
    /// The end of the free trial (ISO 8601); null without one.
    pub trial_end: Option<String>,
    /// Whole days of the trial left, while trialing.
    pub trial_days_left: Option<i64>,
    /// The smaller plan the next period is on, after a downgrade.
    pub pending_plan: Option<PlanView>,
    /// The last four digits of the card the plan renews on at its period's end; null when it
    /// does not renew (a trial, a cancelled plan, one granted without a card).
    pub renews_on_card: Option<String>,
    /// 1 while the plan covers the business (a trial or paid period not over, cancelled or
    /// not); 0 once it has ended, when the web app asks for a plan.
    pub in_force: i64,
}

/// How long past its end a paid period with a kept card stays active: housekeeping tries its
/// renewal within the hour, and the business is not asked to pay meanwhile.
const RENEWAL_GRACE: i64 = 86_400;

/// When the plan stops covering the business: the end of its paid period (with the renewal's
/// grace when a card is kept), or of its trial.
fn covered_until(row: &SubscriptionRow) -> Option<i64> {
    let renews = row.status == "active" && row.card_last4.is_some();
    let grace = if renews { RENEWAL_GRACE } else { 0 };
    row.period_end.map(|end| end + grace).or(row.trial_end)
}

/// The subscription's status at `now` (unix seconds): a trial or paid period past its end says
/// so, whatever was stored while it ran.
fn status_at(row: &SubscriptionRow, now: i64) -> &'static str {
    let over = covered_until(row).is_some_and(|end| end <= now);
    match row.status.as_str() {
        "trialing" if over => "expired",
        "trialing" => "trialing",
        "active" if over => "past_due",
        "active" => "active",
        "past_due" => "past_due",
        _ => "cancelled",
    }
}

/// Whether the plan covers the business at `now`: a trial or a paid period not yet over,
/// cancelled or not.
fn in_force(row: &SubscriptionRow, now: i64) -> bool {
    matches!(status_at(row, now), "trialing" | "active" | "cancelled")
        && covered_until(row).is_some_and(|end| end > now)
}

/// Whether a paid period runs at `now` that the business may carry on from: an active plan, or a
/// cancelled one whose paid month is not over (choosing it, or a smaller plan, resumes it).
fn paid_running(row: &SubscriptionRow, now: i64) -> bool {
    match status_at(row, now) {
        "active" => true,
        "cancelled" => row.period_end.is_some() && in_force(row, now),
        _ => false,
    }
}

/// 402 unless the business's plan in force has room for one more radiator; the sentence names
/// the limit and the way up. Radiators already added keep running whatever the plan.
pub async fn ensure_radiator_allowed(
    db: &mut AnyConnection,
    business_id: i64,
    now: i64,
) -> ApiResult<()> {
    let refuse = |sentence: String| Err(ApiError::PaymentRequired(sentence));
    let Some(row) = store::subscription(&mut *db, business_id).await? else {
        return refuse(
            "Choose a plan to add radiators: start a free trial or pay for one under Subscriptions."
                .into(),
        );
    };
    let plan = store::plan(&mut *db, row.plan_id).await?.ok_or(StoreError::NotFound)?;
    if !in_force(&row, now) {
        return refuse(format!(
            "Your {} plan is no longer in force: choose a plan under Subscriptions to add \
             radiators. Your radiators keep running their schedules.",
            plan.name
        ));
    }
    if store::radiator_count(&mut *db, business_id).await? < plan.radiator_limit {
        return Ok(());
    }
    let larger = store::plans(&mut *db)
        .await?
        .into_iter()
        .find(|other| other.radiator_limit > plan.radiator_limit);
    let way_up = match larger {
        Some(larger) => format!(
            "Upgrade to {} (up to {} radiators) under Subscriptions to add more.",
            larger.name, larger.radiator_limit
        ),
        None => "Contact us to control more.".to_owned(),
    };
    refuse(format!(
        "Your {} plan controls up to {} radiators. {way_up}",
        plan.name, plan.radiator_limit
    ))
}

pub async fn plans(state: &AppState, language: Language) -> ApiResult<Vec<PlanView>> {
    let plans = store::plans(state.store.reader()).await?;
    let vat = charges_vat(state);
    Ok(plans.into_iter().map(|plan| plan_view(plan, language, vat)).collect())
}

fn charges_vat(state: &AppState) -> bool {
    state.config.contact.vat_number.is_some()
}

/// What paying for each plan now would charge the business, in pence, by plan id: its price,
/// less the rest of a smaller plan's paid month (see [`unused_credit`]).
pub async fn pays_now(state: &AppState, business_id: i64) -> ApiResult<BTreeMap<i64, i64>> {
    let now = state.clock.now().unix_timestamp();
    let mut tx = state.store.begin_read().await?;
    let mut amounts = BTreeMap::new();
    for plan in store::plans(&mut *tx).await? {
        let credit = unused_credit(&mut tx, business_id, &plan, now).await?;
        amounts.insert(plan.id, (plan.monthly_price_pence - credit).max(0));
    }
    Ok(amounts)
}

/// How many cards were declined in the business's open checkout; 0 without one.
pub async fn declines_in_open_checkout(state: &AppState, business_id: i64) -> ApiResult<i64> {
    let now = state.clock.now().unix_timestamp();
    let declines = store::declines_in_open_checkout(state.store.reader(), business_id, now).await?;
    Ok(declines.unwrap_or(0))
}

/// The business's plan as of now; none before it chose one.
pub async fn user_plan(
    state: &AppState,
    business_id: i64,
    language: Language,
) -> ApiResult<Option<UserPlan>> {
    let pool = state.store.reader();
    let Some(row) = store::subscription(pool, business_id).await? else { return Ok(None) };
    let plan = store::plan(pool, row.plan_id).await?.ok_or(StoreError::NotFound)?;
    let now = state.clock.now().unix_timestamp();
    let status = status_at(&row, now);
    let trial_days_left =
        row.trial_end.filter(|_| status == "trialing").map(|end| (end - now + 86_399) / 86_400);
    let vat = charges_vat(state);
    let pending_plan = match row.pending_plan_id {
        Some(id) => store::plan(pool, id).await?.map(|plan| plan_view(plan, language, vat)),
        None => None,
    };
    Ok(Some(UserPlan {
        plan: plan_view(plan, language, vat),
        status,
        period_end: row.period_end.map(iso8601),
        trial_end: row.trial_end.map(iso8601),
        trial_days_left,
        pending_plan,
        renews_on_card: row.card_last4.clone().filter(|_| status == "active"),
        in_force: i64::from(in_force(&row, now)),
    }))
}

/// The plan the request chose; one that does not exist is a field error on `plan_id`.
pub(super) async fn chosen_plan(db: &mut AnyConnection, plan_id: i64) -> ApiResult<PlanRow> {
    let plan = store::plan(db, plan_id).await?;
    plan.ok_or_else(|| ApiError::field("plan_id", "Choose one of the plans."))
}

/// Conflict: the business is on `plan` already.
fn already_on(plan: &PlanRow) -> ApiError {
    ApiError::conflict("plan_id", format!("Your business is on the {} plan already.", plan.name))
}

/// Conflict unless paying for `target` now is a move the business can make: no paid period is
/// running, or `target` costs more than the plan paid for. A smaller plan waits for the period's
/// end (`change_plan`, which checks the radiators first); the same one renews by itself, or is
/// resumed when it was cancelled.
pub(super) async fn ensure_checkout_allowed(
    db: &mut AnyConnection,
    business_id: i64,
    target: &PlanRow,
    now: i64,
) -> ApiResult<()> {
    let Some(row) = store::subscription(&mut *db, business_id).await? else { return Ok(()) };
    if !paid_running(&row, now) {
        return Ok(());
    }
    let current = store::plan(&mut *db, row.plan_id).await?.ok_or(StoreError::NotFound)?;
    if target.id == current.id && row.status == "cancelled" {
        let resume = format!(
            "Your {} plan is paid for to the end of this period: resume it under Subscriptions.",
            current.name
        );
        return Err(ApiError::conflict("plan_id", resume));
    }
    if target.id == current.id {
        return Err(already_on(&current));
    }
    if target.monthly_price_pence < current.monthly_price_pence {
        let move_down = format!(
            "Move down to {} under Subscriptions: it starts when this period ends.",
            target.name
        );
        return Err(ApiError::conflict("plan_id", move_down));
    }
    Ok(())
}

/// What is left, in pence, of the paid period of the business's plan when it pays for the
/// larger `target` instead: that plan's price for the part of its month still to run, at most
/// one month's. The new plan's month starts when it is paid, so the old one's rest is taken off
/// its first payment.
pub(super) async fn unused_credit(
    db: &mut AnyConnection,
    business_id: i64,
    target: &PlanRow,
    now: i64,
) -> StoreResult<i64> {
    let Some(row) = store::subscription(&mut *db, business_id).await? else { return Ok(0) };
    let Some(end) = row.period_end.filter(|end| *end > now) else { return Ok(0) };
    if row.plan_id == target.id || !matches!(row.status.as_str(), "active" | "cancelled") {
        return Ok(0);
    }
    let current = store::plan(&mut *db, row.plan_id).await?.ok_or(StoreError::NotFound)?;
    if current.monthly_price_pence >= target.monthly_price_pence {
        return Ok(0);
    }
    // A month paid before its start was kept is counted back from its end.
    let start = row.period_start.unwrap_or_else(|| month_before(end));
    let month = end - start;
    let price = current.monthly_price_pence;
    Ok((price * (end - now) / month.max(1)).min(price))
}

/// Starts the business's one free trial of `plan_id`.
pub async fn start_trial(
    state: &AppState,
    actor: Actor,
    plan_id: i64,
    language: Language,
) -> ApiResult<UserPlan> {
    let mut change = state.change(actor).await?;
    let plan = chosen_plan(change.db(), plan_id).await?;
    const HAD_TRIAL: &str =
        "This business has had its free trial: choose a plan and pay to carry on.";
    if let Some(existing) = store::subscription(change.db(), actor.business_id).await? {
        let message = if existing.trial_end.is_some() {
            HAD_TRIAL
        } else {
            "This business has a paid plan already, so it has no free trial."
        };
        return Err(ApiError::conflict("plan_id", message));
    }
    let now = change.now();
    let trial_end = now + plan.trial_days * 86_400;
    // Two trials asked for at once: the key lets one in.
    store::start_trial(change.db(), actor.business_id, plan.id, trial_end, now).await.map_err(
        |error| match error {
            StoreError::Conflict { .. } => ApiError::conflict("plan_id", HAD_TRIAL),
            other => other.into(),
        },
    )?;
    crate::onboarding::passed(change.db(), actor.business_id, crate::onboarding::Step::Plan)
        .await?;
    let after = serde_json::json!({"plan": plan.name, "status": "trialing", "trial_end": iso8601(trial_end)});
    change.commit(Entry::new("create", "subscription", actor.business_id).after(&after)).await?;
    let user_plan = user_plan(state, actor.business_id, language).await?;
    user_plan.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the trial just started is gone")))
}

/// What changing plan does.
pub enum PlanChange {
    /// Paid at once through the checkout: a larger plan, or any plan without a paid one in force.
    Checkout,
    /// A smaller plan from the end of the paid period.
    Scheduled(Box<UserPlan>),
}

/// Moves the business to `plan_id`: up at once (through the checkout), down at the period's end
/// unless it has more radiators than the smaller plan controls; its own plan again calls off a
/// move down still waiting. A cancelled plan whose paid month runs carries on as if it had not
/// been cancelled: its own plan resumes it, a smaller one resumes it until the move.
pub async fn change_plan(
    state: &AppState,
    actor: Actor,
    plan_id: i64,
    language: Language,
) -> ApiResult<PlanChange> {
    let mut change = state.change(actor).await?;
    let target = chosen_plan(change.db(), plan_id).await?;
    let now = change.now();
    let Some(row) = store::subscription(change.db(), actor.business_id).await? else {
        return Ok(PlanChange::Checkout);
    };
    if !paid_running(&row, now) {
        return Ok(PlanChange::Checkout);
    }
    let resumed = row.status == "cancelled";
    let current = store::plan(change.db(), row.plan_id).await?.ok_or(StoreError::NotFound)?;
    if target.id == current.id {
        if row.pending_plan_id.is_none() && !resumed {
            return Err(already_on(&current));
        }
        store::renew_onto(change.db(), actor.business_id, None, now).await?;
        let after = renewal_told(&current, None, resumed);
        let before = told_before(change.db(), &row, &after).await?;
        let entry = Entry::new("update", "subscription", actor.business_id);
        change.commit(entry.before(&before).after(&after)).await?;
        let plan = user_plan(state, actor.business_id, language).await?;
        return Ok(PlanChange::Scheduled(Box::new(plan.ok_or(StoreError::NotFound)?)));
    }
    if target.monthly_price_pence > current.monthly_price_pence {
        return Ok(PlanChange::Checkout);
    }
    let radiators = store::radiator_count(change.db(), actor.business_id).await?;
    if radiators > target.radiator_limit {
        let message = format!(
            "Your business has {radiators} radiators and {} controls up to {}: remove {} of them \
             before moving to it.",
            target.name,
            target.radiator_limit,
            radiators - target.radiator_limit
        );
        return Err(ApiError::conflict("plan_id", message));
    }
    store::renew_onto(change.db(), actor.business_id, Some(target.id), now).await?;
    let after = renewal_told(&current, Some(&target), resumed);
    let before = told_before(change.db(), &row, &after).await?;
    let entry = Entry::new("update", "subscription", actor.business_id);
    change.commit(entry.before(&before).after(&after)).await?;
    let plan = user_plan(state, actor.business_id, language).await?;
    Ok(PlanChange::Scheduled(Box::new(plan.ok_or(StoreError::NotFound)?)))
}

/// The business's plan as it stood before a change, as the history tells it: each field the
/// change's `after` tells (its plan, the plan it renews onto, its status, when its trial or paid
/// month ends, its card), so that the history shows what changed ("Starter → Business").
pub async fn told_before(
    db: &mut AnyConnection,
    row: &SubscriptionRow,
    after: &serde_json::Value,
) -> StoreResult<serde_json::Value> {
    let plan = store::plan(&mut *db, row.plan_id).await?.map(|plan| plan.name);
    let next_plan = match row.pending_plan_id {
        Some(id) => store::plan(&mut *db, id).await?.map(|plan| plan.name),
        None => None,
    };
    let stood = [
        ("plan", serde_json::json!(plan)),
        ("next_plan", serde_json::json!(next_plan)),
        ("status", serde_json::json!(row.status)),
        ("trial_end", serde_json::json!(row.trial_end.map(iso8601))),
        ("period_end", serde_json::json!(row.period_end.map(iso8601))),
        ("card_last4", serde_json::json!(row.card_last4)),
    ];
    let told = stood.into_iter().filter(|(key, _)| after.get(key).is_some());
    Ok(told.map(|(key, value)| (key.to_owned(), value)).collect::<serde_json::Map<_, _>>().into())
}

/// The history's record of what the plan renews onto: `next` (none: the plan itself), and that a
/// cancelled plan was resumed.
fn renewal_told(current: &PlanRow, next: Option<&PlanRow>, resumed: bool) -> serde_json::Value {
    let mut after =
        serde_json::json!({"plan": current.name, "next_plan": next.map(|plan| &plan.name)});
    if resumed {
        after["status"] = "active".into();
    }
    after
}

/// Cancels the plan; it stays in force to the end of its trial or paid period.
pub async fn cancel(state: &AppState, actor: Actor, language: Language) -> ApiResult<UserPlan> {
    let mut change = state.change(actor).await?;
    let now = change.now();
    let row = store::subscription(change.db(), actor.business_id).await?;
    let Some(row) = row.filter(|row| in_force(row, now) && row.status != "cancelled") else {
        return Err(ApiError::conflict("plan", "Your business has no plan in force to cancel."));
    };
    let plan = store::plan(change.db(), row.plan_id).await?.ok_or(StoreError::NotFound)?;
    store::cancel(change.db(), actor.business_id, now).await?;
    // A move down that was waiting is called off with it.
    let after = serde_json::json!({"plan": plan.name, "status": "cancelled", "next_plan": null});
    let before = told_before(change.db(), &row, &after).await?;
    let entry = Entry::new("cancel", "subscription", actor.business_id);
    change.commit(entry.before(&before).after(&after)).await?;
    let plan = user_plan(state, actor.business_id, language).await?;
    plan.ok_or_else(|| StoreError::NotFound.into())
}

/// Puts a business on the plan `plan_key` from `now` until `until` (unix seconds) without a
/// payment: the bench's plan.
pub async fn grant_plan(
    store: &Store,
    business_id: i64,
    plan_key: &str,
    (now, until): (i64, i64),
) -> StoreResult<()> {
    let mut tx = store.begin_write().await?;
    let plans = store::plans(&mut *tx).await?;
    let plan = plans.iter().find(|plan| plan.key == plan_key).ok_or(StoreError::NotFound)?;
    let period = PaidMonth { start: now, end: until };
    store::activate(&mut tx, business_id, plan.id, period, now).await?;
    store.commit(tx).await
}

/// Puts a business on the plan `plan_key` as if it had paid for it with `card` at `since` and
/// been renewed on that card every month to now: a payment a month, the period in force and the
/// card kept for the next renewal, recorded as the user's change. The demo business's plan;
/// `card` must be one the provider pays and keeps.
pub async fn subscribe_since(
    state: &AppState,
    actor: Actor,
    plan_key: &str,
    card: &Card,
    since: i64,
) -> ApiResult<()> {
    let business_id = actor.business_id;
    let plans = store::plans(state.store.reader()).await?;
    let plan = plans.iter().find(|plan| plan.key == plan_key).ok_or(StoreError::NotFound)?;
    let price = plan.monthly_price_pence;
    let key = format!("subscribe-{business_id}-{since}");
    let outcome = state.cards.charge(card, price, &key).await;
    let ChargeOutcome::Paid(Some(saved)) =
        outcome.map_err(|error| ApiError::Internal(error.into()))?
    else {
        return Err(ApiError::Internal(anyhow::anyhow!("the card was not paid and kept")));
    };
    let mut change = state.change(actor).await?;
    let now = change.now();
    let payment = |month| NewPayment {
        business_id,
        plan_id: plan.id,
        amount_pence: price,
        status: "paid",
        card_last4: &saved.last4,
        month: Some(month),
    };
    let mut month = paid_month(since);
    store::record_payment(change.db(), &payment(month), month.start).await?;
    while month.end <= now {
        month = paid_month(month.end);
        store::record_payment(change.db(), &payment(month), month.start).await?;
    }
    store::activate(change.db(), business_id, plan.id, month, now).await?;
    store::keep_card(change.db(), business_id, &saved).await?;
    let after = serde_json::json!({"plan": plan.name, "status": "active",
        "period_end": iso8601(month.end), "card_last4": saved.last4});
    change.commit(Entry::new("paid", "subscription", business_id).after(&after)).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(features_ar: &str) -> PlanRow {
        PlanRow {
            id: 1,
            key: "starter".into(),
            name: "Starter".into(),
            monthly_price_pence: 2900,
            radiator_limit: 25,
            trial_days: 14,
            features: r#"["Up to 25 radiators"]"#.into(),
            features_ar: features_ar.into(),
        }
    }

    #[test]
    fn a_plans_features_are_in_the_readers_language_or_english_without_a_translation() {
        let arabic = plan_view(row(r#"["حتى 25 مدفأة"]"#), Language::Arabic, false);
        assert_eq!(arabic.features, ["حتى 25 مدفأة"]);
        assert_eq!(
            plan_view(row(r#"["حتى 25 مدفأة"]"#), Language::English, false).features,
            ["Up to 25 radiators"]
        );
        assert_eq!(plan_view(row("[]"), Language::Arabic, false).features, ["Up to 25 radiators"]);
    }

    #[test]
    fn a_plans_price_says_its_vat_while_heatdesk_charges_vat() {
        let split = VatSplit { rate_percent: 20, net_pence: 2417, vat_pence: 483 };
        assert_eq!(plan_view(row("[]"), Language::English, true).vat, Some(split));
        assert_eq!(plan_view(row("[]"), Language::English, false).vat, None);
    }
}
