//! The GB Carbon Intensity API (National Grid ESO, `https://api.carbonintensity.org.uk`, no
//! key): half-hourly intensity for Great Britain, actual figures for the past and forecasts for
//! the next two days, nationally or for one of its regions. A deployment with internet switches
//! it on (`--carbon-intensity-url`); every half-hour the instance holding the lease fetches the
//! day before and the two days after into `grid_intensity`, where readings are rolled up
//! against it (an actual figure replaces a forecast; a forecast never replaces an actual).

use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use time::OffsetDateTime;
use time::format_description::BorrowedFormatItem;
use time::macros::format_description;

use crate::clock::Clock;
use crate::store::Store;
use crate::store::lease::Lease;

/// The API's timestamps: minutes, UTC (`2026-01-15T09:30Z`).
const API_TIME: &[BorrowedFormatItem<'static>] =
    format_description!("[year]-[month]-[day]T[hour]:[minute]Z");

/// How often the figures are fetched: each new half-hour's actual and the revised forecasts.
const EVERY: Duration = Duration::from_secs(1800);

/// The API's answers, nationally and for a region.
#[derive(Deserialize)]
struct National {
    data: Vec<Period>,
}

#[derive(Deserialize)]
struct Regional {
    data: RegionalData,
}

#[derive(Deserialize)]
struct RegionalData {
    data: Vec<Period>,
}

#[derive(Deserialize)]
struct Period {
    from: String,
    intensity: Intensity,
}

#[derive(Deserialize)]
struct Intensity {
    forecast: Option<f64>,
    actual: Option<f64>,
}

/// One half-hour's figure: its start (unix seconds), g/kWh, and whether it is the actual.
#[derive(Debug, PartialEq)]
pub struct Figure {
    pub period_start: i64,
    pub g_per_kwh: f64,
    pub actual: bool,
}

pub struct CarbonIntensityApi {
    base: String,
    /// The API's region id (1 North Scotland … 17 Wales); nationally without one.
    region: Option<u16>,
    client: reqwest::Client,
}

impl CarbonIntensityApi {
    pub fn new(base: &str, region: Option<u16>) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .user_agent(concat!("HeatDesk/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self { base: base.trim_end_matches('/').to_owned(), region, client })
    }

    /// The day before `now` and the two days after, as the API tells them.
    pub async fn fetch(&self, now: OffsetDateTime) -> anyhow::Result<Vec<Figure>> {
        let from = now.to_offset(time::UtcOffset::UTC).format(API_TIME)?;
        let mut figures = Vec::new();
        for window in ["pt24h", "fw48h"] {
            let url = match self.region {
                None => format!("{}/intensity/{from}/{window}", self.base),
                Some(id) => {
                    format!("{}/regional/intensity/{from}/{window}/regionid/{id}", self.base)
                }
            };
            let response =
                self.client.get(&url).header("Accept", "application/json").send().await?;
            let body = response.error_for_status()?.bytes().await?;
            let periods = match self.region {
                None => serde_json::from_slice::<National>(&body)?.data,
                Some(_) => serde_json::from_slice::<Regional>(&body)?.data.data,
            };
            figures.extend(periods.into_iter().filter_map(figure));
        }
        Ok(figures)
    }

    /// Fetches and stores the figures; answers how many half-hours were written.
    pub async fn refresh(&self, store: &Store, now: OffsetDateTime) -> anyhow::Result<u64> {
        let figures = self.fetch(now).await?;
        let mut tx = store.begin_write().await?;
        let mut written = 0;
        for figure in &figures {
            written += sqlx::query(
                "INSERT INTO grid_intensity (period_start, g_per_kwh, actual) VALUES ($1, $2, $3)
                 ON CONFLICT (period_start) DO UPDATE SET g_per_kwh = excluded.g_per_kwh,
                     actual = excluded.actual
                 WHERE grid_intensity.actual = 0 OR excluded.actual = 1",
            )
            .bind(figure.period_start)
            .bind(figure.g_per_kwh)
            .bind(i64::from(figure.actual))
            .execute(&mut *tx)
            .await?
            .rows_affected();
        }
        store.commit(tx).await?;
        Ok(written)
    }
}

/// A period's figure: the actual when published, else the forecast; none when the API gave
/// neither or a figure no grid has (it is g/kWh: GB's half-hours run from about 20 to 500).
fn figure(period: Period) -> Option<Figure> {
    let start = time::PrimitiveDateTime::parse(&period.from, API_TIME).ok()?.assume_utc();
    let (g_per_kwh, actual) = match period.intensity {
        Intensity { actual: Some(actual), .. } => (actual, true),
        Intensity { forecast: Some(forecast), .. } => (forecast, false),
        _ => return None,
    };
    (0.0..=2000.0).contains(&g_per_kwh).then_some(Figure {
        period_start: start.unix_timestamp(),
        g_per_kwh,
        actual,
    })
}

/// Refreshes every [`EVERY`] on the instance holding the `grid_intensity` lease.
pub async fn run(api: CarbonIntensityApi, store: Store, clock: Arc<dyn Clock>) {
    let mut interval = tokio::time::interval(EVERY);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let lease = Lease::new("grid_intensity", 2 * EVERY.as_secs() as i64);
    loop {
        interval.tick().await;
        let now = clock.now();
        match lease.acquire(&store, now.unix_timestamp()).await {
            Ok(true) => match api.refresh(&store, now).await {
                Ok(written) => tracing::info!(written, "grid intensity fetched"),
                // The modelled profile covers the gap until the next round.
                Err(error) => tracing::warn!(%error, "cannot fetch the grid intensity"),
            },
            Ok(false) => tracing::debug!("another instance fetches the grid intensity"),
            Err(error) => tracing::error!(?error, "cannot take the grid intensity lease"),
        }
    }
}
