//! Computed views kept in memory between requests. Each business has a data version in the
//! store, moved on by every recorded change (a trigger on the action history) and every batch
//! of reports (`bump`); the
//! signed-in user's session query reads it, so a cached view is served only while the store
//! says nothing changed — on every server instance alike. Views also expire after a short
//! while, because radiators that stop reporting change what is "online" without any write.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use sqlx::{Any, Transaction};

use crate::error::ApiResult;

/// How long a view may be served without a change, in seconds.
const MAX_AGE_SECS: i64 = 30;

struct Entry<T> {
    version: i64,
    computed_at: i64,
    value: Arc<T>,
}

/// One kind of view per business, e.g. the rooms list.
pub struct ViewCache<T> {
    entries: Mutex<HashMap<i64, Entry<T>>>,
}

impl<T> Default for ViewCache<T> {
    fn default() -> Self {
        Self { entries: Mutex::new(HashMap::new()) }
    }
}

impl<T> ViewCache<T> {
    /// The view of `business_id` at `version`, computing it with `compute` when missing,
    /// outdated or older than half a minute.
    pub async fn get_or_compute<F, Fut>(
        &self,
        business_id: i64,
        version: i64,
        now: i64,
        compute: F,
    ) -> ApiResult<Arc<T>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = ApiResult<T>>,
    {
        if let Some(entry) = self.lock().get(&business_id)
            && entry.version == version
            && now - entry.computed_at < MAX_AGE_SECS
        {
            return Ok(entry.value.clone());
        }
        let value = Arc::new(compute().await?);
        let entry = Entry { version, computed_at: now, value: value.clone() };
        self.lock().insert(business_id, entry);
        Ok(value)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Entry<T>>> {
        self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Moves the business's data version on, inside the transaction that stores its reports.
pub async fn bump(tx: &mut Transaction<'_, Any>, business_id: i64) -> ApiResult<()> {
    sqlx::query("UPDATE businesses SET data_version = data_version + 1 WHERE id = $1")
        .bind(business_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_view_is_reused_until_the_version_moves_or_it_ages() {
        let cache = ViewCache::<i64>::default();
        let computed = std::sync::atomic::AtomicI64::new(0);
        let get = |version, now| {
            cache.get_or_compute(7, version, now, || async {
                Ok(computed.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1)
            })
        };
        assert_eq!(*get(1, 100).await.unwrap(), 1);
        assert_eq!(*get(1, 129).await.unwrap(), 1, "same version, fresh: reused");
        assert_eq!(*get(2, 129).await.unwrap(), 2, "a change: computed again");
        assert_eq!(*get(2, 159).await.unwrap(), 3, "30 s old: computed again");
    }
}
