//! Accepting connections, with the limits `axum::serve` has no knobs for: at most
//! [`Limits::max_connections`] open at once (the next waits in the listen backlog), a client
//! must send a request's headers within [`Limits::header_read`] of connecting or of its previous
//! answer (so a half-sent header or an idle keep-alive connection is dropped), and stopping
//! closes every connection once its request in flight is answered.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// How long connections may take and how many there may be.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Open connections at once.
    pub max_connections: usize,
    /// From connecting, or from the end of the previous answer, to the end of the next
    /// request's headers: both the header-read and the idle timeout.
    pub header_read: Duration,
    /// How long stopping waits for requests in flight before it drops them.
    pub shutdown_grace: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_connections: 4096,
            header_read: Duration::from_secs(10),
            shutdown_grace: Duration::from_secs(10),
        }
    }
}

/// Serves `router` on `listener` until `shutdown` resolves, then lets the requests in flight
/// finish (up to the grace period) and returns.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_read);
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            accepted = accept(&listener, &open) => accepted,
        };
        let Some((permit, stream, peer)) = accepted else { continue };
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            router.clone().oneshot(request)
        });
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            // A dropped or timed-out connection is the client's business, not an error here.
            if let Err(error) = connection.await {
                tracing::debug!(%peer, %error, "connection ended");
            }
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(limits.shutdown_grace, graceful.shutdown()).await.is_err() {
        tracing::warn!("requests still running after the grace period are dropped");
    }
}

/// The next connection, once fewer than the limit are open; `None` when accepting failed (out
/// of file descriptors, say), after a pause so a persistent failure does not spin.
async fn accept(
    listener: &TcpListener,
    open: &Arc<Semaphore>,
) -> Option<(tokio::sync::OwnedSemaphorePermit, tokio::net::TcpStream, SocketAddr)> {
    let permit = open.clone().acquire_owned().await.ok()?;
    match listener.accept().await {
        Ok((stream, peer)) => {
            // Answers are small and often come in parts (the live stream): send each at once.
            stream.set_nodelay(true).ok();
            Some((permit, stream, peer))
        }
        Err(error) => {
            tracing::error!(%error, "cannot accept a connection");
            tokio::time::sleep(Duration::from_millis(100)).await;
            None
        }
    }
}
