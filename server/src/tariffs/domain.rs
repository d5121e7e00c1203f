//! Tariffs: what electricity costs a business on a given day, from its tariff history (each
//! tariff from its effective date until the next one's), or the default until it sets one.

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use serde::Serialize;
use utoipa::ToSchema;

use super::store::{self, TariffView};
use crate::error::{ApiError, ApiResult};
use crate::kernel::change::{Actor, Entry};
use crate::state::AppState;
use crate::store::StoreResult;

/// Until a business sets its own: 25 p/kWh and 50 p a day.
pub const DEFAULT_UNIT_RATE_PENCE: f64 = 25.0;
pub const DEFAULT_STANDING_CHARGE_PENCE: f64 = 50.0;

/// The hours of the local `day` in `tz` (23 or 25 when the clocks change), and how many of them
/// have begun by `now`: a day's standing charge is shared by its hours, and a day still running
/// has incurred those begun.
pub fn hours_begun(day: Date, tz: &TimeZone, now: Timestamp) -> (i64, i64) {
    let start = |day: Date| day.to_zoned(tz.clone()).map(|zoned| zoned.timestamp().as_second());
    match (start(day), day.tomorrow().and_then(start)) {
        (Ok(midnight), Ok(next)) => {
            let hours = ((next - midnight) / 3600).max(1);
            (hours, ((now.as_second() - midnight) / 3600 + 1).clamp(0, hours))
        }
        _ => (24, 24),
    }
}

/// The rates in force on a day.
#[derive(Serialize, ToSchema, Clone, Copy, Debug, PartialEq)]
pub struct Rates {
    /// Pence per kWh.
    pub unit_rate_pence: f64,
    /// Pence per day.
    pub standing_charge_pence: f64,
}

const DEFAULT: Rates = Rates {
    unit_rate_pence: DEFAULT_UNIT_RATE_PENCE,
    standing_charge_pence: DEFAULT_STANDING_CHARGE_PENCE,
};

/// A business's tariff history, for costing any day.
pub struct Tariffs {
    /// Effective date and rates, latest first.
    history: Vec<(Date, Rates)>,
}

impl Tariffs {
    pub async fn load(pool: &sqlx::AnyPool, business_id: i64) -> StoreResult<Self> {
        let rows = store::list(pool, business_id).await?;
        let history = rows
            .iter()
            .filter_map(|row| Some((row.effective_from.parse().ok()?, rates(row))))
            .collect();
        Ok(Self { history })
    }

    /// The rates in force on `day`: the latest tariff effective by then, else the default.
    pub fn on(&self, day: Date) -> Rates {
        self.history.iter().find(|(from, _)| *from <= day).map_or(DEFAULT, |(_, rates)| *rates)
    }

    /// The days `first` to `last` split where a tariff takes effect: `(first, last, rates)` of
    /// each stretch under one tariff, in order.
    pub fn periods(&self, first: Date, last: Date) -> Vec<(Date, Date, Rates)> {
        let mut starts: Vec<Date> = self
            .history
            .iter()
            .map(|(from, _)| *from)
            .filter(|from| *from > first && *from <= last)
            .collect();
        starts.push(first);
        starts.sort();
        let ends = starts.iter().skip(1).filter_map(|next| next.yesterday().ok()).chain([last]);
        starts.iter().zip(ends).map(|(start, end)| (*start, end, self.on(*start))).collect()
    }
}

/// The first local day a business is charged for: standing charges begin when it began (its
/// creation, or its first energy used where that is earlier, as a demo's history is).
pub async fn charged_from(
    pool: &sqlx::AnyPool,
    business_id: i64,
    tz: &TimeZone,
) -> StoreResult<Date> {
    let (created_at, first_day) = store::began(pool, business_id).await?;
    let created = Timestamp::from_second(created_at)
        .unwrap_or(Timestamp::UNIX_EPOCH)
        .to_zoned(tz.clone())
        .date();
    Ok(first_day
        .and_then(|day| day.parse::<Date>().ok())
        .map_or(created, |first| first.min(created)))
}

fn rates(row: &TariffView) -> Rates {
    Rates { unit_rate_pence: row.unit_rate_pence, standing_charge_pence: row.standing_charge_pence }
}

/// The tariff in force today and every tariff entered.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Charges {
    pub current: Rates,
    /// 1 while the business has no tariff in force and the default applies.
    pub is_default: i64,
    /// Latest effective date first.
    pub history: Vec<TariffView>,
}

pub async fn charges(state: &AppState, business_id: i64, today: Date) -> ApiResult<Charges> {
    let rows = store::list(state.store.reader(), business_id).await?;
    let in_force =
        rows.iter().find(|row| row.effective_from.as_str() <= today.to_string().as_str());
    Ok(Charges {
        current: in_force.map_or(DEFAULT, rates),
        is_default: i64::from(in_force.is_none()),
        history: rows,
    })
}

/// Adds a tariff from `effective_from` (replacing one from the same day); recorded.
pub async fn set(
    state: &AppState,
    actor: Actor,
    rates: Rates,
    effective_from: Date,
    today: Date,
) -> ApiResult<Charges> {
    let mut change = state.change(actor).await?;
    let now = change.now();
    let day = effective_from.to_string();
    store::save(
        change.db(),
        actor.business_id,
        rates.unit_rate_pence,
        rates.standing_charge_pence,
        &day,
        now,
    )
    .await?;
    let entry = Entry::new("create", "tariff", actor.business_id);
    change.commit(entry.after(&serde_json::json!({"rates": rates, "effective_from": day}))).await?;
    charges(state, actor.business_id, today).await
}

/// Deletes a tariff entered by mistake (the days it covered are costed at the one before it, or
/// the default); recorded. Answers the charges after.
pub async fn delete(state: &AppState, actor: Actor, id: i64, today: Date) -> ApiResult<Charges> {
    let mut change = state.change(actor).await?;
    let deleted = store::delete(change.db(), actor.business_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("This tariff does not exist.".into()))?;
    // As its creation recorded it.
    let before =
        serde_json::json!({"rates": rates(&deleted), "effective_from": deleted.effective_from});
    change.commit(Entry::new("delete", "tariff", id).before(&before)).await?;
    charges(state, actor.business_id, today).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_costed_at_the_tariff_in_force_that_day() {
        let rates = |unit| Rates { unit_rate_pence: unit, standing_charge_pence: 50.0 };
        let tariffs = Tariffs {
            history: vec![
                ("2026-02-01".parse().unwrap(), rates(27.0)),
                ("2026-01-01".parse().unwrap(), rates(24.5)),
            ],
        };
        assert_eq!(tariffs.on("2025-12-31".parse().unwrap()), DEFAULT);
        assert_eq!(tariffs.on("2026-01-31".parse().unwrap()), rates(24.5));
        assert_eq!(tariffs.on("2026-02-01".parse().unwrap()), rates(27.0));
        let day = |text: &str| text.parse::<Date>().unwrap();
        assert_eq!(
            tariffs.periods(day("2025-12-20"), day("2026-02-10")),
            [
                (day("2025-12-20"), day("2025-12-31"), DEFAULT),
                (day("2026-01-01"), day("2026-01-31"), rates(24.5)),
                (day("2026-02-01"), day("2026-02-10"), rates(27.0)),
            ]
        );
        assert_eq!(
            tariffs.periods(day("2026-01-01"), day("2026-01-05")),
            [(day("2026-01-01"), day("2026-01-05"), rates(24.5))]
        );
    }
}
