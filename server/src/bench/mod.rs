//! `heatdesk bench`: the energy store at scale. It builds a business of (by default) 1,000
//! radiators in 200 rooms and 20 zones with a year of rollups and 35 days of per-minute raw
//! readings, on a fresh SQLite file or PostgreSQL schema, and prints
//! - ingest: rows a second through the path radiator reports take (readings, states, rollups),
//!   against a bare batched insert of the same rows into the readings table;
//! - each analytics call over HTTP, against a bare SQL query over the rollups that reads the
//!   same rows (medians of several runs);
//! - a year's CO2 saving with the baseline of real radiators (degree-days), which the simulated
//!   radiators' HTTP calls do not reach, in process against its bare query;
//! - a schedule engine round.

mod calls;
mod fill;

pub use calls::{degree_day_saving_bare, planned_calls};

use std::sync::Arc;
use std::time::Instant;

use crate::app::launch;
use crate::clock::{Clock, SystemClock};
use crate::connections::Limits;
use crate::devices::simulator::SimulatedFleet;
use crate::mail::Mailer;
use crate::settings::BenchArgs;
use crate::state::{AppConfig, AppState, ContactDetails};
use crate::store::Store;

pub async fn run(args: BenchArgs) -> anyhow::Result<()> {
    let database = FreshDatabase::create(&args.database_url).await?;
    let result = bench(&args, &database.url).await;
    database.drop().await?;
    result
}

async fn bench(args: &BenchArgs, url: &str) -> anyhow::Result<()> {
    let store = Store::connect(url).await?;
    store.migrate().await?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let contact = ContactDetails::default();
    let config = AppConfig { public_url: base.clone(), trusted_proxies: Vec::new(), contact };
    // Radiators are simulated but not run: the bench writes their history itself.
    let devices = Arc::new(SimulatedFleet::default());
    let state = AppState::new(store, devices, clock, Mailer::outbox(), config);

    let started = Instant::now();
    let fleet = fill::building(&state, args).await?;
    eprintln!(
        "{} zones, {} rooms, {} radiators made in {:.1} s",
        args.zones,
        args.rooms,
        fleet.radiators.len(),
        started.elapsed().as_secs_f64()
    );
    let now = state.clock.now().unix_timestamp();
    let end = now - now.rem_euclid(3600);
    // The timed minutes end half an hour before the hour, so the hour they cross closes each
    // radiator's open hour once, as every hour does in steady use.
    let ingest_to = end - 1800;
    let ingest_from = ingest_to - args.ingest_minutes * 60;
    let raw_from = end - args.raw_days * 86_400;
    let started = Instant::now();
    fill::hourly_history(&state, &fleet, end - args.rollup_days * 86_400, raw_from).await?;
    fill::minute_history(&state, &fleet, raw_from, ingest_from).await?;
    eprintln!("history written in {:.0} s", started.elapsed().as_secs_f64());
    fill::settle(&state).await?;
    let (rows, ingest, bare) =
        fill::ingest_against_bare(&state, &fleet, ingest_from, ingest_to).await?;

    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(launch(listener, state.clone(), Limits::default(), async {
        stopped.await.ok();
    }));
    let timings = calls::time_calls(&state, &base, &fleet, args.runs).await;
    let sizes = sizes(&state.store).await;
    // Stopping the server closes the store.
    stop.send(()).ok();
    server.await?;
    let (timings, sizes) = (timings?, sizes?);

    let backend = if url.starts_with("postgres") { "PostgreSQL" } else { "SQLite" };
    println!(
        "{backend}: {} radiators, {} rooms, {} zones; {} raw readings, {} hourly, {} daily and \
         {} monthly rollups",
        fleet.radiators.len(),
        args.rooms,
        args.zones,
        sizes.0,
        sizes.1,
        sizes.2,
        sizes.3
    );
    let (ingest_rate, bare_rate) =
        (rows as f64 / ingest.as_secs_f64(), rows as f64 / bare.as_secs_f64());
    println!(
        "ingest: {ingest_rate:.0} rows/s; bare batched insert: {bare_rate:.0} rows/s; {:.0} % \
         ({rows} rows, {} minutes of every radiator)",
        ingest_rate / bare_rate * 100.0,
        args.ingest_minutes
    );
    // Where the bare query takes a fraction of a millisecond, any request's own cost (HTTP,
    // the session, the business's settings) is most of the answer: shown as the floor.
    let floor = timings.floor.as_secs_f64() * 1e3;
    println!("\nan authenticated request's floor (GET /v2/auth/me): {floor:.2} ms");
    println!(
        "\n| call | API (median ms) | bare SQL (median ms) | ratio | API / (bare + floor) |\n\
         |---|---|---|---|---|"
    );
    for timing in timings.calls {
        let (api, bare) = (timing.api.as_secs_f64() * 1e3, timing.bare.as_secs_f64() * 1e3);
        println!(
            "| {} | {api:.1} | {bare:.1} | {:.2} | {:.2} |",
            timing.call,
            api / bare,
            api / (bare + floor)
        );
    }
    let degree_days = timings.degree_days;
    let ms = |duration: std::time::Duration| duration.as_secs_f64() * 1e3;
    println!(
        "\nCO2 savings, a year, with real radiators' baseline (degree-days; in process, no HTTP): \
         the first, which works out the year's days and stores them, {:.1} ms; then {:.1} ms \
         against its bare SQL {:.1} ms",
        ms(degree_days.worked_out),
        ms(degree_days.stored),
        ms(degree_days.bare)
    );
    let (first, steady) = timings.engine;
    println!(
        "\nschedule engine round, every radiator under a schedule, the bank holidays closed: the \
         first (sets {} radiators) {:.1} ms; one with nothing to change (a change's wake) {:.1} ms",
        fleet.radiators.len(),
        first.as_secs_f64() * 1e3,
        steady.as_secs_f64() * 1e3
    );
    Ok(())
}

/// Raw readings, hourly, daily and monthly rollups of radiators.
async fn sizes(store: &Store) -> anyhow::Result<(i64, i64, i64, i64)> {
    Ok(sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM readings), (SELECT COUNT(*) FROM energy_hourly),
             (SELECT COUNT(*) FROM energy_daily), (SELECT COUNT(*) FROM energy_monthly)",
    )
    .fetch_one(store.reader())
    .await?)
}

/// The bench's database: the SQLite file at the URL, replaced; or a new schema in the
/// PostgreSQL database, dropped afterwards.
struct FreshDatabase {
    url: String,
    /// The PostgreSQL URL and the schema to drop.
    schema: Option<(String, String)>,
}

impl FreshDatabase {
    async fn create(url: &str) -> anyhow::Result<Self> {
        if let Some(rest) = url.strip_prefix("sqlite://") {
            let path = std::path::Path::new(rest.split('?').next().unwrap_or(rest));
            for suffix in ["", "-wal", "-shm"] {
                let file = format!("{}{suffix}", path.display());
                std::fs::remove_file(&file).ok();
            }
            if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)?;
            }
            return Ok(Self { url: url.to_owned(), schema: None });
        }
        let schema = format!("hd_bench_{:08x}", rand::random::<u32>());
        run_sql(url, &format!("CREATE SCHEMA {schema}")).await?;
        let separator = if url.contains('?') { '&' } else { '?' };
        let scoped = format!("{url}{separator}options=-c%20search_path%3D{schema}");
        Ok(Self { url: scoped, schema: Some((url.to_owned(), schema)) })
    }

    async fn drop(self) -> anyhow::Result<()> {
        if let Some((url, schema)) = self.schema {
            run_sql(&url, &format!("DROP SCHEMA {schema} CASCADE")).await?;
        }
        Ok(())
    }
}

async fn run_sql(url: &str, sql: &str) -> anyhow::Result<()> {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut connection = sqlx::AnyConnection::connect(url).await?;
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_owned())).execute(&mut connection).await?;
    Ok(())
}
