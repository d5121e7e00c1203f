//! What closed days do: the business's stretches of them as the schedules read them, and each
//! one added or removed as a recorded change that the engine applies at once.

use std::collections::HashMap;
use std::sync::Arc;

use jiff::ToSpan;
use jiff::civil::Date;
use sqlx::AnyPool;

use super::store::{self, ClosedDays};
use crate::error::{ApiError, ApiResult};
use crate::kernel::change::{Actor, Entry};
use crate::schedules::program::Closures;
use crate::state::AppState;
use crate::store::{Db, StoreResult};

/// Stretches of closed days still to come (or under way) a business keeps at most.
pub const MOST_UPCOMING: i64 = 100;

/// How far before the first day periods are worked out for closures are read: a search for the
/// slots before it looks back past a closure of up to a year.
const LOOK_BACK_DAYS: i64 = 400;

/// Every business's closed days: the dates its schedules' slots do not run on.
pub struct ClosedDates(HashMap<i64, Arc<Closures>>);

impl ClosedDates {
    /// Every business's closed days (one business's with `Some`) that periods from `from` on
    /// can meet: not those of closures long over.
    pub async fn load<'e>(
        db: impl Db<'e>,
        business_id: Option<i64>,
        from: Date,
    ) -> StoreResult<Self> {
        let since = from.checked_sub(LOOK_BACK_DAYS.days()).unwrap_or(from).to_string();
        let mut stretches: HashMap<i64, Vec<(Date, Date)>> = HashMap::new();
        for (business, first, last) in store::stretches(db, business_id, &since).await? {
            // Written checked; a stretch that no longer reads closes nothing.
            if let (Ok(first), Ok(last)) = (first.parse::<Date>(), last.parse::<Date>()) {
                stretches.entry(business).or_default().push((first, last));
            }
        }
        let closures = stretches.into_iter();
        Ok(Self(closures.map(|(id, days)| (id, Arc::new(Closures::new(days)))).collect()))
    }

    /// The business's closed days.
    pub fn of(&self, business_id: i64) -> Arc<Closures> {
        self.0.get(&business_id).cloned().unwrap_or_default()
    }
}

/// Closed days as sent, checked.
pub struct Checked {
    pub name: String,
    pub first: Date,
    pub last: Date,
}

/// The business's local date now.
pub async fn today(state: &AppState, business_id: i64) -> ApiResult<Date> {
    let settings = crate::business::get(state, business_id).await?;
    Ok(crate::business::local_date(&settings, state.clock.now()))
}

/// The business's closed days from today on.
pub async fn upcoming(state: &AppState, business_id: i64) -> ApiResult<Vec<ClosedDays>> {
    let today = today(state, business_id).await?.to_string();
    Ok(store::upcoming(state.store.reader(), business_id, &today).await?)
}

/// The business's closed days under way on its local `today`, or the next to come.
pub async fn next(
    pool: &AnyPool,
    business_id: i64,
    today: Date,
) -> StoreResult<Option<ClosedDays>> {
    Ok(store::upcoming(pool, business_id, &today.to_string()).await?.into_iter().next())
}

/// The business's closed days under way today, if it is closed.
pub async fn under_way(state: &AppState, business_id: i64) -> ApiResult<Option<ClosedDays>> {
    let today = today(state, business_id).await?.to_string();
    Ok(store::overlapping(state.store.reader(), business_id, &today, &today).await?)
}

/// Adds closed days from today on that overlap none of the business's others (409 naming them).
pub async fn add(state: &AppState, actor: Actor, checked: &Checked) -> ApiResult<ClosedDays> {
    let today = today(state, actor.business_id).await?;
    if checked.first < today {
        let message = "This day has passed: choose today or a later day.";
        return Err(ApiError::field("first_date", message));
    }
    let (first, last) = (checked.first.to_string(), checked.last.to_string());
    let mut change = state.change(actor).await?;
    let business_id = change.business_id();
    if let Some(other) = store::overlapping(&mut *change.db(), business_id, &first, &last).await? {
        let (name, from, to) = (&other.name, &other.first_date, &other.last_date);
        let message = if *from <= first && *to >= last {
            format!("These days are closed already: '{name}' runs from {from} to {to}.")
        } else {
            format!(
                "These days overlap '{name}', closed from {from} to {to}: remove those or choose \
                 other days."
            )
        };
        // Under the day that reaches into the other closure.
        let field = if other.first_date <= first { "first_date" } else { "last_date" };
        return Err(ApiError::conflict(field, message));
    }
    if store::count_upcoming(change.db(), business_id, &today.to_string()).await? >= MOST_UPCOMING {
        let message =
            format!("A business keeps at most {MOST_UPCOMING} closures to come: remove one first.");
        return Err(ApiError::field("first_date", message));
    }
    let now = change.now();
    let id = store::insert(change.db(), business_id, (&checked.name, &first, &last), now).await?;
    let added = ClosedDays { id, name: checked.name.clone(), first_date: first, last_date: last };
    change.reschedule();
    change.commit(Entry::new("create", "closed_days", id).after(&added)).await?;
    Ok(added)
}

/// Removes closed days to come (or under way): the schedules run their slots on them again.
/// Those gone by stay, as the days they closed (409).
pub async fn remove(state: &AppState, actor: Actor, id: i64) -> ApiResult<ClosedDays> {
    let today = today(state, actor.business_id).await?.to_string();
    let mut change = state.change(actor).await?;
    let business_id = change.business_id();
    let before = store::find(change.db(), business_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("There are no closed days with id {id}.")))?;
    if before.last_date < today {
        let message = format!("'{}' is over: closed days gone by stay as they were.", before.name);
        return Err(ApiError::Conflict { description: message, errors: Default::default() });
    }
    store::delete(change.db(), business_id, id).await?;
    change.reschedule();
    change.commit(Entry::new("delete", "closed_days", id).before(&before)).await?;
    Ok(before)
}
