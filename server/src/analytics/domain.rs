//! Energy history: the hours of today, the days of this week or month, or the months of this
//! year (in the business's time zone), each with its energy, cost (each day at its own tariff,
//! with its standing charge shared by its hours, for those begun) and CO2 (counted into the
//! rollups at the GB intensity of each reading's month and half-hour), and the period before for
//! comparison: in full, and to the point this period has reached.

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan, Zoned};
use serde::Serialize;
use utoipa::ToSchema;

use super::store;
use crate::clock::local_iso8601;
use crate::error::{ApiError, ApiResult};
use crate::kernel::values::{apportioned, rounded};
use crate::state::AppState;
use crate::tariffs::Tariffs;

/// How long a period is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Span {
    Day,
    Week,
    Month,
    Year,
}

impl Span {
    pub fn parse(raw: &str) -> Result<Self, String> {
        match raw {
            "day" => Ok(Self::Day),
            "week" => Ok(Self::Week),
            "month" => Ok(Self::Month),
            "year" => Ok(Self::Year),
            _ => Err("Choose day, week, month or year.".into()),
        }
    }

    fn key(self) -> &'static str {
        match self {
            Self::Day => "day",
            Self::Week => "week",
            Self::Month => "month",
            Self::Year => "year",
        }
    }
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq, Default)]
pub struct Figures {
    pub kwh: f64,
    pub cost_pence: i64,
    pub co2_kg: f64,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Bucket {
    /// ISO 8601 with the business's offset.
    pub start: String,
    #[serde(flatten)]
    pub figures: Figures,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct PeriodFigures {
    pub start: String,
    pub end: String,
    pub buckets: Vec<Bucket>,
    pub totals: Figures,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct EnergyHistory {
    /// `day`, `week`, `month` or `year`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    #[serde(flatten)]
    pub current: PeriodFigures,
    /// The period before, for comparison.
    pub previous: PeriodFigures,
    /// The period before up to the point this one has reached by the local clock (the same time
    /// of day, weekday, day of the month or date), from its hourly figures: what a period still
    /// running is fairly set against. Null when the business began after that point.
    pub previous_so_far: Option<Figures>,
    /// When the business began (local midnight of its first day, ISO 8601): the period before
    /// has buckets only from then on, as there is nothing to compare with before it.
    pub began: String,
}

/// A period's bucket boundaries, as local times; the last is the period's end.
fn boundaries(span: Span, first_day: Date, tz: &TimeZone) -> Option<Vec<Zoned>> {
    let start = first_day.to_zoned(tz.clone()).ok()?;
    let (end, step) = match span {
        Span::Day => (start.checked_add(1.day()).ok()?, 1.hour()),
        Span::Week => (start.checked_add(1.week()).ok()?, 1.day()),
        Span::Month => (start.checked_add(1.month()).ok()?, 1.day()),
        Span::Year => (start.checked_add(1.year()).ok()?, 1.month()),
    };
    let mut edges = vec![start];
    while let Some(last) = edges.last().filter(|last| **last < end) {
        let next = last.checked_add(step).ok()?;
        edges.push(if next > end { end.clone() } else { next });
    }
    Some(edges)
}

/// The first day of the period containing `today`, and of the one before it.
fn first_days(span: Span, today: Date) -> Option<(Date, Date)> {
    Some(match span {
        Span::Day => (today, today.yesterday().ok()?),
        Span::Week => {
            let monday = today
                .checked_sub(i64::from(today.weekday().to_monday_zero_offset()).days())
                .ok()?;
            (monday, monday.checked_sub(1.week()).ok()?)
        }
        Span::Month => {
            let first = today.first_of_month();
            (first, first.checked_sub(1.month()).ok()?)
        }
        Span::Year => {
            let first = today.first_of_year();
            (first, first.checked_sub(1.year()).ok()?)
        }
    })
}

/// What the standing charges of a period depend on: the tariffs, the business's clock and time
/// zone, and the first day it is charged for (no standing charge before the business began).
struct Charging<'a> {
    tariffs: &'a Tariffs,
    tz: &'a TimeZone,
    now: Timestamp,
    from: Date,
}

/// Sums the energy used (by the hour or by the local day) into the period's buckets.
fn figures(edges: &[Zoned], used: &[(i64, f64, f64)], charging: &Charging) -> PeriodFigures {
    let Charging { tariffs, tz, now, from } = *charging;
    let mut buckets: Vec<(f64, f64, f64)> = vec![(0.0, 0.0, 0.0); edges.len() - 1];
    let index_of = |at: Timestamp| {
        edges.windows(2).position(|pair| pair[0].timestamp() <= at && at < pair[1].timestamp())
    };
    for &(start, wh, co2_g) in used {
        let at = Timestamp::from_second(start).unwrap_or(Timestamp::UNIX_EPOCH);
        let Some(index) = index_of(at) else { continue };
        let local = at.to_zoned(tz.clone());
        let kwh = wh / 1000.0;
        let rates = tariffs.on(local.date());
        let bucket = &mut buckets[index];
        bucket.0 += kwh;
        bucket.1 += kwh * rates.unit_rate_pence;
        bucket.2 += co2_g / 1000.0;
    }
    // Standing charges: each local day since the business began, shared by its hours, for the
    // hours that have begun; so today's cost so far is the same by the hour and by the day.
    let (first, end) = (&edges[0], &edges[edges.len() - 1]);
    let hourly = is_hourly(edges);
    let mut day = first.date().max(from);
    while let Ok(midnight) = day.to_zoned(tz.clone()) {
        if midnight >= *end || midnight.timestamp() > now {
            break;
        }
        let (hours, begun) = crate::tariffs::hours_begun(day, tz, now);
        let per_hour = tariffs.on(day).standing_charge_pence / hours as f64;
        if hourly {
            let begun = (0..edges.len() - 1)
                .filter(|&i| edges[i].date() == day && edges[i].timestamp() <= now);
            for i in begun {
                buckets[i].1 += per_hour;
            }
        } else if let Some(index) = index_of(midnight.timestamp()) {
            buckets[index].1 += per_hour * begun as f64;
        }
        match day.tomorrow() {
            Ok(tomorrow) => day = tomorrow,
            Err(_) => break,
        }
    }
    let sums = buckets;
    let pence = apportioned(&sums.iter().map(|s| s.1).collect::<Vec<_>>());
    let buckets: Vec<Bucket> = sums
        .iter()
        .zip(pence)
        .zip(edges)
        .map(|((&(kwh, _, kg), cost_pence), start)| Bucket {
            start: local_iso8601(start),
            figures: Figures { kwh: rounded(kwh, 3), cost_pence, co2_kg: rounded(kg, 3) },
        })
        .collect();
    let totals = Figures {
        kwh: rounded(sums.iter().map(|s| s.0).sum(), 3),
        cost_pence: sums.iter().map(|s| s.1).sum::<f64>().round() as i64,
        co2_kg: rounded(sums.iter().map(|s| s.2).sum(), 3),
    };
    PeriodFigures { start: local_iso8601(first), end: local_iso8601(end), buckets, totals }
}

/// Whether the buckets are hours (a day's period).
fn is_hourly(edges: &[Zoned]) -> bool {
    edges.len() >= 2 && edges[1].timestamp().as_second() - edges[0].timestamp().as_second() <= 3600
}

pub async fn energy_history(
    state: &AppState,
    business_id: i64,
    span: Span,
) -> ApiResult<EnergyHistory> {
    let settings = crate::business::get(state, business_id).await?;
    let tz = crate::business::time_zone(&settings);
    let now =
        Timestamp::from_second(state.clock.now().unix_timestamp()).unwrap_or(Timestamp::UNIX_EPOCH);
    let today = now.to_zoned(tz.clone()).date();
    let invalid = || ApiError::Internal(anyhow::anyhow!("no period for {today}"));
    let (first, before) = first_days(span, today).ok_or_else(invalid)?;
    let current = boundaries(span, first, &tz).ok_or_else(invalid)?;
    let previous = boundaries(span, before, &tz).ok_or_else(invalid)?;
    let (from, to) =
        (previous[0].timestamp().as_second(), current[current.len() - 1].timestamp().as_second());
    // The point reached, carried into the period before by the calendar; a day the period
    // before has not got (the 30th against February) is past its end.
    let point = first
        .until((jiff::Unit::Month, today))
        .and_then(|reached| before.checked_add(reached))
        .and_then(|day| day.to_datetime(now.to_zoned(tz.clone()).time()).to_zoned(tz.clone()))
        .map_err(|_| invalid())?
        .min(previous[previous.len() - 1].clone());
    let midnight = point.start_of_day().map_err(|_| invalid())?.timestamp().as_second();
    let point = point.timestamp();
    let pool = state.store.reader();
    // A day's buckets are hours; longer periods' are local days or months, summed from the
    // business's daily rollup (a year is 365 rows), each day placed at its local midnight.
    let used = async {
        if matches!(span, Span::Day) {
            return store::hourly_energy(pool, business_id, from, to).await;
        }
        let (first, last) = (previous[0].date().to_string(), today.to_string());
        let days = crate::goals::daily_use(pool, business_id, &first, &last).await?;
        Ok(days
            .into_iter()
            .filter_map(|(day, wh, co2_g)| {
                let midnight = day.parse::<jiff::civil::Date>().ok()?.to_zoned(tz.clone()).ok()?;
                Some((midnight.timestamp().as_second(), wh, co2_g))
            })
            .collect())
    };
    // The reads are independent: together, on the pool's connections, not one after another.
    let (goals, used, tariffs, charged_from, point_hours) = tokio::try_join!(
        crate::goals::read(pool, business_id),
        used,
        Tariffs::load(pool, business_id),
        crate::tariffs::charged_from(pool, business_id, &tz),
        store::hourly_energy(pool, business_id, midnight, point.as_second()),
    )?;
    let co2 = goals.carbon_method;
    let used: Vec<(i64, f64, f64)> =
        used.into_iter().map(|(at, wh, co2_g)| (at, wh, co2.co2_g(wh, co2_g))).collect();
    let charging = Charging { tariffs: &tariffs, tz: &tz, now, from: charged_from };
    // Whole days before the point's day from the rollups above; its hours from the hourly ones,
    // the hour it falls in by the share of it gone.
    let mut so_far: Vec<(i64, f64, f64)> =
        used.iter().copied().filter(|&(at, ..)| at < midnight).collect();
    for (at, wh, co2_g) in point_hours {
        let share = ((point.as_second() - at) as f64 / 3600.0).clamp(0.0, 1.0);
        so_far.push((at, wh * share, co2.co2_g(wh, co2_g) * share));
    }
    let began = charged_from.to_zoned(tz.clone()).map_err(|_| invalid())?;
    let previous_so_far = (point > began.timestamp())
        .then(|| figures(&previous, &so_far, &Charging { now: point, ..charging }).totals);
    // A year before a business began is not a year of zeros: its buckets are left out.
    let mut before = figures(&previous, &used, &charging);
    let begun = previous[1..].iter().map(|end| end.timestamp() > began.timestamp());
    before.buckets = before
        .buckets
        .into_iter()
        .zip(begun)
        .filter(|(_, begun)| *begun)
        .map(|(bucket, _)| bucket)
        .collect();
    Ok(EnergyHistory {
        kind: span.key(),
        current: figures(&current, &used, &charging),
        previous: before,
        previous_so_far,
        began: local_iso8601(&began),
    })
}
