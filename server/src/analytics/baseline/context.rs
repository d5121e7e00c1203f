//! The business, time zone, working pattern and time that one baseline is worked out for.

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;

use super::thermal::WorkingPatterns;
use crate::store::Store;

/// What every part of one baseline shares.
pub struct Context<'a> {
    pub store: &'a Store,
    pub business_id: i64,
    pub tz: &'a TimeZone,
    pub patterns: &'a WorkingPatterns,
    pub today: Date,
    pub now: i64,
}

impl Context<'_> {
    pub fn day_of(&self, at: i64) -> Date {
        Timestamp::from_second(at).unwrap_or(Timestamp::UNIX_EPOCH).to_zoned(self.tz.clone()).date()
    }

    pub fn start_of(&self, day: Date) -> i64 {
        day.to_zoned(self.tz.clone()).map_or(0, |at| at.timestamp().as_second())
    }
}
