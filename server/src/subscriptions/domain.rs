//! Plans and a business's subscription: the plans on offer, the plan a business is on with its
//! status as of now, and its one free trial.

use serde::Serialize;
use utoipa::ToSchema;

use super::store::{self, PlanRow, SubscriptionRow};
use crate::clock::iso8601;
use crate::error::{ApiError, ApiResult};
use crate::kernel::change::{Actor, Entry};
use crate::state::AppState;
use crate::store::StoreError;

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
    pub features: Vec<String>,
}

fn plan_view(row: PlanRow) -> PlanView {
    PlanView {
        id: row.id,
        key: row.key,
        name: row.name,
        monthly_price_pence: row.monthly_price_pence,
        radiator_limit: row.radiator_limit,
        trial_days: row.trial_days,
        features: serde_json::from_str(&row.features).unwrap_or_default(),
    }
}

/// The plan a business is on.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct UserPlan {
    pub plan: PlanView,
    /// As of now: `trialing`, `active`, `past_due` (the paid period ended unpaid), `cancelled`,
    /// or `expired` (the free trial ended without a payment).
    pub status: &'static str,
    /// The end of the paid period (ISO 8601); null while trialing.
    pub period_end: Option<String>,
    /// The end of the free trial (ISO 8601); null without one.
    pub trial_end: Option<String>,
    /// Whole days of the trial left, while trialing.
    pub trial_days_left: Option<i64>,
}

/// The subscription's status at `now` (unix seconds): a trial or paid period past its end says
/// so, whatever was stored while it ran.
fn status_at(row: &SubscriptionRow, now: i64) -> &'static str {
    match row.status.as_str() {
        "trialing" if row.trial_end.is_some_and(|end| end <= now) => "expired",
        "trialing" => "trialing",
        "active" if row.period_end.is_some_and(|end| end <= now) => "past_due",
        "active" => "active",
        "past_due" => "past_due",
        _ => "cancelled",
    }
}

pub async fn plans(state: &AppState) -> ApiResult<Vec<PlanView>> {
    Ok(store::plans(state.store.reader()).await?.into_iter().map(plan_view).collect())
}

/// The business's plan as of now; none before it chose one.
pub async fn user_plan(state: &AppState, business_id: i64) -> ApiResult<Option<UserPlan>> {
    let pool = state.store.reader();
    let Some(row) = store::subscription(pool, business_id).await? else { return Ok(None) };
    let plan = store::plan(pool, row.plan_id).await?.ok_or(StoreError::NotFound)?;
    let now = state.clock.now().unix_timestamp();
    let status = status_at(&row, now);
    let trial_days_left =
        row.trial_end.filter(|_| status == "trialing").map(|end| (end - now + 86_399) / 86_400);
    Ok(Some(UserPlan {
        plan: plan_view(plan),
        status,
        period_end: row.period_end.map(iso8601),
        trial_end: row.trial_end.map(iso8601),
        trial_days_left,
    }))
}

/// Starts the business's one free trial of `plan_id`.
pub async fn start_trial(state: &AppState, actor: Actor, plan_id: i64) -> ApiResult<UserPlan> {
    let mut change = state.change(actor).await?;
    let plan = store::plan(change.db(), plan_id)
        .await?
        .ok_or_else(|| ApiError::field("plan_id", "Choose one of the plans."))?;
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
    let after = serde_json::json!({"plan": plan.key, "status": "trialing", "trial_end": iso8601(trial_end)});
    change.commit(Entry::new("create", "subscription", actor.business_id).after(&after)).await?;
    let user_plan = user_plan(state, actor.business_id).await?;
    user_plan.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the trial just started is gone")))
}

/// A card payment as the API shows it.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Payment {
    /// ISO 8601.
    pub date: String,
    pub plan: String,
    pub amount_pence: i64,
    /// `paid` or `declined`.
    pub status: String,
    pub card_last4: String,
}

pub async fn payments(state: &AppState, business_id: i64) -> ApiResult<Vec<Payment>> {
    let rows = store::payments(state.store.reader(), business_id).await?;
    Ok(rows
        .into_iter()
        .map(|row| Payment {
            date: iso8601(row.created_at),
            plan: row.plan_name,
            amount_pence: row.amount_pence,
            status: row.status,
            card_last4: row.card_last4,
        })
        .collect())
}
