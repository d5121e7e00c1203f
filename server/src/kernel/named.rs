//! Records with a name unique, in any case, within their business: rooms, zones, radiators,
//! schedules.

use sqlx::{Any, Executor};

use super::change::Change;
use crate::error::{ApiError, ApiResult};
use crate::store::{self, NamedTable, name_taken};

/// The kinds of named records; names are unique per business within a kind.
#[derive(Clone, Copy)]
pub enum RecordKind {
    Room,
    Zone,
    Radiator,
    Schedule,
}

impl RecordKind {
    fn noun(self) -> &'static str {
        match self {
            Self::Room => "room",
            Self::Zone => "zone",
            Self::Radiator => "radiator",
            Self::Schedule => "schedule",
        }
    }

    fn table(self) -> NamedTable {
        match self {
            Self::Room => NamedTable::Rooms,
            Self::Zone => NamedTable::Zones,
            Self::Radiator => NamedTable::Radiators,
            Self::Schedule => NamedTable::Schedules,
        }
    }
}

/// 409 when another record of the kind (not `except`) in the business has this name, in any
/// case.
pub async fn ensure_name_free<'e>(
    db: impl Executor<'e, Database = Any>,
    kind: RecordKind,
    business_id: i64,
    name: &str,
    except: i64,
) -> ApiResult<()> {
    if name_taken(db, kind.table(), business_id, name, except).await? {
        return Err(ApiError::conflict(
            "name",
            format!("A {} named '{name}' already exists.", kind.noun()),
        ));
    }
    Ok(())
}

/// Adds a room or zone named `name` within `change`; 409 when the name is taken. Answers its id.
pub async fn insert(change: &mut Change, kind: RecordKind, name: &str) -> ApiResult<i64> {
    let (business_id, now) = (change.business_id(), change.now());
    ensure_name_free(change.db(), kind, business_id, name, 0).await?;
    Ok(store::insert_named(change.db(), kind.table(), business_id, name, now).await?)
}

/// Renames a room or zone within `change`; 409 when the name is taken.
pub async fn rename(change: &mut Change, kind: RecordKind, id: i64, name: &str) -> ApiResult<()> {
    let business_id = change.business_id();
    ensure_name_free(change.db(), kind, business_id, name, id).await?;
    Ok(store::rename(change.db(), kind.table(), business_id, id, name).await?)
}
