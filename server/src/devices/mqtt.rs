//! The device gateway for real radiators (and `heatdesk emulate`) behind an MQTT broker,
//! with the topics of DESIGN.md §4. Commands carry an id and stay pending until the device
//! acknowledges them; a pending command is sent again every [`RETRY_AFTER_SECS`] while the
//! device is online, a device that comes online is sent its desired state, and every minute
//! each online device whose acknowledged state differs from the desired one is sent it again.
//! Reports are stored in one transaction a second.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context;
use rumqttc::{AsyncClient, Event, EventLoop, MqttOptions, Packet, Publish, QoS};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use super::telemetry::{LiveHub, ingest};
use super::{
    DesiredState, DeviceGateway, OFFLINE_AFTER_SECS, REPORT_INTERVAL_SECS, Report,
    all_desired_states, desired_state_of,
};
use crate::clock::Clock;
use crate::store::Store;

/// A command not acknowledged this long after it was sent is sent again.
pub const RETRY_AFTER_SECS: i64 = 10;

/// `heatdesk/radiators/{uid}/{leaf}`, where leaf is `state`, `set`, `ack` or `availability`.
pub fn topic(uid: &str, leaf: &str) -> String {
    format!("heatdesk/radiators/{uid}/{leaf}")
}

/// The uid and leaf of a radiator topic.
pub fn parse_topic(topic: &str) -> Option<(&str, &str)> {
    let rest = topic.strip_prefix("heatdesk/radiators/")?;
    rest.split_once('/').filter(|(uid, leaf)| !uid.is_empty() && !leaf.contains('/'))
}

/// Server → device: what the radiator should do.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SetCommand {
    pub command_id: u64,
    pub on: bool,
    pub setpoint: f64,
}

/// Device → server, once a minute: what the radiator is doing.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct StateMessage {
    #[serde(flatten)]
    pub report: Report,
    /// When the device measured, unix seconds.
    pub ts: i64,
}

/// Device → server: a command was applied (`ok`) or refused (`error` says why).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct AckMessage {
    pub command_id: u64,
    pub ok: bool,
    #[serde(default)]
    pub error: Option<String>,
}

/// Connection options for `mqtt://[user:password@]host[:port]`.
pub fn options(url: &str, client_id: &str) -> anyhow::Result<MqttOptions> {
    let parsed = url::Url::parse(url).with_context(|| format!("invalid MQTT URL {url:?}"))?;
    anyhow::ensure!(
        matches!(parsed.scheme(), "mqtt" | "tcp"),
        "use an MQTT URL like mqtt://host:1883, not {url:?}"
    );
    let host = parsed.host_str().context("the MQTT URL has no host")?;
    let mut options = MqttOptions::new(client_id, host, parsed.port().unwrap_or(1883));
    options.set_keep_alive(Duration::from_secs(30));
    if !parsed.username().is_empty() {
        options.set_credentials(parsed.username(), parsed.password().unwrap_or_default());
    }
    Ok(options)
}

struct Pending {
    command: SetCommand,
    sent_at: i64,
}

/// What the gateway knows of each device, by uid.
#[derive(Default)]
struct Devices {
    /// The latest command of each device that it has not acknowledged yet.
    pending: HashMap<String, Pending>,
    /// The last state each device acknowledged: on, setpoint.
    applied: HashMap<String, (bool, f64)>,
    /// When each device last reported or announced itself online, unix seconds.
    seen: HashMap<String, i64>,
}

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
    /// A gateway on the broker at `url`; [`run`] drives its connection.
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
    fn send(&self, desired: DesiredState) {
        let command = SetCommand {
            command_id: self.next_command_id.fetch_add(1, Ordering::SeqCst),
            on: desired.on,
            setpoint: desired.setpoint,
        };
        // Pending before it is sent, so an acknowledgement cannot arrive first.
        let pending = Pending { command: command.clone(), sent_at: self.now() };
        self.lock().pending.insert(desired.uid.clone(), pending);
        self.publish(&desired.uid, &command);
    }
}

/// How often the gateway compares every device's acknowledged state with the desired one.
pub const RECONCILE_EVERY_SECS: i64 = 60;

/// A report is taken when it was measured at most this long ago (a retained report of a dead
/// device is older) and not further ahead than a device clock may drift.
const FRESH_WITHIN_SECS: i64 = 2 * REPORT_INTERVAL_SECS as i64;
const CLOCK_SKEW_SECS: i64 = 60;

/// Runs the gateway until the process ends: receives reports, acknowledgements and
/// availability, stores the reports each second, retries unacknowledged commands and
/// reconciles every minute.
pub async fn run(store: Store, live: LiveHub, gateway: Arc<MqttGateway>, events: EventLoop) {
    let (to_gateway, mut messages) = mpsc::channel(1024);
    tokio::spawn(pump(gateway.client.clone(), events, to_gateway));
    let mut second = tokio::time::interval(Duration::from_secs(1));
    let mut reconciled_at = gateway.now();
    // The latest report of each radiator since the last store.
    let mut reports: HashMap<String, Report> = HashMap::new();
    loop {
        tokio::select! {
            Some(message) = messages.recv() => {
                receive(&store, &gateway, &message, &mut reports).await;
            }
            _ = second.tick() => {
                let batch: Vec<Report> = reports.drain().map(|(_, report)| report).collect();
                let now = gateway.now();
                if let Err(error) = ingest(&store, &live, &batch, now).await {
                    tracing::error!(?error, "cannot store radiator reports");
                }
                gateway.retry_due();
                if now - reconciled_at >= RECONCILE_EVERY_SECS {
                    reconciled_at = now;
                    match all_desired_states(store.reader()).await {
                        Ok(desired) => gateway.reconcile(desired),
                        Err(error) => tracing::error!(?error, "cannot read desired states"),
                    }
                }
            }
        }
    }
}

/// Polls the connection in a task of its own (polling is not safe to interrupt), subscribes
/// on every (re)connection and hands received messages to the gateway.
async fn pump(client: AsyncClient, mut events: EventLoop, to_gateway: mpsc::Sender<Publish>) {
    loop {
        match events.poll().await {
            Ok(Event::Incoming(Packet::ConnAck(_))) => {
                tracing::info!("connected to the MQTT broker");
                // Awaited in a task, since the queue this waits on drains through this loop.
                let client = client.clone();
                tokio::spawn(async move {
                    for filter in SUBSCRIPTIONS {
                        if let Err(error) = client.subscribe(filter, QoS::AtLeastOnce).await {
                            tracing::error!(filter, %error, "cannot subscribe to radiators");
                        }
                    }
                });
            }
            Ok(Event::Incoming(Packet::Publish(message))) => {
                if to_gateway.send(message).await.is_err() {
                    return;
                }
            }
            Ok(_) => {}
            Err(error) => {
                tracing::warn!(%error, "MQTT connection lost; reconnecting");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// Every server instance hears everything: any of them may hold a pending command, and storing
/// a report twice changes nothing (one reading per radiator and minute).
const SUBSCRIPTIONS: [&str; 3] =
    ["heatdesk/radiators/+/state", "heatdesk/radiators/+/ack", "heatdesk/radiators/+/availability"];

async fn receive(
    store: &Store,
    gateway: &MqttGateway,
    message: &Publish,
    reports: &mut HashMap<String, Report>,
) {
    let Some((uid, leaf)) = parse_topic(&message.topic) else { return };
    match leaf {
        "state" => match serde_json::from_slice::<StateMessage>(&message.payload) {
            Ok(StateMessage { mut report, ts }) => {
                let age = gateway.now().saturating_sub(ts);
                if (-CLOCK_SKEW_SECS..=FRESH_WITHIN_SECS).contains(&age) {
                    gateway.mark_seen(uid);
                    report.uid = uid.to_owned();
                    reports.insert(uid.to_owned(), report);
                }
            }
            Err(error) => tracing::warn!(uid, %error, "unreadable radiator report"),
        },
        "ack" => match serde_json::from_slice::<AckMessage>(&message.payload) {
            Ok(ack) => gateway.acknowledge(uid, &ack),
            Err(error) => tracing::warn!(uid, %error, "unreadable acknowledgement"),
        },
        "availability" if message.payload.as_ref() == b"online" => {
            match desired_state_of(store.reader(), uid).await {
                Ok(Some(desired)) => gateway.send(desired),
                Ok(None) => {}
                Err(error) => {
                    tracing::error!(uid, ?error, "cannot read a radiator's desired state")
                }
            }
            // Online once its desired state is on its way, so anything sent later follows it.
            gateway.mark_seen(uid);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn topics_name_the_radiator_and_the_message() {
        assert_eq!(topic("HD-1", "set"), "heatdesk/radiators/HD-1/set");
        assert_eq!(parse_topic("heatdesk/radiators/HD-1/state"), Some(("HD-1", "state")));
        assert_eq!(parse_topic("heatdesk/radiators//state"), None);
        assert_eq!(parse_topic("heatdesk/radiators/HD-1/state/x"), None);
        assert_eq!(parse_topic("other/HD-1/state"), None);
    }

    #[test]
    fn a_state_message_carries_the_fields_of_design_section_4_and_no_uid() {
        let report = Report {
            uid: "HD-1".into(),
            temperature: 20.5,
            setpoint: 21.0,
            on: true,
            heating: true,
            power_w: 1500.0,
            energy_wh_total: 12.5,
        };
        let json = serde_json::to_value(StateMessage { report, ts: 1_700_000_000 }).unwrap();
        let mut keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        let expected =
            ["energy_wh_total", "heating", "on", "power_w", "setpoint", "temperature", "ts"];
        assert_eq!(keys, expected);
        let back: StateMessage = serde_json::from_value(json).unwrap();
        assert_eq!((back.report.uid.as_str(), back.report.power_w), ("", 1500.0));
    }

    #[test]
    fn broker_urls_are_checked() {
        assert!(options("mqtt://127.0.0.1:1883", "t").is_ok());
        assert!(options("mqtt://user:secret@broker", "t").is_ok());
        assert!(options("http://broker", "t").is_err());
        assert!(options("not a url", "t").is_err());
    }
}
