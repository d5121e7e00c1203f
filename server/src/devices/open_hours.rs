//! Radiators' stored states, each with its open hour: the readings of the UTC hour it is
//! reporting in, summed in the state row until a reading of a later hour moves them into the
//! rollups.

use std::collections::HashMap;

use sqlx::{AnyConnection, Row};

use super::Report;
use super::rollups::{Rollup, Sums};
use crate::store::StoreResult;
use crate::store::rows::{self, Value};

/// What a radiator's last report in a batch leaves in its state.
pub(super) struct State<'a> {
    pub report: &'a Report,
    /// The counter at the radiator's last reading.
    pub reading_total: f64,
    /// Its business, and that business's time zone.
    pub business_id: i64,
    pub zone: &'a str,
    /// Whether it has a state stored.
    pub stored: bool,
    /// The hour and local day whose sums the stored state holds (see [`OpenHour`]).
    pub open: Option<(i64, &'a str)>,
}

/// A radiator's readings in the UTC hour it is reporting in, summed in its state row until a
/// reading of a later hour moves them into its rollups: the state is written with every report
/// anyway, so a reading costs no rollup rows of its radiator's until its hour closes. Where a
/// UTC hour spans two local days (a zone half an hour off UTC), each day's part is an open hour
/// of its own.
pub(super) struct OpenHour {
    pub business_id: i64,
    /// The reading's local day.
    pub day: String,
    pub sums: Sums,
}

/// The columns of the open hour's sums, as `radiator_states` names them after `open_`.
const OPEN_SUMS: [&str; 6] =
    ["energy_wh", "heating_minutes", "temperature_sum", "setpoint_sum", "co2_g", "readings"];

/// Moves into the rollups the open hours of the radiators `closing`, each earlier than the
/// radiator's new reading in `opened`.
pub(super) async fn close_open_hours(
    db: &mut AnyConnection,
    closing: &[i64],
    opened: &HashMap<i64, OpenHour>,
    rollup: &mut Rollup,
) -> StoreResult<()> {
    let sums = OPEN_SUMS.map(|column| format!("open_{column}")).join(", ");
    let sql = |ids: &str| {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT radiator_id, open_hour, open_day, {sums} FROM radiator_states
             WHERE radiator_id IN ({ids}) AND open_readings > 0"
        )))
    };
    for query in rows::statements(db, closing, 0, sql, |id| vec![Value::from(*id)]) {
        for row in query.fetch_all(&mut *db).await? {
            let id: i64 = row.try_get(0)?;
            let Some(open) = opened.get(&id) else { continue };
            let (closed, day): (i64, String) = (row.try_get(1)?, row.try_get(2)?);
            let sums = Sums {
                energy_wh: row.try_get(3)?,
                heating_minutes: row.try_get(4)?,
                temperature_sum: row.try_get(5)?,
                setpoint_sum: row.try_get(6)?,
                co2_g: row.try_get(7)?,
                readings: row.try_get(8)?,
            };
            rollup.add_to_radiator(open.business_id, id, (closed, &day), &sums);
        }
    }
    Ok(())
}

/// Writes the radiators' states, seen at `now`, each reading in `opened` (of `hour`) added to
/// the radiator's open hour, or starting it where the stored one is of an earlier hour or day
/// (closed by [`close_open_hours`]). A radiator's first report inserts its state; later ones
/// update it, cheaper than an upsert on PostgreSQL.
pub(super) async fn write_states(
    db: &mut AnyConnection,
    states: &[(i64, State<'_>)],
    now: i64,
    hour: i64,
    opened: &HashMap<i64, OpenHour>,
) -> StoreResult<()> {
    // Per radiator: 0 when no reading of its is taken, 1 when one is added to its open hour,
    // 2 when one starts it (the stored one, if any, is of an earlier hour or day).
    let taken = |(id, state): &(i64, State)| match opened.get(id) {
        None => 0,
        Some(reading) if state.open == Some((hour, &reading.day)) => 1,
        Some(_) => 2,
    };
    // The columns bound per row; `last_seen` ($1) and `open_hour` ($2) are the batch's.
    let values = |state: &&(i64, State)| {
        let (id, State { report, reading_total, .. }) = state;
        let open = opened.get(id);
        let mut row = vec![
            Value::from(*id),
            Value::from(report.temperature),
            Value::from(report.power_w),
            Value::from(i64::from(report.heating)),
            Value::from(report.energy_wh_total),
            Value::from(*reading_total),
            Value::from(open.map(|open| open.day.as_str())),
            Value::from(taken(state)),
        ];
        row.extend(open.map(|open| open.sums).unwrap_or_default().values());
        row
    };
    let open_sums = OPEN_SUMS.map(|column| format!("open_{column}"));
    let columns = format!(
        "radiator_id, temperature, power_w, heating, energy_wh_total, reading_energy_wh_total,
         open_day, taken, {}",
        open_sums.join(", ")
    );
    let (stored, new): (Vec<_>, Vec<_>) = states.iter().partition(|(_, state)| state.stored);
    let insert = |rows: &str| {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "WITH batch ({columns}) AS ({rows})
             INSERT INTO radiator_states (radiator_id, temperature, power_w, heating,
                 energy_wh_total, reading_energy_wh_total, last_seen, open_hour, open_day, {})
             SELECT radiator_id, temperature, power_w, heating, energy_wh_total,
                 reading_energy_wh_total, $1, CASE WHEN taken > 0 THEN $2 END, open_day, {}
             FROM batch",
            open_sums.join(", "),
            open_sums.join(", ")
        )))
        .bind(now)
        .bind(hour)
    };
    for query in rows::statements(db, &new, 2, insert, values) {
        query.execute(&mut *db).await?;
    }
    let mut set = vec![
        "open_hour = CASE WHEN batch.taken = 2 THEN $2 ELSE radiator_states.open_hour END".to_owned(),
        "open_day = CASE WHEN batch.taken = 2 THEN batch.open_day ELSE radiator_states.open_day END"
            .to_owned(),
    ];
    set.extend(open_sums.iter().map(|column| {
        format!(
            "{column} = CASE WHEN batch.taken = 2 THEN batch.{column}
                 ELSE radiator_states.{column} + batch.{column} END"
        )
    }));
    let update = |rows: &str| {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "WITH batch ({columns}) AS ({rows})
             UPDATE radiator_states SET temperature = batch.temperature,
                 power_w = batch.power_w, heating = batch.heating,
                 energy_wh_total = batch.energy_wh_total,
                 reading_energy_wh_total = batch.reading_energy_wh_total,
                 last_seen = $1, {}
             FROM batch WHERE radiator_states.radiator_id = batch.radiator_id",
            set.join(", ")
        )))
        .bind(now)
        .bind(hour)
    };
    for query in rows::statements(db, &stored, 2, update, values) {
        query.execute(&mut *db).await?;
    }
    Ok(())
}
