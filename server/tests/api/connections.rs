//! The connection limits of `connections.rs`, on raw sockets: a half-sent header and an idle
//! keep-alive connection are dropped, the live stream outlives both limits, and clients beyond
//! the connection cap wait for a free slot.

use std::time::Duration;

use heatdesk::connections::Limits;
use reqwest::StatusCode;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::{Db, TestApp, next_event};

const HEADER_READ: Duration = Duration::from_secs(1);

async fn app_with(max_connections: usize) -> TestApp {
    let limits = Limits { max_connections, header_read: HEADER_READ, ..Limits::default() };
    TestApp::spawn_with_limits(Db::Sqlite, limits).await.expect("SQLite always runs")
}

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.base.trim_start_matches("http://")).await.unwrap()
}

/// Reads until the server closes the connection; answers what it sent. Fails after 10 s.
async fn read_until_closed(stream: &mut TcpStream) -> String {
    let mut received = Vec::new();
    let read = stream.read_to_end(&mut received);
    tokio::time::timeout(Duration::from_secs(10), read)
        .await
        .expect("the server closes the connection")
        .ok();
    String::from_utf8_lossy(&received).into_owned()
}

#[tokio::test]
async fn a_client_that_sends_half_a_header_is_dropped() {
    let app = app_with(16).await;
    let mut stream = connect(&app).await;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: heatdesk\r\n").await.unwrap();
    let received = read_until_closed(&mut stream).await;
    assert!(!received.contains("200 OK"), "no answer to half a request: {received}");
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed() {
    let app = app_with(16).await;
    let mut stream = connect(&app).await;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: heatdesk\r\n\r\n").await.unwrap();
    let started = std::time::Instant::now();
    let received = read_until_closed(&mut stream).await;
    assert!(received.starts_with("HTTP/1.1 200 OK"), "{received}");
    // Closed by the limit, not by the test's own 10 s patience.
    assert!(started.elapsed() < HEADER_READ * 5, "closed after {:?}", started.elapsed());
}

#[tokio::test]
async fn the_live_stream_outlives_the_header_and_idle_limits() {
    let app = app_with(16).await;
    let owner = app.register_business("owner@acme.co.uk").await;
    owner.add_radiator("HD-1", "Hall").await;
    let live = app.client.get(format!("{}/v2/live", app.base)).bearer_auth(&owner.token);
    let mut response = live.send().await.unwrap();
    let mut buffer = String::new();
    next_event(&mut response, &mut buffer, "snapshot").await;
    tokio::time::sleep(HEADER_READ * 3).await;
    app.tick(60).await;
    let update = next_event(&mut response, &mut buffer, "radiators").await;
    assert_eq!(update[0]["online"], 1);
}

#[tokio::test]
async fn clients_beyond_the_connection_cap_wait_for_a_free_slot() {
    let app = app_with(2).await;
    // Two connections that say nothing hold both slots until the header limit drops them.
    let (mut first, mut second) = (connect(&app).await, connect(&app).await);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let third = app.client.get(format!("{}/healthz", app.base)).send();
    tokio::pin!(third);
    let early = tokio::time::timeout(HEADER_READ / 2, &mut third).await;
    assert!(early.is_err(), "a third client waits while two connections are open");
    let answer = tokio::time::timeout(Duration::from_secs(10), third).await.unwrap().unwrap();
    assert_eq!(answer.status(), StatusCode::OK);
    // It was served once the silent ones were dropped.
    assert_eq!(read_until_closed(&mut first).await, "");
    assert_eq!(read_until_closed(&mut second).await, "");
}
