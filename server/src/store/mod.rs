//! One store for both backends: SQLite (the default, a file in WAL mode) and PostgreSQL, chosen
//! by the database URL. Queries are written once with `$n` placeholders, which both accept, and
//! run through sqlx's `Any` driver; only the migrations differ per backend.

use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::Migrator;
use sqlx::{Any, AnyPool, Executor, Transaction};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("migrations/postgres");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

impl Store {
    /// Opens a pool sized for a small machine: SQLite has one writer at a time anyway, and
    /// PostgreSQL gains little from more connections than a few per core.
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            anyhow::bail!("unsupported database URL {url:?}: use sqlite://… or postgres://…");
        };
        let options = AnyPoolOptions::new().acquire_timeout(Duration::from_secs(10));
        let pool = match backend {
            Backend::Sqlite => {
                create_parent_dir(url)?;
                options
                    .max_connections(4)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;")
                                .await?;
                            Ok(())
                        })
                    })
                    .connect(url)
                    .await
            }
            Backend::Postgres => options.max_connections(8).connect(url).await,
        }
        .with_context(|| format!("cannot open the database at {}", redact(url)))?;
        Ok(Self { pool, backend })
    }

    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.pool).await.context("cannot migrate the database")
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }
}

/// Starts a transaction that will write. On SQLite it takes the write lock at once (`BEGIN
/// IMMEDIATE`): a transaction that reads first and upgrades later fails with "database is
/// locked" when another writer got in between, whatever the busy timeout.
pub async fn begin_write(pool: &AnyPool) -> Result<Transaction<'static, Any>, sqlx::Error> {
    if pool.connect_options().database_url.scheme() == "sqlite" {
        pool.begin_with("BEGIN IMMEDIATE").await
    } else {
        pool.begin().await
    }
}

/// `sqlite://data/heatdesk.db?mode=rwc` → make sure `data/` exists.
fn create_parent_dir(url: &str) -> anyhow::Result<()> {
    let path = url.trim_start_matches("sqlite:").trim_start_matches("//");
    let path = path.split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        return Ok(());
    }
    if let Some(parent) = Path::new(path).parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create the folder {}", parent.display()))?;
    }
    Ok(())
}

/// The URL without its password, for messages.
fn redact(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        _ => url.to_owned(),
    }
}
