//! Onboarding (plan → consent → address → energy usage → done), kept by the server so a
//! business resumes where it stopped on any device; and the business's consent to its smart
//! meter's data, without which no meter reading is read.

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::store::{self, Consent};
use crate::auth::profile::Address;
use crate::clock::{iso8601, local_iso8601};
use crate::error::{ApiError, ApiResult};
use crate::kernel::change::{Actor, Entry};
use crate::kernel::values::{IhdMac, Mpan};
use crate::state::AppState;
use crate::store::{Store, StoreResult};

/// The terms a consent agrees to; a consent to other terms is refused.
pub const TERMS_VERSION: &str = "2026-11";

/// The steps in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Plan,
    Consent,
    Address,
    EnergyUsage,
    Done,
}

impl Step {
    pub fn key(self) -> &'static str {
        match self {
            Self::Plan => "plan",
            Self::Consent => "consent",
            Self::Address => "address",
            Self::EnergyUsage => "energy_usage",
            Self::Done => "done",
        }
    }

    fn next(self) -> Self {
        match self {
            Self::Plan => Self::Consent,
            Self::Consent => Self::Address,
            Self::Address => Self::EnergyUsage,
            Self::EnergyUsage | Self::Done => Self::Done,
        }
    }
}

/// The business has done `step`: one at that step moves to the next; one further on, or not
/// onboarding, stays where it is.
pub async fn passed(db: &mut AnyConnection, business_id: i64, step: Step) -> StoreResult<()> {
    store::advance(db, business_id, step.key(), step.next().key()).await
}

pub async fn consent(state: &AppState, business_id: i64) -> ApiResult<Option<Consent>> {
    Ok(store::consent(state.store.reader(), business_id).await?)
}

/// The consent in force: 409 with `sentence` without one.
async fn standing(db: &mut AnyConnection, business_id: i64, sentence: &str) -> ApiResult<Consent> {
    store::consent(&mut *db, business_id)
        .await?
        .filter(|row| row.withdrawn_at.is_none())
        .ok_or_else(|| ApiError::conflict("consent", sentence))
}

async fn read_back(state: &AppState, business_id: i64) -> ApiResult<Consent> {
    consent(state, business_id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the consent just saved is gone")))
}

pub async fn give_consent(state: &AppState, actor: Actor, mpan: &Mpan) -> ApiResult<Consent> {
    let mut change = state.change(actor).await?;
    let now = change.now();
    store::save_consent(change.db(), actor.business_id, TERMS_VERSION, mpan.as_str(), now).await?;
    passed(change.db(), actor.business_id, Step::Consent).await?;
    let after = serde_json::json!({"terms_version": TERMS_VERSION, "mpan": mpan.as_str()});
    change.commit(Entry::new("create", "consent", actor.business_id).after(&after)).await?;
    read_back(state, actor.business_id).await
}

pub async fn set_ihd_mac(state: &AppState, actor: Actor, mac: &IhdMac) -> ApiResult<Consent> {
    let mut change = state.change(actor).await?;
    let sentence = "Give your consent first: the display belongs to the consented meter.";
    standing(change.db(), actor.business_id, sentence).await?;
    store::set_ihd_mac(change.db(), actor.business_id, mac.as_str()).await?;
    let after = serde_json::json!({"ihd_mac": mac.as_str()});
    change.commit(Entry::new("update", "consent", actor.business_id).after(&after)).await?;
    read_back(state, actor.business_id).await
}

pub async fn withdraw(state: &AppState, actor: Actor) -> ApiResult<Consent> {
    let mut change = state.change(actor).await?;
    standing(change.db(), actor.business_id, "There is no consent to withdraw.").await?;
    let now = change.now();
    store::withdraw(change.db(), actor.business_id, now).await?;
    let after = serde_json::json!({"withdrawn_at": iso8601(now)});
    change.commit(Entry::new("withdraw", "consent", actor.business_id).after(&after)).await?;
    read_back(state, actor.business_id).await
}

/// One half-hour of the meter's import.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct MeterReading {
    /// ISO 8601, the half-hour's start.
    pub start: String,
    pub kwh: f64,
}

/// The half-hourly import of the last `days` local days (today up to its last whole half-hour,
/// and the whole days before it), each start in the business's local time: only with the
/// business's consent.
pub async fn readings(
    state: &AppState,
    business_id: i64,
    days: i64,
) -> ApiResult<Vec<MeterReading>> {
    let pool = state.store.reader();
    let consent = store::consent(pool, business_id).await?.filter(|row| row.withdrawn_at.is_none());
    let Some(consent) = consent else {
        return Err(ApiError::Forbidden(
            "HeatDesk reads your smart meter only with your consent: give it under Consent.".into(),
        ));
    };
    let tz = crate::business::time_zone(&crate::business::get(state, business_id).await?);
    let now = state.clock.now().unix_timestamp();
    let to = now - now.rem_euclid(1800);
    let local = |at: i64| jiff::Timestamp::from_second(at).map(|at| at.to_zoned(tz.clone()));
    let invalid = |_| ApiError::Internal(anyhow::anyhow!("no local time for {to}"));
    // The days end with the last whole half-hour's: in the first half-hour after midnight that
    // is yesterday, so the last 7 days are 7 days of readings, not 6 and an empty today.
    let last_day = local(to - 1).map_err(invalid)?.date();
    let first_day = last_day.checked_sub(jiff::Span::new().days(days - 1));
    let from = first_day
        .and_then(|day| day.to_zoned(tz.clone()))
        .map_err(invalid)?
        .timestamp()
        .as_second();
    let half_hours = state
        .meter
        .half_hourly_import(&state.store, business_id, &consent.mpan, (from, to))
        .await?;
    half_hours
        .into_iter()
        .map(|(start, kwh)| {
            Ok(MeterReading { start: local_iso8601(&local(start).map_err(invalid)?), kwh })
        })
        .collect()
}

pub async fn confirm_address(state: &AppState, actor: Actor, address: &Address) -> ApiResult<Step> {
    let mut change = state.change(actor).await?;
    let onboarding = store::step(change.db(), actor.business_id).await? == Step::Address.key();
    store::confirm_address(change.db(), actor.business_id, address).await?;
    if onboarding {
        // The plan's first invoice was written before this step, to the address given at sign
        // up; the app shows invoices only once onboarding is done, so no one has seen it yet.
        store::readdress_invoices(change.db(), actor.business_id, &address.postal()).await?;
    }
    passed(change.db(), actor.business_id, Step::Address).await?;
    let after = serde_json::json!({"address_line1": address.line1, "address_line2": address.line2,
        "town": address.town, "city": address.city, "post_code": address.post_code.as_str()});
    change
        .commit(Entry::new("confirm", "business_address", actor.business_id).after(&after))
        .await?;
    Ok(current(state, actor.business_id).await?)
}

/// Finishes onboarding from the energy-usage step; refused from an earlier one.
pub async fn complete(state: &AppState, actor: Actor) -> ApiResult<Step> {
    let mut change = state.change(actor).await?;
    let step = store::step(change.db(), actor.business_id).await?;
    if step == Step::Done.key() {
        return Ok(Step::Done);
    }
    if step != Step::EnergyUsage.key() {
        let message =
            format!("Finish the earlier steps first: this business is at its {step} step.");
        return Err(ApiError::conflict("onboarding", message));
    }
    passed(change.db(), actor.business_id, Step::EnergyUsage).await?;
    let after = serde_json::json!({"onboarding": "done"});
    change.commit(Entry::new("complete", "onboarding", actor.business_id).after(&after)).await?;
    Ok(Step::Done)
}

async fn current(state: &AppState, business_id: i64) -> StoreResult<Step> {
    let step = store::step(state.store.reader(), business_id).await?;
    Ok([Step::Plan, Step::Consent, Step::Address, Step::EnergyUsage]
        .into_iter()
        .find(|known| known.key() == step)
        .unwrap_or(Step::Done))
}

/// Marks a business's onboarding done: the demo's.
pub async fn finish(store: &Store, business_id: i64) -> StoreResult<()> {
    let mut tx = store.begin_write().await?;
    store::set_step(&mut tx, business_id, Step::Done.key()).await?;
    store.commit(tx).await
}
