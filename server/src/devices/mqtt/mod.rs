//! The device gateway for real radiators (and `heatdesk emulate`) behind an MQTT broker,
//! with the topics of DESIGN.md §4. Commands carry an id and stay pending until the device
//! acknowledges them; a pending command is sent again every [`RETRY_AFTER_SECS`] while the
//! device is online, a device that comes online is sent its desired state, and every minute
//! each online device whose acknowledged state differs from the desired one is sent it again.
//! Reports are stored in one transaction a second.
//!
//! Devices are not believed blindly: only registered uids are tracked, a report out of range
//! or with an energy counter that jumped further than a radiator can count is dropped, a
//! message over [`MAX_PAYLOAD_BYTES`] is dropped, and a device that keeps sending such is
//! logged at error. A device proves it is in someone's hands with a claim code (`hello`), which
//! adding it to a business requires. The broker's ACL (`deploy/mosquitto/`) keeps each device
//! to its own topics.

pub mod event_loop;
mod wire;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rumqttc::{AsyncClient, EventLoop, QoS};
pub use wire::{
    AckMessage, HelloMessage, MAX_PAYLOAD_BYTES, SetCommand, StateMessage, claim_hash, options,
    parse_topic, password, topic,
};

use super::{Claim, DesiredState, DeviceGateway, OFFLINE_AFTER_SECS, Report};
use crate::clock::Clock;

/// A command not acknowledged this long after it was sent is sent again.
pub const RETRY_AFTER_SECS: i64 = 10;

struct Pending {
    command: SetCommand,
    sent_at: i64,
}

/// What the gateway knows of each device, by uid. Only registered uids are kept (and the
/// claims devices announced, up to [`MAX_CLAIMS`]).
#[derive(Default)]
struct Devices {
    /// Every registered uid, read from the store each minute.
    registered: HashSet<String>,
    /// Uids registered since that read began (a new radiator is sent its state at once), kept
    /// when the read's answer replaces `registered`.
    added: HashSet<String>,
    /// The claim hash each device announced.
    claims: HashMap<String, [u8; 32]>,
    /// How many messages in a row of each device were refused.
    refusals: HashMap<String, u32>,
    /// The latest command of each device that it has not acknowledged yet.
    pending: HashMap<String, Pending>,
    /// The last state each device acknowledged: on, setpoint.
    applied: HashMap<String, (bool, f64)>,
    /// When each device last reported or announced itself online, unix seconds.
    seen: HashMap<String, i64>,
}

/// Claims are remembered for up to this many devices (each needs broker credentials); they are
/// kept once a device is added, so that it can be added again after it is removed.
const MAX_CLAIMS: usize = 100_000;

/// Whether the device reported or came online within the offline limit.
fn online(seen: &HashMap<String, i64>, uid: &str, now: i64) -> bool {
    seen.get(uid).is_some_and(|seen| now - seen < OFFLINE_AFTER_SECS)
}

pub struct MqttGateway {
    client: AsyncClient,
    clock: Arc<dyn Clock>,
    next_command_id: AtomicU64,
    devices: Mutex<Devices>,
}

impl MqttGateway {
    /// A gateway on the broker at `url`; [`event_loop::run`] drives its connection.
    pub fn connect(url: &str, clock: Arc<dyn Clock>) -> anyhow::Result<(Arc<Self>, EventLoop)> {
        let client_id = format!("heatdesk-server-{}", hex::encode(rand::random::<[u8; 4]>()));
        let (client, events) = AsyncClient::new(options(url, &client_id)?, 256);
        // A random start, so a restarted server does not reuse ids a device may still answer
        // to; below 2^53, so the ids stay exact in JSON readers that use doubles.
        let first_id = rand::random::<u64>() >> 12;
        let gateway = Self {
            client,
            clock,
            next_command_id: AtomicU64::new(first_id),
            devices: Mutex::new(Devices::default()),
        };
        Ok((Arc::new(gateway), events))
    }

    /// `(uid, command id)` of every command still waiting for its acknowledgement.
    pub fn unacknowledged(&self) -> Vec<(String, u64)> {
        let devices = self.lock();
        let pending = devices.pending.iter();
        pending.map(|(uid, pending)| (uid.clone(), pending.command.command_id)).collect()
    }

    /// Whether the device reported or came online within the offline limit.
    pub fn is_online(&self, uid: &str) -> bool {
        online(&self.lock().seen, uid, self.now())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Devices> {
        self.devices.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn now(&self) -> i64 {
        self.clock.now().unix_timestamp()
    }

    fn publish(&self, uid: &str, command: &SetCommand) {
        let payload = serde_json::to_vec(command).unwrap_or_default();
        // A full queue or a lost connection is retried like a lost message.
        if let Err(error) =
            self.client.try_publish(topic(uid, "set"), QoS::AtLeastOnce, false, payload)
        {
            tracing::warn!(uid, %error, "cannot queue a radiator command");
        }
    }

    fn acknowledge(&self, uid: &str, ack: &AckMessage) {
        let mut devices = self.lock();
        let Some(pending) = devices.pending.get(uid) else { return };
        if pending.command.command_id != ack.command_id {
            return;
        }
        let applied = (pending.command.on, pending.command.setpoint);
        devices.pending.remove(uid);
        if ack.ok {
            devices.applied.insert(uid.to_owned(), applied);
        } else {
            tracing::warn!(uid, error = ?ack.error, "a radiator refused its command");
        }
    }

    /// Whether the device announced its claim (`hello`).
    pub fn heard_claim(&self, uid: &str) -> bool {
        self.lock().claims.contains_key(uid)
    }

    fn is_registered(&self, uid: &str) -> bool {
        self.lock().registered.contains(uid)
    }

    /// Takes the registered uids from the store (and those added while it was read), and
    /// forgets everything of the others.
    fn set_registered(&self, mut registered: HashSet<String>) {
        let mut devices = self.lock();
        registered.extend(devices.added.drain());
        let Devices { pending, applied, seen, refusals, .. } = &mut *devices;
        pending.retain(|uid, _| registered.contains(uid));
        applied.retain(|uid, _| registered.contains(uid));
        seen.retain(|uid, _| registered.contains(uid));
        refusals.retain(|uid, _| registered.contains(uid));
        devices.registered = registered;
    }

    fn hear_claim(&self, uid: &str, hash: [u8; 32]) {
        let mut devices = self.lock();
        if devices.claims.len() >= MAX_CLAIMS && !devices.claims.contains_key(uid) {
            tracing::warn!(uid, "too many devices announced claims; this one is not remembered");
            return;
        }
        devices.claims.insert(uid.to_owned(), hash);
    }

    /// Drops a registered device's message: the first of a run is a warning, a device that
    /// keeps at it an error (again every 60th time, so a broken one does not flood the log).
    fn refuse(&self, uid: &str, why: &str) {
        let refused = {
            let mut devices = self.lock();
            let refused = devices.refusals.entry(uid.to_owned()).or_default();
            *refused += 1;
            *refused
        };
        match refused {
            1 => tracing::warn!(uid, why, "a radiator's message is refused"),
            n if n == 2 || n % 60 == 0 => {
                tracing::error!(uid, why, refused = n, "a radiator keeps sending refused messages")
            }
            _ => {}
        }
    }

    /// A stored report ends a device's run of refusals.
    fn accepted(&self, reports: &[Report], refused: &[String]) {
        let mut devices = self.lock();
        for report in reports.iter().filter(|report| !refused.contains(&report.uid)) {
            devices.refusals.remove(&report.uid);
        }
    }

    fn mark_seen(&self, uid: &str) {
        let now = self.now();
        self.lock().seen.insert(uid.to_owned(), now);
    }

    /// Sends again every command an online device has not acknowledged in time. An offline
    /// device is sent its desired state when it comes back instead.
    fn retry_due(&self) {
        let now = self.now();
        let mut devices = self.lock();
        let Devices { pending, seen, .. } = &mut *devices;
        for (uid, waiting) in pending.iter_mut() {
            if online(seen, uid, now) && now - waiting.sent_at >= RETRY_AFTER_SECS {
                waiting.sent_at = now;
                self.publish(uid, &waiting.command);
            }
        }
    }

    /// Sends their desired state to online devices that acknowledged something else: a command
    /// lost between a change and the gateway, or two that crossed on the way.
    fn reconcile(&self, desired: Vec<DesiredState>) {
        let now = self.now();
        let stale: Vec<DesiredState> = {
            let devices = self.lock();
            desired
                .into_iter()
                .filter(|wanted| {
                    online(&devices.seen, &wanted.uid, now)
                        && !devices.pending.contains_key(&wanted.uid)
                        && devices.applied.get(&wanted.uid) != Some(&(wanted.on, wanted.setpoint))
                })
                .collect()
        };
        for wanted in stale {
            self.send(wanted);
        }
    }
}

impl DeviceGateway for MqttGateway {
    fn simulated(&self) -> bool {
        false
    }

    fn send(&self, desired: DesiredState) {
        let command = SetCommand {
            command_id: self.next_command_id.fetch_add(1, Ordering::SeqCst),
            on: desired.on,
            setpoint: desired.setpoint,
        };
        // Pending before it is sent, so an acknowledgement cannot arrive first.
        let pending = Pending { command: command.clone(), sent_at: self.now() };
        {
            let mut devices = self.lock();
            devices.registered.insert(desired.uid.clone());
            devices.added.insert(desired.uid.clone());
            devices.pending.insert(desired.uid.clone(), pending);
        }
        self.publish(&desired.uid, &command);
    }

    fn claim(&self, uid: &str, code: Option<&str>) -> Claim {
        let Some(code) = code.filter(|code| !code.trim().is_empty()) else {
            return Claim::CodeMissing;
        };
        match self.lock().claims.get(uid) {
            Some(hash) if *hash == claim_hash(uid, code) => Claim::Proven,
            _ => Claim::Refused,
        }
    }
}
