//! `heatdesk emulate`: radiators on an MQTT broker that behave like real ones. Each has its own
//! connection with a last will (so the broker announces it offline when it drops), heats a
//! small room of its own with the simulated fleet's thermal model, applies and acknowledges
//! commands, and reports once a minute. Each has a claim code (as printed on a real one's
//! label), announced as a hash in its retained `hello`; adding it to a business needs the code.
//! A broker URL with a password but no user name (`mqtt://:secret@host`) signs each radiator
//! in under its own uid, as the broker's ACL in `deploy/mosquitto/` expects.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use rumqttc::{AsyncClient, Event, EventLoop, LastWill, Packet, QoS};
use time::OffsetDateTime;

use super::mqtt::{
    AckMessage, HelloMessage, SetCommand, StateMessage, claim_hash, options, password, topic,
};
use super::simulator::SimulatedFleet;
use super::thermal::uk_outside_temperature;
use super::{DesiredState, DeviceGateway, Report, report_timer};
use crate::clock::{Clock, SystemClock};

/// Setpoints a radiator accepts, °C.
const SETPOINT_RANGE: std::ops::RangeInclusive<f64> = 5.0..=30.0;

struct Device {
    /// Its id in the emulator's fleet.
    id: i64,
    client: AsyncClient,
    claim_code: String,
}

pub struct Emulator {
    fleet: Arc<SimulatedFleet>,
    devices: HashMap<String, Device>,
}

impl Emulator {
    /// Connects a radiator for each uid to the broker at `url`. Each starts on at 21 °C, until
    /// the server sends its desired state; `clock` times the reports it sends after a command.
    pub fn start(url: &str, uids: &[String], clock: Arc<dyn Clock>) -> anyhow::Result<Self> {
        let fleet = Arc::new(SimulatedFleet::default());
        let mut devices = HashMap::new();
        for (index, uid) in uids.iter().enumerate() {
            let id = index as i64 + 1;
            fleet.send(desired(id, uid, true, 21.0));
            let mut options = options(url, &format!("heatdesk-device-{uid}"))?;
            let password = password(&url::Url::parse(url)?);
            if let (None, Some(password)) = (options.credentials(), password) {
                options.set_credentials(uid, password);
            }
            let will = LastWill::new(topic(uid, "availability"), "offline", QoS::AtLeastOnce, true);
            options.set_last_will(will);
            let (client, events) = AsyncClient::new(options, 16);
            let claim_code = new_claim_code();
            let hello = HelloMessage { claim_hash: hex::encode(claim_hash(uid, &claim_code)) };
            let device = Connection { id, uid: uid.clone(), client: client.clone(), hello };
            tokio::spawn(serve(device, events, fleet.clone(), clock.clone()));
            devices.insert(uid.clone(), Device { id, client, claim_code });
        }
        Ok(Self { fleet, devices })
    }

    /// Advances every radiator's room by `seconds` and publishes its report, measured at `now`.
    pub fn report(&self, seconds: f64, now: OffsetDateTime) {
        for report in self.fleet.advance(seconds, uk_outside_temperature(now)) {
            let Some(device) = self.devices.get(&report.uid) else { continue };
            publish_state(&device.client, report, now);
        }
    }

    /// The code printed on the radiator's label.
    pub fn claim_code(&self, uid: &str) -> Option<&str> {
        self.devices.get(uid).map(|device| device.claim_code.as_str())
    }

    /// Whether the radiator is on, and its setpoint.
    pub fn heater_of(&self, uid: &str) -> Option<(bool, f64)> {
        self.fleet.heater_of(self.devices.get(uid)?.id)
    }
}

/// Publishes a radiator's report, measured at `now`, as its retained state.
fn publish_state(client: &AsyncClient, report: Report, now: OffsetDateTime) {
    let state = topic(&report.uid, "state");
    let message = StateMessage { report, ts: now.unix_timestamp() };
    let payload = serde_json::to_vec(&message).unwrap_or_default();
    if let Err(error) = client.try_publish(state, QoS::AtLeastOnce, true, payload) {
        tracing::warn!(uid = message.report.uid, %error, "cannot queue a report");
    }
}

fn desired(id: i64, uid: &str, on: bool, setpoint: f64) -> DesiredState {
    DesiredState { radiator_id: id, uid: uid.to_owned(), room_id: None, on, setpoint }
}

/// Twelve letters and digits that cannot be misread for one another (60 bits, too many to try
/// against the hash), as `K7Q2-9XPM-4RTA`.
fn new_claim_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rng();
    let code: String = (0..12)
        .map(|_| ALPHABET[rand::Rng::random_range(&mut rng, 0..ALPHABET.len())] as char)
        .collect();
    format!("{}-{}-{}", &code[..4], &code[4..8], &code[8..])
}

/// One radiator's side of the broker.
struct Connection {
    id: i64,
    uid: String,
    client: AsyncClient,
    hello: HelloMessage,
}

/// One radiator's connection: announces its claim and itself online, applies and
/// acknowledges commands, and reports what a command changed at once.
async fn serve(
    device: Connection,
    mut events: EventLoop,
    fleet: Arc<SimulatedFleet>,
    clock: Arc<dyn Clock>,
) {
    let Connection { id, uid, client, hello } = device;
    let hello = serde_json::to_vec(&hello).unwrap_or_default();
    loop {
        match events.poll().await {
            Ok(Event::Incoming(Packet::ConnAck(_))) => {
                let subscribed = client.try_subscribe(topic(&uid, "set"), QoS::AtLeastOnce);
                let (claim, online) = (topic(&uid, "hello"), topic(&uid, "availability"));
                let claimed = client.try_publish(claim, QoS::AtLeastOnce, true, hello.clone());
                let announced = client.try_publish(online, QoS::AtLeastOnce, true, "online");
                if let Err(error) = subscribed.and(claimed).and(announced) {
                    tracing::warn!(uid, %error, "cannot announce the radiator");
                }
            }
            Ok(Event::Incoming(Packet::Publish(message))) => {
                let command: SetCommand = match serde_json::from_slice(&message.payload) {
                    Ok(command) => command,
                    Err(error) => {
                        tracing::warn!(uid, %error, "unreadable command");
                        continue;
                    }
                };
                let ack = if SETPOINT_RANGE.contains(&command.setpoint) {
                    fleet.send(desired(id, &uid, command.on, command.setpoint));
                    AckMessage { command_id: command.command_id, ok: true, error: None }
                } else {
                    let error = format!("setpoint {} °C is outside 5–30 °C", command.setpoint);
                    AckMessage { command_id: command.command_id, ok: false, error: Some(error) }
                };
                let payload = serde_json::to_vec(&ack).unwrap_or_default();
                if let Err(error) =
                    client.try_publish(topic(&uid, "ack"), QoS::AtLeastOnce, false, payload)
                {
                    tracing::warn!(uid, %error, "cannot acknowledge a command");
                }
                // A device says at once what a command changed, not at its next minute.
                if let Some(report) = fleet.report_of(id) {
                    publish_state(&client, report, clock.now());
                }
            }
            Ok(_) => {}
            Err(error) => {
                tracing::warn!(uid, %error, "radiator lost the broker; reconnecting");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// Runs radiators `uids` on the broker at `url` until the process ends, reporting every
/// simulated minute, `time_scale` times faster than real time (at most one report a second).
pub async fn run(url: &str, uids: &[String], time_scale: f64) -> anyhow::Result<()> {
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let emulator = Emulator::start(url, uids, clock.clone())?;
    let (mut interval, period) = report_timer(time_scale);
    tracing::info!(radiators = uids.len(), "emulating radiators");
    for uid in uids {
        let code = emulator.claim_code(uid).unwrap_or_default();
        tracing::info!("radiator {uid}: claim code {code}");
    }
    loop {
        interval.tick().await;
        emulator.report(period * time_scale, clock.now());
    }
}
