#![forbid(unsafe_code)]

use std::sync::Arc;

use anyhow::Context;
use clap::Parser;
use heatdesk::app::launch;
use heatdesk::clock::{Clock, SystemClock};
use heatdesk::devices::DeviceGateway;
use heatdesk::devices::mqtt::{self, MqttGateway};
use heatdesk::devices::simulator::{SimulatedFleet, run_simulation};
use heatdesk::mail::Mailer;
use heatdesk::settings::{Cli, Command, ServeArgs};
use heatdesk::state::{AppConfig, AppState, ContactDetails};
use heatdesk::store::Store;
use tokio::net::TcpListener;
use tracing_subscriber::EnvFilter;

/// mimalloc hands large freed blocks back to the system: with the system allocator each
/// thread's arena kept the 19 MiB buffers of the password hashes it had run (several hundred
/// MB after a burst of sign-ins; see `scripts/load.py`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .init();
    match Cli::parse().command {
        Command::Serve(args) => serve(*args).await,
        Command::Emulate(args) => {
            heatdesk::devices::emulator::run(&args.mqtt_url, &args.uids, args.time_scale).await
        }
        Command::Bench(args) => heatdesk::bench::run(args).await,
        Command::Migrate(args) => {
            let store = Store::connect(&args.database_url).await?;
            store.migrate().await?;
            tracing::info!("database is up to date");
            Ok(())
        }
    }
}

async fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let store = Store::connect(&args.database.database_url).await?;
    store.migrate().await?;
    let mailer = match &args.smtp_url {
        Some(url) => Mailer::smtp(url, &args.mail_from)?,
        None => Mailer::outbox(),
    };
    let listener = TcpListener::bind(args.bind)
        .await
        .with_context(|| format!("cannot listen on {}", args.bind))?;
    let public_url = args.public_url(listener.local_addr()?);
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let fleet = Arc::new(SimulatedFleet::default());
    let mqtt = args.mqtt_url.as_deref().map(|url| MqttGateway::connect(url, clock.clone()));
    let mqtt = mqtt.transpose()?;
    let devices: Arc<dyn DeviceGateway> = match &mqtt {
        Some((gateway, _)) => gateway.clone(),
        None => fleet.clone(),
    };
    let contact = ContactDetails {
        email: args.contact_email.clone(),
        phone: args.contact_phone.clone(),
        address: args.contact_address.clone(),
        hours: args.contact_hours.clone(),
        vat_number: args.vat_number.clone(),
    };
    let trusted_proxies = args.trusted_proxies.clone();
    let config = AppConfig { public_url: public_url.clone(), trusted_proxies, contact };
    let state = AppState::new(store, devices, clock, mailer, config);
    if args.demo {
        let retention_days = i64::from(args.readings_retention_days);
        heatdesk::demo::seed(&state, retention_days).await?;
    }
    let model = heatdesk::analytics::Model::for_devices(state.devices.as_ref());
    let rounds = heatdesk::notifications::domain::Rounds::new(
        state.mailer.clone(),
        state.config.public_url.clone(),
    );
    tokio::spawn(heatdesk::notifications::domain::run(
        state.store.clone(),
        model,
        state.clock.clone(),
        rounds,
    ));
    let retention = time::Duration::days(i64::from(args.readings_retention_days));
    tokio::spawn(heatdesk::housekeeping::run(state.clone(), retention));
    let (store, devices, clock) = (state.store.clone(), state.devices.clone(), state.clock.clone());
    let budget = Arc::new(heatdesk::goals::MonthlyBudget);
    let (live, wake) = (state.live.clone(), state.engine_wake.clone());
    heatdesk::schedules::engine::start(store, devices, live, budget, clock, wake).await;
    if mqtt.is_none() {
        fleet.resume(&state.store).await?;
    }
    if let Some(url) = &args.carbon_intensity_url {
        let api = heatdesk::grid::CarbonIntensityApi::new(url, args.carbon_intensity_region)?;
        tokio::spawn(heatdesk::grid::run_api(api, state.store.clone(), state.clock.clone()));
    }
    let (store, live) = (state.store.clone(), state.live.clone());
    match mqtt {
        Some((gateway, events)) => {
            tokio::spawn(mqtt::event_loop::run(store, live, gateway, events))
        }
        None => {
            let clock = state.clock.clone();
            tokio::spawn(run_simulation(store, live, clock, fleet, args.time_scale))
        }
    };
    tracing::info!("HeatDesk is running at {public_url}");
    if args.demo {
        tracing::info!(
            "demo sign-in: {} / {}",
            heatdesk::demo::DEMO_EMAIL,
            heatdesk::demo::DEMO_PASSWORD
        );
    }
    launch(listener, state, args.limits(), shutdown_signal()).await;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        tokio::signal::ctrl_c().await.ok();
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
    tracing::info!("shutting down");
}
