//! The broker setup of `deploy/mosquitto/` (TLS, a password per client, the ACL), run as a
//! Mosquitto of its own on a free port with a test CA: the server reaches its radiators over
//! `mqtts://`, and a radiator can neither forge another's reports nor read its commands.
//! Runs where TEST_MQTT_URL is set and `mosquitto`, `mosquitto_passwd` and `openssl` are
//! installed; skips with the reason otherwise.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use heatdesk::devices::emulator::Emulator;
use heatdesk::devices::mqtt::{options, topic};
use reqwest::StatusCode;
use rumqttc::{AsyncClient, Event, Packet, QoS};
use serde_json::json;

use crate::support::{Db, Radiator, TestApp, eventually, radiator};

const SERVER_PASSWORD: &str = "server-secret";
const DEVICE_PASSWORD: &str = "device-secret";

/// Mosquitto from the shipped config, with its files in a temporary folder; stopped on drop.
struct Broker {
    port: u16,
    dir: tempfile::TempDir,
    process: Child,
}

impl Drop for Broker {
    fn drop(&mut self) {
        self.process.kill().ok();
        self.process.wait().ok();
    }
}

fn run(program: &str, args: &[&str], dir: &Path) {
    let status = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap_or_else(|error| panic!("cannot run {program}: {error}"));
    assert!(status.success(), "{program} {args:?} failed");
}

impl Broker {
    /// A broker where the server and the radiators `uids` have their passwords.
    async fn start(uids: &[&str]) -> Option<Self> {
        if std::env::var("TEST_MQTT_URL").is_err() {
            eprintln!("skipped: TEST_MQTT_URL is not set");
            return None;
        }
        for program in ["mosquitto", "mosquitto_passwd", "openssl"] {
            let mut found = Command::new("sh");
            found.args(["-c", &format!("command -v {program}")]).stdout(Stdio::null());
            if !found.status().is_ok_and(|status| status.success()) {
                eprintln!("skipped: {program} is not installed");
                return None;
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path();
        // A CA, and a certificate for 127.0.0.1 that it signed.
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
        let ca = [&["req", "-x509"], &ec[..], &["-keyout", "ca.key", "-out", "ca.pem"]].concat();
        run("openssl", &[&ca[..], &["-days", "2", "-subj", "/CN=HeatDesk test CA"]].concat(), path);
        let csr = [&["req"], &ec[..], &["-keyout", "server.key", "-out", "server.csr"]].concat();
        run("openssl", &[&csr[..], &["-subj", "/CN=127.0.0.1"]].concat(), path);
        std::fs::write(path.join("san.ext"), "subjectAltName=IP:127.0.0.1\n").unwrap();
        let sign = ["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key"];
        let sign = [&sign[..], &["-CAcreateserial", "-out", "server.pem", "-days", "2"]].concat();
        run("openssl", &[&sign[..], &["-extfile", "san.ext"]].concat(), path);
        run(
            "mosquitto_passwd",
            &["-b", "-c", "passwords", "heatdesk-server", SERVER_PASSWORD],
            path,
        );
        for uid in uids {
            run("mosquitto_passwd", &["-b", "passwords", uid, DEVICE_PASSWORD], path);
        }
        let deploy = Path::new(env!("CARGO_MANIFEST_DIR")).join("../deploy/mosquitto");
        std::fs::copy(deploy.join("acl"), path.join("acl")).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let shipped = std::fs::read_to_string(deploy.join("heatdesk.conf")).unwrap();
        let config = shipped
            .replace("/etc/mosquitto/heatdesk/", &format!("{}/", path.display()))
            .replace("listener 8883", &format!("listener {port} 127.0.0.1"));
        assert_ne!(config, shipped);
        std::fs::write(path.join("mosquitto.conf"), config).unwrap();
        // Mosquitto started as root reads its files as the `mosquitto` user (a throw-away key
        // in a temporary folder; a real install keeps them readable by that user only).
        run("chmod", &["-R", "a+rX", "."], path);
        let process = Command::new("mosquitto")
            .args(["-c", "mosquitto.conf"])
            .current_dir(path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("mosquitto");
        let broker = Self { port, dir, process };
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return Some(broker);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("mosquitto did not start on port {port}");
    }

    fn ca_file(&self) -> PathBuf {
        self.dir.path().join("ca.pem")
    }

    fn url(&self, user: &str, password: &str) -> String {
        let ca = self.ca_file();
        format!("mqtts://{user}:{password}@127.0.0.1:{}?ca_file={}", self.port, ca.display())
    }
}

/// A report measured at `ts` (the test clock's time).
fn report(temperature: f64, ts: i64) -> String {
    json!({"temperature": temperature, "setpoint": 21.0, "on": true, "heating": false,
        "power_w": 0.0, "energy_wh_total": 5.0, "ts": ts})
    .to_string()
}

#[tokio::test]
async fn over_tls_a_radiator_writes_only_its_own_topics_and_reads_only_its_own_commands() {
    let (mine, other) = ("ACL-MINE", "ACL-OTHER");
    let Some(broker) = Broker::start(&[mine, other]).await else { return };
    let server_url = broker.url("heatdesk-server", SERVER_PASSWORD);
    let app = TestApp::spawn_with_broker(Db::Sqlite, server_url).await.unwrap();
    // Both radiators, each signed in under its own uid (`mqtts://:password@…`).
    let uids = [mine.to_owned(), other.to_owned()];
    let emulator =
        Emulator::start(&broker.url("", DEVICE_PASSWORD), &uids, Arc::new(app.clock.clone()))
            .unwrap();
    let gateway = app.mqtt.clone().unwrap();
    eventually("the server hears both claims over TLS", || async {
        gateway.heard_claim(mine) && gateway.heard_claim(other)
    })
    .await;
    let owner = app.register_business("acl@example.com").await;
    let mut ids = Vec::new();
    for uid in uids.iter() {
        let mut body = radiator(uid, uid);
        body["claim_code"] = json!(emulator.claim_code(uid).unwrap());
        let added = owner.post("/v2/radiators", body).await;
        assert_eq!(added.status, StatusCode::OK, "{:?}", added.body);
        ids.push(added.data::<Radiator>("radiator").id);
    }
    let (mine_id, other_id) = (ids[0], ids[1]);

    // `mine`'s credentials, trying to listen to `other`'s commands and to report for it.
    let (forger, mut events) =
        AsyncClient::new(options(&broker.url(mine, DEVICE_PASSWORD), "forger").unwrap(), 16);
    let (heard_tx, mut heard) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok(event) = events.poll().await {
            if let Event::Incoming(Packet::Publish(message)) = event {
                heard_tx.send(message.topic).ok();
            }
        }
    });
    forger.subscribe(topic(other, "set"), QoS::AtLeastOnce).await.unwrap();
    forger.subscribe(topic(mine, "set"), QoS::AtLeastOnce).await.unwrap();
    forger
        .publish(topic(other, "state"), QoS::AtLeastOnce, false, report(35.5, app.clock_now()))
        .await
        .unwrap();
    forger
        .publish(topic(mine, "state"), QoS::AtLeastOnce, false, report(30.5, app.clock_now()))
        .await
        .unwrap();
    eventually("its own report is stored", || async {
        owner.radiator(mine_id).await.current_temperature == Some(30.5)
    })
    .await;
    // What `other` reported itself (16–19 °C, on its first command), never the forgery.
    let reported = owner.radiator(other_id).await.current_temperature;
    assert_ne!(reported, Some(35.5), "the forgery is dropped");

    // Commands to `other`, then to `mine`: the forger hears its own only.
    for (id, temperature) in [(other_id, 18.0), (mine_id, 19.0)] {
        let body = json!({"radiator_id": id, "temperature": temperature});
        let set = owner.put("/v2/radiators/set-temperature", body).await;
        assert_eq!(set.status, StatusCode::OK);
    }
    eventually("the radiator hears its command", || async {
        emulator.heater_of(other) == Some((true, 18.0))
    })
    .await;
    let first = tokio::time::timeout(Duration::from_secs(10), heard.recv()).await.unwrap();
    assert_eq!(first.unwrap(), topic(mine, "set"), "never another radiator's command");
}
