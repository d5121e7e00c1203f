//! The one way a change is written, by a user or by HeatDesk on its own. [`Change::begin`]
//! opens the write; the feature runs its statements on [`Change::db`] and says which radiators
//! the change touched; then [`Change::commit`] records the history entry in the same
//! transaction, commits, and hands the touched radiators' desired states to the devices.
//! Dropping a change rolls it back.
//!
//! A guard rather than a closure: a closure that borrows the transaction cannot be proven
//! `Send` on stable Rust, and every handler's future must be.

use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;
use sqlx::{Any, AnyConnection, Transaction};
use time::OffsetDateTime;
use tokio::sync::Notify;

use crate::devices::live_hub::LiveHub;
use crate::devices::{DesiredState, DeviceGateway, Scope, desired_states};
use crate::store::{Store, StoreResult, take_business_turn};

/// Who makes a change: the signed-in user and their business.
#[derive(Clone, Copy, Debug)]
pub struct Actor {
    pub user_id: i64,
    pub business_id: i64,
}

/// The action history's record of one change: what was done to which record, with the record
/// as the API shows it before and after (absent when it did not exist).
pub struct Entry {
    action: &'static str,
    record_type: &'static str,
    record_id: i64,
    before: Option<Value>,
    after: Option<Value>,
}

impl Entry {
    pub fn new(action: &'static str, record_type: &'static str, record_id: i64) -> Self {
        Self { action, record_type, record_id, before: None, after: None }
    }

    pub fn before(self, record: &impl Serialize) -> Self {
        Self { before: serde_json::to_value(record).ok(), ..self }
    }

    pub fn after(self, record: &impl Serialize) -> Self {
        Self { after: serde_json::to_value(record).ok(), ..self }
    }
}

/// Who makes a change, as the history records it.
pub enum Author {
    /// A signed-in user.
    User(Actor),
    /// HeatDesk on its own in a business (a schedule, an automation, a renewal), named `by` as
    /// the history shows it: "schedule 'Office hours'".
    HeatDesk { business_id: i64, by: String },
}

impl From<Actor> for Author {
    fn from(actor: Actor) -> Self {
        Self::User(actor)
    }
}

/// A change in progress.
pub struct Change {
    tx: Transaction<'static, Any>,
    store: Store,
    devices: Arc<dyn DeviceGateway>,
    business_id: i64,
    author: Author,
    at: OffsetDateTime,
    /// Radiators whose desired state is read and sent after the commit.
    touched: Vec<Scope>,
    /// Desired states already known, sent after the commit as they are.
    known: Vec<DesiredState>,
    /// History entries for what the change did besides its own record.
    also: Vec<Entry>,
    /// The schedule engine's wake, notified after the commit when the change moved what holds a
    /// radiator ([`Change::reschedule`]); none for HeatDesk's own rounds.
    engine_wake: Option<Arc<Notify>>,
    rescheduled: bool,
    /// The live streams, told after the commit when the change sent radiators a desired state,
    /// so that open pages show what another tab or person switched or set.
    live: Option<LiveHub>,
}

impl Change {
    /// Opens the write of a change in the author's business.
    pub async fn begin(
        store: Store,
        devices: Arc<dyn DeviceGateway>,
        author: impl Into<Author>,
        at: OffsetDateTime,
    ) -> StoreResult<Self> {
        let author = author.into();
        let business_id = match &author {
            Author::User(actor) => actor.business_id,
            Author::HeatDesk { business_id, .. } => *business_id,
        };
        let mut tx = store.begin_write().await?;
        take_business_turn(&mut tx, business_id).await?;
        let (touched, known, also) = (Vec::new(), Vec::new(), Vec::new());
        let (engine_wake, rescheduled, live) = (None, false, None);
        Ok(Self {
            tx,
            store,
            devices,
            business_id,
            author,
            at,
            touched,
            known,
            also,
            engine_wake,
            rescheduled,
            live,
        })
    }

    /// The change tells the business's live streams when it sends radiators a desired state.
    pub fn telling(mut self, live: LiveHub) -> Self {
        self.live = Some(live);
        self
    }

    /// The change wakes the schedule engine through `wake` when it is [`Change::reschedule`]d.
    pub fn waking(mut self, wake: Arc<Notify>) -> Self {
        self.engine_wake = Some(wake);
        self
    }

    /// The connection the change writes through.
    pub fn db(&mut self) -> &mut AnyConnection {
        &mut self.tx
    }

    /// The radiators' gateway, for what a change must ask it first (a claim code).
    pub fn devices(&self) -> &dyn DeviceGateway {
        self.devices.as_ref()
    }

    pub fn business_id(&self) -> i64 {
        self.business_id
    }

    /// When the change happens, unix seconds.
    pub fn now(&self) -> i64 {
        self.at.unix_timestamp()
    }

    /// The radiators in `scope` get their desired state once the change is committed.
    pub fn touch(&mut self, scope: Scope) {
        self.touched.push(scope);
    }

    /// This desired state goes to its radiator once the change is committed; for a change that
    /// already knows it, saving a read.
    pub fn send(&mut self, desired: DesiredState) {
        self.known.push(desired);
    }

    /// The change moves what holds a radiator (a schedule saved, a radiator or room placed, the
    /// business's time zone): once committed, the schedule engine runs a round at once rather
    /// than at its next minute.
    pub fn reschedule(&mut self) {
        self.rescheduled = true;
    }

    /// The history records `entry` too, after the change's own: what the change did to another
    /// record on the way (a schedule a deletion switched off).
    pub fn also(&mut self, entry: Entry) {
        self.also.push(entry);
    }

    /// Records `entry` (and those given to [`Change::also`]), commits, and sends the touched
    /// radiators their desired states. An entry that leaves its record as it was (settings saved
    /// unchanged) is not recorded: the history tells changes only.
    pub async fn commit(mut self, entry: Entry) -> StoreResult<()> {
        for entry in std::iter::once(entry).chain(std::mem::take(&mut self.also)) {
            if entry.before.is_none() || entry.before != entry.after {
                self.record(entry).await?;
            }
        }
        self.store.commit(self.tx).await?;
        if let Some(wake) = self.engine_wake.filter(|_| self.rescheduled) {
            wake.notify_one();
        }
        if let Some(live) = self.live.filter(|_| !self.known.is_empty() || !self.touched.is_empty())
        {
            live.settings_changed(self.business_id);
        }
        for desired in self.known {
            self.devices.send(desired);
        }
        for scope in self.touched {
            let reader = self.store.reader();
            for desired in desired_states(reader, self.business_id, scope).await? {
                self.devices.send(desired);
            }
        }
        Ok(())
    }

    async fn record(&mut self, entry: Entry) -> StoreResult<()> {
        let at = self.now();
        let (user_id, by) = match &self.author {
            Author::User(actor) => (Some(actor.user_id), None),
            Author::HeatDesk { by, .. } => (None, Some(by.clone())),
        };
        sqlx::query(
            "INSERT INTO action_history
                 (business_id, user_id, by_name, action, record_type, record_id, before_json,
                  after_json, at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(self.business_id)
        .bind(user_id)
        .bind(by)
        .bind(entry.action)
        .bind(entry.record_type)
        .bind(entry.record_id)
        .bind(entry.before.map(|value| value.to_string()))
        .bind(entry.after.map(|value| value.to_string()))
        .bind(at)
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }
}
