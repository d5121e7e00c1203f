//! The live stream's hub: what the stored reports leave for every open stream, the streams open
//! under each session, and word that the server stops; it also keeps what this instance's last
//! batch of reports left, for the next batch to start from.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;
use tokio::sync::{broadcast, watch};
use utoipa::ToSchema;

use super::known::KnownRadiators;

/// A radiator's reported state as the live stream sends it.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct LiveRadiator {
    pub id: i64,
    pub room_id: Option<i64>,
    pub current_temperature: f64,
    pub power_w: f64,
    pub heating: i64,
    pub online: i64,
    pub last_seen: String,
}

/// One batch of reports for one business, or word that its radiators' settings changed.
#[derive(Clone, Debug)]
pub struct LiveUpdate {
    pub business_id: i64,
    pub radiators: Vec<LiveRadiator>,
    /// Settings changed (a schedule or an automation acted): streams send a fresh snapshot.
    pub settings_changed: bool,
}

/// Fans the stored reports out to every open live stream, counts the streams open under each
/// key (a session), and tells them when the server stops.
#[derive(Clone)]
pub struct LiveHub {
    updates: broadcast::Sender<LiveUpdate>,
    stopping: watch::Sender<bool>,
    open: Arc<Mutex<HashMap<String, usize>>>,
    /// What this instance's last batch of reports left (see `known.rs`).
    known: Arc<Mutex<KnownRadiators>>,
}

impl Default for LiveHub {
    fn default() -> Self {
        Self {
            // A subscriber that falls this many batches behind skips ahead (and gets a snapshot).
            updates: broadcast::channel(64).0,
            stopping: watch::channel(false).0,
            open: Arc::default(),
            known: Arc::default(),
        }
    }
}

/// One open stream, counted under its key until dropped.
pub struct OpenStream {
    key: String,
    open: Arc<Mutex<HashMap<String, usize>>>,
}

impl Drop for OpenStream {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = open.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

impl LiveHub {
    pub fn subscribe(&self) -> broadcast::Receiver<LiveUpdate> {
        self.updates.subscribe()
    }

    /// Counts a new stream under `key`, unless `limit` are open under it already.
    pub fn open(&self, key: &str, limit: usize) -> Option<OpenStream> {
        let mut open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = open.entry(key.to_owned()).or_default();
        if *count >= limit {
            return None;
        }
        *count += 1;
        Some(OpenStream { key: key.to_owned(), open: self.open.clone() })
    }

    /// Tells every open stream, and every one opened later, that the server is stopping.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    /// Becomes true when the server is stopping.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    /// Tells the business's open streams that its radiators' settings changed.
    pub fn settings_changed(&self, business_id: i64) {
        self.publish(LiveUpdate { business_id, radiators: Vec::new(), settings_changed: true });
    }

    /// Takes what the last batch left; a batch that fails puts nothing back.
    pub(super) fn take_known(&self) -> KnownRadiators {
        std::mem::take(&mut *self.known.lock().unwrap_or_else(|poisoned| poisoned.into_inner()))
    }

    pub(super) fn keep_known(&self, known: KnownRadiators) {
        *self.known.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = known;
    }

    pub(super) fn publish(&self, update: LiveUpdate) {
        // No open streams is not an error.
        let _ = self.updates.send(update);
    }
}
