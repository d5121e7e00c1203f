//! What zones do: every change is one transaction with its history entry
//! (`kernel/change.rs`), and a zone read with its rooms. Created, renamed and deleted as a
//! named group (`kernel/named.rs`).

use serde::Serialize;
use serde_json::json;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::store::{self, ZoneView};

use crate::error::{ApiError, ApiResult};
use crate::kernel::change::{Actor, Entry};
use crate::kernel::named::{Group, RecordKind, find};
use crate::rooms::{self, RoomDetail, RoomView};
use crate::state::AppState;
use crate::store::{GroupTable, StoreResult};

/// A zone with its rooms.
#[derive(Serialize, ToSchema)]
pub struct ZoneDetail {
    #[serde(flatten)]
    pub zone: ZoneView,
    pub rooms: Vec<RoomView>,
}

impl Group for ZoneDetail {
    const KIND: RecordKind = RecordKind::Zone;
    const TABLE: GroupTable = GroupTable::Zones;
    type View = ZoneView;

    fn view(&self) -> &ZoneView {
        &self.zone
    }

    fn name(view: &ZoneView) -> &str {
        &view.name
    }

    async fn stored(
        db: &mut AnyConnection,
        business_id: i64,
        id: i64,
        now: i64,
    ) -> StoreResult<Option<ZoneView>> {
        store::find(db, business_id, id, now).await
    }

    async fn read(db: &mut AnyConnection, business_id: i64, id: i64, now: i64) -> ApiResult<Self> {
        let zone = find::<Self>(db, business_id, id, now).await?;
        let rooms = rooms::in_zone(db, business_id, id, now).await?;
        Ok(ZoneDetail { zone, rooms })
    }
}

/// A zone with its rooms, read in one transaction.
pub async fn read_detail(state: &AppState, business_id: i64, id: i64) -> ApiResult<ZoneDetail> {
    let mut tx = state.store.begin_read().await?;
    ZoneDetail::read(&mut tx, business_id, id, state.clock.now().unix_timestamp()).await
}

/// Puts a room in the zone. A room is in at most one zone, so one in another answers 409.
/// Answers the zone and the room's name.
pub async fn add_room(
    state: &AppState,
    actor: Actor,
    id: i64,
    room_id: i64,
) -> ApiResult<(ZoneDetail, String)> {
    place_room(state, actor, id, room_id, true).await
}

/// Takes a room out of the zone; one that is not in it answers 404. Answers the zone and the
/// room's name.
pub async fn remove_room(
    state: &AppState,
    actor: Actor,
    id: i64,
    room_id: i64,
) -> ApiResult<(ZoneDetail, String)> {
    place_room(state, actor, id, room_id, false).await
}

/// Puts a room in the zone (`join`) or takes it out.
async fn place_room(
    state: &AppState,
    actor: Actor,
    id: i64,
    room_id: i64,
    join: bool,
) -> ApiResult<(ZoneDetail, String)> {
    let mut change = state.change(actor).await?;
    let now = change.now();
    let before = find::<ZoneDetail>(change.db(), actor.business_id, id, now).await?;
    let room = find::<RoomDetail>(change.db(), actor.business_id, room_id, now).await?;
    match (join, room.zone_id, &room.zone_name) {
        (true, Some(current), _) if current == id => {}
        (true, Some(_), Some(other)) => {
            return Err(ApiError::conflict(
                "room_id",
                format!(
                    "'{}' is already in the zone '{other}'. Remove it from there first.",
                    room.name
                ),
            ));
        }
        (true, _, _) => rooms::set_zone(change.db(), actor.business_id, room_id, Some(id)).await?,
        (false, Some(current), _) if current == id => {
            rooms::set_zone(change.db(), actor.business_id, room_id, None).await?;
        }
        (false, _, _) => {
            return Err(ApiError::NotFound(format!("'{}' is not in this zone.", room.name)));
        }
    }
    change.reschedule();
    let zone = ZoneDetail::read(change.db(), actor.business_id, id, now).await?;
    let action = if join { "add_room" } else { "remove_room" };
    let after = json!({"zone": zone.zone, "room_id": room_id});
    change.commit(Entry::new(action, "zone", id).before(&before).after(&after)).await?;
    Ok((zone, room.name))
}
