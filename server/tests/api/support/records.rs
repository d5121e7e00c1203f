//! The API's records as typed values.

use serde::Deserialize;
use serde_json::Value;

/// The names of `records`, in order.
pub fn names<T: Named>(records: &[T]) -> Vec<&str> {
    records.iter().map(Named::name).collect()
}

pub trait Named {
    fn name(&self) -> &str;
}

// The API's records, field for field: an unknown or missing field fails the test, so these
// pin the wire shapes.

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Radiator {
    pub id: i64,
    pub uid: String,
    pub name: String,
    pub room_id: Option<i64>,
    pub room_name: Option<String>,
    pub min_temperature: f64,
    pub max_temperature: f64,
    pub target_temperature: f64,
    pub status: i64,
    pub current_temperature: Option<f64>,
    pub power_w: Option<f64>,
    pub heating: i64,
    pub online: i64,
    pub last_seen: Option<String>,
}

/// A room as lists show it; one read by id carries its radiators too.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Room {
    pub id: i64,
    pub name: String,
    pub zone_id: Option<i64>,
    pub zone_name: Option<String>,
    pub radiator_count: i64,
    pub status: i64,
    pub radiators_on: i64,
    pub current_temperature: Option<f64>,
    pub target_temperature: Option<f64>,
    pub lowest_target: Option<f64>,
    pub highest_target: Option<f64>,
    pub shared_target: Option<f64>,
    pub heating: i64,
    pub reported: i64,
    #[serde(default)]
    pub radiators: Vec<Radiator>,
}

/// A zone as lists show it; one read by id carries its rooms too.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    pub id: i64,
    pub name: String,
    pub room_count: i64,
    pub radiator_count: i64,
    pub status: i64,
    pub radiators_on: i64,
    pub current_temperature: Option<f64>,
    pub target_temperature: Option<f64>,
    pub lowest_target: Option<f64>,
    pub highest_target: Option<f64>,
    pub shared_target: Option<f64>,
    pub heating: i64,
    pub reported: i64,
    #[serde(default)]
    pub rooms: Vec<Room>,
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HistoryPage {
    pub history: Vec<HistoryEntry>,
    pub page: i64,
    pub per_page: i64,
    pub total: i64,
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HistoryEntry {
    pub id: i64,
    pub user_email: String,
    pub by: Option<String>,
    pub action: String,
    pub record_type: String,
    pub record_id: i64,
    pub before: Option<Value>,
    pub after: Option<Value>,
    pub at: String,
}

impl Named for Radiator {
    fn name(&self) -> &str {
        &self.name
    }
}

impl Named for Room {
    fn name(&self) -> &str {
        &self.name
    }
}

impl Named for Zone {
    fn name(&self) -> &str {
        &self.name
    }
}

/// An account as `register`, `me` and `update_profile` answer it.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct User {
    pub id: i64,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub mobile: String,
    pub address_line1: String,
    pub address_line2: String,
    pub town: String,
    pub city: String,
    pub post_code: String,
    pub is_business: i64,
    pub level: i64,
    pub business_id: i64,
    pub business_name: String,
    pub is_same_address: i64,
    pub business_address_line1: String,
    pub business_address_line2: String,
    pub business_town: String,
    pub business_city: String,
    pub business_post_code: String,
    pub created_at: String,
    pub electricity_budget_pence: Option<i64>,
    pub carbon_goal_kg: Option<f64>,
    pub carbon_method: String,
    pub onboarding: String,
    /// 1 once the link mailed to the email has been opened.
    pub email_confirmed: i64,
}
