//! A limit on CPU- and memory-heavy blocking work (argon2id hashing, 19 MiB a hash): it runs
//! on a few threads of its own, one job each at a time, so it never crowds tokio's blocking
//! pool and its memory stays a few buffers; a caller that waits too long for its turn is
//! refused with 503, so a burst queues briefly instead of exhausting memory.

use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use anyhow::Context;
use tokio::sync::{Semaphore, oneshot};

use crate::error::{ApiError, ApiResult};

type Job = Box<dyn FnOnce() + Send>;

pub struct WorkLimit {
    /// One per worker thread, so a job that holds one starts at once.
    permits: Semaphore,
    wait: Duration,
    jobs: mpsc::Sender<Job>,
}

impl WorkLimit {
    /// `workers` threads, one job each at a time; a job waits at most `wait` for its turn.
    pub fn new(workers: usize, wait: Duration) -> Self {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..workers {
            let queue = queue.clone();
            let worker =
                std::thread::Builder::new().name(format!("heatdesk-work-{n}")).spawn(move || {
                    loop {
                        let next = queue.lock().unwrap_or_else(|p| p.into_inner()).recv();
                        match next {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                });
            if let Err(error) = worker {
                tracing::error!(%error, "cannot start a worker thread");
            }
        }
        Self { permits: Semaphore::new(workers), wait, jobs }
    }

    /// One worker a core, each job waiting at most 10 s.
    pub fn per_core() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Self::new(cores, Duration::from_secs(10))
    }

    /// Runs `work` on a worker once one is free; 503 after waiting too long for one.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> ApiResult<T> {
        let permit = tokio::time::timeout(self.wait, self.permits.acquire())
            .await
            .map_err(|_| ApiError::Unavailable)?
            .context("the work limit is closed")?;
        let (done, answer) = oneshot::channel();
        let job: Job = Box::new(move || {
            // The caller may have gone; the work is done all the same.
            let _ = done.send(work());
        });
        let stopped = |_| anyhow::anyhow!("the worker threads have stopped");
        self.jobs.send(job).map_err(stopped)?;
        let answer = answer.await.context("a worker thread stopped during a job")?;
        drop(permit);
        Ok(answer)
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

    #[tokio::test]
    async fn jobs_run_on_the_limits_own_threads() {
        let limit = WorkLimit::new(2, Duration::from_secs(1));
        let name = limit.run(|| std::thread::current().name().map(str::to_owned)).await.unwrap();
        assert!(name.unwrap_or_default().starts_with("heatdesk-work-"));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn a_caller_that_waits_too_long_is_refused_with_503() {
        let (peak, refused) = burst(1, Duration::from_millis(100)).await;
        assert_eq!(peak, 1);
        assert!(refused >= 12, "only {refused} of 24 refused");
    }
}
