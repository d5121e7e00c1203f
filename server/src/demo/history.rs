//! The demo's history: the 60 days before it was created, replayed through the simulated
//! fleet's thermal model (each room's own) in the modelled weather with the demo's schedules
//! (not its automations), so every chart is full on first start: rollups for all 60 days, raw
//! readings only for the retention window, as if the fleet had been reporting all along.

use std::io::Write;

use jiff::Timestamp;
use time::OffsetDateTime;

use crate::devices::rollups::{LocalTimes, Reading, Rollup};
use crate::devices::simulator::rated_power_w;
use crate::devices::simulator::simulated_room;
use crate::devices::telemetry::insert_readings;
use crate::devices::thermal::{Heater, uk_outside_temperature};
use crate::devices::{Scope, desired_states};
use crate::schedules::program::Wanted;
use crate::schedules::timeline::Timeline;
use crate::state::AppState;

/// Days of history back-filled.
pub const DAYS: i64 = 60;

/// What the back-fill wrote.
#[derive(Debug, PartialEq)]
pub struct Backfilled {
    pub minutes: i64,
    pub readings: usize,
}

/// Back-fills the rooms `room_ids` of the business up to the minute before now, keeping raw
/// readings for `retention_days`; prints its progress on one line of standard error.
pub async fn backfill(
    state: &AppState,
    business_id: i64,
    room_ids: &[i64],
    retention_days: i64,
) -> anyhow::Result<Backfilled> {
    let pool = state.store.reader();
    let settings = crate::business::read(pool, business_id).await?;
    let now = state.clock.now().unix_timestamp();
    let end = now - now.rem_euclid(60);
    let today = crate::business::local_date(&settings, state.clock.now());
    let tz = jiff::tz::TimeZone::get(&settings.time_zone)?;
    let first = today.checked_sub(jiff::Span::new().days(DAYS))?;
    let start = first.to_zoned(tz)?.timestamp();
    let keep_from = end - retention_days * 86_400;
    let mut timeline = Timeline::load(pool, business_id, first).await?;
    let mut rooms = Vec::new();
    for &room_id in room_ids {
        let radiators = desired_states(pool, business_id, Scope::Room(room_id)).await?;
        let mut room = simulated_room(room_id);
        room.heaters = radiators
            .iter()
            .map(|radiator| {
                Heater::new(rated_power_w(radiator.radiator_id), radiator.on, radiator.setpoint)
            })
            .collect();
        let ids: Vec<i64> = radiators.iter().map(|radiator| radiator.radiator_id).collect();
        rooms.push((room, ids));
    }
    let mut local_times = LocalTimes::default();
    let mut rollup = Rollup::default();
    let mut tx = state.store.begin_write().await?;
    let (mut readings, mut stored) = (Vec::new(), 0);
    let mut at = start.as_second() + 60;
    let minutes = (end - at) / 60;
    while at < end {
        let local = local_times.at(&settings.time_zone, at);
        let intensity = local.intensity(None);
        let instant = Timestamp::from_second(at)?;
        let outside = uk_outside_temperature(OffsetDateTime::from_unix_timestamp(at)?);
        for (room, ids) in &mut rooms {
            for (heater, id) in room.heaters.iter_mut().zip(ids.iter()) {
                match timeline.wanted(*id, instant) {
                    Some(Wanted::Heat(setpoint)) => (heater.on, heater.setpoint) = (true, setpoint),
                    Some(Wanted::Off) => heater.on = false,
                    None => {}
                }
            }
            let before: Vec<f64> = room.heaters.iter().map(|h| h.energy_wh_total).collect();
            room.advance(60.0, outside);
            let temperature = (room.temperatures.air * 100.0).round() / 100.0;
            for ((heater, id), before) in room.heaters.iter().zip(ids.iter()).zip(before) {
                let reading = Reading {
                    radiator_id: *id,
                    at,
                    energy_wh: heater.energy_wh_total - before,
                    heating: heater.power_w() > 0.0,
                    temperature,
                    setpoint: if heater.on { heater.setpoint } else { 0.0 },
                    power_w: heater.power_w(),
                };
                rollup.add(business_id, &reading, &local, intensity);
                if at >= keep_from {
                    readings.push(reading);
                }
            }
        }
        // A day at a time: store its readings and show how far it has come.
        if (at - start.as_second()) % 86_400 == 0 || at + 60 >= end {
            insert_readings(&mut tx, &readings).await?;
            stored += readings.len();
            readings.clear();
            let done = (minutes - (end - at) / 60) * 100 / minutes.max(1);
            eprint!("\rback-filling the demo's {DAYS} days of history: {done:>3} %");
            std::io::stderr().flush().ok();
        }
        at += 60;
    }
    rollup.write(&mut tx).await?;
    state.store.commit(tx).await?;
    eprintln!(" ({stored} readings kept)");
    Ok(Backfilled { minutes, readings: stored })
}
