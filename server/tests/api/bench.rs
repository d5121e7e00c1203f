//! `heatdesk bench` is not part of the test command, so here each bare query it times an
//! analytics call against runs on the store as migrated: a change to the schema that breaks
//! one fails here, not at the next measurement.

use jiff::civil::date;
use jiff::tz::TimeZone;

use crate::store_tests;
use crate::support::TestApp;

store_tests!(every_bare_query_of_the_bench_runs_on_the_schema);

async fn every_bare_query_of_the_bench_runs_on_the_schema(app: TestApp) {
    let tz = TimeZone::get("Europe/London").unwrap();
    let planned = heatdesk::bench::planned_calls(1, date(2026, 11, 29), &tz).unwrap();
    assert!(planned.len() >= 8, "{} calls", planned.len());
    for (call, _, bare) in planned {
        let ran = sqlx::query(sqlx::AssertSqlSafe(bare)).fetch_all(app.store.reader()).await;
        assert!(ran.is_ok(), "{call}: {:?}", ran.err());
    }
}
