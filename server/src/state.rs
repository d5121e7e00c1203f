//! The state every handler shares, built in one place for the server and the tests alike.

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use tokio::sync::Notify;
use utoipa::ToSchema;

use crate::cards::{CardProvider, Sandbox};
use crate::clock::Clock;
use crate::devices::DeviceGateway;
use crate::devices::live_hub::LiveHub;
use crate::kernel::change::{Actor, Change};
use crate::kernel::values::Cidr;
use crate::kernel::version_cache::VersionCache;
use crate::kernel::work_limit::WorkLimit;
use crate::mail::Mailer;
use crate::meter::{MeterProvider, SimulatedMeter};
use crate::store::{Store, StoreResult};

/// Settings the handlers need.
pub struct AppConfig {
    /// Where users reach the web app; links in mails start with it.
    pub public_url: String,
    /// Reverse proxies whose `X-Forwarded-For` is believed.
    pub trusted_proxies: Vec<Cidr>,
    /// How users reach HeatDesk's support (the contact page).
    pub contact: ContactDetails,
}

/// How users reach HeatDesk's support: shown on the contact page; messages go to `email`. The
/// address and VAT number are also the seller's on invoices.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct ContactDetails {
    pub email: String,
    pub phone: String,
    /// HeatDesk's name first, then its address, separated by commas.
    pub address: String,
    pub hours: String,
    /// HeatDesk's VAT registration number; without one, invoices are receipts with no VAT.
    pub vat_number: Option<String>,
}

impl Default for ContactDetails {
    fn default() -> Self {
        Self {
            email: "support@heatdesk.example".into(),
            phone: "0113 496 0000".into(),
            address: "HeatDesk, 12 Wellington Street, Leeds LS1 4DL".into(),
            hours: "Monday to Friday, 08:30–17:30".into(),
            vat_number: None,
        }
    }
}

#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    /// Where desired radiator state goes.
    pub devices: Arc<dyn DeviceGateway>,
    /// Where stored radiator reports are published for live streams.
    pub live: LiveHub,
    /// Values computed since the businesses' last changes, such as the rooms list.
    pub version_cache: Arc<VersionCache>,
    /// Password hashing, one at a time per core.
    pub hashing: Arc<WorkLimit>,
    /// Profile images decoded one at a time (each may take up to 256 MiB), so uploads in
    /// parallel queue instead of using gigabytes.
    pub pictures: Arc<WorkLimit>,
    pub clock: Arc<dyn Clock>,
    pub mailer: Mailer,
    /// Where card payments are charged: the sandbox unless a real provider is set.
    pub cards: Arc<dyn CardProvider>,
    /// Where smart-meter readings come from: the simulated meter unless a real provider is set.
    pub meter: Arc<dyn MeterProvider>,
    /// Wakes the schedule engine for a round now rather than at the next minute, after a user's
    /// change that moves what holds a radiator (`Change::reschedule`).
    pub engine_wake: Arc<Notify>,
    pub config: Arc<AppConfig>,
}

impl AppState {
    pub fn new(
        store: Store,
        devices: Arc<dyn DeviceGateway>,
        clock: Arc<dyn Clock>,
        mailer: Mailer,
        config: AppConfig,
    ) -> Self {
        Self {
            store,
            devices,
            live: LiveHub::default(),
            version_cache: Arc::default(),
            hashing: Arc::new(WorkLimit::per_core()),
            pictures: Arc::new(WorkLimit::new(1, Duration::from_secs(10))),
            clock,
            mailer,
            cards: Arc::new(Sandbox),
            meter: Arc::new(SimulatedMeter),
            engine_wake: Arc::default(),
            config: Arc::new(config),
        }
    }

    /// Starts a change by `actor`, now (see `kernel/change.rs`).
    pub async fn change(&self, actor: Actor) -> StoreResult<Change> {
        let change =
            Change::begin(self.store.clone(), self.devices.clone(), actor, self.clock.now())
                .await?;
        Ok(change.waking(self.engine_wake.clone()).telling(self.live.clone()))
    }
}
