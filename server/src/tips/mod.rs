//! Energy-saving tips (`GET /v2/energy-saving-tips`, spec §7): written for businesses heated by
//! electric radiators, each with its category and a typical saving, largest first. The savings
//! are estimates of the share of heating energy a typical office saves (the Carbon Trust puts
//! 1 °C lower at up to 8 %); a business's own figures are in its analytics.

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::BusinessUser;
use crate::http::{Answer, Envelope, ok};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(tips))
}

#[derive(Serialize, ToSchema, Clone, Copy, Debug, PartialEq)]
pub struct Tip {
    pub id: &'static str,
    /// `schedules`, `temperature`, `automations`, `building`, `people` or `tariff`.
    pub category: &'static str,
    pub title: &'static str,
    pub body: &'static str,
    /// The typical share of heating energy saved, %.
    pub estimated_saving_percent: f64,
    /// The page of the web app to act on it.
    pub action_path: &'static str,
}

const fn tip(
    id: &'static str,
    category: &'static str,
    estimated_saving_percent: f64,
    action_path: &'static str,
    title: &'static str,
    body: &'static str,
) -> Tip {
    Tip { id, category, title, body, estimated_saving_percent, action_path }
}

/// Every tip, largest estimated saving first.
pub const TIPS: [Tip; 22] = [
    tip(
        "opening-hours",
        "schedules",
        25.0,
        "/schedules",
        "Heat only while the building is open",
        "An office heated around the clock spends most of its heating energy on empty rooms. A weekday schedule for opening hours, with rooms off or at frost protection outside them, typically saves a quarter of heating energy.",
    ),
    tip(
        "roof-insulation",
        "building",
        10.0,
        "/analytics",
        "Insulate the roof space",
        "A quarter of a building's heat can leave through an uninsulated roof. Bringing loft or roof insulation up to 270 mm is the building change that pays back fastest for most small premises.",
    ),
    tip(
        "one-degree",
        "temperature",
        8.0,
        "/settings",
        "Lower the comfort setpoint by 1 °C",
        "Each degree lower cuts heating energy by up to 8 %. Most people work comfortably at 20 °C; start with 1 °C and watch the room usage chart.",
    ),
    tip(
        "weekends",
        "schedules",
        7.0,
        "/schedules",
        "Check weekends and bank holidays",
        "A schedule written for weekdays that also runs on Saturdays, Sundays and bank holidays heats the building for nobody. Give those days their own schedule, or none.",
    ),
    tip(
        "meeting-rooms",
        "schedules",
        6.0,
        "/schedules",
        "Heat meeting rooms for their meetings",
        "Meeting rooms stand empty much of the day. Heat them for the hours they are booked and keep them at a setback temperature in between.",
    ),
    tip(
        "optimum-start",
        "automations",
        5.0,
        "/settings",
        "Let optimum start choose the switch-on time",
        "A fixed early start heats rooms for an hour or more before anyone arrives on mild days. Optimum start switches on just early enough for the room to reach its setpoint at opening time.",
    ),
    tip(
        "night-heating",
        "schedules",
        5.0,
        "/analytics",
        "Look for radiators heating at night",
        "In the room usage chart, a room using energy outside working hours usually has a schedule left on or a radiator switched on by hand. Put it back on its schedule.",
    ),
    tip(
        "draughts",
        "building",
        5.0,
        "/analytics",
        "Draught-proof doors and windows",
        "Gaps around doors, windows and letterboxes let warm air out all day. Brush strips and seals cost little and make rooms near them feel warmer at the same setpoint.",
    ),
    tip(
        "dress-code",
        "people",
        5.0,
        "/settings",
        "Agree a winter dress code",
        "Jumpers and jackets welcome at work let a business keep offices at 19–20 °C instead of 22 °C without complaints.",
    ),
    tip(
        "corridors",
        "temperature",
        4.0,
        "/rooms",
        "Keep corridors and stairwells cooler",
        "People pass through corridors, stairwells and store rooms without stopping. 16–18 °C is enough there; keep the comfort setpoint for the rooms people sit in.",
    ),
    tip(
        "early-off",
        "schedules",
        4.0,
        "/schedules",
        "Switch off half an hour before closing",
        "A warm room loses its heat slowly. Ending the schedule 30 minutes before people leave saves that half hour of heating every day, and few notice.",
    ),
    tip(
        "fan-heaters",
        "people",
        4.0,
        "/rooms",
        "Take away portable fan heaters",
        "A 2 kW fan heater under a desk bypasses every schedule and budget and can use as much as a radiator. If a room is cold, fix its setpoint or its schedule instead.",
    ),
    tip(
        "open-window",
        "automations",
        3.0,
        "/settings",
        "Turn on open-window detection",
        "When a window is opened, the radiator under it heats the street. Open-window detection stops heating when the room temperature drops suddenly and starts again when it is closed.",
    ),
    tip(
        "frost-protection",
        "automations",
        3.0,
        "/settings",
        "Keep empty rooms at frost protection, not comfort",
        "Store rooms, archives and rooms out of use need only frost protection (7 °C) to stop pipes and stock getting damp or frozen.",
    ),
    tip(
        "internal-doors",
        "people",
        3.0,
        "/rooms",
        "Keep doors between warm and cold spaces closed",
        "An open door between a heated office and an unheated warehouse or stairwell lets the radiators heat both. Self-closing doors keep the heat where it is paid for.",
    ),
    tip(
        "clear-radiators",
        "building",
        3.0,
        "/radiators",
        "Keep radiators clear",
        "Furniture, filing cabinets and long curtains in front of a radiator trap its heat and make its thermostat read warm. Leave a gap in front and above it.",
    ),
    tip(
        "zones",
        "schedules",
        2.0,
        "/zones",
        "Group rooms of the same use into zones",
        "Rooms on one floor or of one kind share a pattern. In a zone, one schedule and one temperature change reach all of them, so none is left heating by mistake.",
    ),
    tip(
        "reflective-panels",
        "building",
        2.0,
        "/radiators",
        "Fit reflective panels behind radiators on outside walls",
        "A foil panel behind a radiator on an outside wall sends heat back into the room instead of through the wall.",
    ),
    tip(
        "blinds",
        "people",
        2.0,
        "/rooms",
        "Close blinds at dusk",
        "Windows lose heat fastest at night. Closing blinds and curtains when it gets dark keeps the warmth in for the rest of the working day.",
    ),
    tip(
        "budget",
        "tariff",
        2.0,
        "/preferences/energy-usage",
        "Set a monthly budget and keep notifications on",
        "A budget with notifications tells you when this month's cost is heading over it, while there is still time to change a schedule.",
    ),
    tip(
        "low-carbon-hours",
        "tariff",
        2.0,
        "/preferences/co2-savings",
        "Warm up in the grid's cleaner hours",
        "The GB grid's carbon intensity is lowest overnight and at midday in spring and summer, and highest in the early evening. Avoid heating empty rooms in the evening peak.",
    ),
    tip(
        "offline-radiators",
        "automations",
        1.0,
        "/radiators",
        "Bring offline radiators back",
        "An offline radiator keeps its last setpoint and cannot follow its schedule. Check its power and network when HeatDesk says it has stopped reporting.",
    ),
];

#[derive(Serialize, ToSchema)]
pub struct TipsData {
    energy_savings_tips: Vec<Tip>,
}

/// Energy-saving tips for businesses with electric heating, largest estimated saving first.
#[utoipa::path(get, path = "/v2/energy-saving-tips", tag = "insights", security(("bearer" = [])),
    responses((status = 200, body = Envelope<TipsData>)))]
pub async fn tips(BusinessUser(_user): BusinessUser) -> Answer<TipsData> {
    Ok(ok("Energy-saving tips.", TipsData { energy_savings_tips: TIPS.to_vec() }))
}
