//! One store for both backends: SQLite (the default, a file in WAL mode) and PostgreSQL, chosen
//! by the database URL. Queries are written once with `$n` placeholders, which both accept, and
//! run through sqlx's `Any` driver; only the migrations differ per backend.

pub mod columns;
mod error;
mod group_sync;
pub mod lease;
pub mod rows;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::Migrator;
use sqlx::{Any, AnyConnection, AnyPool, Executor, Transaction};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

pub use error::{StoreError, StoreResult};
use group_sync::GroupSync;

/// What one statement runs on: the pool, a connection or an open transaction. Store functions
/// take `db: impl Db<'e>`, sqlx's `Executor` for this store's driver in a word.
pub trait Db<'e>: Executor<'e, Database = Any> {}

impl<'e, T: Executor<'e, Database = Any>> Db<'e> for T {}

/// Page cache per SQLite connection, KiB. SQLite's default (2 MiB) holds little of a year of
/// rollups: with 64 MiB the bench's history and usage reads took about half as long.
const CACHE_KIB: u32 = 64 * 1024;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("migrations/postgres");

/// Reads go to `reader`, writes to `writer` through [`Store::begin_write`] and
/// [`Store::commit`]. On SQLite the writer is one connection: SQLite has one writer at a time
/// anyway, and waiting for the pool is fair and asynchronous where SQLite's busy handler sleeps.
/// The readers are read-only there, so a write that bypasses the writer fails in every test.
#[derive(Clone)]
pub struct Store {
    reader: AnyPool,
    writer: AnyPool,
    backend: Backend,
    /// SQLite's group commit; PostgreSQL makes each commit durable itself.
    wal: Option<Arc<GroupSync>>,
    /// Tells this database from another opened in the same process (the tests open several).
    id: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Backend {
    Sqlite,
    Postgres,
}

impl Store {
    /// Opens the pools, sized for a small machine: PostgreSQL gains little from more
    /// connections than a few per core.
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        install_default_drivers();
        let options = || AnyPoolOptions::new().acquire_timeout(Duration::from_secs(10));
        // A connection to a local file cannot go stale; pinging it before every use cost a
        // round trip to its thread per request (set-temperature: +11 % without it).
        let local = || options().test_before_acquire(false);
        let opened = |result: Result<AnyPool, sqlx::Error>| {
            result.with_context(|| format!("cannot open the database at {}", redact(url)))
        };
        if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let pool = opened(options().max_connections(8).connect(url).await)?;
            return Ok(Self {
                reader: pool.clone(),
                writer: pool,
                backend: Backend::Postgres,
                wal: None,
                id: rand::random(),
            });
        }
        if !url.starts_with("sqlite:") {
            anyhow::bail!("unsupported database URL {url:?}: use sqlite://… or postgres://…");
        }
        let path = sqlite_path(url);
        if let Some(parent) = path.as_deref().and_then(Path::parent)
            && !parent.as_os_str().is_empty()
        {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create the folder {}", parent.display()))?;
        }
        let url = &creating(url);
        if let Some(path) = &path
            && url.contains("mode=rwc")
            && !path.exists()
        {
            tracing::info!("creating a new database at {}", path.display());
        }
        // The writer opens first: it creates the file and switches it to WAL for good.
        let writer = local().max_connections(1).after_connect(|conn, _| {
            Box::pin(async move {
                conn.execute(sqlx::AssertSqlSafe(format!(
                    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
                     PRAGMA busy_timeout = 5000; PRAGMA cache_size = -{CACHE_KIB};"
                )))
                .await?;
                Ok(())
            })
        });
        let writer = opened(writer.connect(url).await)?;
        let reader = local().max_connections(4).after_connect(|conn, _| {
            Box::pin(async move {
                conn.execute(sqlx::AssertSqlSafe(format!(
                    "PRAGMA busy_timeout = 5000; PRAGMA query_only = ON;
                     PRAGMA cache_size = -{CACHE_KIB};"
                )))
                .await?;
                Ok(())
            })
        });
        let reader = opened(reader.connect(url).await)?;
        // The file as SQLite resolved it, so the log flushed is the one it writes.
        let (file,): (String,) =
            sqlx::query_as("SELECT file FROM pragma_database_list WHERE name = 'main'")
                .fetch_one(&writer)
                .await?;
        let wal = (!file.is_empty())
            .then(|| Arc::new(GroupSync::for_wal(&file, group_sync::stop_the_server)));
        Ok(Self { reader, writer, backend: Backend::Sqlite, wal, id: rand::random() })
    }

    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.writer).await.context("cannot migrate the database")?;
        for table in NamedTable::ALL {
            self.fold_name_keys(table.name()).await.context("cannot key the stored names")?;
            self.fold_search_keys(table.name()).await.context("cannot key the stored names")?;
        }
        Ok(())
    }

    /// Keys the names stored before they had keys (migration 0027). A name whose key another
    /// name of its business already has (two names apart only in non-ASCII case, which SQLite
    /// let in) is keyed apart, by its id after its key, with a warning: it is still listed and
    /// found, and its business renames one of them.
    async fn fold_name_keys(&self, table: &str) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        let sql =
            format!("SELECT id, business_id, name FROM {table} WHERE name_key IS NULL ORDER BY id");
        let unkeyed: Vec<(i64, i64, String)> =
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(&mut *tx).await?;
        if unkeyed.is_empty() {
            return Ok(());
        }
        let sql = format!("SELECT business_id, name_key FROM {table} WHERE name_key IS NOT NULL");
        let mut taken: HashSet<(i64, String)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .collect();
        for (id, business_id, name) in unkeyed {
            let mut key = name_key(&name);
            if !taken.insert((business_id, key.clone())) {
                tracing::warn!(
                    table,
                    id,
                    name,
                    "another name of its business differs only in case"
                );
                key = format!("{key}\u{1}{id}");
            }
            let sql = format!("UPDATE {table} SET name_key = $1 WHERE id = $2");
            sqlx::query(sqlx::AssertSqlSafe(sql)).bind(key).bind(id).execute(&mut *tx).await?;
        }
        self.commit(tx).await
    }

    /// Keys the names stored before they had search keys (migration 0029).
    async fn fold_search_keys(&self, table: &str) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        let sql = format!("SELECT id, name FROM {table} WHERE search_key IS NULL");
        let unkeyed: Vec<(i64, String)> =
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(&mut *tx).await?;
        for (id, name) in unkeyed {
            let sql = format!("UPDATE {table} SET search_key = $1 WHERE id = $2");
            let key = search_key(&name);
            sqlx::query(sqlx::AssertSqlSafe(sql)).bind(key).bind(id).execute(&mut *tx).await?;
        }
        self.commit(tx).await
    }

    /// A number of this store's own, for what is kept in memory by the database's row ids.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The pool for reads.
    pub fn reader(&self) -> &AnyPool {
        &self.reader
    }

    /// Starts a transaction that will write. On SQLite it takes the write lock at once
    /// (`BEGIN IMMEDIATE`), so it never fails half-way because another process wrote first.
    pub async fn begin_write(&self) -> StoreResult<Transaction<'static, Any>> {
        let tx = match self.backend {
            Backend::Sqlite => self.writer.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => self.writer.begin().await?,
        };
        Ok(tx)
    }

    /// Starts a transaction for reads that must agree with each other; dropping it ends it.
    pub async fn begin_read(&self) -> StoreResult<Transaction<'static, Any>> {
        Ok(self.reader.begin().await?)
    }

    /// Commits and returns once the change is on disk.
    pub async fn commit(&self, tx: Transaction<'static, Any>) -> StoreResult<()> {
        tx.commit().await?;
        if let Some(wal) = &self.wal {
            wal.sync().await.map_err(|error| {
                anyhow::Error::new(error).context("cannot flush the database log")
            })?;
        }
        Ok(())
    }

    /// Runs one writing statement as a transaction of its own; answers how many rows it touched.
    pub async fn write<'q>(&self, statement: impl sqlx::Execute<'q, Any> + 'q) -> StoreResult<u64> {
        let mut tx = self.begin_write().await?;
        let rows = tx.execute(statement).await?.rows_affected();
        self.commit(tx).await?;
        Ok(rows)
    }

    /// Answers once the database does.
    pub async fn ping(&self) -> StoreResult<()> {
        sqlx::query("SELECT 1").execute(&self.reader).await?;
        Ok(())
    }

    /// Closes every connection; SQLite checkpoints its log on the way out.
    pub async fn close(&self) {
        self.reader.close().await;
        self.writer.close().await;
    }
}

/// What a name is unique, found and sorted by: the name lower-cased, by the server rather than
/// the database (SQLite's `lower()` folds ASCII only), so 'BÜRO' and 'büro' are one name on both.
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// What a name is searched and sorted by: without accents or other marks, with compatibility
/// forms unfolded ("Ｃａｆé" → "Cafe"), then lower-cased ("cafe"), so that "cafe" finds "Café".
/// Unfolded before lower-casing, as some forms unfold to capitals ("ℌ" → "H").
pub fn search_key(name: &str) -> String {
    name_key(&name.nfkd().filter(|c| !is_combining_mark(*c)).collect::<String>())
}

/// Tables whose rows carry a name that is unique, in any case, within a business.
#[derive(Clone, Copy)]
pub enum NamedTable {
    Rooms,
    Zones,
    Radiators,
    Schedules,
}

impl NamedTable {
    const ALL: [Self; 4] = [Self::Rooms, Self::Zones, Self::Radiators, Self::Schedules];

    fn name(self) -> &'static str {
        match self {
            Self::Rooms => "rooms",
            Self::Zones => "zones",
            Self::Radiators => "radiators",
            Self::Schedules => "schedules",
        }
    }
}

/// Tables of records that gather others: rooms their radiators, zones their rooms.
#[derive(Clone, Copy)]
pub enum GroupTable {
    Rooms,
    Zones,
}

impl GroupTable {
    /// The group's table, its members' table, their column that names the group, and the
    /// schedules' word for the group's kind.
    fn names(self) -> (&'static str, &'static str, &'static str, &'static str) {
        match self {
            Self::Rooms => ("rooms", "radiators", "room_id", "room"),
            Self::Zones => ("zones", "rooms", "zone_id", "zone"),
        }
    }
}

/// Inserts a row that has nothing but its name (a room or a zone); answers its id.
pub async fn insert_named(
    db: &mut AnyConnection,
    table: NamedTable,
    business_id: i64,
    name: &str,
    created_at: i64,
) -> StoreResult<i64> {
    let sql = format!(
        "INSERT INTO {} (business_id, name, name_key, search_key, created_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
        table.name()
    );
    let (id,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(business_id)
        .bind(name)
        .bind(name_key(name))
        .bind(search_key(name))
        .bind(created_at)
        .fetch_one(db)
        .await?;
    Ok(id)
}

pub async fn rename(
    db: &mut AnyConnection,
    table: NamedTable,
    business_id: i64,
    id: i64,
    name: &str,
) -> StoreResult<()> {
    let sql = format!(
        "UPDATE {} SET name = $1, name_key = $2, search_key = $3 WHERE id = $4 AND business_id = $5",
        table.name()
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(name)
        .bind(name_key(name))
        .bind(search_key(name))
        .bind(id)
        .bind(business_id)
        .execute(db)
        .await?;
    Ok(())
}

/// A schedule whose last target was deleted: it is off now.
#[derive(sqlx::FromRow)]
pub struct Orphan {
    pub id: i64,
    pub name: String,
    /// 1 when the deletion switched it off, 0 when it was off already.
    pub status: i64,
}

/// Deletes a group (a room, a zone); what it gathered stays, in no group of its kind. Answers
/// the schedules it leaves with no targets.
pub async fn delete_group(
    db: &mut AnyConnection,
    table: GroupTable,
    business_id: i64,
    id: i64,
) -> StoreResult<Vec<Orphan>> {
    let (groups, members, column, schedule_for) = table.names();
    let sql =
        format!("UPDATE {members} SET {column} = NULL WHERE {column} = $1 AND business_id = $2");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).bind(business_id).execute(&mut *db).await?;
    let orphans = drop_schedule_target(&mut *db, business_id, schedule_for, id).await?;
    let sql = format!("DELETE FROM {groups} WHERE id = $1 AND business_id = $2");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).bind(business_id).execute(db).await?;
    Ok(orphans)
}

/// Takes a room, zone or radiator being deleted out of the business's schedules for its kind
/// (`schedule_for`), so that a schedule lists only targets that are there. Answers the
/// schedules that had it and now have no target at all, by name.
pub async fn drop_schedule_target(
    db: &mut AnyConnection,
    business_id: i64,
    schedule_for: &str,
    id: i64,
) -> StoreResult<Vec<Orphan>> {
    let theirs = "SELECT id FROM schedules WHERE business_id = $2 AND schedule_for = $3";
    let sql = format!(
        "SELECT s.id, s.name, s.status FROM schedules s JOIN schedule_targets t ON t.schedule_id = s.id
         WHERE t.target_id = $1 AND s.id IN ({theirs})
           AND (SELECT COUNT(*) FROM schedule_targets o WHERE o.schedule_id = s.id) = 1
         ORDER BY s.name_key"
    );
    let orphans: Vec<Orphan> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(business_id)
        .bind(schedule_for)
        .fetch_all(&mut *db)
        .await?;
    let sql =
        format!("DELETE FROM schedule_targets WHERE target_id = $1 AND schedule_id IN ({theirs})");
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(business_id)
        .bind(schedule_for)
        .execute(&mut *db)
        .await?;
    // A schedule that heats nothing is off: not counted among those running, and saved again
    // only with a target.
    sqlx::query(
        "UPDATE schedules SET status = 0
         WHERE business_id = $1 AND schedule_for = $2 AND status = 1
           AND NOT EXISTS (SELECT 1 FROM schedule_targets t WHERE t.schedule_id = schedules.id)",
    )
    .bind(business_id)
    .bind(schedule_for)
    .execute(db)
    .await?;
    Ok(orphans)
}

/// The name of another row of `table` (not `except`) in the business with this name, in any
/// case, as that row spells it.
pub async fn name_taken<'e>(
    db: impl Db<'e>,
    table: NamedTable,
    business_id: i64,
    name: &str,
    except: i64,
) -> StoreResult<Option<String>> {
    let sql = format!(
        "SELECT name FROM {} WHERE business_id = $1 AND name_key = $2 AND id <> $3",
        table.name()
    );
    let taken: Option<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(business_id)
        .bind(name_key(name))
        .bind(except)
        .fetch_optional(db)
        .await?;
    Ok(taken.map(|(name,)| name))
}

/// Makes the changes of one business take turns on PostgreSQL until `db`'s transaction ends, as
/// every change does on SQLite (one writer): a check and the write it allows (a plan's radiator
/// limit, a trial started once) then hold together. Business ids stay far below the ingest
/// lock's key, the only other advisory lock.
pub async fn take_business_turn(db: &mut AnyConnection, business_id: i64) -> StoreResult<()> {
    if is_postgres(db) {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(business_id).execute(db).await?;
    }
    Ok(())
}

/// Whether `db` is a PostgreSQL connection (else SQLite).
pub fn is_postgres(db: &AnyConnection) -> bool {
    db.backend_name().eq_ignore_ascii_case("postgresql")
}

/// A statement with its parameters bound so far.
pub type AnyQuery<'q> = sqlx::query::Query<'q, Any, sqlx::any::AnyArguments>;

/// The rows `sql` answers for one business over a range, the shape of the analytics' reads:
/// `$1` is the business, `$2` and `$3` the range's ends (unix seconds, or local days).
pub async fn rows_in_range<'q, T, R>(
    pool: &AnyPool,
    sql: &'static str,
    business_id: i64,
    (from, to): (R, R),
) -> StoreResult<Vec<T>>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
    R: sqlx::Encode<'q, Any> + sqlx::Type<Any> + Send + 'q,
{
    let query = sqlx::query_as(sql).bind(business_id).bind(from).bind(to);
    Ok(query.fetch_all(pool).await?)
}

/// A SQL LIKE pattern matching search keys that contain `search`'s, so in any case and with or
/// without accents; `\` escapes.
pub fn contains_pattern(search: &str) -> String {
    let escaped =
        search_key(search.trim()).replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// The SQLite URL that creates its file when missing (`mode=rwc`), unless it names a mode of
/// its own (`ro`, `rw`, `memory`).
fn creating(url: &str) -> String {
    let query = url.split_once('?').map(|(_, query)| query).unwrap_or_default();
    if query.split('&').any(|pair| pair.starts_with("mode=")) {
        return url.to_owned();
    }
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}mode=rwc")
}

/// `sqlite://data/heatdesk.db?mode=rwc` → `data/heatdesk.db`; `None` for an in-memory database.
fn sqlite_path(url: &str) -> Option<PathBuf> {
    let path = url.trim_start_matches("sqlite:").trim_start_matches("//");
    let path = path.split('?').next().unwrap_or_default();
    (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_key_drops_case_accents_and_marks_in_any_script() {
        assert_eq!(search_key("Crêperie ÉTÉ"), "creperie ete");
        assert_eq!(search_key("Ｃａｆé"), "cafe");
        assert_eq!(search_key("ℌall İstanbul"), "hall istanbul");
        // Arabic vowel marks (harakat) and the hamza on an alif are marks too.
        assert_eq!(search_key("مَدْفَأة"), search_key("مدفاة"));
        assert_eq!(search_key("50% office_1"), "50% office_1");
    }

    #[tokio::test]
    async fn on_sqlite_only_the_writer_writes_and_its_commits_flush_the_log() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("store.db").display());
        let store = Store::connect(&url).await.unwrap();
        store.write(sqlx::query("CREATE TABLE t (n INTEGER)")).await.unwrap();
        let refused = sqlx::query("INSERT INTO t VALUES (1)").execute(store.reader()).await;
        assert!(refused.unwrap_err().to_string().contains("readonly"), "a reader wrote");
        assert_eq!(store.write(sqlx::query("INSERT INTO t VALUES (2)")).await.unwrap(), 1);
        let (count,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM t").fetch_one(store.reader()).await.unwrap();
        assert_eq!(count, 1);
        // Each write above flushed the log SQLite writes (a missing log fails the commit).
        assert!(store.wal.is_some());
        assert!(dir.path().join("store.db-wal").exists());
    }

    #[tokio::test]
    async fn a_new_sqlite_file_is_created_unless_the_url_names_another_mode() {
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("deeper/fresh.db");
        Store::connect(&format!("sqlite://{}", fresh.display())).await.unwrap();
        assert!(fresh.exists(), "a plain sqlite:// URL creates its file");
        let missing = dir.path().join("missing.db");
        let refused = Store::connect(&format!("sqlite://{}?mode=rw", missing.display())).await;
        assert!(refused.is_err() && !missing.exists(), "mode=rw opens only what exists");
        assert_eq!(creating("sqlite://a.db?cache=shared"), "sqlite://a.db?cache=shared&mode=rwc");
        assert_eq!(creating("sqlite://a.db?mode=ro"), "sqlite://a.db?mode=ro");
    }

    #[tokio::test]
    async fn a_folder_that_cannot_be_made_is_named_in_one_sentence() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a-file");
        std::fs::write(&file, "").unwrap();
        let url = format!("sqlite://{}/inside/heatdesk.db", file.display());
        let error = Store::connect(&url).await.err().expect("no folder inside a file");
        assert_eq!(
            error.to_string(),
            format!("cannot create the folder {}/inside", file.display())
        );
    }

    #[test]
    fn search_patterns_escape_wildcards() {
        assert_eq!(contains_pattern(" Board "), "%board%");
        assert_eq!(contains_pattern("50%_a\\"), "%50\\%\\_a\\\\%");
    }
}
