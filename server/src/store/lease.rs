//! Leases: a background job that should run on one instance only (housekeeping's purges, the
//! schedule engine, notifications, fetching the grid intensity) holds a row `(name, holder,
//! expires_at)` and renews it each run. Several instances serving one PostgreSQL database each
//! try; one holds it, the others wait until it lapses. The same
//! statement works on SQLite, where it keeps a second process on the file from doubling work.

use crate::store::{Store, StoreResult};

/// One instance's claim on a named job.
#[derive(Clone, Debug)]
pub struct Lease {
    name: String,
    holder: String,
    /// How long a taken or renewed lease lasts, seconds; longer than the job's period, so a
    /// holder that runs on time never lets it lapse.
    ttl_secs: i64,
}

impl Lease {
    /// A lease on `name` for this process, under a random holder id.
    pub fn new(name: &str, ttl_secs: i64) -> Self {
        let holder = format!("{}-{}", std::process::id(), hex::encode(rand::random::<[u8; 6]>()));
        Self::with_holder(name, &holder, ttl_secs)
    }

    pub fn with_holder(name: &str, holder: &str, ttl_secs: i64) -> Self {
        Self { name: name.to_owned(), holder: holder.to_owned(), ttl_secs }
    }

    /// Takes the lease, or renews it if this holder has it, at `now` (unix seconds); answers
    /// whether this holder has it now. A lease another holder let lapse is taken over.
    pub async fn acquire(&self, store: &Store, now: i64) -> StoreResult<bool> {
        let taken = store
            .write(
                sqlx::query(
                    "INSERT INTO job_leases (name, holder, expires_at) VALUES ($1, $2, $3)
                     ON CONFLICT (name) DO UPDATE
                     SET holder = excluded.holder, expires_at = excluded.expires_at
                     WHERE job_leases.holder = excluded.holder OR job_leases.expires_at <= $4",
                )
                .bind(&self.name)
                .bind(&self.holder)
                .bind(now + self.ttl_secs)
                .bind(now),
            )
            .await?;
        Ok(taken == 1)
    }

    /// Gives the lease up (on shutdown), so another instance need not wait for it to lapse.
    pub async fn release(&self, store: &Store) -> StoreResult<()> {
        let release = sqlx::query("DELETE FROM job_leases WHERE name = $1 AND holder = $2")
            .bind(&self.name)
            .bind(&self.holder);
        store.write(release).await?;
        Ok(())
    }
}
