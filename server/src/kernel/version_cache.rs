//! Values computed from a business's data, kept in memory between requests. Each business has
//! a data version in the store, moved on by every recorded change (a trigger on the action
//! history) and every batch of radiator reports; the signed-in user's session query reads it,
//! so a kept value is served only while the store says nothing changed — on every server
//! instance alike. Values also expire after a short while, because radiators that stop
//! reporting change what is "online" without any write.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// How long a value may be served without a change, in seconds.
const MAX_AGE_SECS: i64 = 30;

struct Entry {
    version: i64,
    computed_at: i64,
    value: Arc<dyn Any + Send + Sync>,
}

/// One value of each type per business, e.g. the rooms list (`Vec<RoomView>`).
#[derive(Default)]
pub struct VersionCache {
    entries: Mutex<HashMap<(i64, TypeId), Entry>>,
}

impl VersionCache {
    /// The `T` of `business_id` at `version`, computing it with `compute` when missing,
    /// outdated or older than half a minute.
    pub async fn get_or_compute<T, E, F, Fut>(
        &self,
        business_id: i64,
        version: i64,
        now: i64,
        compute: F,
    ) -> Result<Arc<T>, E>
    where
        T: Any + Send + Sync,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        let key = (business_id, TypeId::of::<T>());
        if let Some(entry) = self.lock().get(&key)
            && entry.version == version
            && now - entry.computed_at < MAX_AGE_SECS
            && let Ok(value) = entry.value.clone().downcast::<T>()
        {
            return Ok(value);
        }
        let value = Arc::new(compute().await?);
        let entry = Entry { version, computed_at: now, value: value.clone() };
        self.lock().insert(key, entry);
        Ok(value)
    }

    /// Forgets every value too old to be served (idle or deleted businesses); answers how many.
    pub fn evict_stale(&self, now: i64) -> usize {
        let mut entries = self.lock();
        let before = entries.len();
        entries.retain(|_, entry| now - entry.computed_at < MAX_AGE_SECS);
        before - entries.len()
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<(i64, TypeId), Entry>> {
        self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;
    use std::sync::atomic::{AtomicI64, Ordering};

    use super::*;

    #[tokio::test]
    async fn a_value_is_reused_until_the_version_moves_or_it_ages() {
        let cache = VersionCache::default();
        let computed = AtomicI64::new(0);
        let get = |version, now| {
            cache.get_or_compute(7, version, now, || async {
                Ok::<_, Infallible>(computed.fetch_add(1, Ordering::SeqCst) + 1)
            })
        };
        assert_eq!(*get(1, 100).await.unwrap(), 1);
        assert_eq!(*get(1, 129).await.unwrap(), 1, "same version, fresh: reused");
        assert_eq!(*get(2, 129).await.unwrap(), 2, "a change: computed again");
        assert_eq!(*get(2, 159).await.unwrap(), 3, "30 s old: computed again");
    }

    #[tokio::test]
    async fn stale_values_are_evicted() {
        let cache = VersionCache::default();
        for business in [1, 2] {
            let at = 100 + business * 20;
            cache.get_or_compute(business, 1, at, || async { Ok::<_, Infallible>(0) }).await.ok();
        }
        assert_eq!(cache.evict_stale(155), 1, "business 1's value is 35 s old");
        assert_eq!(cache.evict_stale(155), 0);
        assert_eq!(cache.lock().len(), 1);
    }

    #[tokio::test]
    async fn values_of_other_types_and_businesses_are_kept_apart() {
        let cache = VersionCache::default();
        let number = cache.get_or_compute(7, 1, 100, || async { Ok::<_, Infallible>(1_i64) });
        assert_eq!(*number.await.unwrap(), 1);
        let text = cache.get_or_compute(7, 1, 100, || async { Ok::<_, Infallible>("rooms") });
        assert_eq!(*text.await.unwrap(), "rooms");
        let other = cache.get_or_compute(8, 1, 100, || async { Ok::<_, Infallible>(2_i64) });
        assert_eq!(*other.await.unwrap(), 2);
        let again = cache.get_or_compute(7, 1, 100, || async { Ok::<_, Infallible>(3_i64) });
        assert_eq!(*again.await.unwrap(), 1, "business 7's number was kept");
    }
}
