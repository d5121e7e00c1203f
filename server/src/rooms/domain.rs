//! What rooms do: every change is one transaction with its history entry
//! (`kernel/change.rs`), and a room read with its radiators. Created, renamed and deleted as
//! a named group (`kernel/named.rs`).

use serde::Serialize;
use serde_json::json;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::store::{self, RoomView};

use crate::devices::Scope;
use crate::error::{ApiError, ApiResult};
use crate::kernel::change::{Actor, Entry};
use crate::kernel::named::{Group, RecordKind, find};
use crate::kernel::values::Uid;
use crate::radiators::{self, RadiatorView, Settings};
use crate::state::AppState;
use crate::store::{GroupTable, StoreResult};

/// A room with its radiators.
#[derive(Serialize, ToSchema)]
pub struct RoomDetail {
    #[serde(flatten)]
    pub room: RoomView,
    pub radiators: Vec<RadiatorView>,
}

impl Group for RoomDetail {
    const KIND: RecordKind = RecordKind::Room;
    const TABLE: GroupTable = GroupTable::Rooms;
    type View = RoomView;

    fn view(&self) -> &RoomView {
        &self.room
    }

    fn name(view: &RoomView) -> &str {
        &view.name
    }

    async fn stored(
        db: &mut AnyConnection,
        business_id: i64,
        id: i64,
        now: i64,
    ) -> StoreResult<Option<RoomView>> {
        store::find(db, business_id, id, now).await
    }

    /// Read through one connection (a change's, or a read transaction's).
    async fn read(db: &mut AnyConnection, business_id: i64, id: i64, now: i64) -> ApiResult<Self> {
        let room = find::<Self>(db, business_id, id, now).await?;
        let radiators = radiators::in_room(db, business_id, id, now).await?;
        Ok(RoomDetail { room, radiators })
    }
}

/// A room with its radiators, outside any change.
pub async fn read_detail(state: &AppState, business_id: i64, id: i64) -> ApiResult<RoomDetail> {
    let mut tx = state.store.begin_read().await?;
    RoomDetail::read(&mut tx, business_id, id, state.clock.now().unix_timestamp()).await
}

/// How a radiator came into a room.
pub enum Placement {
    /// A new uid, registered with this name.
    Registered(String),
    /// One of the business's radiators that had no room, under this name.
    Attached(String),
}

/// Puts the radiator with `uid` in the room with `settings`: a new uid registers it; one of the
/// business's radiators without a room is attached, taking the name and bounds given.
pub async fn add_radiator(
    state: &AppState,
    actor: Actor,
    id: i64,
    uid: &Uid,
    settings: ApiResult<Settings>,
) -> ApiResult<(RoomDetail, Placement)> {
    let mut change = state.change(actor).await?;
    let now = change.now();
    let before = find::<RoomDetail>(change.db(), actor.business_id, id, now).await?;
    let (radiator_id, placement) = match radiators::by_uid(change.db(), uid.as_str()).await? {
        None => {
            let settings = settings?;
            let radiator_id = radiators::register(&mut change, uid, &settings, Some(id)).await?;
            (radiator_id, Placement::Registered(settings.name))
        }
        Some((radiator_id, owner, None, _)) if owner == actor.business_id => {
            let settings = settings?;
            radiators::attach(&mut change, radiator_id, &settings, id).await?;
            (radiator_id, Placement::Attached(settings.name))
        }
        Some((_, owner, Some(_), Some(room_name))) if owner == actor.business_id => {
            return Err(ApiError::conflict(
                "uid",
                format!("This radiator is already in the room '{room_name}'."),
            ));
        }
        Some(_) => {
            // Checked as a new uid's would be, so that nothing tells the two apart.
            let settings = settings?;
            return Err(radiators::not_yours(&change, uid, settings.claim_code.as_deref()));
        }
    };
    let room = RoomDetail::read(change.db(), actor.business_id, id, now).await?;
    let radiator = room.radiators.iter().find(|r| r.id == radiator_id);
    let after = json!({"room": room.room, "radiator": radiator});
    change.commit(Entry::new("attach_radiator", "room", id).before(&before).after(&after)).await?;
    Ok((room, placement))
}

/// Takes a radiator out of the room; it stays registered without a room. Answers the room and
/// the radiator as it was.
pub async fn detach_radiator(
    state: &AppState,
    actor: Actor,
    id: i64,
    radiator_id: i64,
) -> ApiResult<(RoomDetail, RadiatorView)> {
    let mut change = state.change(actor).await?;
    let now = change.now();
    let before = radiators::find(change.db(), actor.business_id, radiator_id, now).await?;
    if before.room_id != Some(id) {
        return Err(ApiError::NotFound("This radiator is not in this room.".into()));
    }
    radiators::set_room(change.db(), actor.business_id, radiator_id, None).await?;
    let room = RoomDetail::read(change.db(), actor.business_id, id, now).await?;
    change.touch(Scope::Radiator(radiator_id));
    change.commit(Entry::new("detach_radiator", "radiator", radiator_id).before(&before)).await?;
    Ok((room, before))
}
