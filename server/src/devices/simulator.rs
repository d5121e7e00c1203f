//! The in-process simulated fleet: every registered radiator gets a simulated device at once,
//! heating the thermal model of the room the business put it in (a radiator without a room
//! heats a small room of its own). Rooms differ a little in insulation and size.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

use time::OffsetDateTime;

use super::live_hub::LiveHub;
use super::telemetry::{Source, ingest, last_temperatures};
use super::thermal::{
    Heater, OFFICE_C, OFFICE_R, RATED_POWER_W, Room, Temperatures, uk_outside_temperature,
};
use super::{DesiredState, DeviceGateway, Report, all_desired_states, report_timer};
use crate::clock::Clock;
use crate::store::{Store, StoreResult};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Placement {
    Room(i64),
    Alone(i64),
}

impl Placement {
    fn of(desired: &DesiredState) -> Self {
        desired.room_id.map_or(Self::Alone(desired.radiator_id), Self::Room)
    }
}

struct SimRoom {
    model: Room,
    /// `(radiator id, uid)` of `model.heaters`, index for index.
    radiators: Vec<(i64, String)>,
}

#[derive(Default)]
struct Fleet {
    rooms: HashMap<Placement, SimRoom>,
    placement: HashMap<i64, Placement>,
}

/// The simulated devices. Commands take effect at once, and a commanded device reports at
/// once (as a real one does on a change); physics advances on [`Self::advance`].
#[derive(Default)]
pub struct SimulatedFleet {
    fleet: Mutex<Fleet>,
    /// Radiators sent a command since `commanded_reports` last took them.
    commanded: Mutex<BTreeSet<i64>>,
    wake: tokio::sync::Notify,
}

/// What a radiator reports, in a room at `temperature`.
fn report(uid: &str, temperature: f64, heater: &Heater) -> Report {
    Report {
        uid: uid.to_owned(),
        temperature: (temperature * 100.0).round() / 100.0,
        setpoint: heater.setpoint,
        on: heater.on,
        heating: heater.heating,
        power_w: heater.power_w(),
        energy_wh_total: heater.energy_wh_total,
    }
}

/// A number in [0, 1) that is always the same for `seed`, so each room keeps its character.
fn spread(seed: i64, salt: u64) -> f64 {
    let mut x = (seed as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt;
    x ^= x >> 31;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 29;
    (x % 10_000) as f64 / 10_000.0
}

/// The rated power of the simulated radiator `radiator_id`: 1.2 to 1.8 kW, always the same for
/// it, as radiators come in sizes. Radiators of a room heat together as its air cools, so their
/// sizes are what tells their use apart; the room's total is set by its heat loss.
pub fn rated_power_w(radiator_id: i64) -> f64 {
    RATED_POWER_W * (0.8 + 0.4 * spread(radiator_id, 4))
}

/// The simulated room `room_id`, as the fleet builds it: the same thermal model (its own R
/// and C), for a baseline to be computed against.
pub fn simulated_room(room_id: i64) -> Room {
    new_room(Placement::Room(room_id))
}

/// A room as the simulation finds it: 16–19 °C, like a building that was heated recently.
fn new_room(placement: Placement) -> Room {
    let seed = match placement {
        Placement::Room(id) => id,
        Placement::Alone(id) => -id,
    };
    let mut room = Room::office(Temperatures::settled(16.0 + 3.0 * spread(seed, 1)));
    room.r = OFFICE_R * (0.8 + 0.4 * spread(seed, 2));
    room.c = OFFICE_C * (0.75 + 0.5 * spread(seed, 3));
    room
}

impl Fleet {
    fn apply(&mut self, desired: &DesiredState) {
        let placement = Placement::of(desired);
        let heater = match self.placement.get(&desired.radiator_id) {
            Some(current) if *current == placement => None,
            Some(current) => self.take(*current, desired.radiator_id),
            None => {
                Some(Heater::new(rated_power_w(desired.radiator_id), desired.on, desired.setpoint))
            }
        };
        if let Some(heater) = heater {
            let room = self
                .rooms
                .entry(placement)
                .or_insert_with(|| SimRoom { model: new_room(placement), radiators: Vec::new() });
            room.model.heaters.push(heater);
            room.radiators.push((desired.radiator_id, desired.uid.clone()));
            self.placement.insert(desired.radiator_id, placement);
        }
        if let Some(room) = self.rooms.get_mut(&placement)
            && let Some(index) =
                room.radiators.iter().position(|(id, _)| *id == desired.radiator_id)
        {
            let heater = &mut room.model.heaters[index];
            heater.on = desired.on;
            heater.setpoint = desired.setpoint;
            // Its thermostat acts on the command at once, not at the next step of the room.
            heater.regulate(room.model.temperatures.air);
        }
    }

    /// What the radiator `radiator_id` reports now.
    fn report_of(&self, radiator_id: i64) -> Option<Report> {
        let room = self.rooms.get(self.placement.get(&radiator_id)?)?;
        let index = room.radiators.iter().position(|(id, _)| *id == radiator_id)?;
        Some(report(
            &room.radiators[index].1,
            room.model.temperatures.air,
            &room.model.heaters[index],
        ))
    }

    /// Removes a radiator from its room, dropping the room when it empties.
    fn take(&mut self, placement: Placement, radiator_id: i64) -> Option<Heater> {
        let room = self.rooms.get_mut(&placement)?;
        let index = room.radiators.iter().position(|(id, _)| *id == radiator_id)?;
        room.radiators.remove(index);
        let heater = room.model.heaters.remove(index);
        if room.radiators.is_empty() {
            self.rooms.remove(&placement);
        }
        self.placement.remove(&radiator_id);
        Some(heater)
    }
}

impl SimulatedFleet {
    /// Makes the fleet match the store: new radiators appear, deleted ones go, moved ones
    /// change rooms, and everyone takes their desired state.
    pub fn reconcile(&self, desired: &[DesiredState]) {
        let mut fleet = self.fleet.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let wanted: std::collections::HashSet<i64> =
            desired.iter().map(|d| d.radiator_id).collect();
        let gone: Vec<(i64, Placement)> = fleet
            .placement
            .iter()
            .filter(|(id, _)| !wanted.contains(id))
            .map(|(id, placement)| (*id, *placement))
            .collect();
        for (id, placement) in gone {
            fleet.take(placement, id);
        }
        for state in desired {
            fleet.apply(state);
        }
    }

    /// Makes the fleet match the store, every room at the temperature its radiators last
    /// reported: after a restart, or the demo's back-filled history, the building carries on
    /// where its readings left off instead of starting again at 16–19 °C.
    pub async fn resume(&self, store: &Store) -> StoreResult<()> {
        self.reconcile(&all_desired_states(store.reader()).await?);
        let last = last_temperatures(store.reader()).await?;
        let mut fleet = self.fleet.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        for room in fleet.rooms.values_mut() {
            // One radiator speaks for its room: they all report the room's temperature.
            let first = room.radiators.first().and_then(|(id, _)| last.get(id));
            // A radiator reads the air only; the fabric is taken to be as warm.
            if let Some(temperature) = first {
                room.model.temperatures = Temperatures::settled(*temperature);
            }
        }
        Ok(())
    }

    /// Advances every room by `seconds` of simulated time and answers every radiator's report.
    pub fn advance(&self, seconds: f64, outside: f64) -> Vec<Report> {
        let mut fleet = self.fleet.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut reports = Vec::with_capacity(fleet.placement.len());
        for room in fleet.rooms.values_mut() {
            room.model.advance(seconds, outside);
            for ((_, uid), heater) in room.radiators.iter().zip(&room.model.heaters) {
                reports.push(report(uid, room.model.temperatures.air, heater));
            }
        }
        reports
    }

    /// What the radiator `radiator_id` reports now, time standing still.
    pub fn report_of(&self, radiator_id: i64) -> Option<Report> {
        self.fleet.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).report_of(radiator_id)
    }

    /// The reports of the radiators commanded since the last call, time standing still.
    pub fn commanded_reports(&self) -> Vec<Report> {
        let commanded = std::mem::take(
            &mut *self.commanded.lock().unwrap_or_else(|poisoned| poisoned.into_inner()),
        );
        commanded.into_iter().filter_map(|id| self.report_of(id)).collect()
    }

    /// The simulated room temperature around a radiator.
    pub fn temperature_of(&self, radiator_id: i64) -> Option<f64> {
        let fleet = self.fleet.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let placement = fleet.placement.get(&radiator_id)?;
        fleet.rooms.get(placement).map(|room| room.model.temperatures.air)
    }

    /// The setpoint a simulated radiator is working to, and whether it is on.
    pub fn heater_of(&self, radiator_id: i64) -> Option<(bool, f64)> {
        let fleet = self.fleet.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let placement = fleet.placement.get(&radiator_id)?;
        let room = fleet.rooms.get(placement)?;
        let index = room.radiators.iter().position(|(id, _)| *id == radiator_id)?;
        let heater = &room.model.heaters[index];
        Some((heater.on, heater.setpoint))
    }
}

impl DeviceGateway for SimulatedFleet {
    fn send(&self, desired: DesiredState) {
        let mut fleet = self.fleet.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        fleet.apply(&desired);
        drop(fleet);
        let mut commanded = self.commanded.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        commanded.insert(desired.radiator_id);
        self.wake.notify_one();
    }
}

/// Stores and publishes what the radiators commanded since the last call report at `now`.
pub async fn report_commanded(
    store: &Store,
    live: &LiveHub,
    fleet: &SimulatedFleet,
    now: OffsetDateTime,
) -> StoreResult<()> {
    ingest(store, live, &fleet.commanded_reports(), now.unix_timestamp(), Source::Fleet).await?;
    Ok(())
}

/// One step of the simulated fleet: take the store's desired states, advance the physics by
/// `sim_seconds`, and store and publish what the radiators report at `now`.
pub async fn simulate_tick(
    store: &Store,
    live: &LiveHub,
    fleet: &SimulatedFleet,
    sim_seconds: f64,
    now: OffsetDateTime,
) -> StoreResult<()> {
    fleet.reconcile(&all_desired_states(store.reader()).await?);
    let reports = fleet.advance(sim_seconds, uk_outside_temperature(now));
    ingest(store, live, &reports, now.unix_timestamp(), Source::Fleet).await?;
    Ok(())
}

/// Runs the simulated fleet until the process ends: a report per radiator every simulated
/// minute, `time_scale` times faster than real time (at most one tick a second), and one from
/// each radiator at once after a command.
pub async fn run_simulation(
    store: Store,
    live: LiveHub,
    clock: Arc<dyn Clock>,
    fleet: Arc<SimulatedFleet>,
    time_scale: f64,
) {
    let mut interval = report_timer(time_scale).0;
    let mut last = clock.now();
    loop {
        tokio::select! {
            _ = interval.tick() => {
                let now = clock.now();
                // After a pause (a suspended laptop) catch up at most an hour.
                let elapsed = (now - last).as_seconds_f64().clamp(0.0, 3600.0);
                last = now;
                let tick = simulate_tick(&store, &live, &fleet, elapsed * time_scale, now).await;
                if let Err(error) = tick {
                    tracing::error!(?error, "simulated fleet tick failed");
                }
            }
            () = fleet.wake.notified() => {
                if let Err(error) = report_commanded(&store, &live, &fleet, clock.now()).await {
                    tracing::error!(?error, "simulated radiators' reports after a command failed");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desired(id: i64, room: Option<i64>, on: bool, setpoint: f64) -> DesiredState {
        DesiredState { radiator_id: id, uid: format!("HD-{id}"), room_id: room, on, setpoint }
    }

    #[test]
    fn radiators_in_one_room_share_its_temperature_and_add_their_power() {
        let fleet = SimulatedFleet::default();
        fleet.reconcile(&[
            desired(1, Some(7), true, 21.0),
            desired(2, Some(7), true, 21.0),
            desired(3, None, false, 21.0),
        ]);
        let reports = fleet.advance(60.0, 5.0);
        assert_eq!(reports.len(), 3);
        assert_eq!(fleet.temperature_of(1), fleet.temperature_of(2));
        assert_ne!(fleet.temperature_of(1), fleet.temperature_of(3));
        let energy = |uid: &str| reports.iter().find(|r| r.uid == uid).unwrap().energy_wh_total;
        assert_eq!(energy("HD-1"), rated_power_w(1) / 60.0, "a minute at its own power");
        assert_ne!(energy("HD-1"), energy("HD-2"), "radiators come in sizes");
        assert_eq!(energy("HD-3"), 0.0);
    }

    #[test]
    fn commands_apply_at_once_and_reconcile_moves_and_removes_radiators() {
        let fleet = SimulatedFleet::default();
        fleet.send(desired(1, Some(7), true, 21.0));
        assert_eq!(fleet.heater_of(1), Some((true, 21.0)));
        fleet.send(desired(1, Some(7), false, 18.5));
        assert_eq!(fleet.heater_of(1), Some((false, 18.5)));
        fleet.advance(600.0, 5.0);
        fleet.reconcile(&[desired(1, Some(8), true, 22.0), desired(2, Some(8), true, 22.0)]);
        assert_eq!(fleet.temperature_of(1), fleet.temperature_of(2));
        fleet.reconcile(&[desired(2, Some(8), true, 22.0)]);
        assert_eq!(fleet.heater_of(1), None);
        assert_eq!(fleet.advance(60.0, 5.0).len(), 1);
    }

    #[test]
    fn a_commanded_radiator_reports_its_thermostat_acting_at_once() {
        let fleet = SimulatedFleet::default();
        fleet.reconcile(&[desired(1, Some(7), false, 21.0), desired(2, Some(7), false, 21.0)]);
        fleet.advance(24.0 * 3600.0, 0.0);
        fleet.send(desired(1, Some(7), true, 21.0));
        let reports = fleet.commanded_reports();
        assert_eq!(reports.len(), 1, "the commanded radiator alone");
        let cold = &reports[0];
        assert_eq!(cold.uid, "HD-1");
        assert!(cold.on && cold.heating && cold.power_w > 0.0, "{cold:?}");
        assert!(cold.temperature < 20.0, "{cold:?}");
        assert_eq!(cold.energy_wh_total, 0.0, "no time has passed");
        assert!(fleet.commanded_reports().is_empty(), "reported once");
        // Switched off, it stops heating at once too.
        fleet.send(desired(1, Some(7), false, 21.0));
        assert!(!fleet.commanded_reports()[0].heating);
    }
}
