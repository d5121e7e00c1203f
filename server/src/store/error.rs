//! What can go wrong in the store, in the store's own words; only the HTTP edge (`error.rs`)
//! turns it into an answer.

/// A failed query or commit.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A query that must find a row found none.
    #[error("no such row")]
    NotFound,
    /// A unique constraint refused the write; `constraint` names it when the backend says.
    #[error("the write conflicts with {constraint:?}")]
    Conflict { constraint: Option<String> },
    /// No connection came free in time, or the database stayed locked.
    #[error("the database is busy")]
    Busy(#[source] sqlx::Error),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        match &error {
            sqlx::Error::RowNotFound => Self::NotFound,
            sqlx::Error::PoolTimedOut => Self::Busy(error),
            sqlx::Error::Database(db) if db.is_unique_violation() => {
                Self::Conflict { constraint: db.constraint().map(str::to_owned) }
            }
            // SQLITE_BUSY, after its busy timeout.
            sqlx::Error::Database(db) if db.code().as_deref() == Some("5") => Self::Busy(error),
            _ => Self::Other(error.into()),
        }
    }
}

pub type StoreResult<T> = Result<T, StoreError>;
