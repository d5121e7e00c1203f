//! The device gateway for real radiators (and `heatdesk emulate`) behind an MQTT broker,
//! with the topics of DESIGN.md §4. Commands carry an id and stay pending until the device
//! acknowledges them; a pending command is sent again every [`RETRY_AFTER_SECS`], and a device
//! that comes online is sent its desired state. Reports are stored in one transaction a second.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context;
use rumqttc::{AsyncClient, Event, EventLoop, MqttOptions, Packet, Publish, QoS};
use serde::{Deserialize, Serialize};

use super::{DesiredState, DeviceGateway, Report, desired_state_of};
use crate::app::AppState;
use crate::clock::Clock;
use crate::radiators::store::OFFLINE_AFTER_SECS;

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
    pub temperature: f64,
    pub setpoint: f64,
    pub on: bool,
    pub heating: bool,
    pub power_w: f64,
    pub energy_wh_total: f64,
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

pub struct MqttGateway {
    client: AsyncClient,
    clock: Arc<dyn Clock>,
    next_command_id: AtomicU64,
    /// The latest unacknowledged command of each radiator, by uid.
    pending: Mutex<HashMap<String, Pending>>,
}

impl MqttGateway {
    /// A gateway on the broker at `url`; [`run`] drives its connection.
    pub fn connect(url: &str, clock: Arc<dyn Clock>) -> anyhow::Result<(Arc<Self>, EventLoop)> {
        let client_id = format!("heatdesk-server-{}", hex::encode(rand::random::<[u8; 4]>()));
        let (client, events) = AsyncClient::new(options(url, &client_id)?, 256);
        // Ids start from the clock, so a restarted server never reuses one a device still holds.
        let first_id = clock.now().unix_timestamp().max(0) as u64 * 1000;
        let gateway = Self {
            client,
            clock,
            next_command_id: AtomicU64::new(first_id),
            pending: Mutex::new(HashMap::new()),
        };
        Ok((Arc::new(gateway), events))
    }

    /// `(uid, command id)` of every command still waiting for its acknowledgement.
    pub fn unacknowledged(&self) -> Vec<(String, u64)> {
        let pending = self.lock();
        pending.iter().map(|(uid, pending)| (uid.clone(), pending.command.command_id)).collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Pending>> {
        self.pending.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
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
        let mut pending = self.lock();
        if pending.get(uid).is_some_and(|pending| pending.command.command_id == ack.command_id) {
            pending.remove(uid);
            if !ack.ok {
                tracing::warn!(uid, error = ?ack.error, "a radiator refused its command");
            }
        }
    }

    /// Sends again every command that waited too long for its acknowledgement.
    fn retry_due(&self) {
        let now = self.clock.now().unix_timestamp();
        let mut pending = self.lock();
        for (uid, waiting) in pending.iter_mut() {
            if now - waiting.sent_at >= RETRY_AFTER_SECS {
                waiting.sent_at = now;
                self.publish(uid, &waiting.command);
            }
        }
    }

    fn subscribe(&self) {
        // Every server instance hears everything: any of them may hold a pending command, and
        // storing a report twice changes nothing (one reading per radiator and minute).
        let topics = [
            "heatdesk/radiators/+/state",
            "heatdesk/radiators/+/ack",
            "heatdesk/radiators/+/availability",
        ];
        for filter in topics {
            if let Err(error) = self.client.try_subscribe(filter, QoS::AtLeastOnce) {
                tracing::error!(filter, %error, "cannot subscribe to radiator messages");
            }
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
        let sent_at = self.clock.now().unix_timestamp();
        self.lock().insert(desired.uid.clone(), Pending { command: command.clone(), sent_at });
        self.publish(&desired.uid, &command);
    }
}

/// Runs the gateway's connection until the process ends: receives reports, acknowledgements
/// and availability, stores the reports each second and retries unacknowledged commands.
pub async fn run(state: AppState, gateway: Arc<MqttGateway>, mut events: EventLoop) {
    let mut second = tokio::time::interval(Duration::from_secs(1));
    // The latest report of each radiator since the last store.
    let mut reports: HashMap<String, Report> = HashMap::new();
    loop {
        tokio::select! {
            event = events.poll() => match event {
                Ok(Event::Incoming(Packet::ConnAck(_))) => {
                    tracing::info!("connected to the MQTT broker");
                    gateway.subscribe();
                }
                Ok(Event::Incoming(Packet::Publish(message))) => {
                    receive(&state, &gateway, &message, &mut reports).await;
                }
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(%error, "MQTT connection lost; reconnecting");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            },
            _ = second.tick() => {
                let batch: Vec<Report> = reports.drain().map(|(_, report)| report).collect();
                let now = state.clock.now().unix_timestamp();
                let stored = super::telemetry::ingest(&state.store, &state.live, &batch, now);
                if let Err(error) = stored.await {
                    tracing::error!(?error, "cannot store radiator reports");
                }
                gateway.retry_due();
            }
        }
    }
}

async fn receive(
    state: &AppState,
    gateway: &MqttGateway,
    message: &Publish,
    reports: &mut HashMap<String, Report>,
) {
    let Some((uid, leaf)) = parse_topic(&message.topic) else { return };
    match leaf {
        "state" => match serde_json::from_slice::<StateMessage>(&message.payload) {
            // A report older than the offline limit (a retained one of a dead device) says
            // nothing about now.
            Ok(report) if state.clock.now().unix_timestamp() - report.ts < OFFLINE_AFTER_SECS => {
                reports.insert(uid.to_owned(), report.into_report(uid));
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(uid, %error, "unreadable radiator report"),
        },
        "ack" => match serde_json::from_slice::<AckMessage>(&message.payload) {
            Ok(ack) => gateway.acknowledge(uid, &ack),
            Err(error) => tracing::warn!(uid, %error, "unreadable acknowledgement"),
        },
        "availability" if message.payload.as_ref() == b"online" => {
            match desired_state_of(state.store.reader(), uid).await {
                Ok(Some(desired)) => gateway.send(desired),
                Ok(None) => {}
                Err(error) => {
                    tracing::error!(uid, ?error, "cannot read a radiator's desired state")
                }
            }
        }
        _ => {}
    }
}

impl StateMessage {
    fn into_report(self, uid: &str) -> Report {
        Report {
            uid: uid.to_owned(),
            temperature: self.temperature,
            setpoint: self.setpoint,
            on: self.on,
            heating: self.heating,
            power_w: self.power_w,
            energy_wh_total: self.energy_wh_total,
        }
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
    fn broker_urls_are_checked() {
        assert!(options("mqtt://127.0.0.1:1883", "t").is_ok());
        assert!(options("mqtt://user:secret@broker", "t").is_ok());
        assert!(options("http://broker", "t").is_err());
        assert!(options("not a url", "t").is_err());
    }
}
