//! The radiators a batch of reports names, with their stored states and their business's time
//! zone. Reading them was a sixth of a batch's time on PostgreSQL, so each instance keeps what
//! its last batch left and uses it while no one else has written: every change (its history
//! entry) and every batch moves its business's data version, so a business whose version is
//! not the one this instance's last batch left is read again. Ingest's batches take turns
//! (`telemetry.rs`), so the versions are checked when nothing else can store reports.

use std::collections::{HashMap, HashSet};

use sqlx::{AnyConnection, FromRow, Row};

use crate::store::StoreResult;
use crate::store::rows::{self, Value};

/// A radiator as a batch needs it.
#[derive(sqlx::FromRow)]
pub struct KnownRadiator {
    pub uid: String,
    pub id: i64,
    pub business_id: i64,
    pub room_id: Option<i64>,
    /// The counter at the last report, and at the last reading.
    pub energy_wh_total: Option<f64>,
    pub reading_energy_wh_total: Option<f64>,
    pub last_seen: Option<i64>,
    /// The minute of its first reading, once it has reported.
    pub first_report_at: Option<i64>,
    /// The hour and local day whose sums its state holds.
    pub open_hour: Option<i64>,
    pub open_day: Option<String>,
    /// Its business's time zone, whose days the daily rollups count.
    pub time_zone: String,
    /// Its business's data version when read.
    data_version: i64,
}

/// What one instance's last batch left, for one store.
#[derive(Default)]
pub struct KnownRadiators {
    store_id: u64,
    radiators: HashMap<String, KnownRadiator>,
    /// Each business's data version as the last batch left it.
    versions: HashMap<i64, i64>,
}

/// What a batch stored for one radiator, for the radiators kept after it.
pub struct Stored {
    pub energy_wh_total: f64,
    pub reading_energy_wh_total: f64,
    pub last_seen: i64,
    /// The open hour and day the state holds now.
    pub open: Option<(i64, String)>,
    /// The minute of a reading stored, if any.
    pub reading_at: Option<i64>,
}

impl KnownRadiators {
    /// The radiators `uids` name in the store `store_id`: those kept whose business's version is
    /// still the one kept, and the rest read through `db`.
    pub async fn load(
        self,
        db: &mut AnyConnection,
        store_id: u64,
        uids: &[&str],
    ) -> StoreResult<Self> {
        let Self { mut radiators, mut versions, .. } =
            if self.store_id == store_id { self } else { Self::default() };
        // The businesses of the radiators kept that this batch names; the others are checked
        // when a batch names them.
        let named: HashSet<i64> =
            uids.iter().filter_map(|uid| radiators.get(*uid)).map(|r| r.business_id).collect();
        let named: Vec<i64> = named.into_iter().collect();
        let current = read_versions(db, &named).await?;
        let moved: HashSet<i64> = named
            .into_iter()
            .filter(|business_id| current.get(business_id) != versions.get(business_id))
            .collect();
        versions.retain(|business_id, _| !moved.contains(business_id));
        radiators.retain(|_, radiator| !moved.contains(&radiator.business_id));
        let missing: Vec<&str> =
            uids.iter().copied().filter(|uid| !radiators.contains_key(*uid)).collect();
        let read = read(db, &missing).await?;
        // A business read at another version than the one kept (not named until now) is read
        // again whole as its radiators come.
        let stale: HashSet<i64> = read
            .iter()
            .filter(|radiator| {
                versions
                    .get(&radiator.business_id)
                    .is_some_and(|kept| *kept != radiator.data_version)
            })
            .map(|radiator| radiator.business_id)
            .collect();
        radiators.retain(|_, radiator| !stale.contains(&radiator.business_id));
        for radiator in read {
            versions.insert(radiator.business_id, radiator.data_version);
            radiators.insert(radiator.uid.clone(), radiator);
        }
        Ok(Self { store_id, radiators, versions })
    }

    pub fn get(&self, uid: &str) -> Option<&KnownRadiator> {
        self.radiators.get(uid)
    }

    /// Notes what the batch stored for the radiator `uid`.
    pub fn stored(&mut self, uid: &str, stored: Stored) {
        let Some(radiator) = self.radiators.get_mut(uid) else { return };
        radiator.energy_wh_total = Some(stored.energy_wh_total);
        radiator.reading_energy_wh_total = Some(stored.reading_energy_wh_total);
        radiator.last_seen = Some(stored.last_seen);
        (radiator.open_hour, radiator.open_day) = stored.open.unzip();
        if let Some(at) = stored.reading_at {
            radiator.first_report_at =
                Some(radiator.first_report_at.map_or(at, |first| first.min(at)));
        }
    }

    /// Notes the version the batch moved the business to; where it moved further than the
    /// batch's step, something else wrote too and the business is read again next time.
    pub fn moved(&mut self, business_id: i64, version: i64) {
        if self.versions.get(&business_id) == Some(&(version - 1)) {
            self.versions.insert(business_id, version);
        } else {
            self.versions.remove(&business_id);
            self.radiators.retain(|_, radiator| radiator.business_id != business_id);
        }
    }
}

async fn read_versions(
    db: &mut AnyConnection,
    businesses: &[i64],
) -> StoreResult<HashMap<i64, i64>> {
    let sql = |ids: &str| {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT id, data_version FROM businesses WHERE id IN ({ids})"
        )))
    };
    let mut versions = HashMap::new();
    for query in rows::statements(db, businesses, 0, sql, |id| vec![Value::from(*id)]) {
        for row in query.fetch_all(&mut *db).await? {
            versions.insert(row.try_get(0)?, row.try_get(1)?);
        }
    }
    Ok(versions)
}

async fn read(db: &mut AnyConnection, uids: &[&str]) -> StoreResult<Vec<KnownRadiator>> {
    let uids: Vec<&str> = uids.iter().copied().collect::<HashSet<_>>().into_iter().collect();
    let sql = |uids: &str| {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT r.uid, r.id, r.business_id, r.room_id, s.energy_wh_total,
                 s.reading_energy_wh_total, s.last_seen, r.first_report_at, s.open_hour, s.open_day,
                 COALESCE(b.time_zone, 'Europe/London') AS time_zone, bz.data_version
             FROM radiators r JOIN businesses bz ON bz.id = r.business_id
             LEFT JOIN radiator_states s ON s.radiator_id = r.id
             LEFT JOIN business_settings b ON b.business_id = r.business_id
             WHERE r.uid IN ({uids})"
        )))
    };
    let mut radiators = Vec::with_capacity(uids.len());
    for query in rows::statements(db, &uids, 0, sql, |uid| vec![Value::from(*uid)]) {
        for row in query.fetch_all(&mut *db).await? {
            radiators.push(KnownRadiator::from_row(&row)?);
        }
    }
    Ok(radiators)
}
