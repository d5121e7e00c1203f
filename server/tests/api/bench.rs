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
    let today = date(2026, 11, 29);
    let mut planned = heatdesk::bench::planned_calls(1, today, &tz).unwrap();
    assert!(planned.len() >= 8, "{} calls", planned.len());
    let degree_days = heatdesk::bench::degree_day_saving_bare(1, today).unwrap();
    planned.push(("CO2 savings, degree-days".into(), String::new(), degree_days));
    for (call, _, bare) in planned {
        let ran = sqlx::query(sqlx::AssertSqlSafe(bare)).fetch_all(app.store.reader()).await;
        assert!(ran.is_ok(), "{call}: {:?}", ran.err());
    }
}
