//! The radiators themselves (DESIGN.md §4). The server owns each radiator's desired state
//! (on/off, setpoint) and sends it through a [`DeviceGateway`]; devices report their state,
//! which [`telemetry`] stores and pushes to the live stream.

pub mod emulator;
pub mod mqtt;
pub mod simulator;
pub mod telemetry;
pub mod thermal;

use serde::{Deserialize, Serialize};
use sqlx::{Any, Executor};

use crate::store::StoreResult;

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

/// The one seam between the server and the radiators: the in-process simulated fleet, or
/// real devices behind a broker.
pub trait DeviceGateway: Send + Sync + 'static {
    /// Hands a radiator its desired state; the device applies it before its next report.
    fn send(&self, desired: DesiredState);
}

/// Which radiators a change touched.
pub enum Scope {
    Radiator(i64),
    Room(i64),
    Zone(i64),
}

type DesiredRow = (i64, String, Option<i64>, i64, f64);

/// The desired state of a business's radiators in `scope`.
pub async fn desired_states<'e>(
    db: impl Executor<'e, Database = Any>,
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
pub async fn all_desired_states<'e>(
    db: impl Executor<'e, Database = Any>,
) -> StoreResult<Vec<DesiredState>> {
    let rows: Vec<DesiredRow> =
        sqlx::query_as("SELECT id, uid, room_id, is_on, setpoint FROM radiators")
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(desired).collect())
}

/// The desired state of the radiator with this uid, whichever business it belongs to.
pub async fn desired_state_of<'e>(
    db: impl Executor<'e, Database = Any>,
    uid: &str,
) -> StoreResult<Option<DesiredState>> {
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
