//! Housekeeping: every hour, forget what no longer matters, so that the store and the memory do
//! not grow without bound: expired sessions, spent reset links, sign-in failures out of the
//! throttling window, undelivered mail older than a week, raw readings older than the retention
//! (their hourly and daily rollups stay), invoices of deleted businesses once kept 6 years, and
//! cached values of businesses nobody looked at lately; each business's insights are worked out
//! again once a day, and paid plans whose period ended are renewed. The store's part runs on
//! the instance holding the `housekeeping` lease (each step is idempotent, so an overlap at a
//! handover does no harm); each instance evicts its own cache.

use std::time::Duration;

use time::OffsetDateTime;

use crate::devices::telemetry::purge_readings;
use crate::error::ApiResult;
use crate::state::AppState;
use crate::store::lease::Lease;
use crate::subscriptions::renewals::{Billing, Renewed, renew_due};

/// How often housekeeping runs.
pub const EVERY: Duration = Duration::from_secs(3600);

/// How long mail stays in the outbox when it is not delivered by SMTP.
const KEEP_MAIL: time::Duration = time::Duration::days(7);

/// What one round removed.
#[derive(Debug, PartialEq)]
pub struct Swept {
    pub accounts: crate::auth::Purged,
    pub mail: u64,
    pub readings: u64,
    /// Invoices of deleted businesses past the 6 years they are kept.
    pub invoices: u64,
    pub cached: usize,
    /// Businesses whose insights were worked out again (daily).
    pub insights: usize,
    pub renewals: Renewed,
}

/// One round of housekeeping at `now`, keeping raw readings for `retention`.
pub async fn sweep(
    state: &AppState,
    now: OffsetDateTime,
    retention: time::Duration,
) -> ApiResult<Swept> {
    let store = &state.store;
    let accounts = crate::auth::purge(store, now).await?;
    let mail = crate::mail::purge_outbox(store, (now - KEEP_MAIL).unix_timestamp()).await?;
    let readings = purge_readings(store, (now - retention).unix_timestamp()).await?;
    let invoices = crate::subscriptions::purge_kept_invoices(store, now.unix_timestamp()).await?;
    let cached = state.version_cache.evict_stale(now.unix_timestamp());
    let insights = crate::insights::refresh_stale(store, now).await?;
    let billing = Billing { store, devices: &state.devices, cards: state.cards.as_ref() };
    let renewals = renew_due(&billing, now).await?;
    Ok(Swept { accounts, mail, readings, invoices, cached, insights, renewals })
}

/// Sweeps every [`EVERY`] until the process ends.
pub async fn run(state: AppState, retention: time::Duration) {
    let mut interval = tokio::time::interval(EVERY);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    // Two rounds long, so a holder that runs on time keeps it.
    let lease = Lease::new("housekeeping", 2 * EVERY.as_secs() as i64);
    loop {
        interval.tick().await;
        let now = state.clock.now();
        match lease.acquire(&state.store, now.unix_timestamp()).await {
            Ok(true) => match sweep(&state, now, retention).await {
                Ok(swept) => tracing::info!(?swept, "housekeeping done"),
                Err(error) => tracing::error!(?error, "housekeeping failed"),
            },
            Ok(false) => {
                let cached = state.version_cache.evict_stale(now.unix_timestamp());
                tracing::debug!(cached, "another instance holds the housekeeping lease");
            }
            Err(error) => tracing::error!(?error, "cannot take the housekeeping lease"),
        }
    }
}
