//! Each analytics call over HTTP, timed against a bare SQL query over the rollups that reads the
//! same rows: the floor any answer to that question pays.

use std::time::{Duration, Instant};

use jiff::ToSpan;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use serde_json::{Value, json};

use super::fill::{EMAIL, Fleet, PASSWORD, TIME_ZONE};
use crate::analytics::{Model, MonthCover, co2_saving_between};
use crate::goals::MonthlyBudget;
use crate::state::AppState;

pub struct Timing {
    pub call: String,
    pub api: Duration,
    pub bare: Duration,
}

/// Each call's timing, and the floor of any authenticated request: `GET /v2/auth/me`, which
/// reads one row.
pub struct Timings {
    pub calls: Vec<Timing>,
    pub floor: Duration,
    /// A year's CO2 saving with the baseline real radiators have (degree-days fitted to each
    /// room's first weeks), called in process as the bench's radiators are simulated.
    pub degree_days: DegreeDayTimings,
    /// A schedule engine round with every radiator under a schedule, and the coming year's bank
    /// holidays closed: the first, which sets every radiator, and then the median of rounds with
    /// nothing to change (what a change's wake costs).
    pub engine: (Duration, Duration),
}

/// A year's CO2 saving with the degree-day baseline: worked out, then read back.
pub struct DegreeDayTimings {
    /// The first call, which works out the year and stores its days.
    pub worked_out: Duration,
    /// The median of the calls after it, which read the days back, and of their bare query.
    pub stored: Duration,
    pub bare: Duration,
}

/// Times each call and its bare query `runs` times after a warm-up; answers the medians.
pub async fn time_calls(
    state: &AppState,
    base: &str,
    fleet: &Fleet,
    runs: usize,
) -> anyhow::Result<Timings> {
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
    let get = |path: String| {
        let request = client.get(format!("{base}{path}")).bearer_auth(&token);
        async move {
            let answer = request.send().await?;
            anyhow::ensure!(answer.status().is_success(), "{path}: {}", answer.status());
            answer.bytes().await?;
            Ok(())
        }
    };
    let floor = median(runs, || get("/v2/auth/me".to_owned())).await?;
    let mut calls = Vec::new();
    for (call, path, bare) in planned_calls(fleet.business_id, today, &tz)? {
        let api = median(runs, || get(path.clone())).await?;
        let bare = median(runs, || async {
            sqlx::query(sqlx::AssertSqlSafe(bare.clone())).fetch_all(state.store.reader()).await?;
            Ok(())
        })
        .await?;
        calls.push(Timing { call, api, bare });
    }
    let settings = crate::business::read(state.store.reader(), fleet.business_id).await?;
    let year = (today.checked_sub(364.days())?, today);
    let saving = || async {
        let (store, now) = (&state.store, time::OffsetDateTime::now_utc());
        co2_saving_between(store, Model::DegreeDays, fleet.business_id, &settings, year, now)
            .await?;
        anyhow::Ok(())
    };
    // The first works the year out and stores its days; the rest read them back.
    let started = Instant::now();
    saving().await?;
    let worked_out = started.elapsed();
    let stored = median(runs, saving).await?;
    let bare = degree_day_saving_bare(fleet.business_id, today)?;
    let bare = median(runs, || async {
        sqlx::query(sqlx::AssertSqlSafe(bare.clone())).fetch_all(state.store.reader()).await?;
        Ok(())
    })
    .await?;
    let degree_days = DegreeDayTimings { worked_out, stored, bare };
    // Every zone's radiators under one schedule, in a slot all day.
    let zones: Value =
        client.get(format!("{base}/v2/zones")).bearer_auth(&token).send().await?.json().await?;
    let zone_ids: Vec<i64> = zones["data"]["zones"]
        .as_array()
        .map(|zones| zones.iter().filter_map(|zone| zone["id"].as_i64()).collect())
        .unwrap_or_default();
    let schedule = json!({"name": "All day", "schedule_for": "zone", "target_ids": zone_ids,
        "duration": "every_day", "slots": [{"start": "00:00", "end": "24:00", "setpoint": 20}]});
    let request = client.post(format!("{base}/v2/schedules")).bearer_auth(&token).json(&schedule);
    request.send().await?.error_for_status()?;
    // The coming year's bank holidays among the closed days, as a business would have them.
    let holidays: Value = client
        .get(format!("{base}/v2/schedules/closed-days/bank-holidays"))
        .bearer_auth(&token)
        .send()
        .await?
        .json()
        .await?;
    for holiday in holidays["data"]["bank_holidays"].as_array().into_iter().flatten() {
        let closed = json!({"name": holiday["key"], "first_date": holiday["date"]});
        let request = client.post(format!("{base}/v2/schedules/closed-days"));
        request.bearer_auth(&token).json(&closed).send().await?.error_for_status()?;
    }
    let round = || async {
        let now = time::OffsetDateTime::now_utc();
        let (store, devices, live) = (&state.store, &state.devices, &state.live);
        Ok(crate::schedules::engine::tick(store, devices, live, &MonthlyBudget, now).await?)
    };
    let started = Instant::now();
    let changed: usize = round().await?;
    let first = started.elapsed();
    anyhow::ensure!(changed == fleet.radiators.len(), "the first round set {changed} radiators");
    let steady = median(runs, || async { round().await.map(|_: usize| ()) }).await?;
    Ok(Timings { calls, floor, degree_days, engine: (first, steady) })
}

/// The bare query of a year's CO2 saving with the degree-day baseline, its days stored and its
/// rooms' fits kept: the business's stored baseline days, its days less those of its deleted
/// radiators (its radiators are all in rooms), its rooms and their radiators, and the rooms'
/// days of today with their radiators' open hours.
pub fn degree_day_saving_bare(business: i64, today: Date) -> anyhow::Result<String> {
    let first = today.checked_sub(364.days())?;
    let days = |table: &str, room: &str, (from, to): (Date, Date)| {
        format!(
            "SELECT {room}, day, energy_wh, co2_g FROM {table}
             WHERE business_id = {business} AND day >= '{from}' AND day <= '{to}'"
        )
    };
    Ok([
        days("baseline_business_daily", "0", (first, today.yesterday()?)),
        days("business_energy_daily", "0", (first, today)),
        days("deleted_radiators_daily", "0", (first, today)),
        days("room_energy_daily", "room_id", (today, today)),
        format!(
            "SELECT r.room_id, s.open_day, s.open_energy_wh, s.open_co2_g FROM radiators r
             CROSS JOIN radiator_states s
             WHERE r.business_id = {business} AND r.room_id IS NOT NULL
                 AND s.radiator_id = r.id AND s.open_readings > 0 AND s.open_day = '{today}'"
        ),
        format!(
            "SELECT room_id, CAST(COUNT(*) AS TEXT), MIN(first_report_at), 0 FROM radiators
             WHERE business_id = {business} AND room_id IS NOT NULL
                 AND first_report_at IS NOT NULL
             GROUP BY room_id"
        ),
        format!(
            "SELECT room_id, '', id, 0 FROM radiators
             WHERE business_id = {business} AND room_id IS NOT NULL
                 AND first_report_at IS NOT NULL"
        ),
    ]
    .join(" UNION ALL "))
}

/// `(call, path, bare query)` for each analytics call: a year where the call takes a range.
pub fn planned_calls(
    business: i64,
    today: Date,
    tz: &TimeZone,
) -> anyhow::Result<Vec<(String, String, String)>> {
    let history = "/v2/analytics/commercial/web/energy-history-graph?type=";
    let start = |date: Date| -> anyhow::Result<i64> {
        Ok(date.to_zoned(tz.clone())?.timestamp().as_second())
    };
    // Times as text throughout, so the dashboard's reads can be one UNION on PostgreSQL too.
    let hours = format!(
        "SELECT CAST(hour_start AS TEXT), energy_wh, co2_g FROM business_energy_hourly
         WHERE business_id = {business} AND hour_start >= {} AND hour_start < {}",
        start(today.yesterday()?)?,
        start(today.tomorrow()?)?
    );
    let days = |table: &str, first: Date, last: Date| {
        format!(
            "SELECT day, energy_wh, co2_g FROM {table}
             WHERE business_id = {business} AND day >= '{first}' AND day <= '{last}'"
        )
    };
    let used = |first: Date, last: Date| days("business_energy_daily", first, last);
    let monday = today.checked_sub(i64::from(today.weekday().to_monday_zero_offset()).days())?;
    let month = today.first_of_month();
    let year = Date::new(today.year(), 1, 1)?;
    let (first, last) = (today.checked_sub(364.days())?, today);
    // The whole months from the monthly rollups, the days around them from the daily ones.
    let MonthCover { head, months, tail } =
        MonthCover::of(first, MonthCover::known_last(last, today));
    let rows = |table: &str, time: &str, (from, to): (String, String)| {
        format!(
            "SELECT radiator_id, energy_wh, co2_g, heating_minutes, temperature_sum, readings
             FROM {table} WHERE business_id = {business} AND {time} >= '{from}' AND {time} <= '{to}'"
        )
    };
    let per_radiator = format!(
        // PostgreSQL sums BIGINTs as NUMERIC, which the Any driver cannot read: cast back, as
        // the API's query does.
        "SELECT radiator_id, SUM(energy_wh), SUM(co2_g), CAST(SUM(heating_minutes) AS BIGINT),
             SUM(temperature_sum), CAST(SUM(readings) AS BIGINT)
         FROM ({} UNION ALL {} UNION ALL {}) used
         GROUP BY radiator_id",
        rows("energy_monthly_live", "month", months),
        rows("energy_daily_live", "day", head),
        rows("energy_daily_live", "day", tail)
    );
    // A saving up to today reads the business's days and those of its deleted radiators, its
    // stored baseline days, and where each room's baseline ended yesterday (today's run resumes
    // from it).
    let yesterday = today.yesterday()?;
    let rooms_yesterday = format!(
        "SELECT b.day, b.end_air_temperature, b.end_fabric_temperature FROM rooms r
         CROSS JOIN baseline_daily b
         WHERE r.business_id = {business} AND b.room_id = r.id AND b.day = '{yesterday}'"
    );
    let saving = |first: Date| {
        format!(
            "{} UNION ALL {} UNION ALL {} UNION ALL {rooms_yesterday}",
            used(first, today),
            days("deleted_radiators_daily", first, today),
            days("baseline_business_daily", first, yesterday)
        )
    };
    let range = format!("start_date={first}&end_date={last}");
    let analytics = "/v2/analytics/commercial/web";
    Ok(vec![
        ("energy history, day (and the day before)".into(), format!("{history}day"), hours.clone()),
        (
            "energy history, week (and the week before)".into(),
            format!("{history}week"),
            used(monday.checked_sub(7.days())?, monday.checked_add(6.days())?),
        ),
        (
            "energy history, month (and the month before)".into(),
            format!("{history}month"),
            used(month.checked_sub(1.month())?, month.last_of_month()),
        ),
        (
            "energy history, year (and the year before)".into(),
            format!("{history}year"),
            used(year.checked_sub(1.year())?, year.last_of_year()),
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
        ("CO2 savings, a year".into(), format!("{analytics}/co2_saving?{range}"), saving(first)),
        (
            "home dashboard".into(),
            "/v2/dashboard/commercial/web".into(),
            // Today's hours, the month's days and its saving, and the radiators' states.
            format!(
                "{hours} UNION ALL {} UNION ALL
                 SELECT CAST(s.last_seen AS TEXT), s.temperature, s.heating FROM radiators r
                 JOIN radiator_states s ON s.radiator_id = r.id WHERE r.business_id = {business}",
                saving(month)
            ),
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
