//! Time comes from here wherever behaviour depends on it, so tests set the time instead of
//! sleeping.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use time::OffsetDateTime;

pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> OffsetDateTime;
}

/// Wall-clock time.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> OffsetDateTime {
        OffsetDateTime::now_utc()
    }
}

/// A clock that stands still until moved; for tests.
#[derive(Clone)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    pub fn starting_at(at: OffsetDateTime) -> Self {
        Self(Arc::new(AtomicI64::new(at.unix_timestamp())))
    }

    pub fn advance(&self, by: time::Duration) {
        self.0.fetch_add(by.whole_seconds(), Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> OffsetDateTime {
        let secs = self.0.load(Ordering::SeqCst);
        OffsetDateTime::from_unix_timestamp(secs).unwrap_or(OffsetDateTime::UNIX_EPOCH)
    }
}

/// A local time as ISO 8601 with its offset (`2026-11-25T00:00:00+00:00`): what a business's
/// calendar periods and readings are written in, so their date is the local one.
pub fn local_iso8601(zoned: &jiff::Zoned) -> String {
    zoned.strftime("%Y-%m-%dT%H:%M:%S%:z").to_string()
}

/// Unix seconds as ISO 8601 (UTC), the wire format for times.
pub fn iso8601(unix_seconds: i64) -> String {
    OffsetDateTime::from_unix_timestamp(unix_seconds)
        .ok()
        .and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok())
        .unwrap_or_default()
}
