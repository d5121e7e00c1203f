//! The MQTT device gateway against the real broker of TEST_MQTT_URL (skipped when unset):
//! commands reach radiators and are acknowledged, unacknowledged ones are retried, a radiator
//! coming online gets its desired state, a device that drifted is reconciled, and only fresh
//! reports of known radiators are stored; a radiator is added with the claim code it announced,
//! reports that cannot be true are refused, and an oversized message breaks nothing.

use std::sync::Arc;
use std::time::Duration;

use heatdesk::clock::Clock;
use heatdesk::devices::emulator::Emulator;
use heatdesk::devices::mqtt::event_loop::RECONCILE_EVERY_SECS;
use heatdesk::devices::mqtt::{RETRY_AFTER_SECS, SetCommand, claim_hash, options, topic};
use reqwest::StatusCode;
use rumqttc::{AsyncClient, Event, Packet, QoS};
use serde_json::json;
use tokio::sync::mpsc;

use crate::support::{Db, Owner, Radiator, TestApp, eventually, logs, radiator};

/// A uid no other test (or earlier run) on the shared broker uses.
fn fresh_uid() -> String {
    format!("MQTT-{}", hex::encode(rand::random::<[u8; 5]>()))
}

const CLAIM_CODE: &str = "TEST-CODE";

/// Publishes one message from a client of its own and waits until the broker has it.
async fn publish_once(url: &str, topic: String, retain: bool, payload: Vec<u8>) {
    let mut options = options(url, &fresh_uid()).unwrap();
    options.set_max_packet_size(1024 * 1024, 1024 * 1024);
    let (client, mut events) = AsyncClient::new(options, 16);
    client.publish(topic, QoS::AtLeastOnce, retain, payload).await.unwrap();
    let acknowledged = async {
        while !matches!(events.poll().await.unwrap(), Event::Incoming(Packet::PubAck(_))) {}
    };
    tokio::time::timeout(Duration::from_secs(10), acknowledged).await.expect("published");
    client.disconnect().await.ok();
}

/// Announces `uid`'s claim code as its device does on connecting (not retained, so the shared
/// broker keeps nothing), and waits until the gateway heard it.
async fn announce_claim(app: &TestApp, url: &str, uid: &str) {
    let hello = json!({"claim_hash": hex::encode(claim_hash(uid, CLAIM_CODE))});
    publish_once(url, topic(uid, "hello"), false, hello.to_string().into_bytes()).await;
    let gateway = app.mqtt.as_ref().unwrap();
    eventually("the gateway hears the claim", || async { gateway.heard_claim(uid) }).await;
}

/// Adds the radiator `uid` without a room with `claim_code`.
async fn add_claimed(owner: &Owner<'_>, uid: &str, claim_code: &str) -> crate::support::Answer {
    let mut body = radiator(uid, &format!("Radiator {uid}"));
    body["claim_code"] = json!(claim_code);
    owner.post("/v2/radiators", body).await
}

/// Registers a radiator without a room, its device having announced its claim; answers its id.
async fn register(owner: &Owner<'_>, url: &str, uid: &str) -> i64 {
    announce_claim(owner.app, url, uid).await;
    let added = add_claimed(owner, uid, CLAIM_CODE).await;
    assert_eq!(added.status, StatusCode::OK, "{:?}", added.body);
    added.data::<Radiator>("radiator").id
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
    let emulator =
        Emulator::start(url, std::slice::from_ref(&uid), Arc::new(app.clock.clone())).unwrap();
    let gateway = app.mqtt.as_ref().unwrap();
    eventually("the gateway hears the claim", || async { gateway.heard_claim(&uid) }).await;
    let added = add_claimed(owner, &uid, emulator.claim_code(&uid).unwrap()).await;
    assert_eq!(added.status, StatusCode::OK, "{:?}", added.body);
    let id = added.data::<Radiator>("radiator").id;
    // Its retained "online" came before it was registered; its first report tells the gateway.
    emulator.report(60.0, app.clock.now());
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
async fn an_emulated_radiator_reports_what_a_command_changed_at_once() {
    let Some((app, url)) = TestApp::spawn_with_mqtt(Db::Sqlite).await else { return };
    let owner = app.register_business("mqtt@example.com").await;
    // On at 25 °C in a room at 16–19 °C: heating, as its report stores.
    let (id, _, emulator) = emulated_radiator_at(&owner, &url, 25.0).await;
    emulator.report(60.0, app.clock.now());
    eventually("it heats", || async { owner.radiator(id).await.heating == 1 }).await;
    let room = owner.radiator(id).await.room_id.unwrap_or(0);
    let toggle = format!("/v2/radiators/toggle-status/{room}/{id}");
    assert_eq!(owner.put(&toggle, json!({"status": 0})).await.status, StatusCode::OK);
    // No minute passes: the report that says so is the one the command set off.
    eventually("it says it stopped", || async {
        let radiator = owner.radiator(id).await;
        radiator.heating == 0 && radiator.power_w == Some(0.0)
    })
    .await;
}

#[tokio::test]
async fn an_unacknowledged_command_is_sent_again_with_the_same_id_until_acknowledged() {
    let Some((app, url)) = TestApp::spawn_with_mqtt(Db::Sqlite).await else { return };
    let gateway = app.mqtt.clone().unwrap();
    let owner = app.register_business("retry@example.com").await;
    let uid = fresh_uid();
    let id = register(&owner, &url, &uid).await;
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
    let id = register(&owner, &url, &uid).await;
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
    let silent_id = register(&owner, &url, &silent).await;
    let lively_id = register(&owner, &url, &lively).await;
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

#[tokio::test]
async fn adding_a_real_radiator_needs_the_claim_code_it_announced() {
    let Some((app, url)) = TestApp::spawn_with_mqtt(Db::Sqlite).await else { return };
    let owner = app.register_business("claim@example.com").await;
    let uid = fresh_uid();
    let emulator =
        Emulator::start(&url, std::slice::from_ref(&uid), Arc::new(app.clock.clone())).unwrap();
    let gateway = app.mqtt.clone().unwrap();
    eventually("the gateway hears the claim", || async { gateway.heard_claim(&uid) }).await;
    let code = emulator.claim_code(&uid).unwrap().to_owned();

    let without = owner.post("/v2/radiators", radiator(&uid, "Hall")).await;
    assert_eq!(without.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(without.field_error("claim_code"), "Enter the claim code printed on the radiator.");
    let wrong = add_claimed(&owner, &uid, "WRONG-CODE").await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    let unknown = add_claimed(&owner, &fresh_uid(), &code).await;
    assert_eq!(unknown.body, wrong.body, "an unknown device answers as a wrong code");

    // Read as printed: any case, with or without the dash.
    let added = add_claimed(&owner, &uid, &code.to_lowercase().replace('-', " ")).await;
    assert_eq!(added.status, StatusCode::OK, "{:?}", added.body);
    // Real radiators: the list does not call them simulated.
    assert_eq!(owner.get("/v2/radiators").await.body["data"]["simulated"], false);

    let rival = app.register_business("rival@example.com").await;
    let taken = add_claimed(&rival, &uid, &code).await;
    assert_eq!(taken.status, StatusCode::UNPROCESSABLE_ENTITY, "not 409: nobody learns it exists");
    assert_eq!(taken.body, wrong.body);
    // Through a room too, with a code or without.
    let lobby = rival.add_room("Lobby").await.id;
    let mut body = radiator(&uid, "Lobby 1");
    body["claim_code"] = json!(code);
    let taken = rival.post(&format!("/v2/rooms/{lobby}/radiators"), body).await;
    assert_eq!(taken.body, wrong.body);
    let taken = rival.attach(lobby, &uid, "Lobby 1").await;
    assert_eq!(taken.body, without.body);
}

#[tokio::test]
async fn reports_that_cannot_be_true_are_refused_and_a_device_that_keeps_sending_them_is_an_error()
{
    let Some((app, url)) = TestApp::spawn_with_mqtt(Db::Sqlite).await else { return };
    let owner = app.register_business("liar@example.com").await;
    let uid = fresh_uid();
    let id = register(&owner, &url, &uid).await;
    let (device, _commands) = silent_device(&url, &uid).await;
    let now = app.clock_now();
    let send = |temperature: f64, power_w: f64, energy_wh_total: f64| {
        let report = json!({"temperature": temperature, "setpoint": 21.0, "on": true,
            "heating": true, "power_w": power_w, "energy_wh_total": energy_wh_total, "ts": now});
        let device = device.clone();
        let topic = topic(&uid, "state");
        async move {
            device.publish(topic, QoS::AtLeastOnce, false, report.to_string()).await.unwrap();
        }
    };
    let stored_total = || async {
        let total: Option<(f64,)> =
            sqlx::query_as("SELECT energy_wh_total FROM radiator_states WHERE radiator_id = $1")
                .bind(id)
                .fetch_optional(app.store.reader())
                .await
                .unwrap();
        total.map(|(total,)| total)
    };

    send(500.0, 1500.0, 10.0).await;
    send(20.0, -1e300, 10.0).await;
    send(20.0, 1500.0, 10.0).await; // believable: the counter's start
    eventually("the believable report is stored", || async { stored_total().await == Some(10.0) })
        .await;
    assert!(logs().contains(&format!("a radiator keeps sending refused messages uid=\"{uid}\"")));

    send(20.0, 1500.0, 1e12).await; // a jump no radiator can count in a minute
    let refused = "its energy counter jumped";
    eventually("the jump is refused", || async {
        logs().lines().any(|line| line.contains(&uid) && line.contains(refused))
    })
    .await;
    send(20.0, 1500.0, 35.0).await;
    eventually("counting goes on", || async { stored_total().await == Some(35.0) }).await;
    let (readings_wh,): (f64,) =
        sqlx::query_as("SELECT COALESCE(SUM(energy_wh), 0) FROM readings WHERE radiator_id = $1")
            .bind(id)
            .fetch_one(app.store.reader())
            .await
            .unwrap();
    assert!(readings_wh <= 25.0, "no reading counts the jump: {readings_wh} Wh");
}

#[tokio::test]
async fn an_oversized_retained_message_does_not_break_the_gateway() {
    let Ok(url) = std::env::var("TEST_MQTT_URL") else {
        eprintln!("skipped: TEST_MQTT_URL is not set");
        return;
    };
    // Over rumqttc's default limit of 10 KiB, which once made every reconnection fail again.
    let big = topic(&fresh_uid(), "state");
    publish_once(&url, big.clone(), true, vec![b'x'; 20 * 1024]).await;
    let (app, url) = TestApp::spawn_with_mqtt(Db::Sqlite).await.expect("TEST_MQTT_URL is set");
    let owner = app.register_business("big@example.com").await;
    let uid = fresh_uid();
    let id = register(&owner, &url, &uid).await;
    let (device, mut commands) = silent_device(&url, &uid).await;
    announce(&device, &uid).await;
    set_temperature(&owner, id, 19.0).await;
    next_where(&mut commands, "after the big message", |c| c.setpoint == 19.0).await;
    publish_once(&url, big, true, Vec::new()).await; // the broker forgets it
}
