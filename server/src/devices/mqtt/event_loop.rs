//! The gateway's loop over the broker connection: it receives reports, acknowledgements,
//! availability and claims, stores the reports each second, retries unacknowledged commands
//! and reconciles every minute.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use rumqttc::{AsyncClient, Event, EventLoop, Packet, Publish, QoS};
use tokio::sync::mpsc;

use super::MqttGateway;
use super::wire::{AckMessage, HelloMessage, MAX_PAYLOAD_BYTES, StateMessage, parse_topic};
use crate::devices::live_hub::LiveHub;
use crate::devices::telemetry::{Source, ingest};
use crate::devices::{
    DesiredState, DeviceGateway, REPORT_INTERVAL_SECS, Report, all_desired_states, desired_state_of,
};
use crate::store::Store;

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
    refresh_registered(&store, &gateway).await;
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
                match ingest(&store, &live, &batch, now, Source::Devices).await {
                    Ok(refused) => {
                        gateway.accepted(&batch, &refused);
                        for uid in refused {
                            gateway.refuse(&uid, "its energy counter jumped further than a radiator can count");
                        }
                    }
                    Err(error) => tracing::error!(?error, "cannot store radiator reports"),
                }
                gateway.retry_due();
                if now - reconciled_at >= RECONCILE_EVERY_SECS {
                    reconciled_at = now;
                    if let Some(desired) = refresh_registered(&store, &gateway).await {
                        gateway.reconcile(desired);
                    }
                }
            }
        }
    }
}

/// Reads every radiator's desired state, and so which uids are registered.
async fn refresh_registered(store: &Store, gateway: &MqttGateway) -> Option<Vec<DesiredState>> {
    match all_desired_states(store.reader()).await {
        Ok(desired) => {
            gateway.set_registered(desired.iter().map(|wanted| wanted.uid.clone()).collect());
            Some(desired)
        }
        Err(error) => {
            tracing::error!(?error, "cannot read desired states");
            None
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
const SUBSCRIPTIONS: [&str; 4] = [
    "heatdesk/radiators/+/state",
    "heatdesk/radiators/+/ack",
    "heatdesk/radiators/+/availability",
    "heatdesk/radiators/+/hello",
];

async fn receive(
    store: &Store,
    gateway: &MqttGateway,
    message: &Publish,
    reports: &mut HashMap<String, Report>,
) {
    let Some((uid, leaf)) = parse_topic(&message.topic) else { return };
    let (payload, registered) = (message.payload.as_ref(), gateway.is_registered(uid));
    if payload.len() > MAX_PAYLOAD_BYTES {
        let why = format!("a message of {} bytes", payload.len());
        match registered {
            true => gateway.refuse(uid, &why),
            false => tracing::debug!(uid, why, "dropped"),
        }
        return;
    }
    if leaf == "hello" {
        if payload.is_empty() {
            return; // a retained hello being cleared
        }
        let hash = serde_json::from_slice::<HelloMessage>(payload).ok().and_then(|hello| {
            hex::decode(hello.claim_hash).ok().and_then(|hash| hash.try_into().ok())
        });
        match hash {
            Some(hash) => gateway.hear_claim(uid, hash),
            None => tracing::warn!(uid, "unreadable hello"),
        }
        return;
    }
    if !registered {
        // Nobody's radiator (or one deleted a moment ago): nothing to track.
        return;
    }
    match leaf {
        "state" => match serde_json::from_slice::<StateMessage>(payload) {
            Ok(StateMessage { mut report, ts }) => {
                let age = gateway.now().saturating_sub(ts);
                if !(-CLOCK_SKEW_SECS..=FRESH_WITHIN_SECS).contains(&age) {
                    return; // a dead device's retained report, or a clock far off
                }
                if let Some(why) = report.implausible() {
                    gateway.refuse(uid, &why);
                    return;
                }
                gateway.mark_seen(uid);
                report.uid = uid.to_owned();
                reports.insert(uid.to_owned(), report);
            }
            Err(error) => gateway.refuse(uid, &format!("unreadable report: {error}")),
        },
        "ack" => match serde_json::from_slice::<AckMessage>(payload) {
            Ok(ack) => gateway.acknowledge(uid, &ack),
            Err(error) => gateway.refuse(uid, &format!("unreadable acknowledgement: {error}")),
        },
        "availability" if payload == b"online" => {
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
