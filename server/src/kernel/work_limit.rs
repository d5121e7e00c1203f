//! A limit on CPU- and memory-heavy blocking work (argon2id hashing): it runs off the async
//! workers, only so many at once, and a caller that waits too long for its turn is refused
//! with 503, so a burst queues briefly instead of exhausting memory.

use std::time::Duration;

use anyhow::Context;
use tokio::sync::Semaphore;

use crate::error::{ApiError, ApiResult};

pub struct WorkLimit {
    permits: Semaphore,
    wait: Duration,
}

impl WorkLimit {
    /// At most `permits` jobs at once; a job waits at most `wait` for its turn.
    pub fn new(permits: usize, wait: Duration) -> Self {
        Self { permits: Semaphore::new(permits), wait }
    }

    /// One job a core, each waiting at most 10 s.
    pub fn per_core() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Self::new(cores, Duration::from_secs(10))
    }

    /// Runs `work` on the blocking pool once a permit is free; 503 after waiting too long.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> ApiResult<T> {
        let permit = tokio::time::timeout(self.wait, self.permits.acquire())
            .await
            .map_err(|_| ApiError::Unavailable)?
            .context("the work limit is closed")?;
        let done = tokio::task::spawn_blocking(work).await.context("blocking work")?;
        drop(permit);
        Ok(done)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    /// Runs 24 jobs of 30 ms through a limiter of `permits` that waits at most `wait`; answers
    /// the most that ran at once and how many were refused.
    async fn burst(permits: usize, wait: Duration) -> (usize, usize) {
        let limiter = Arc::new(WorkLimit::new(permits, wait));
        let (running, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let jobs = (0..24).map(|_| {
            let (limiter, running, peak) = (limiter.clone(), running.clone(), peak.clone());
            tokio::spawn(async move {
                limiter
                    .run(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        peak.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(30));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .await
            })
        });
        let answers = futures_util::future::join_all(jobs).await;
        let refused = answers
            .into_iter()
            .filter(|answer| matches!(answer.as_ref().unwrap(), Err(ApiError::Unavailable)))
            .count();
        (peak.load(Ordering::SeqCst), refused)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn no_more_hashes_run_at_once_than_there_are_permits() {
        let (peak, refused) = burst(3, Duration::from_secs(30)).await;
        assert_eq!((peak, refused), (3, 0));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn a_caller_that_waits_too_long_is_refused_with_503() {
        let (peak, refused) = burst(1, Duration::from_millis(100)).await;
        assert_eq!(peak, 1);
        assert!(refused >= 12, "only {refused} of 24 refused");
    }
}
