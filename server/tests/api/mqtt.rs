//! The MQTT device gateway against the real broker of TEST_MQTT_URL (skipped when unset):
//! commands reach radiators and are acknowledged, unacknowledged ones are retried, a radiator
//! coming online gets its desired state, a device that drifted is reconciled, and only fresh
//! reports of known radiators are stored.

use std::time::Duration;

use heatdesk::clock::Clock;
use heatdesk::devices::emulator::Emulator;
use heatdesk::devices::mqtt::{RECONCILE_EVERY_SECS, RETRY_AFTER_SECS, SetCommand, options, topic};
use reqwest::StatusCode;
use rumqttc::{AsyncClient, Event, Packet, QoS};
use serde_json::json;
use tokio::sync::mpsc;

use crate::support::{Db, Owner, TestApp};

/// A uid no other test (or earlier run) on the shared broker uses.
fn fresh_uid() -> String {
    format!("MQTT-{}", hex::encode(rand::random::<[u8; 5]>()))
}

/// Polls `check` until it holds; the broker delivers in its own time, so this waits for an
/// event rather than for a fixed while. Fails after 10 s.
async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    for _ in 0..200 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting until {what}");
}

/// Registers a radiator without a room; answers its id.
async fn register(owner: &Owner<'_>, uid: &str) -> i64 {
    owner.add_radiator(uid, &format!("Radiator {uid}")).await.id
}

async fn set_temperature(owner: &Owner<'_>, id: i64, temperature: f64) {
    let answer = owner.set_temperature(id, temperature).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
}

/// A radiator registered and emulated on the broker, once it works to `temperature`: its id,
/// uid and emulator.
async fn emulated_radiator_at(
    owner: &Owner<'_>,
    url: &str,
    temperature: f64,
) -> (i64, String, Emulator) {
    let app = owner.app;
    let uid = fresh_uid();
    let id = register(owner, &uid).await;
    let emulator = Emulator::start(url, std::slice::from_ref(&uid)).unwrap();
    let gateway = app.mqtt.as_ref().unwrap();
    eventually("the gateway hears the radiator", || async { gateway.is_online(&uid) }).await;
    set_temperature(owner, id, temperature).await;
    eventually("the radiator works to the new target", || async {
        emulator.heater_of(&uid) == Some((true, temperature))
    })
    .await;
    (id, uid, emulator)
}

/// A bare client on the broker standing in for a device that never acknowledges: answers the
/// client and the commands sent to `uid`, once it is subscribed.
async fn silent_device(url: &str, uid: &str) -> (AsyncClient, mpsc::UnboundedReceiver<SetCommand>) {
    let (client, mut events) = AsyncClient::new(options(url, &fresh_uid()).unwrap(), 16);
    client.subscribe(topic(uid, "set"), QoS::AtLeastOnce).await.unwrap();
    let (subscribed_tx, subscribed) = tokio::sync::oneshot::channel();
    let (commands_tx, commands) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut subscribed_tx = Some(subscribed_tx);
        while let Ok(event) = events.poll().await {
            match event {
                Event::Incoming(Packet::SubAck(_)) => {
                    subscribed_tx.take().map(|tx| tx.send(()));
                }
                Event::Incoming(Packet::Publish(message)) => {
                    let command = serde_json::from_slice(&message.payload).expect("a command");
                    if commands_tx.send(command).is_err() {
                        return;
                    }
                }
                _ => {}
            }
        }
    });
    tokio::time::timeout(Duration::from_secs(10), subscribed).await.unwrap().unwrap();
    (client, commands)
}

/// The device announces itself online, as a real one does on connecting.
async fn announce(device: &AsyncClient, uid: &str) {
    device.publish(topic(uid, "availability"), QoS::AtLeastOnce, false, "online").await.unwrap();
}

/// The next command that `wanted` accepts. Others are skipped: a command published just
/// before the device subscribed may still reach it, since publishing is queued.
async fn next_where(
    commands: &mut mpsc::UnboundedReceiver<SetCommand>,
    what: &str,
    wanted: impl Fn(&SetCommand) -> bool,
) -> SetCommand {
    let found = async {
        loop {
            let command = commands.recv().await.expect("the device is connected");
            if wanted(&command) {
                return command;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), found).await.unwrap_or_else(|_| {
        panic!("no command {what} within 10 s");
    })
}

#[tokio::test]
async fn a_command_reaches_an_emulated_radiator_is_acknowledged_and_its_reports_are_stored() {
    let Some((app, url)) = TestApp::spawn_with_mqtt(Db::Sqlite).await else { return };
    let gateway = app.mqtt.clone().unwrap();
    let owner = app.register_business("mqtt@example.com").await;
    let (id, _, emulator) = emulated_radiator_at(&owner, &url, 23.5).await;
    eventually("every command is acknowledged", || async { gateway.unacknowledged().is_empty() })
        .await;

    emulator.report(60.0, app.clock.now());
    eventually("the report is stored", || async { owner.radiator(id).await.online == 1 }).await;
    let radiator = owner.radiator(id).await;
    assert_eq!(radiator.target_temperature, 23.5);
    assert!(radiator.current_temperature.is_some_and(|t| (5.0..30.0).contains(&t)));
    assert!(radiator.power_w.is_some());
}

#[tokio::test]
async fn an_unacknowledged_command_is_sent_again_with_the_same_id_until_acknowledged() {
    let Some((app, url)) = TestApp::spawn_with_mqtt(Db::Sqlite).await else { return };
    let gateway = app.mqtt.clone().unwrap();
    let owner = app.register_business("retry@example.com").await;
    let uid = fresh_uid();
    let id = register(&owner, &uid).await;
    let (device, mut commands) = silent_device(&url, &uid).await;
    // Retries go to online devices only.
    announce(&device, &uid).await;
    eventually("the gateway hears the device", || async { gateway.is_online(&uid) }).await;

    set_temperature(&owner, id, 19.5).await;
    let first = next_where(&mut commands, "to 19.5 °C", |c| c.setpoint == 19.5).await;
    assert!(first.on);
    assert_eq!(gateway.unacknowledged(), vec![(uid.clone(), first.command_id)]);

    app.clock.advance(time::Duration::seconds(RETRY_AFTER_SECS));
    let again = next_where(&mut commands, "sent again", |c| c.command_id == first.command_id);
    assert_eq!(again.await, first, "the same command, again");

    let ack = json!({"command_id": first.command_id, "ok": true});
    device.publish(topic(&uid, "ack"), QoS::AtLeastOnce, false, ack.to_string()).await.unwrap();
    eventually("the acknowledgement clears the command", || async {
        gateway.unacknowledged().is_empty()
    })
    .await;
}

#[tokio::test]
async fn a_radiator_coming_online_is_sent_its_desired_state() {
    let Some((app, url)) = TestApp::spawn_with_mqtt(Db::Sqlite).await else { return };
    let owner = app.register_business("online@example.com").await;
    let uid = fresh_uid();
    let id = register(&owner, &uid).await;
    let off = owner.put(&format!("/v2/radiators/toggle-status/0/{id}"), json!({"status": 0})).await;
    assert_eq!(off.status, StatusCode::OK, "{:?}", off.body);
    // Sent while nothing listened, so lost (ids only grow; earlier ones may still arrive late).
    let lost = app.mqtt.as_ref().unwrap().unacknowledged();
    let (device, mut commands) = silent_device(&url, &uid).await;

    announce(&device, &uid).await;
    assert_eq!(lost.len(), 1);
    let lost_id = lost[0].1;
    let fresh = next_where(&mut commands, "after the announcement", |c| c.command_id > lost_id);
    let command = fresh.await;
    assert_eq!((command.on, command.setpoint), (false, 21.0), "its desired state");
}

#[tokio::test]
async fn a_device_whose_state_drifted_from_the_desired_one_is_sent_it_again() {
    let Some((app, url)) = TestApp::spawn_with_mqtt(Db::Sqlite).await else { return };
    let owner = app.register_business("drift@example.com").await;
    let (id, uid, emulator) = emulated_radiator_at(&owner, &url, 23.5).await;

    // A change whose command never left (the server stopped between commit and send).
    let change = sqlx::query("UPDATE radiators SET setpoint = 18.0 WHERE id = $1").bind(id);
    app.store.write(change).await.unwrap();
    app.clock.advance(time::Duration::seconds(RECONCILE_EVERY_SECS));
    eventually("the radiator is sent 18 °C", || async {
        emulator.heater_of(&uid) == Some((true, 18.0))
    })
    .await;
}

#[tokio::test]
async fn reports_of_unknown_radiators_and_stale_reports_are_not_stored() {
    let Some((app, url)) = TestApp::spawn_with_mqtt(Db::Sqlite).await else { return };
    let owner = app.register_business("stale@example.com").await;
    let (silent, lively) = (fresh_uid(), fresh_uid());
    let silent_id = register(&owner, &silent).await;
    let lively_id = register(&owner, &lively).await;
    let (device, _commands) = silent_device(&url, &silent).await;
    let report = |ts: i64| {
        json!({"temperature": 18.0, "setpoint": 21.0, "on": true, "heating": true,
            "power_w": 1500.0, "energy_wh_total": 10.0, "ts": ts})
        .to_string()
    };
    let (stale, now) = (app.clock_now() - 3600, app.clock_now());
    device.publish(topic(&silent, "state"), QoS::AtLeastOnce, false, report(stale)).await.unwrap();
    let future = app.clock_now() + 3600;
    device.publish(topic(&silent, "state"), QoS::AtLeastOnce, false, report(future)).await.unwrap();
    let absurd = i64::MIN;
    device.publish(topic(&silent, "state"), QoS::AtLeastOnce, false, report(absurd)).await.unwrap();
    device
        .publish(topic(&fresh_uid(), "state"), QoS::AtLeastOnce, false, report(now))
        .await
        .unwrap();
    // Sent last on the same connection, so handled last.
    device.publish(topic(&lively, "state"), QoS::AtLeastOnce, false, report(now)).await.unwrap();
    eventually("the fresh report is stored", || async {
        owner.radiator(lively_id).await.online == 1
    })
    .await;
    let silent = owner.radiator(silent_id).await;
    assert_eq!((silent.online, silent.current_temperature), (0, None));
    let (stored,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM radiator_states")
        .fetch_one(app.store.reader())
        .await
        .unwrap();
    assert_eq!(stored, 1, "only the known radiator with a fresh report has a state");
}
