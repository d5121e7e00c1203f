//! The business's baseline sums per day, stored once each day is over with a digest of what
//! they were worked out from, whichever model worked them out.

use std::collections::BTreeMap;

use jiff::ToSpan;
use jiff::civil::Date;

use super::context::Context;
use crate::analytics::store;
use crate::error::ApiResult;

/// The business's stored daily sums from `first` to `last` kept with the `digest` of what they
/// were worked out from (a year is 365 rows); from the first past day without one (or today),
/// the days `work_out` answers from that day on, whose past days are stored for the next time,
/// a day with nothing as zeros.
pub(super) async fn stored_or_worked_out(
    ctx: &Context<'_>,
    digest: &str,
    (first, last): (Date, Date),
    work_out: impl AsyncFnOnce(Date) -> ApiResult<BTreeMap<Date, (f64, f64)>>,
) -> ApiResult<BTreeMap<Date, (f64, f64)>> {
    let pool = ctx.store.reader();
    let yesterday = ctx.today.yesterday().unwrap_or(ctx.today);
    let stored_last = last.min(yesterday);
    let (from, to) = (first.to_string(), stored_last.to_string());
    let mut totals: BTreeMap<Date, (f64, f64)> =
        store::business_baselines(pool, ctx.business_id, &from, &to, digest)
            .await?
            .into_iter()
            .filter_map(|(day, wh, co2_g)| Some((day.parse::<Date>().ok()?, (wh, co2_g))))
            .collect();
    let missing = first
        .series(1.day())
        .take_while(|day| *day <= stored_last)
        .find(|day| !totals.contains_key(day));
    let worked_first = match missing {
        Some(day) => day,
        None if last == ctx.today => ctx.today,
        None => return Ok(totals),
    };
    let worked = work_out(worked_first).await?;
    let sums: Vec<(String, f64, f64)> = worked_first
        .series(1.day())
        .take_while(|day| *day <= stored_last)
        .map(|day| {
            let (wh, co2_g) = worked.get(&day).copied().unwrap_or_default();
            (day.to_string(), wh, co2_g)
        })
        .collect();
    store::save_business_baselines(ctx.store, ctx.business_id, digest, &sums).await?;
    totals.extend(worked);
    Ok(totals)
}
