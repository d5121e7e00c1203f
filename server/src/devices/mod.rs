//! The radiators themselves (DESIGN.md §4). The server owns each radiator's desired state
//! (on/off, setpoint) and sends it through a [`DeviceGateway`]; devices report their state,
//! which [`telemetry`] stores and pushes to the live stream.

pub mod emulator;
mod known;
pub mod live_hub;
pub mod mqtt;
mod open_hours;
pub mod rollups;
pub mod simulator;
pub mod telemetry;
pub mod thermal;

use serde::{Deserialize, Serialize};

use crate::store::{Db, StoreResult};

/// A radiator stops counting as online this long after its last report.
pub const OFFLINE_AFTER_SECS: i64 = 5 * 60;

/// What the server wants a radiator to do.
#[derive(Clone, Debug, PartialEq)]
pub struct DesiredState {
    pub radiator_id: i64,
    pub uid: String,
    /// Where the business put it; the simulated fleet heats that room with it.
    pub room_id: Option<i64>,
    pub on: bool,
    pub setpoint: f64,
}

/// What a radiator reported; over MQTT, the payload of its `state` topic.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Named by the topic, not the payload.
    #[serde(skip)]
    pub uid: String,
    pub temperature: f64,
    /// The setpoint the device is working to.
    pub setpoint: f64,
    pub on: bool,
    pub heating: bool,
    pub power_w: f64,
    /// The device's energy counter: Wh since it started.
    pub energy_wh_total: f64,
}

/// Room temperatures (and setpoints) a working radiator can report, °C.
pub const TEMPERATURE_RANGE: std::ops::RangeInclusive<f64> = -40.0..=80.0;

/// The most a radiator draws, W; the energy counter is checked against it too.
pub const MAX_POWER_W: f64 = 5000.0;

impl Report {
    /// Why a device's report cannot be true, if it cannot: values out of range would poison
    /// every figure computed from them.
    pub fn implausible(&self) -> Option<String> {
        let Report { temperature, setpoint, power_w, energy_wh_total, .. } = *self;
        if !TEMPERATURE_RANGE.contains(&temperature) || !TEMPERATURE_RANGE.contains(&setpoint) {
            return Some(format!(
                "temperature {temperature} or setpoint {setpoint} is outside -40 to 80 °C"
            ));
        }
        if !(0.0..=MAX_POWER_W).contains(&power_w) {
            return Some(format!("power {power_w} W is outside 0 to {MAX_POWER_W} W"));
        }
        if !(energy_wh_total.is_finite() && energy_wh_total >= 0.0) {
            return Some(format!("energy counter {energy_wh_total} Wh is not a count"));
        }
        None
    }
}

/// Whether a device's energy counter may have gone from `previous` to `total` (Wh) in
/// `elapsed_secs`: up by at most what the largest radiator draws in that time with half again
/// as margin, or down to at most that (it restarted and counted from zero since). Reports
/// come a minute apart, so a shorter gap is judged as a minute.
pub fn counter_plausible(previous: f64, total: f64, elapsed_secs: i64) -> bool {
    let elapsed = elapsed_secs.max(REPORT_INTERVAL_SECS as i64) as f64;
    let most = MAX_POWER_W * elapsed / 3600.0 * 1.5;
    if total >= previous { total - previous <= most } else { total <= most }
}

/// Whether a business may add a radiator it names by uid and claim code.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Claim {
    /// The gateway makes the device (the simulated fleet): any new uid is fine.
    NotNeeded,
    /// A real device, and no code was given.
    CodeMissing,
    /// The device announced this code's hash.
    Proven,
    /// Wrong code, or no device with this uid waits to be added.
    Refused,
}

/// The one seam between the server and the radiators: the in-process simulated fleet, or
/// real devices behind a broker.
pub trait DeviceGateway: Send + Sync + 'static {
    /// Hands a radiator its desired state; the device applies it before its next report.
    fn send(&self, desired: DesiredState);

    /// Whether the radiator `uid` may be added with `code` (see [`Claim`]).
    fn claim(&self, _uid: &str, _code: Option<&str>) -> Claim {
        Claim::NotNeeded
    }

    /// Whether the radiators are the simulated fleet (whose thermal model the savings
    /// baseline can run) rather than real devices.
    fn simulated(&self) -> bool {
        true
    }
}

/// Which radiators a change touched.
#[derive(Clone, Copy, Debug)]
pub enum Scope {
    Radiator(i64),
    Room(i64),
    Zone(i64),
}

type DesiredRow = (i64, String, Option<i64>, i64, f64);

/// The desired state of a business's radiators in `scope`.
pub async fn desired_states<'e>(
    db: impl Db<'e>,
    business_id: i64,
    scope: Scope,
) -> StoreResult<Vec<DesiredState>> {
    let (sql, id) = match scope {
        Scope::Radiator(id) => ("AND r.id = $2", id),
        Scope::Room(id) => ("AND r.room_id = $2", id),
        Scope::Zone(id) => ("AND rm.zone_id = $2", id),
    };
    let sql = format!(
        "SELECT r.id, r.uid, r.room_id, r.is_on, r.setpoint FROM radiators r
         LEFT JOIN rooms rm ON rm.id = r.room_id WHERE r.business_id = $1 {sql}"
    );
    let rows: Vec<DesiredRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(business_id).bind(id).fetch_all(db).await?;
    Ok(rows.into_iter().map(desired).collect())
}

/// Every radiator's desired state, for a gateway starting up.
pub async fn all_desired_states<'e>(db: impl Db<'e>) -> StoreResult<Vec<DesiredState>> {
    let rows: Vec<DesiredRow> =
        sqlx::query_as("SELECT id, uid, room_id, is_on, setpoint FROM radiators")
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(desired).collect())
}

/// The desired state of the radiator with this uid, whichever business it belongs to.
pub async fn desired_state_of<'e>(db: impl Db<'e>, uid: &str) -> StoreResult<Option<DesiredState>> {
    let row: Option<DesiredRow> =
        sqlx::query_as("SELECT id, uid, room_id, is_on, setpoint FROM radiators WHERE uid = $1")
            .bind(uid)
            .fetch_optional(db)
            .await?;
    Ok(row.map(desired))
}

fn desired((radiator_id, uid, room_id, is_on, setpoint): DesiredRow) -> DesiredState {
    DesiredState { radiator_id, uid, room_id, on: is_on == 1, setpoint }
}

/// How often devices report, in simulated seconds.
pub const REPORT_INTERVAL_SECS: f64 = 60.0;

/// Ticks once per simulated minute, `time_scale` times faster than real time (at most once a
/// second, skipping ticks missed while busy); with the tick's length in real seconds.
pub fn report_timer(time_scale: f64) -> (tokio::time::Interval, f64) {
    let period = (REPORT_INTERVAL_SECS / time_scale).max(1.0);
    let mut interval = tokio::time::interval(std::time::Duration::from_secs_f64(period));
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    (interval, period)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(temperature: f64, power_w: f64, energy_wh_total: f64) -> Report {
        let (setpoint, on, heating, uid) = (21.0, true, true, "HD-1".into());
        Report { uid, temperature, setpoint, on, heating, power_w, energy_wh_total }
    }

    #[test]
    fn reports_out_of_range_are_implausible() {
        assert_eq!(report(20.0, 1500.0, 10.0).implausible(), None);
        assert_eq!(report(-40.0, 0.0, 0.0).implausible(), None);
        for wrong in [
            report(81.0, 1500.0, 10.0),
            report(f64::NAN, 1500.0, 10.0),
            report(20.0, -1e300, 10.0),
            report(20.0, 5001.0, 10.0),
            report(20.0, 1500.0, -1.0),
            report(20.0, 1500.0, f64::INFINITY),
        ] {
            assert!(wrong.implausible().is_some(), "{wrong:?}");
        }
    }

    #[test]
    fn a_counter_may_rise_by_what_the_largest_radiator_draws_or_restart() {
        // 5 kW for an hour, with half again as margin: 7,500 Wh.
        assert!(counter_plausible(100.0, 7_600.0, 3600));
        assert!(!counter_plausible(100.0, 7_700.0, 3600));
        assert!(!counter_plausible(100.0, 1e12, 60));
        // Two reports within a second are judged as a minute apart: 125 Wh.
        assert!(counter_plausible(100.0, 225.0, 0));
        // Down: a restart, if it cannot have counted more since.
        assert!(counter_plausible(5_000.0, 100.0, 60));
        assert!(!counter_plausible(1e12, 5_000.0, 60));
    }
}
