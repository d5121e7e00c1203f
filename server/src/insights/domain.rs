//! Insights: rules over a business's last week of data, each with a title, a sentence with
//! its numbers, a severity and the page to act on it — the rooms using most energy and their
//! share, radiators heating outside working hours, rooms held above 22 °C, the week's change
//! on the week before, the month's budget trajectory, and radiators offline. Worked out daily
//! (by housekeeping, under its lease) and on demand, and stored as the latest set.

use jiff::ToSpan;
use jiff::civil::Date;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::json;

use super::store::{self, Insight, NewInsight};
use crate::business::BusinessSettings;
use crate::devices::OFFLINE_AFTER_SECS;
use crate::error::ApiResult;
use crate::kernel::values::{ClockTime, rounded};
use crate::schedules::program::Wanted;
use crate::schedules::timeline::Timeline;
use crate::store::{Store, StoreResult};

/// A room held warmer than this, °C, on average over the week is worth a look.
const WARM_ROOM: f64 = 22.0;
/// A radiator's energy outside working hours over the week worth naming, kWh.
const OUT_OF_HOURS_KWH: f64 = 0.5;
/// A change on the week before worth naming, either way (0.1 = 10 %).
const NOTABLE_CHANGE: f64 = 0.1;

/// The business's insights: the stored set, worked out again when there is none yet or when the
/// business has changed something since (the daily refresh would leave it untrue until then).
pub async fn current(
    store: &Store,
    business_id: i64,
    now: time::OffsetDateTime,
) -> ApiResult<Vec<Insight>> {
    let insights = store::list(store.reader(), business_id).await?;
    if insights.is_empty() || store::changed_since_set(store.reader(), business_id).await? {
        return refresh(store, business_id, now).await;
    }
    Ok(insights)
}

/// Works out the business's insights at `now` and stores them in place of the last set.
pub async fn refresh(
    store: &Store,
    business_id: i64,
    now: time::OffsetDateTime,
) -> ApiResult<Vec<Insight>> {
    let pool = store.reader();
    let settings = crate::business::read(pool, business_id).await?;
    let today = crate::business::local_date(&settings, now);
    let (first, last) =
        (today.checked_sub(7.days()).unwrap_or(today), today.yesterday().unwrap_or(today));
    let week = (first.to_string(), last.to_string());
    let week = (week.0.as_str(), week.1.as_str());
    let mut insights = Vec::new();

    let rooms = store::room_energy(pool, business_id, week).await?;
    let total: f64 = energy(pool, business_id, week).await?;
    if let Some((room, kwh)) = rooms.first().filter(|(_, kwh)| *kwh > 0.0 && total > 0.0) {
        let share = kwh / total;
        let runner_up = rooms.get(1).map(|(name, _)| name.as_str());
        let body = match runner_up {
            Some(next) => format!(
                "'{room}' used {:.1} kWh in the last 7 days, {:.0} % of the building's {:.1} kWh; next came '{next}'.",
                kwh,
                share * 100.0,
                total
            ),
            None => format!(
                "'{room}' used {kwh:.1} kWh in the last 7 days, {:.0} % of the building's {total:.1} kWh.",
                share * 100.0
            ),
        };
        insights.push(NewInsight {
            kind: "top_rooms",
            severity: if share >= 0.5 && rooms.len() > 1 { "warning" } else { "info" },
            title: format!("'{room}' uses the most energy"),
            body,
            // The rooms' use over the same 7 days, where the figures can be seen again.
            action_path: format!("/analytics/rooms-usage?start_date={first}&end_date={last}"),
            params: json!({"room": room, "kwh": rounded(*kwh, 1), "share": rounded(share, 3), "total_kwh": rounded(total, 1), "next": runner_up}),
        });
    }

    insights.extend(out_of_hours(store, business_id, &settings, (first, today)).await?);

    let mut warm = store::room_temperatures(pool, business_id, week).await?;
    warm.retain(|(_, celsius)| *celsius > WARM_ROOM);
    warm.sort_by(|a, b| b.1.total_cmp(&a.1));
    if let Some((room, celsius)) = warm.first() {
        let others = warm.len() - 1;
        let also = if others > 0 {
            format!(" {others} more room(s) were above {WARM_ROOM} °C too.")
        } else {
            String::new()
        };
        insights.push(NewInsight {
            kind: "warm_rooms",
            severity: "warning",
            title: format!("'{room}' is kept above {WARM_ROOM} °C"),
            body: format!(
                "'{room}' averaged {celsius:.1} °C over the last 7 days. Each degree lower saves up to 8% of its heating.{also}"
            ),
            action_path: format!("/rooms/{}", utf8_percent_encode(room, NON_ALPHANUMERIC)),
            params: json!({"room": room, "celsius": rounded(*celsius, 1), "others": others}),
        });
    }

    let before = (
        first.checked_sub(7.days()).unwrap_or(first).to_string(),
        first.yesterday().unwrap_or(first).to_string(),
    );
    let previous = energy(pool, business_id, (&before.0, &before.1)).await?;
    if previous > 0.0 {
        let change = total / previous - 1.0;
        if change.abs() >= NOTABLE_CHANGE {
            let (word, severity) =
                if change > 0.0 { ("more", "warning") } else { ("less", "info") };
            insights.push(NewInsight {
                kind: "week_change",
                severity,
                title: format!("{:.0} % {word} energy than the week before", change.abs() * 100.0),
                body: format!(
                    "The last 7 days used {total:.1} kWh against {previous:.1} kWh in the 7 days before."
                ),
                action_path: "/analytics/energy-history".into(),
                params: json!({"kwh": rounded(total, 1), "previous_kwh": rounded(previous, 1), "change": rounded(change, 3)}),
            });
        }
    }

    let goals = crate::goals::read(pool, business_id).await?;
    if let Some(budget) = goals.budget_pence.filter(|budget| *budget > 0) {
        let tz = crate::business::time_zone(&settings);
        let moment = jiff::Timestamp::from_second(now.unix_timestamp()).unwrap_or_default();
        let month_cost = crate::goals::month_cost(pool, business_id, &tz, moment).await?;
        let (cost, forecast) = (month_cost.so_far, month_cost.forecast);
        let budget = budget as f64;
        let pounds = |pence: f64| format!("£{:.2}", pence / 100.0);
        let (severity, title) = if cost > budget {
            ("critical", "The monthly budget is spent")
        } else if forecast > budget {
            ("warning", "On course to go over budget")
        } else {
            ("info", "On course to stay within budget")
        };
        insights.push(NewInsight {
            kind: "budget",
            severity,
            title: title.to_owned(),
            body: format!(
                "This month has cost {} so far; at the rate so far it ends at about {} against a budget of {}.",
                pounds(cost), pounds(forecast), pounds(budget)
            ),
            action_path: "/preferences/energy-usage".into(),
            params: json!({"cost_pence": cost.round(), "forecast_pence": forecast.round(), "budget_pence": budget}),
        });
    }

    let since = now.unix_timestamp() - OFFLINE_AFTER_SECS;
    let offline = store::offline_radiators(pool, business_id, since).await?;
    let title = |count| format!("{count} radiator(s) offline");
    insights.extend(not_reporting(offline, ("offline", "critical"), title, |first, count| {
        match count {
            1 => format!(
                "Radiator '{first}' has stopped reporting: it keeps its last setpoint and cannot follow its schedule."
            ),
            n => format!(
                "{n} radiators have stopped reporting, '{first}' among them: they keep their last setpoints and cannot follow their schedules."
            ),
        }
    }));
    let unconnected = store::unconnected_radiators(pool, business_id, since).await?;
    let title = |count| format!("{count} radiator(s) not connected");
    let kind = ("not_connected", "warning");
    insights.extend(not_reporting(unconnected, kind, title, |first, count| match count {
        1 => format!(
            "Radiator '{first}' has not reported since it was added: check that it is switched on and connected."
        ),
        n => format!(
            "{n} radiators have not reported since they were added, '{first}' among them: check that they are switched on and connected."
        ),
    }));

    let mut tx = store.begin_write().await?;
    store::replace(&mut tx, business_id, &insights, now.unix_timestamp()).await?;
    store.commit(tx).await?;
    Ok(store::list(store.reader(), business_id).await?)
}

/// The business's kWh over the local days `first` to `last`.
async fn energy(
    pool: &sqlx::AnyPool,
    business_id: i64,
    (first, last): (&str, &str),
) -> StoreResult<f64> {
    let days = crate::goals::daily_use(pool, business_id, first, last).await?;
    Ok(days.iter().map(|(_, wh, _)| wh / 1000.0).sum())
}

/// Radiators that used energy outside the business's working hours over the local days from
/// `first` up to (not including) `end`, and not because a schedule asked for it: in a slot or a
/// setback of the schedule in force on the radiator, or warming up for a slot within optimum
/// start's longest lead. (The schedules as they are now stand for the whole week.)
async fn out_of_hours(
    store: &Store,
    business_id: i64,
    settings: &BusinessSettings,
    (first, end): (Date, Date),
) -> StoreResult<Option<NewInsight>> {
    let tz = crate::business::time_zone(settings);
    let at = |day: Date| day.to_zoned(tz.clone()).map_or(0, |zoned| zoned.timestamp().as_second());
    let minutes = |text: &str| ClockTime::parse(text).map_or(0, ClockTime::minutes);
    let (start, stop) =
        (minutes(&settings.working_hours.start), minutes(&settings.working_hours.end));
    let pool = store.reader();
    let mut timeline = Timeline::load(pool, business_id, first).await?;
    let automations = crate::automations::domain::enabled(pool, Some(business_id)).await?;
    let lead = automations.get(&business_id).and_then(|on| on.optimum_start_minutes).unwrap_or(0);
    let mut by_radiator: std::collections::BTreeMap<String, f64> =
        std::collections::BTreeMap::new();
    for (id, radiator, hour, kwh) in
        store::radiator_hours(pool, business_id, (at(first), at(end))).await?
    {
        let hour = jiff::Timestamp::from_second(hour).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
        let local = hour.to_zoned(tz.clone());
        let minute = i64::from(local.hour()) * 60 + i64::from(local.minute());
        let weekday = local.date().weekday().to_monday_one_offset() as u8;
        let working = settings.working_days.contains(&weekday) && minute >= start && minute < stop;
        // Asked for at the hour's start or end, or by a slot the hour's end warms up for.
        let planned = [0, 59, 59 + lead].into_iter().any(|minutes| {
            let at = hour.checked_add(jiff::SignedDuration::from_mins(minutes));
            at.is_ok_and(|at| matches!(timeline.wanted(id, at), Some(Wanted::Heat(_))))
        });
        if !working && !planned {
            *by_radiator.entry(radiator).or_default() += kwh;
        }
    }
    let mut named: Vec<(String, f64)> =
        by_radiator.into_iter().filter(|(_, kwh)| *kwh >= OUT_OF_HOURS_KWH).collect();
    named.sort_by(|a, b| b.1.total_cmp(&a.1));
    let Some((worst, worst_kwh)) = named.first() else { return Ok(None) };
    let total: f64 = named.iter().map(|(_, kwh)| kwh).sum();
    Ok(Some(NewInsight {
        kind: "out_of_hours",
        severity: "warning",
        title: format!("{} radiator(s) heating outside working hours", named.len()),
        body: format!(
            "In the last 7 days {} radiator(s) used {total:.1} kWh outside working hours ({}–{}) and outside their schedules, '{worst}' the most with {worst_kwh:.1} kWh. A schedule can switch them off.",
            named.len(),
            settings.working_hours.start,
            settings.working_hours.end
        ),
        action_path: "/schedules".into(),
        params: json!({"count": named.len(), "kwh": rounded(total, 1), "worst": worst, "worst_kwh": rounded(*worst_kwh, 1),
            "from": settings.working_hours.start, "to": settings.working_hours.end}),
    }))
}

/// Refreshes the insights of every business with radiators whose last set is a day old.
pub async fn refresh_stale(store: &Store, now: time::OffsetDateTime) -> ApiResult<usize> {
    let stale = store::stale(store.reader(), now.unix_timestamp() - 86_400).await?;
    for business_id in &stale {
        refresh(store, *business_id, now).await?;
    }
    Ok(stale.len())
}

/// An insight of `kind` and severity on the radiators `names` that do not report (none without
/// any): `title` tells their number, `body` the first name and their number.
fn not_reporting(
    names: Vec<String>,
    (kind, severity): (&'static str, &'static str),
    title: impl Fn(usize) -> String,
    body: impl Fn(&str, usize) -> String,
) -> Option<NewInsight> {
    let first = names.first()?;
    Some(NewInsight {
        kind,
        severity,
        title: title(names.len()),
        body: body(first, names.len()),
        action_path: "/radiators".into(),
        params: json!({"count": names.len(), "names": names}),
    })
}
