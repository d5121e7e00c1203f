//! The store lease (`store/lease.rs`) with two holders on one store, as two server instances on
//! one database: one holds it, renewing keeps it, the other takes over only once it lapses or
//! is released.

use heatdesk::store::lease::Lease;

use crate::store_tests;
use crate::support::TestApp;

store_tests!(one_of_two_instances_holds_a_lease_until_it_lapses_or_is_released);

async fn one_of_two_instances_holds_a_lease_until_it_lapses_or_is_released(app: TestApp) {
    let store = &app.store;
    let first = Lease::with_holder("engine", "first", 120);
    let second = Lease::with_holder("engine", "second", 120);
    let other_job = Lease::with_holder("purge", "second", 120);
    let t = 1_000_000;

    assert!(first.acquire(store, t).await.unwrap());
    assert!(!second.acquire(store, t).await.unwrap(), "held by the first");
    assert!(other_job.acquire(store, t).await.unwrap(), "another job's lease is its own");
    assert!(first.acquire(store, t + 60).await.unwrap(), "renewed");
    assert!(!second.acquire(store, t + 179).await.unwrap(), "renewal moved the expiry on");

    assert!(second.acquire(store, t + 180).await.unwrap(), "lapsed: taken over");
    assert!(!first.acquire(store, t + 181).await.unwrap(), "the first lost it");
    second.release(store).await.unwrap();
    assert!(first.acquire(store, t + 182).await.unwrap(), "released: taken at once");
}
