//! What radiators do: every change is one transaction with its history entry
//! (`kernel/change.rs`), and reads that need more than one query.

use sqlx::AnyConnection;

use super::store::{self, Clamped, Fields, RadiatorView, ReadingRow};

use crate::devices::{Claim, DesiredState, Scope};
use crate::error::{ApiError, ApiResult};
use serde_json::json;

use crate::kernel::change::{Actor, Change, Entry};
use crate::kernel::named::{self, Group, RecordKind, ensure_name_free, find as find_group};
use crate::kernel::values::{Temperature, Uid};
use crate::state::AppState;
use crate::store::{Db, Orphan};

/// A radiator's name and bounds, checked, and the claim code from its label (real devices).
pub struct Settings {
    pub name: String,
    pub min: f64,
    pub max: f64,
    pub claim_code: Option<String>,
}

pub fn not_found() -> ApiError {
    ApiError::NotFound("This radiator does not exist.".into())
}

/// Another business's uid, when devices are simulated; with real devices, see
/// [`claim_refused`].
pub fn uid_taken() -> ApiError {
    ApiError::conflict("uid", "A radiator with this id is already registered.")
}

/// A real device that is not there, has another code, or is another business's: one answer,
/// so nobody learns which devices exist.
pub fn claim_refused() -> ApiError {
    ApiError::field(
        "claim_code",
        "No radiator waiting to be added has this id and claim code. Check both on the \
         radiator's label, and that it is switched on and connected.",
    )
}

fn claim_code_missing() -> ApiError {
    ApiError::field("claim_code", "Enter the claim code printed on the radiator.")
}

/// What adding another business's radiator answers: with real devices, what an unknown one
/// with the same code would.
pub fn not_yours(change: &Change, uid: &Uid, claim_code: Option<&str>) -> ApiError {
    match change.devices().claim(uid.as_str(), claim_code) {
        Claim::NotNeeded => uid_taken(),
        Claim::CodeMissing => claim_code_missing(),
        Claim::Proven | Claim::Refused => claim_refused(),
    }
}

/// One radiator of the business; another business's id is as missing as an unknown one.
pub async fn find<'e>(
    db: impl Db<'e>,
    business_id: i64,
    id: i64,
    now: i64,
) -> ApiResult<RadiatorView> {
    store::find(db, business_id, id, now).await?.ok_or_else(not_found)
}

/// Registers a radiator within `change`; the uid must be new to the whole system, and a real
/// device must have announced the claim code given. A uid taken elsewhere and a wrong code
/// answer alike, so nobody learns which devices exist.
pub async fn register(
    change: &mut Change,
    uid: &Uid,
    settings: &Settings,
    room_id: Option<i64>,
) -> ApiResult<i64> {
    let taken = store::by_uid(change.db(), uid.as_str()).await?.is_some();
    match change.devices().claim(uid.as_str(), settings.claim_code.as_deref()) {
        Claim::NotNeeded if taken => return Err(uid_taken()),
        Claim::NotNeeded => {}
        Claim::CodeMissing => return Err(claim_code_missing()),
        Claim::Proven if !taken => {}
        Claim::Proven | Claim::Refused => return Err(claim_refused()),
    }
    let business_id = change.business_id();
    ensure_name_free(change.db(), RecordKind::Radiator, business_id, &settings.name, 0).await?;
    let now = change.now();
    crate::subscriptions::ensure_radiator_allowed(change.db(), business_id, now).await?;
    // A new radiator starts at the business's comfort setpoint, within its own bounds.
    let comfort = crate::business::read(change.db(), business_id).await?.comfort_setpoint;
    let setpoint = comfort.clamp(settings.min, settings.max);
    let fields =
        Fields { room_id, name: &settings.name, min: settings.min, max: settings.max, setpoint };
    let created_at = change.now();
    let id = store::insert(change.db(), business_id, uid.as_str(), &fields, created_at).await?;
    change.touch(Scope::Radiator(id));
    if room_id.is_some() {
        change.reschedule();
    }
    Ok(id)
}

/// 422 unless the room exists and belongs to the business.
async fn ensure_room(
    db: &mut AnyConnection,
    business_id: i64,
    room_id: Option<i64>,
) -> ApiResult<()> {
    match room_id {
        Some(room_id) if !store::room_exists(db, business_id, room_id).await? => {
            Err(ApiError::field("room_id", "This room does not exist."))
        }
        _ => Ok(()),
    }
}

pub async fn create(
    state: &AppState,
    actor: Actor,
    uid: &Uid,
    settings: &Settings,
    room_id: Option<i64>,
) -> ApiResult<RadiatorView> {
    let mut change = state.change(actor).await?;
    ensure_room(change.db(), actor.business_id, room_id).await?;
    let id = register(&mut change, uid, settings, room_id).await?;
    let now = change.now();
    let radiator = find(change.db(), actor.business_id, id, now).await?;
    change.commit(Entry::new("create", "radiator", id).after(&radiator)).await?;
    Ok(radiator)
}

/// Gives the radiator `before` a new name, bounds and room; a setpoint outside the new bounds
/// moves inside them.
async fn apply(
    change: &mut Change,
    before: &RadiatorView,
    settings: &Settings,
    room_id: Option<i64>,
) -> ApiResult<()> {
    let (business_id, id) = (change.business_id(), before.id);
    ensure_name_free(change.db(), RecordKind::Radiator, business_id, &settings.name, id).await?;
    let setpoint = before.target_temperature.clamp(settings.min, settings.max);
    let fields =
        Fields { room_id, name: &settings.name, min: settings.min, max: settings.max, setpoint };
    store::update(change.db(), business_id, id, &fields).await?;
    change.touch(Scope::Radiator(id));
    if room_id != before.room_id {
        change.reschedule();
    }
    Ok(())
}

/// New name, bounds and room; a setpoint outside the new bounds moves inside them. Answers the
/// radiator with the target it had before.
pub async fn update(
    state: &AppState,
    actor: Actor,
    id: i64,
    settings: &Settings,
    room_id: Option<i64>,
    uid: Option<&str>,
) -> ApiResult<(RadiatorView, f64)> {
    let mut change = state.change(actor).await?;
    let now = change.now();
    let before = find(change.db(), actor.business_id, id, now).await?;
    if uid.is_some_and(|uid| uid != before.uid) {
        let message = "A radiator's id cannot be changed: delete it and add the new one.";
        return Err(ApiError::field("uid", message));
    }
    ensure_room(change.db(), actor.business_id, room_id).await?;
    apply(&mut change, &before, settings, room_id).await?;
    let radiator = find(change.db(), actor.business_id, id, now).await?;
    change.commit(Entry::new("update", "radiator", id).before(&before).after(&radiator)).await?;
    Ok((radiator, before.target_temperature))
}

/// Puts the business's radiator `id`, in no room, in the room `room_id`, with the name and
/// bounds the attaching form gave (`settings`).
pub async fn attach(
    change: &mut Change,
    id: i64,
    settings: &Settings,
    room_id: i64,
) -> ApiResult<()> {
    let (business_id, now) = (change.business_id(), change.now());
    let before = find(change.db(), business_id, id, now).await?;
    apply(change, &before, settings, Some(room_id)).await
}

/// Deletes the radiator; answers the name it had and the schedules it left with no targets.
pub async fn delete(state: &AppState, actor: Actor, id: i64) -> ApiResult<(String, Vec<Orphan>)> {
    let mut change = state.change(actor).await?;
    let now = change.now();
    let before = find(change.db(), actor.business_id, id, now).await?;
    let orphans = store::delete(change.db(), actor.business_id, id).await?;
    named::switched_off(&mut change, &orphans);
    change.commit(Entry::new("delete", "radiator", id).before(&before)).await?;
    Ok((before.name, orphans))
}

/// A new setpoint within the radiator's own bounds.
pub async fn set_temperature(
    state: &AppState,
    actor: Actor,
    id: i64,
    temperature: Temperature,
) -> ApiResult<RadiatorView> {
    let at = state.clock.now();
    let now = at.unix_timestamp();
    // Read and check outside the write lock; the update re-checks the bounds atomically.
    let before = find(state.store.reader(), actor.business_id, id, now).await?;
    let celsius = temperature.celsius();
    let out_of_bounds = || {
        ApiError::field(
            "temperature",
            format!(
                "Use a temperature from {} to {} °C for this radiator.",
                before.min_temperature, before.max_temperature
            ),
        )
    };
    if celsius < before.min_temperature || celsius > before.max_temperature {
        return Err(out_of_bounds());
    }
    let mut change = Change::begin(state.store.clone(), state.devices.clone(), actor, at).await?;
    // What a concurrent change may have moved since the read comes back from the update.
    let Some((name, is_on)) =
        store::set_setpoint(change.db(), actor.business_id, id, celsius).await?
    else {
        // Deleted or given new bounds since it was read.
        find(change.db(), actor.business_id, id, now).await?;
        return Err(out_of_bounds());
    };
    let radiator =
        RadiatorView { name, status: is_on, target_temperature: celsius, ..before.clone() };
    change.send(desired(&radiator));
    let entry = Entry::new("set_temperature", "radiator", id).before(&before).after(&radiator);
    change.commit(entry).await?;
    Ok(radiator)
}

/// Sets every radiator of a room or zone `G` (its radiators: `scope`) to `temperature`, each
/// kept within its own bounds, as one change recorded on the group; answers the group and the
/// radiators their bounds held back.
pub async fn set_group_temperature<G: Group>(
    state: &AppState,
    actor: Actor,
    (id, scope): (i64, Scope),
    temperature: Temperature,
) -> ApiResult<(G, Vec<Clamped>)> {
    let celsius = temperature.celsius();
    let mut change = state.change(actor).await?;
    let now = change.now();
    let before = find_group::<G>(change.db(), actor.business_id, id, now).await?;
    let name = G::name(&before);
    let refusal = || format!("'{name}' has no radiators to set.");
    refuse_if_empty(&mut change, scope, refusal).await?;
    let clamped =
        store::set_setpoint_within_bounds(change.db(), actor.business_id, scope, celsius).await?;
    let group = G::read(change.db(), actor.business_id, id, now).await?;
    let noun = G::KIND.noun();
    let mut after = json!({"temperature": celsius, "clamped": clamped});
    after[noun] = serde_json::to_value(group.view()).map_err(anyhow::Error::from)?;
    change.touch(scope);
    change.commit(Entry::new("set_temperature", noun, id).before(&before).after(&after)).await?;
    Ok((group, clamped))
}

/// Switches every radiator of a group (a room, a zone: `scope`) on or off; 409 when it has none.
pub async fn switch_group<G: Group>(
    state: &AppState,
    actor: Actor,
    (id, scope): (i64, Scope),
    on: bool,
) -> ApiResult<G> {
    let mut change = state.change(actor).await?;
    let now = change.now();
    let before = find_group::<G>(change.db(), actor.business_id, id, now).await?;
    let name = G::name(&before);
    let refusal = || match on {
        true => format!("'{name}' has no radiators to switch on."),
        false => format!("'{name}' has no radiators to switch off."),
    };
    refuse_if_empty(&mut change, scope, refusal).await?;
    store::set_on(change.db(), actor.business_id, scope, on).await?;
    let group = G::read(change.db(), actor.business_id, id, now).await?;
    change.touch(scope);
    let entry = Entry::new("toggle_status", G::KIND.noun(), id).before(&before).after(group.view());
    change.commit(entry).await?;
    Ok(group)
}

/// 409 with `refusal` when `scope` (a room or a zone) has no radiators: a change to all of
/// them would change nothing, and its answer would say it had.
pub async fn refuse_if_empty(
    change: &mut Change,
    scope: Scope,
    refusal: impl FnOnce() -> String,
) -> ApiResult<()> {
    let business_id = change.business_id();
    match store::count_in(change.db(), business_id, scope).await? {
        0 => Err(ApiError::Conflict { description: refusal(), errors: Default::default() }),
        _ => Ok(()),
    }
}

/// Sets a radiator on or off and to a setpoint (clamped to its bounds) within `change`, for
/// what HeatDesk does on its own (a schedule); answers it before and after.
pub async fn set_state(
    change: &mut Change,
    id: i64,
    on: bool,
    setpoint: f64,
) -> ApiResult<(RadiatorView, RadiatorView)> {
    let (business_id, now) = (change.business_id(), change.now());
    let before = find(change.db(), business_id, id, now).await?;
    let setpoint = setpoint.clamp(before.min_temperature, before.max_temperature);
    store::set_on(change.db(), business_id, Scope::Radiator(id), on).await?;
    store::set_setpoint(change.db(), business_id, id, setpoint).await?;
    let after = find(change.db(), business_id, id, now).await?;
    // As the change leaves it: a schedule setting a whole building reads none again.
    change.send(desired(&after));
    Ok((before, after))
}

/// What the radiator is to do, as `radiator` has it.
fn desired(radiator: &RadiatorView) -> DesiredState {
    DesiredState {
        radiator_id: radiator.id,
        uid: radiator.uid.clone(),
        room_id: radiator.room_id,
        on: radiator.status == 1,
        setpoint: radiator.target_temperature,
    }
}

/// Switches a radiator on or off; `room_id` must be its room, or 0 when it has none.
pub async fn switch(
    state: &AppState,
    actor: Actor,
    room_id: i64,
    id: i64,
    on: bool,
) -> ApiResult<RadiatorView> {
    let mut change = state.change(actor).await?;
    let now = change.now();
    let before = find(change.db(), actor.business_id, id, now).await?;
    if before.room_id.unwrap_or(0) != room_id {
        return Err(not_found());
    }
    store::set_on(change.db(), actor.business_id, Scope::Radiator(id), on).await?;
    let radiator = find(change.db(), actor.business_id, id, now).await?;
    change.touch(Scope::Radiator(id));
    let entry = Entry::new("toggle_status", "radiator", id).before(&before).after(&radiator);
    change.commit(entry).await?;
    Ok(radiator)
}

/// A radiator's readings of the last `hours`, oldest first.
pub async fn readings(
    state: &AppState,
    actor: Actor,
    id: i64,
    hours: i64,
) -> ApiResult<Vec<ReadingRow>> {
    let now = state.clock.now().unix_timestamp();
    let pool = state.store.reader();
    find(pool, actor.business_id, id, now).await?;
    Ok(store::readings(pool, id, now - hours * 3600).await?)
}
