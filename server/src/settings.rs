//! Command line and environment: every knob, its variable and its default, in one place.

use std::net::SocketAddr;

use clap::{Args, Parser, Subcommand};

use crate::connections::Limits;
use crate::kernel::values::{Cidr, Uid};
use crate::state::ContactDetails;

pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/heatdesk.db?mode=rwc";

/// HeatDesk: heating control and energy analytics for businesses with smart electric radiators.
///
/// One binary serves the JSON API (under /v2) and the web app. Logging follows RUST_LOG
/// (default: info).
#[derive(Parser, Debug)]
#[command(name = "heatdesk", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Migrate the database, then serve the API and the web app until Ctrl-C or SIGTERM.
    Serve(Box<ServeArgs>),
    /// Apply pending database migrations and exit.
    Migrate(DatabaseArgs),
    /// Run emulated radiators on an MQTT broker, for a server started with --mqtt-url.
    Emulate(EmulateArgs),
    /// Measure the energy store at scale on a fresh database: ingest against a bare insert, and
    /// each analytics call against a bare query over the rollups (README, "Benchmarks").
    Bench(BenchArgs),
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// `sqlite://PATH?mode=rwc` (the file is replaced) or a PostgreSQL URL (the bench works in
    /// a new schema and drops it).
    #[arg(
        long,
        env = "HEATDESK_BENCH_DATABASE_URL",
        default_value = "sqlite://target/bench/heatdesk-bench.db?mode=rwc"
    )]
    pub database_url: String,
    #[arg(long, default_value_t = 1000)]
    pub radiators: usize,
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u16).range(1..))]
    pub rooms: u16,
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..))]
    pub zones: u16,
    /// Days of per-minute raw readings, up to the last whole hour.
    #[arg(long, default_value_t = 35)]
    pub raw_days: i64,
    /// Days of rollups, the raw days included.
    #[arg(long, default_value_t = 365)]
    pub rollup_days: i64,
    /// The latest minutes of the raw readings, stored through the ingest path (1 to 60).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(i64).range(1..=60))]
    pub ingest_minutes: i64,
    /// Timed runs of each call after a warm-up; the median is printed.
    #[arg(long, default_value_t = 7)]
    pub runs: usize,
}

#[derive(Args, Debug)]
pub struct DatabaseArgs {
    /// Database URL: `sqlite://PATH?mode=rwc` (a file, created if missing) or
    /// `postgres://USER@HOST:PORT/DB`.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    pub database_url: String,
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address and port to listen on.
    #[arg(long, env = "HEATDESK_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    #[command(flatten)]
    pub database: DatabaseArgs,

    /// Create a demo business (unless it exists) and print its sign-in. Its radiators are
    /// simulated, so it cannot be combined with --mqtt-url.
    #[arg(long, env = "HEATDESK_DEMO", conflicts_with = "mqtt_url")]
    pub demo: bool,

    /// How much faster than real time the simulated radiators live (1 = real time; 60 = a
    /// simulated hour per real minute, for demos).
    #[arg(long, env = "HEATDESK_TIME_SCALE", default_value_t = 1.0, value_parser = parse_time_scale)]
    pub time_scale: f64,

    /// Talk to the radiators through this MQTT broker instead of simulating them in the server:
    /// `mqtt://[user:password@]host:1883`, or over TLS
    /// `mqtts://[user:password@]host:8883[?ca_file=PATH]` (trusting the usual public authorities,
    /// or only the PEM certificates in PATH). Adding a radiator then needs its claim code.
    #[arg(long, env = "HEATDESK_MQTT_URL")]
    pub mqtt_url: Option<String>,

    /// Reverse proxies in front of the server (address blocks, repeat the flag or separate with
    /// commas): only from these is `X-Forwarded-For` believed, so each user behind them is
    /// throttled by their own address. Default: none, every client is its connection's peer.
    #[arg(long = "trusted-proxy", env = "HEATDESK_TRUSTED_PROXIES", value_delimiter = ',',
        value_parser = Cidr::parse)]
    pub trusted_proxies: Vec<Cidr>,

    /// Days raw radiator readings are kept; their hourly and daily rollups are kept for good.
    #[arg(long, env = "HEATDESK_READINGS_RETENTION_DAYS", default_value_t = 35,
        value_parser = clap::value_parser!(u16).range(1..=3650))]
    pub readings_retention_days: u16,

    /// Fetch the GB grid's half-hourly carbon intensity from the Carbon Intensity API at this
    /// address (`https://api.carbonintensity.org.uk`); unset: the modelled profile only.
    #[arg(long, env = "HEATDESK_CARBON_INTENSITY_URL")]
    pub carbon_intensity_url: Option<String>,

    /// The Carbon Intensity API's region (1 North Scotland … 17 Wales); unset: all of GB.
    #[arg(long, env = "HEATDESK_CARBON_INTENSITY_REGION", requires = "carbon_intensity_url",
        value_parser = clap::value_parser!(u16).range(1..=17))]
    pub carbon_intensity_region: Option<u16>,

    /// Open connections at most; further clients wait until one closes.
    #[arg(long, env = "HEATDESK_MAX_CONNECTIONS", default_value_t = Limits::default().max_connections,
        value_parser = parse_max_connections)]
    pub max_connections: usize,

    /// Where support mail goes, and the contact page's email.
    #[arg(long, env = "HEATDESK_CONTACT_EMAIL", default_value_t = ContactDetails::default().email)]
    pub contact_email: String,

    /// The contact page's phone number.
    #[arg(long, env = "HEATDESK_CONTACT_PHONE", default_value_t = ContactDetails::default().phone)]
    pub contact_phone: String,

    /// The contact page's postal address.
    #[arg(long, env = "HEATDESK_CONTACT_ADDRESS", default_value_t = ContactDetails::default().address)]
    pub contact_address: String,

    /// The contact page's opening hours.
    #[arg(long, env = "HEATDESK_CONTACT_HOURS", default_value_t = ContactDetails::default().hours)]
    pub contact_hours: String,

    /// HeatDesk's VAT registration number (`GB123456789`), printed on its VAT invoices. Unset:
    /// payments get receipts, with no VAT shown.
    #[arg(long, env = "HEATDESK_VAT_NUMBER", value_parser = parse_vat_number)]
    pub vat_number: Option<String>,

    /// The address users open, used in links sent by mail (default: http://<bind>).
    #[arg(long, env = "HEATDESK_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Deliver mail through this SMTP server: `smtp://user:pass@host:587?tls=required`
    /// (STARTTLS), `smtps://user:pass@host:465` (TLS) or plain `smtp://host:25`.
    /// Unset: mail is only stored in the outbox table.
    #[arg(long, env = "HEATDESK_SMTP_URL")]
    pub smtp_url: Option<String>,

    /// Sender of mail delivered by SMTP.
    #[arg(
        long,
        env = "HEATDESK_MAIL_FROM",
        default_value = "HeatDesk <no-reply@heatdesk.example>"
    )]
    pub mail_from: String,
}

#[derive(Args, Debug)]
pub struct EmulateArgs {
    /// The broker the server uses (`mqtt://…` or `mqtts://…`, as for `serve`). With a password
    /// and no user name (`mqtt://:secret@host`) each radiator signs in under its own uid.
    #[arg(long, env = "HEATDESK_MQTT_URL")]
    pub mqtt_url: String,

    /// The uids of the radiators to emulate (repeat the flag or separate with commas).
    #[arg(long = "uid", required = true, value_delimiter = ',', value_parser = parse_uid)]
    pub uids: Vec<String>,

    /// How much faster than real time the radiators live.
    #[arg(long, env = "HEATDESK_TIME_SCALE", default_value_t = 1.0, value_parser = parse_time_scale)]
    pub time_scale: f64,
}

impl ServeArgs {
    pub fn limits(&self) -> Limits {
        Limits { max_connections: self.max_connections, ..Limits::default() }
    }

    pub fn public_url(&self, bound: SocketAddr) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{bound}"),
        }
    }
}

fn parse_time_scale(raw: &str) -> Result<f64, String> {
    match raw.parse::<f64>() {
        Ok(scale) if (1.0..=3600.0).contains(&scale) => Ok(scale),
        _ => Err("use a number from 1 to 3600".into()),
    }
}

fn parse_max_connections(raw: &str) -> Result<usize, String> {
    match raw.parse::<usize>() {
        Ok(count) if (1..=1_000_000).contains(&count) => Ok(count),
        _ => Err("use a number from 1 to 1000000".into()),
    }
}

/// A UK VAT number: GB (or XI, Northern Ireland) and 9 digits, or 12 for a group; spaces are
/// dropped and the letters taken in any case.
fn parse_vat_number(raw: &str) -> Result<String, String> {
    let number: String =
        raw.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase();
    let digits = number.strip_prefix("GB").or_else(|| number.strip_prefix("XI"));
    match digits {
        Some(digits)
            if [9, 12].contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()) =>
        {
            Ok(number)
        }
        _ => Err("use GB and 9 digits, as GB123456789".into()),
    }
}

fn parse_uid(raw: &str) -> Result<String, String> {
    Uid::parse(raw).map(Uid::into_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vat_number_is_gb_or_xi_and_9_or_12_digits_kept_without_spaces_in_capitals() {
        assert_eq!(parse_vat_number("gb 123 4567 89"), Ok("GB123456789".to_owned()));
        assert_eq!(parse_vat_number("XI123456789012"), Ok("XI123456789012".to_owned()));
        for wrong in ["123456789", "GB12345678", "GB1234567890", "FR123456789", "GB12345678X"] {
            assert!(parse_vat_number(wrong).is_err(), "{wrong}");
        }
    }

    #[test]
    fn the_readme_lists_every_flag_of_serve_with_its_variable() {
        use clap::CommandFactory;
        let readme = include_str!("../../README.md");
        let table: std::collections::BTreeSet<(String, String)> = readme
            .lines()
            .filter_map(|line| {
                let mut cells = line.strip_prefix("| `--")?.split(" | ");
                let flag = cells.next()?.trim_end_matches('`');
                let variable = cells.next()?.trim_matches('`');
                Some((flag.to_owned(), variable.to_owned()))
            })
            .collect();
        let cli = Cli::command();
        let serve = cli.find_subcommand("serve").expect("serve");
        let flags: std::collections::BTreeSet<(String, String)> = serve
            .get_arguments()
            .filter_map(|argument| {
                let variable = argument.get_env()?.to_string_lossy().into_owned();
                Some((argument.get_long()?.to_owned(), variable))
            })
            .collect();
        assert_eq!(table, flags);
    }
}
