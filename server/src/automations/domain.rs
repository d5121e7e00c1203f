//! The automations a business can switch on, their parameters and checks, and reading and
//! changing a business's choices. What each does to the radiators is in `rules.rs`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::store;
use crate::error::{ApiError, ApiResult, FieldErrors};
use crate::kernel::change::{Actor, Entry};
use crate::kernel::values::{ClockTime, shortened};
use crate::state::AppState;

pub const FROST: &str = "frost_protection";
pub const OPEN_WINDOW: &str = "open_window";
pub const END_OF_DAY: &str = "end_of_day_off";
pub const OPTIMUM_START: &str = "optimum_start";
pub const ECO: &str = "eco_over_budget";

struct Definition {
    key: &'static str,
    name: &'static str,
    description: &'static str,
    defaults: fn() -> Value,
}

const DEFINITIONS: [Definition; 5] = [
    Definition {
        key: FROST,
        name: "Frost protection",
        description: "Heats any radiator, even one switched off, whose room falls below the \
                      floor temperature, until it is a degree above it.",
        defaults: || json!({"floor": 7.0}),
    },
    Definition {
        key: OPEN_WINDOW,
        name: "Open-window detection",
        description: "Switches a radiator off when its room's temperature falls quickly (an \
                      open window), and back on after a while.",
        defaults: || json!({"drop": 1.5, "within_minutes": 5, "off_minutes": 15}),
    },
    Definition {
        key: END_OF_DAY,
        name: "End-of-day off",
        description: "Switches every radiator off at a set time on working days; schedules \
                      switch them on again at their next slot.",
        defaults: || json!({"at": "19:00"}),
    },
    Definition {
        key: OPTIMUM_START,
        name: "Optimum start",
        description: "Starts heating before a slot, from each room's measured warm-up rate, so \
                      the room is warm when the slot begins.",
        defaults: || json!({"max_minutes": 180}),
    },
    Definition {
        key: ECO,
        name: "Eco when over budget",
        description: "Lowers every scheduled setpoint while this month's electricity cost is \
                      over the budget.",
        defaults: || json!({"lower_by": 1.0}),
    },
];

/// What a number parameter may be: from `min` to `max` in steps of `step` (whole numbers when
/// the step is 1).
#[derive(Serialize, ToSchema, Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub min: f64,
    pub max: f64,
    pub step: f64,
}

const fn limits(min: f64, max: f64, step: f64) -> Limits {
    Limits { min, max, step }
}

/// Each automation's number parameters and their limits; the forms show them, the checks hold
/// to them.
const NUMBERS: [(&str, &str, Limits); 6] = [
    (FROST, "floor", limits(5.0, 12.0, 0.5)),
    (OPEN_WINDOW, "drop", limits(0.5, 5.0, 0.5)),
    (OPEN_WINDOW, "within_minutes", limits(2.0, 15.0, 1.0)),
    (OPEN_WINDOW, "off_minutes", limits(5.0, 120.0, 1.0)),
    (OPTIMUM_START, "max_minutes", limits(15.0, 180.0, 1.0)),
    (ECO, "lower_by", limits(0.5, 5.0, 0.5)),
];

/// The number parameters of the automation `key`, with their limits.
fn numbers_of(key: &str) -> impl Iterator<Item = (&'static str, Limits)> + '_ {
    NUMBERS.iter().filter(move |(of, ..)| *of == key).map(|(_, name, limits)| (*name, *limits))
}

/// An automation as the API shows it.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct AutomationView {
    pub key: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub enabled: i64,
    #[schema(value_type = Object)]
    pub parameters: Value,
    /// What each number parameter may be.
    pub limits: BTreeMap<&'static str, Limits>,
}

/// Open-window detection: a fall of `drop` °C within `within_minutes` switches a radiator off
/// for `off_minutes`.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct OpenWindow {
    pub drop: f64,
    pub within_minutes: i64,
    pub off_minutes: i64,
}

/// A business's automations that are on, with their parameters.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Enabled {
    pub frost_floor: Option<f64>,
    pub open_window: Option<OpenWindow>,
    pub end_of_day: Option<ClockTime>,
    pub optimum_start_minutes: Option<i64>,
    pub eco_lower_by: Option<f64>,
}

/// The parameter `name` within `limits`, as a whole number where the step is 1.
fn number(parameters: &Value, name: &str, limits: Limits) -> Result<Value, String> {
    let Limits { min, max, step } = limits;
    let value = parameters.get(name).and_then(Value::as_f64).ok_or("Enter a number.")?;
    if !(min..=max).contains(&value) || (value / step).fract() != 0.0 {
        return Err(format!("Use a number from {min} to {max} in steps of {step}."));
    }
    Ok(if step == 1.0 { json!(value as i64) } else { json!(value) })
}

/// The parameters of `key`, checked and complete (missing ones from the current or default
/// value); the errors name `parameters.<name>`.
fn check(key: &str, parameters: &Value) -> Result<Value, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut field = |name: &str, result: Result<Value, String>| -> Value {
        result.unwrap_or_else(|message| {
            errors.entry(format!("parameters.{name}")).or_default().push(message);
            Value::Null
        })
    };
    let mut checked = serde_json::Map::new();
    for (name, limits) in numbers_of(key) {
        checked.insert(name.to_owned(), field(name, number(parameters, name, limits)));
    }
    if key == END_OF_DAY {
        let at = parameters.get("at").and_then(Value::as_str).unwrap_or_default();
        let at = ClockTime::parse(at).map(|t| json!(t.to_string()));
        checked.insert("at".into(), field("at", at));
    }
    let checked = Value::Object(checked);
    if errors.is_empty() { Ok(checked) } else { Err(errors) }
}

/// Every automation with the business's choice (off with the defaults until it makes one).
pub async fn list(state: &AppState, business_id: i64) -> ApiResult<Vec<AutomationView>> {
    let rows = store::choices(state.store.reader(), Some(business_id)).await?;
    Ok(DEFINITIONS
        .iter()
        .map(|definition| {
            let row = rows.iter().find(|row| row.key == definition.key);
            let parameters = row
                .and_then(|row| serde_json::from_str(&row.parameters_json).ok())
                .unwrap_or_else(definition.defaults);
            AutomationView {
                key: definition.key,
                name: definition.name,
                description: definition.description,
                enabled: row.map_or(0, |row| row.enabled),
                parameters,
                limits: numbers_of(definition.key).collect(),
            }
        })
        .collect())
}

/// Switches an automation on or off with new parameters (or its current ones); recorded.
pub async fn set(
    state: &AppState,
    actor: Actor,
    key: &str,
    enabled: bool,
    parameters: Option<&Value>,
) -> ApiResult<Vec<AutomationView>> {
    let before = list(state, actor.business_id).await?;
    let Some(current) = before.iter().find(|automation| automation.key == key) else {
        return Err(ApiError::field(
            "key",
            format!("There is no automation '{}'.", shortened(key)),
        ));
    };
    let parameters = check(key, parameters.unwrap_or(&current.parameters)).map_err(|errors| {
        ApiError::Validation { description: "Some fields need correcting.".into(), errors }
    })?;
    let mut change = state.change(actor).await?;
    let json = parameters.to_string();
    store::save(change.db(), actor.business_id, key, enabled, &json).await?;
    // The engine's rounds run the automations first.
    change.reschedule();
    let after = AutomationView { enabled: i64::from(enabled), parameters, ..current.clone() };
    let entry = Entry::new("update", "automation", actor.business_id);
    change.commit(entry.before(current).after(&after)).await?;
    list(state, actor.business_id).await
}

/// The automations that are on, by business: every business's, or one's with `Some`.
pub async fn enabled(
    pool: &sqlx::AnyPool,
    business_id: Option<i64>,
) -> crate::store::StoreResult<std::collections::HashMap<i64, Enabled>> {
    let mut all: std::collections::HashMap<i64, Enabled> = std::collections::HashMap::new();
    let on = store::choices(pool, business_id).await?.into_iter().filter(|row| row.enabled == 1);
    for row in on {
        let parameters: Value = serde_json::from_str(&row.parameters_json).unwrap_or_default();
        let number = |name: &str| parameters.get(name).and_then(Value::as_f64);
        let enabled = all.entry(row.business_id).or_default();
        match row.key.as_str() {
            FROST => enabled.frost_floor = number("floor"),
            OPEN_WINDOW => enabled.open_window = serde_json::from_value(parameters.clone()).ok(),
            END_OF_DAY => {
                let at = parameters.get("at").and_then(Value::as_str).unwrap_or_default();
                enabled.end_of_day = ClockTime::parse(at).ok();
            }
            OPTIMUM_START => {
                enabled.optimum_start_minutes = number("max_minutes").map(|n| n as i64)
            }
            ECO => enabled.eco_lower_by = number("lower_by"),
            _ => {}
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_checked_and_named() {
        assert_eq!(check(FROST, &json!({"floor": 8})).unwrap(), json!({"floor": 8.0}));
        let errors = check(FROST, &json!({"floor": 30})).unwrap_err();
        assert!(errors.contains_key("parameters.floor"));
        let errors = check(OPEN_WINDOW, &json!({"drop": 1.5, "within_minutes": 1})).unwrap_err();
        let mut fields: Vec<&String> = errors.keys().collect();
        fields.sort();
        assert_eq!(fields, ["parameters.off_minutes", "parameters.within_minutes"]);
        assert_eq!(check(END_OF_DAY, &json!({"at": "18:30"})).unwrap(), json!({"at": "18:30"}));
        assert!(check(END_OF_DAY, &json!({"at": "6pm"})).is_err());
        assert!(check(ECO, &json!({"lower_by": 1.3})).is_err());
    }
}
