//! The demo business that `heatdesk serve --demo` creates, so a new user can sign in at once
//! and find a living building: three floors as zones, ten rooms, 32 radiators, and schedules:
//! office hours on each floor, the café's day and the quiet room's radiators of their own, with
//! frost protection and optimum start on, closed for Christmas; with 60 days of history
//! (`history.rs`).

mod history;

pub use history::{Backfilled, DAYS as HISTORY_DAYS, backfill};

use crate::auth::account::{self, create_if_missing};
use crate::auth::profile::ProfileRequest;
use crate::cards::{Card, TEST_CARD_PAID};
use crate::devices::Scope;
use crate::error::ApiResult;
use crate::kernel::change::Actor;
use crate::kernel::named;
use crate::kernel::values::{ClockTime, Temperature, Uid};
use crate::radiators::{self, Settings};
use crate::rooms::{self, RoomDetail};
use crate::schedules::closed_days;
use crate::schedules::program::Slot;
use crate::state::AppState;
use crate::zones::{self, ZoneDetail};
use crate::{automations, schedules};

pub const DEMO_EMAIL: &str = "demo@heatdesk.example";
pub const DEMO_PASSWORD: &str = "heatdesk-demo";

/// Creates the demo business unless it exists; answers whether it was created. The building
/// is put together through the same changes a user makes, so its action history shows how and
/// the radiators are sent their states; its history is back-filled, keeping raw readings for
/// `retention_days`.
pub async fn seed(state: &AppState, retention_days: i64) -> anyhow::Result<bool> {
    let profile = ProfileRequest {
        first_name: "Northwind Offices".into(),
        last_name: "Northwind Workspace".into(),
        mobile: "07700 900461".into(),
        address_line1: "48 Park Square East".into(),
        address_line2: "Second floor".into(),
        town: "Leeds".into(),
        city: "Leeds".into(),
        post_code: "LS1 2NE".into(),
        business_name: "Northwind Offices Ltd".into(),
        is_same_address: Some(1),
        ..ProfileRequest::default()
    };
    let now = state.clock.now();
    let Some(actor) = create_if_missing(state, DEMO_EMAIL, DEMO_PASSWORD, &profile, now).await?
    else {
        return Ok(false);
    };
    let built = match build(state, actor).await {
        Ok(room_ids) => backfill(state, actor.business_id, &room_ids, retention_days).await,
        Err(error) => Err(anyhow::anyhow!("{error:?}")),
    };
    if let Err(error) = built {
        // All or nothing: without its account a later start builds the demo again.
        account::delete(state, actor.business_id).await.ok();
        anyhow::bail!("cannot build the demo: {error:?}");
    }
    Ok(true)
}

/// A demo room: name, radiator count, setpoint, on.
type DemoRoom = (&'static str, usize, f64, bool);

/// Floors (zones) with their rooms.
const BUILDING: [(&str, &[DemoRoom]); 3] = [
    (
        "Ground floor",
        &[("Reception", 3, 21.0, true), ("Café", 4, 19.5, true), ("Meeting room A", 2, 20.0, true)],
    ),
    (
        "First floor",
        &[
            ("Open-plan east", 5, 21.0, true),
            ("Open-plan west", 5, 21.0, true),
            ("Board room", 3, 20.5, true),
            ("Quiet room", 2, 20.0, false),
        ],
    ),
    (
        "Second floor",
        &[("Studio", 4, 21.5, true), ("Meeting room B", 2, 20.0, true), ("Kitchen", 2, 19.0, true)],
    ),
];

/// Builds the demo; answers its rooms' ids.
async fn build(state: &AppState, actor: Actor) -> ApiResult<Vec<i64>> {
    // The demo has paid for the Business plan monthly on the sandbox's test card since its
    // history began, and is onboarded.
    let since = state.clock.now().unix_timestamp() - HISTORY_DAYS * 86_400;
    let card = Card {
        number: TEST_CARD_PAID.into(),
        cvc: "123".into(),
        name: "Northwind Offices Ltd".into(),
    };
    crate::subscriptions::subscribe_since(state, actor, "business", &card, since).await?;
    crate::onboarding::finish(&state.store, actor.business_id).await?;
    let mut room_number = 0;
    let (mut zone_ids, mut room_ids) = (Vec::new(), Vec::new());
    for (zone, rooms) in BUILDING {
        let zone_id = named::create::<ZoneDetail>(state.change(actor).await?, zone).await?.zone.id;
        zone_ids.push((zone, zone_id));
        for &(room, radiators, setpoint, on) in rooms {
            room_number += 1;
            let room_id =
                named::create::<RoomDetail>(state.change(actor).await?, room).await?.room.id;
            room_ids.push((room, room_id));
            zones::domain::add_room(state, actor, zone_id, room_id).await?;
            for n in 1..=radiators {
                let uid = Uid::parse(&format!("NW-{room_number:02}{n:02}")).map_err(demo_error)?;
                let name = format!("{room} {n}");
                let settings = Settings { name, min: 7.0, max: 26.0, claim_code: None };
                rooms::domain::add_radiator(state, actor, room_id, &uid, Ok(settings)).await?;
            }
            let setpoint = Temperature::parse(Some(setpoint)).map_err(demo_error)?;
            let now = state.clock.now().unix_timestamp();
            let placed = radiators::in_room(state.store.reader(), actor.business_id, room_id, now);
            for radiator in placed.await? {
                if radiator.target_temperature != setpoint.celsius() {
                    radiators::domain::set_temperature(state, actor, radiator.id, setpoint).await?;
                }
            }
            if !on {
                let room = (room_id, Scope::Room(room_id));
                radiators::switch_group::<RoomDetail>(state, actor, room, false).await?;
            }
        }
    }
    schedule(state, actor, &zone_ids, &room_ids).await?;
    Ok(room_ids.iter().map(|(_, id)| *id).collect())
}

/// What a business that uses HeatDesk well does, so the demo saves against its baseline (the
/// rooms at 21 °C 08:00–18:00 on weekdays): weekday office hours 08:30–17:30 at 20.5 °C on each
/// floor, the café 07:30–14:30, the meeting rooms 09:00–16:00 and the quiet room's radiators
/// 10:00–16:00 at 20 °C, all off outside their hours with frost protection and optimum start
/// on.
async fn schedule(
    state: &AppState,
    actor: Actor,
    zones: &[(&str, i64)],
    rooms: &[(&str, i64)],
) -> ApiResult<()> {
    let time = |text: &str| ClockTime::parse(text).map_err(demo_error);
    let slot = |start, end, setpoint| -> ApiResult<Slot> {
        Ok(Slot { start: time(start)?, end: time(end)?, setpoint })
    };
    let room_id = |name: &str| rooms.iter().find(|room| room.0 == name).map(|room| room.1);
    let quiet = radiators::in_room(
        state.store.reader(),
        actor.business_id,
        room_id("Quiet room").ok_or_else(|| demo_error("no quiet room".into()))?,
        state.clock.now().unix_timestamp(),
    )
    .await?;
    let mut plans = Vec::new();
    for &(zone, zone_id) in zones {
        let office = slot("08:30", "17:30", 20.5)?;
        plans.push((format!("{zone} office hours"), "zone", vec![zone_id], office));
    }
    let room = |name: &str| room_id(name).ok_or_else(|| demo_error(format!("no {name}")));
    plans.push(("Café opening".into(), "room", vec![room("Café")?], slot("07:30", "14:30", 19.5)?));
    let meeting_rooms = vec![room("Meeting room A")?, room("Meeting room B")?];
    plans.push(("Meeting rooms".into(), "room", meeting_rooms, slot("09:00", "16:00", 20.0)?));
    let quiet_ids = quiet.iter().map(|radiator| radiator.id).collect();
    plans.push(("Quiet room hours".into(), "radiator", quiet_ids, slot("10:00", "16:00", 20.0)?));
    let duration = "weekdays";
    let days = schedules::domain::durations()
        .into_iter()
        .find(|d| d.key == duration)
        .map(|d| d.days)
        .unwrap_or_default();
    for (name, schedule_for, target_ids, slot) in plans {
        let checked = schedules::domain::Checked {
            name,
            schedule_for,
            target_ids,
            duration,
            days: days.clone(),
            slots: vec![slot],
            setback: None,
            start_date: None,
            end_date: None,
            status: true,
            runs_on_closed_days: false,
        };
        schedules::domain::create(state, actor, &checked).await?;
    }
    for key in [automations::domain::FROST, automations::domain::OPTIMUM_START] {
        automations::domain::set(state, actor, key, true, None).await?;
    }
    close_for_christmas(state, actor).await
}

/// The Christmas closure, 24 December to 1 January, among the closed days: the coming one, or
/// what is left of the one under way.
async fn close_for_christmas(state: &AppState, actor: Actor) -> ApiResult<()> {
    let settings = crate::business::get(state, actor.business_id).await?;
    let today = crate::business::local_date(&settings, state.clock.now());
    let (year, new_year) = (today.year(), jiff::civil::date(today.year(), 1, 1));
    // On New Year's Day, the last of last year's; from the 24th, the rest of this year's.
    let (first, last) = if today == new_year {
        (today, today)
    } else {
        (jiff::civil::date(year, 12, 24).max(today), jiff::civil::date(year + 1, 1, 1))
    };
    let closure =
        closed_days::domain::Checked { name: "Christmas and New Year".into(), first, last };
    closed_days::domain::add(state, actor, &closure).await?;
    Ok(())
}

fn demo_error(message: String) -> crate::error::ApiError {
    anyhow::anyhow!("invalid demo data: {message}").into()
}
