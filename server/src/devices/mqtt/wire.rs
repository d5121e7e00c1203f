//! What travels on the broker (DESIGN.md §4): the topics, the JSON of each message, the claim
//! a device announces, and connection options for `mqtt://` and `mqtts://` URLs.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use rumqttc::{MqttOptions, TlsConfiguration, Transport};
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::devices::Report;

/// `heatdesk/radiators/{uid}/{leaf}`, where leaf is `state`, `set`, `ack`, `availability` or
/// `hello`.
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

/// Device → server, retained: the hash of the claim code printed on the device, so that only
/// someone holding the device (or its label) can add it to a business.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct HelloMessage {
    /// [`claim_hash`] of the device's uid and claim code, in hex.
    pub claim_hash: String,
}

/// SHA-256 of `uid:CODE`, the code in capitals without spaces or dashes, so that `k7q2-9xpm`
/// and `K7Q2 9XPM` are the same code, and equal codes on two devices hash apart.
pub fn claim_hash(uid: &str, code: &str) -> [u8; 32] {
    let code: String =
        code.chars().filter(|c| !matches!(c, ' ' | '-')).map(|c| c.to_ascii_uppercase()).collect();
    Sha256::digest(format!("{uid}:{code}")).into()
}

/// Connection options for `mqtt://[user:password@]host[:1883]` and
/// `mqtts://[user:password@]host[:8883][?ca_file=PATH]` (TLS, trusting the public web's
/// authorities, or only the PEM certificates in `ca_file`).
pub fn options(url: &str, client_id: &str) -> anyhow::Result<MqttOptions> {
    // Never the URL itself in a message: it may hold a password.
    let parsed = url::Url::parse(url).context("the MQTT URL is not a URL")?;
    let tls = match parsed.scheme() {
        "mqtt" | "tcp" => false,
        "mqtts" | "ssl" => true,
        other => anyhow::bail!("use an MQTT URL like mqtts://host:8883, not {other}://…"),
    };
    let host = parsed.host_str().context("the MQTT URL has no host")?;
    let port = parsed.port().unwrap_or(if tls { 8883 } else { 1883 });
    let mut options = MqttOptions::new(client_id, host, port);
    options.set_keep_alive(Duration::from_secs(30));
    // Larger than any message of ours, so a big one is read and dropped rather than breaking
    // the connection (which a retained one would do again on every reconnection).
    options.set_max_packet_size(MAX_INCOMING_PACKET_BYTES, MAX_OUTGOING_PACKET_BYTES);
    if !parsed.username().is_empty() {
        let password = password(&parsed).unwrap_or_default();
        options.set_credentials(decoded(parsed.username()), password);
    }
    if tls {
        let ca_file = parsed.query_pairs().find(|(key, _)| key == "ca_file");
        let config = tls_config(ca_file.map(|(_, path)| path.into_owned()))?;
        options.set_transport(Transport::tls_with_config(TlsConfiguration::Rustls(config)));
    }
    Ok(options)
}

/// The URL's password as typed (URLs carry it percent-encoded).
pub fn password(url: &url::Url) -> Option<String> {
    url.password().map(decoded)
}

fn decoded(text: &str) -> String {
    percent_encoding::percent_decode_str(text).decode_utf8_lossy().into_owned()
}

/// The largest packet read from the broker; messages above [`MAX_PAYLOAD_BYTES`] are dropped
/// once read.
const MAX_INCOMING_PACKET_BYTES: usize = 1024 * 1024;
const MAX_OUTGOING_PACKET_BYTES: usize = 16 * 1024;

/// The largest message a radiator has reason to send; ours are under 200 bytes.
pub const MAX_PAYLOAD_BYTES: usize = 4 * 1024;

fn tls_config(ca_file: Option<String>) -> anyhow::Result<Arc<rustls::ClientConfig>> {
    let mut roots = rustls::RootCertStore::empty();
    match ca_file {
        Some(path) => {
            let certificates = CertificateDer::pem_file_iter(&path)
                .and_then(Iterator::collect::<Result<Vec<_>, _>>)
                .with_context(|| format!("cannot read the CA certificates in {path}"))?;
            anyhow::ensure!(!certificates.is_empty(), "{path} holds no PEM certificate");
            for certificate in certificates {
                roots.add(certificate).with_context(|| format!("a certificate in {path}"))?;
            }
        }
        None => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .context("TLS setup")?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
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
        assert!(options("mqtts://broker", "t").is_ok());
        assert!(options("http://broker", "t").is_err());
        assert!(options("not a url", "t").is_err());
        let wrong = options("http://user:hunter2@broker", "t").unwrap_err();
        assert!(!format!("{wrong:#}").contains("hunter2"), "{wrong:#}");
        let login = options("mqtt://radiator%2F1:p%40ss@broker", "t").unwrap().credentials();
        assert_eq!(
            login.map(|l| (l.username, l.password)),
            Some(("radiator/1".into(), "p@ss".into()))
        );
        let missing = options("mqtts://broker?ca_file=/nowhere/ca.pem", "t").unwrap_err();
        assert!(format!("{missing:#}").contains("/nowhere/ca.pem"), "{missing:#}");
    }

    #[test]
    fn a_claim_code_is_read_as_printed_and_hashed_with_its_uid() {
        assert_eq!(claim_hash("HD-1", "k7q2-9xpm"), claim_hash("HD-1", "K7Q2 9XPM"));
        assert_ne!(claim_hash("HD-1", "K7Q29XPM"), claim_hash("HD-2", "K7Q29XPM"));
        assert_ne!(claim_hash("HD-1", "K7Q29XPM"), claim_hash("HD-1", "K7Q29XPN"));
    }
}
