//! Each analytics call over HTTP, timed against a bare SQL query over the rollups that reads the
//! same rows: the floor any answer to that question pays.

use std::time::{Duration, Instant};

use jiff::ToSpan;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use serde_json::{Value, json};

use super::fill::{EMAIL, Fleet, PASSWORD, TIME_ZONE};
use crate::state::AppState;

pub struct Timing {
    pub call: String,
    pub api: Duration,
    pub bare: Duration,
}

/// Times each call and its bare query `runs` times after a warm-up; answers the medians.
pub async fn time_calls(
    state: &AppState,
    base: &str,
    fleet: &Fleet,
    runs: usize,
) -> anyhow::Result<Vec<Timing>> {
    let client = reqwest::Client::new();
    let signed_in: Value = client
        .post(format!("{base}/v2/auth/login"))
        .json(&json!({"email": EMAIL, "password": PASSWORD}))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let token = signed_in["data"]["user"]["access_token"]
        .as_str()
        .ok_or_else(|| anyhow::anyhow!("no token in {signed_in}"))?
        .to_owned();
    let tz = TimeZone::get(TIME_ZONE)?;
    let today = jiff::Timestamp::now().to_zoned(tz.clone()).date();
    let mut timings = Vec::new();
    for (call, path, bare) in plan(fleet.business_id, today, &tz)? {
        let api = median(runs, || async {
            let answer = client.get(format!("{base}{path}")).bearer_auth(&token).send().await?;
            anyhow::ensure!(answer.status().is_success(), "{path}: {}", answer.status());
            answer.bytes().await?;
            Ok(())
        })
        .await?;
        let bare = median(runs, || async {
            sqlx::query(sqlx::AssertSqlSafe(bare.clone())).fetch_all(state.store.reader()).await?;
            Ok(())
        })
        .await?;
        timings.push(Timing { call, api, bare });
    }
    Ok(timings)
}

/// `(call, path, bare query)` for each analytics call: a year where the call takes a range.
fn plan(
    business: i64,
    today: Date,
    tz: &TimeZone,
) -> anyhow::Result<Vec<(String, String, String)>> {
    let history = "/v2/analytics/commercial/web/energy-history-graph?type=";
    let start = |date: Date| -> anyhow::Result<i64> {
        Ok(date.to_zoned(tz.clone())?.timestamp().as_second())
    };
    let hours = format!(
        "SELECT h.hour_start, SUM(h.energy_wh), SUM(h.co2_g) FROM energy_hourly h
         JOIN radiators r ON r.id = h.radiator_id
         WHERE r.business_id = {business} AND h.hour_start >= {} AND h.hour_start < {}
         GROUP BY h.hour_start",
        start(today.yesterday()?)?,
        start(today.tomorrow()?)?
    );
    let days = |first: Date, last: Date, group: &str| {
        format!(
            "SELECT {group}, SUM(d.energy_wh), SUM(d.co2_g) FROM energy_daily d
             JOIN radiators r ON r.id = d.radiator_id
             WHERE r.business_id = {business} AND d.day >= '{first}' AND d.day <= '{last}'
             GROUP BY {group}"
        )
    };
    let monday = today.checked_sub(i64::from(today.weekday().to_monday_zero_offset()).days())?;
    let month = today.first_of_month();
    let year = Date::new(today.year(), 1, 1)?;
    let (first, last) = (today.checked_sub(364.days())?, today);
    let per_radiator = format!(
        "SELECT d.radiator_id, SUM(d.energy_wh), SUM(d.co2_g), SUM(d.heating_minutes),
             SUM(d.temperature_sum), SUM(d.readings) FROM energy_daily d
         JOIN radiators r ON r.id = d.radiator_id
         WHERE r.business_id = {business} AND d.day >= '{first}' AND d.day <= '{last}'
         GROUP BY d.radiator_id"
    );
    let range = format!("start_date={first}&end_date={last}");
    let analytics = "/v2/analytics/commercial/web";
    Ok(vec![
        ("energy history, day (and the day before)".into(), format!("{history}day"), hours),
        (
            "energy history, week (and the week before)".into(),
            format!("{history}week"),
            days(monday.checked_sub(7.days())?, monday.checked_add(6.days())?, "d.day"),
        ),
        (
            "energy history, month (and the month before)".into(),
            format!("{history}month"),
            days(month.checked_sub(1.month())?, month.last_of_month(), "d.day"),
        ),
        (
            "energy history, year (and the year before)".into(),
            format!("{history}year"),
            days(year.checked_sub(1.year())?, year.last_of_year(), "substr(d.day, 1, 7)"),
        ),
        (
            "room usage, a year".into(),
            format!("{analytics}/rooms-radiator-usage?{range}"),
            per_radiator.clone(),
        ),
        (
            "zone usage, a year".into(),
            format!("{analytics}/zone-radiator-usage?{range}"),
            per_radiator,
        ),
        (
            "CO2 savings, a year".into(),
            format!("{analytics}/co2_saving?{range}"),
            days(first, last, "d.day"),
        ),
        (
            "home dashboard".into(),
            "/v2/dashboard/commercial/web".into(),
            days(month, today, "d.day"),
        ),
    ])
}

async fn median<F, Fut>(runs: usize, mut run: F) -> anyhow::Result<Duration>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = anyhow::Result<()>>,
{
    run().await?;
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        run().await?;
        times.push(started.elapsed());
    }
    times.sort();
    Ok(times[times.len() / 2])
}
