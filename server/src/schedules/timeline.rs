//! What a business's schedules ask of each of its radiators over time, worked out in memory
//! once loaded (the same rules as the engine: the strongest claim in force wins), for replaying
//! them: the demo's back-filled history. Automations are not replayed; closed days are.

use std::collections::HashMap;

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use sqlx::AnyPool;

use super::closed_days::ClosedDates;
use super::in_force::{Claim, Strength, claim};
use super::program::{Period, Program, Wanted, program_on, time_zone};
use super::store;
use crate::store::StoreResult;

pub struct Timeline {
    tz: TimeZone,
    /// Each enabled schedule with the period last found, reused until it ends.
    programs: Vec<(Program, Option<Period>)>,
    /// Per radiator, the schedules that may hold it, with their claims.
    claims: HashMap<i64, Vec<(Claim, usize)>>,
}

impl Timeline {
    /// The business's schedules, for moments from the local day `from` on.
    pub async fn load(pool: &AnyPool, business_id: i64, from: Date) -> StoreResult<Self> {
        let enabled = store::enabled(pool, Some(business_id)).await?;
        let targets = store::targets(pool, Some(business_id)).await?;
        let tz = enabled.first().map_or(TimeZone::UTC, |(_, zone)| time_zone(zone));
        let mut claims = HashMap::new();
        for radiator in store::radiators(pool, Some(business_id)).await? {
            let theirs: Vec<_> = enabled
                .iter()
                .enumerate()
                .filter_map(|(index, (schedule, _))| {
                    let ids: Vec<i64> = targets
                        .iter()
                        .filter(|(id, _)| *id == schedule.id)
                        .map(|&(_, target)| target)
                        .collect();
                    Some((claim(schedule, &ids, &radiator)?, index))
                })
                .collect();
            claims.insert(radiator.id, theirs);
        }
        let closed = ClosedDates::load(pool, Some(business_id), from).await?.of(business_id);
        let programs =
            enabled.iter().map(|(schedule, _)| (program_on(schedule, &closed), None)).collect();
        Ok(Self { tz, programs, claims })
    }

    /// What the schedules ask of the radiator at `at`; `None` when none is in force on it.
    /// Moments must come in order (each schedule's period is kept until it ends).
    pub fn wanted(&mut self, radiator_id: i64, at: Timestamp) -> Option<Wanted> {
        let claims = self.claims.get(&radiator_id)?;
        let mut strongest: Option<(Strength, Wanted)> = None;
        for &(claim, index) in claims {
            let (program, period) = &mut self.programs[index];
            if period.is_none_or(|current| at < current.start || at >= current.end) {
                *period = program.period_at(&self.tz, at);
            }
            if let Some(period) = period {
                let strength = claim.strength(period, program.owns(&self.tz, period, at));
                if strongest.is_none_or(|(stronger, _)| strength > stronger) {
                    strongest = Some((strength, period.wanted));
                }
            }
        }
        strongest.map(|(_, wanted)| wanted)
    }
}
