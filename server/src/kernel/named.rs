//! Records with a name unique, in any case, within their business: rooms, zones, radiators,
//! schedules.

use serde::Serialize;
use serde_json::json;
use sqlx::AnyConnection;

use super::change::{Change, Entry};
use crate::error::{ApiError, ApiResult};
use crate::store::{self, Db, GroupTable, NamedTable, Orphan, StoreResult, name_taken};

/// The kinds of named records; names are unique per business within a kind.
#[derive(Clone, Copy)]
pub enum RecordKind {
    Room,
    Zone,
    Radiator,
    Schedule,
}

impl RecordKind {
    /// The word for one record of the kind, as the history and the messages name it.
    pub fn noun(self) -> &'static str {
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
/// case; the message spells it as the record does.
pub async fn ensure_name_free<'e>(
    db: impl Db<'e>,
    kind: RecordKind,
    business_id: i64,
    name: &str,
    except: i64,
) -> ApiResult<()> {
    if let Some(existing) = name_taken(db, kind.table(), business_id, name, except).await? {
        return Err(ApiError::conflict(
            "name",
            format!("A {} named '{existing}' already exists.", kind.noun()),
        ));
    }
    Ok(())
}

/// A named record that gathers others: a room its radiators, a zone its rooms. Its feature
/// says how it is read; creating, renaming and deleting it, each one change with its history
/// entry, are written once, here.
pub trait Group: Send + Sized {
    const KIND: RecordKind;
    const TABLE: GroupTable;
    /// The record alone, as lists show it and the history keeps it.
    type View: Serialize + Send;

    fn view(&self) -> &Self::View;

    /// The name in a view of the record.
    fn name(view: &Self::View) -> &str;

    /// The record alone; `None` when the business has no such record.
    fn stored(
        db: &mut AnyConnection,
        business_id: i64,
        id: i64,
        now: i64,
    ) -> impl Future<Output = StoreResult<Option<Self::View>>> + Send;

    /// The record with what it gathers, as a change answers it.
    fn read(
        db: &mut AnyConnection,
        business_id: i64,
        id: i64,
        now: i64,
    ) -> impl Future<Output = ApiResult<Self>> + Send;
}

/// One record of the business; 404 when it has none with this id.
pub async fn find<G: Group>(
    db: &mut AnyConnection,
    business_id: i64,
    id: i64,
    now: i64,
) -> ApiResult<G::View> {
    G::stored(db, business_id, id, now)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("This {} does not exist.", G::KIND.noun())))
}

/// Adds a record named `name`; 409 when the name is taken.
pub async fn create<G: Group>(mut change: Change, name: &str) -> ApiResult<G> {
    let (business_id, now) = (change.business_id(), change.now());
    let kind = G::KIND;
    ensure_name_free(change.db(), kind, business_id, name, 0).await?;
    let id = store::insert_named(change.db(), kind.table(), business_id, name, now).await?;
    let record = G::read(change.db(), business_id, id, now).await?;
    change.commit(Entry::new("create", kind.noun(), id).after(record.view())).await?;
    Ok(record)
}

/// Renames a record; 404 when the business has none with this id, 409 when the name is taken.
/// Answers the record and the name it had.
pub async fn rename<G: Group>(mut change: Change, id: i64, name: &str) -> ApiResult<(G, String)> {
    let (business_id, now) = (change.business_id(), change.now());
    let kind = G::KIND;
    let before = find::<G>(change.db(), business_id, id, now).await?;
    ensure_name_free(change.db(), kind, business_id, name, id).await?;
    store::rename(change.db(), kind.table(), business_id, id, name).await?;
    let record = G::read(change.db(), business_id, id, now).await?;
    let entry = Entry::new("update", kind.noun(), id).before(&before).after(record.view());
    change.commit(entry).await?;
    Ok((record, G::name(&before).to_owned()))
}

/// Deletes a record, keeping what it gathered; answers the record as it was.
pub async fn delete<G: Group>(mut change: Change, id: i64) -> ApiResult<(G::View, Vec<Orphan>)> {
    let (business_id, now) = (change.business_id(), change.now());
    let before = find::<G>(change.db(), business_id, id, now).await?;
    let orphans = store::delete_group(change.db(), G::TABLE, business_id, id).await?;
    switched_off(&mut change, &orphans);
    change.commit(Entry::new("delete", G::KIND.noun(), id).before(&before)).await?;
    Ok((before, orphans))
}

/// The history records each schedule a deletion switched off, beside the deletion (its name and
/// status are all that changed).
pub fn switched_off(change: &mut Change, orphans: &[Orphan]) {
    for orphan in orphans.iter().filter(|orphan| orphan.status == 1) {
        let was = |status: i64| json!({ "name": orphan.name, "status": status });
        let entry = Entry::new("toggle_status", "schedule", orphan.id);
        change.also(entry.before(&was(1)).after(&was(0)));
    }
}

/// A deletion's sentence (`done`), then the schedules it left with no targets (`orphans`), so
/// that nobody is surprised by a schedule that heats nothing.
pub fn with_orphans(done: String, orphans: &[Orphan]) -> String {
    /// Which of the schedules the deletion switched off: all, none, or some (those on).
    enum Off {
        All,
        None,
        Some,
    }
    let on = orphans.iter().filter(|orphan| orphan.status == 1).count();
    let off = match on {
        0 => Off::None,
        _ if on == orphans.len() => Off::All,
        _ => Off::Some,
    };
    match (orphans, off) {
        ([], _) => done,
        ([one], Off::None) => format!("{done} Schedule '{}' is left with no targets.", one.name),
        ([one], _) => {
            format!("{done} Schedule '{}' is left with no targets and switched off.", one.name)
        }
        ([first, rest @ ..], Off::All) => format!(
            "{done} Schedule '{}' and {} more are left with no targets and switched off.",
            first.name,
            rest.len()
        ),
        ([first, rest @ ..], Off::None) => format!(
            "{done} Schedule '{}' and {} more are left with no targets.",
            first.name,
            rest.len()
        ),
        ([first, rest @ ..], Off::Some) => format!(
            "{done} Schedule '{}' and {} more are left with no targets; those that were on are switched off.",
            first.name,
            rest.len()
        ),
    }
}
