//! The profile fields shared by registration and profile updates, and the user as the API
//! shows it.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::kernel::validation::{FieldCheck, flag, optional_text, required_text};
use crate::kernel::values::{Mobile, UkPostcode};
use crate::store::columns::Iso8601;

/// Level of business accounts: the only accounts the web app lets in.
pub const BUSINESS_LEVEL: i64 = 5001;
/// Level of any other account.
pub const PERSONAL_LEVEL: i64 = 5000;

/// Profile fields as sent; missing ones read as empty so they get a field error, not a
/// shape error.
// Serialize only because utoipa's schema of a flattened field asks for it.
#[derive(Deserialize, Serialize, ToSchema, Default)]
#[serde(default)]
pub struct ProfileRequest {
    /// The business name (the web app sends it here and in `business_name`).
    pub first_name: String,
    /// The trading name.
    pub last_name: String,
    pub mobile: String,
    /// Trading address.
    pub address_line1: String,
    pub address_line2: String,
    pub town: String,
    pub city: String,
    pub post_code: String,
    pub business_name: String,
    /// 1: the registered business address is the trading address.
    pub is_same_address: Option<i64>,
    pub business_address_line1: String,
    pub business_address_line2: String,
    pub business_town: String,
    pub business_city: String,
    pub business_post_code: String,
}

pub struct Address {
    pub line1: String,
    pub line2: String,
    pub town: String,
    pub city: String,
    pub post_code: UkPostcode,
}

pub struct Profile {
    pub first_name: String,
    pub last_name: String,
    pub mobile: Mobile,
    pub address: Address,
    pub business_name: String,
    pub is_same_address: bool,
    pub business_address: Address,
}

impl ProfileRequest {
    /// Checks every field into `check`; `None` when any was bad.
    pub fn parse(&self, check: &mut FieldCheck) -> Option<Profile> {
        let first_name =
            check.check("first_name", required_text(&self.first_name, "business name"));
        let last_name = check.check("last_name", required_text(&self.last_name, "trading name"));
        let mobile = check.check("mobile", Mobile::parse(&self.mobile));
        let address = parse_address(
            check,
            "",
            [&self.address_line1, &self.address_line2, &self.town, &self.city, &self.post_code],
        );
        let business_name =
            check.check("business_name", required_text(&self.business_name, "business name"));
        let is_same_address = check.check("is_same_address", flag(self.is_same_address));
        let business_address = match is_same_address {
            Some(true) => address.as_ref().map(Address::copy),
            _ => parse_address(
                check,
                "business_",
                [
                    &self.business_address_line1,
                    &self.business_address_line2,
                    &self.business_town,
                    &self.business_city,
                    &self.business_post_code,
                ],
            ),
        };
        Some(Profile {
            first_name: first_name?,
            last_name: last_name?,
            mobile: mobile?,
            address: address?,
            business_name: business_name?,
            is_same_address: is_same_address?,
            business_address: business_address?,
        })
    }
}

pub fn parse_address(
    check: &mut FieldCheck,
    prefix: &str,
    [line1, line2, town, city, post_code]: [&String; 5],
) -> Option<Address> {
    let line1 = check.check(
        &format!("{prefix}address_line1"),
        required_text(line1, "first line of the address"),
    );
    let line2 = check.check(&format!("{prefix}address_line2"), optional_text(line2));
    // A UK address has a post town (the city here) and not always a locality besides.
    let town = check.check(&format!("{prefix}town"), optional_text(town).and_then(place_name));
    let city =
        check.check(&format!("{prefix}city"), required_text(city, "city").and_then(place_name));
    let post_code = check.check(&format!("{prefix}post_code"), UkPostcode::parse(post_code));
    Some(Address { line1: line1?, line2: line2?, town: town?, city: city?, post_code: post_code? })
}

/// A town's or city's name, which has a letter in it: "1" is a house number in the wrong field.
fn place_name(text: String) -> Result<String, String> {
    if text.is_empty() || text.chars().any(char::is_alphabetic) {
        Ok(text)
    } else {
        Err("Enter the name in letters, like Leeds.".into())
    }
}

/// An address as a letter carries it, a line each: empty lines left out, and a town that is
/// also the city ("Leeds, Leeds") written once.
pub fn postal_address(lines: [&str; 5]) -> String {
    let mut postal: Vec<&str> = Vec::new();
    for line in lines {
        let repeated = postal.last().is_some_and(|last| last.eq_ignore_ascii_case(line));
        if !line.trim().is_empty() && !repeated {
            postal.push(line);
        }
    }
    postal.join("\n")
}

impl Address {
    /// The address as [`postal_address`] writes it.
    pub fn postal(&self) -> String {
        postal_address([&self.line1, &self.line2, &self.town, &self.city, self.post_code.as_str()])
    }

    fn copy(&self) -> Self {
        Self {
            line1: self.line1.clone(),
            line2: self.line2.clone(),
            town: self.town.clone(),
            city: self.city.clone(),
            post_code: self.post_code.clone(),
        }
    }
}

/// A user as the API shows it (`data.user`, `data.me`).
#[derive(sqlx::FromRow, Serialize, ToSchema)]
pub struct UserView {
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
    /// 1 for a business account.
    pub is_business: i64,
    /// 5001 for business accounts, 5000 otherwise.
    pub level: i64,
    pub business_id: i64,
    pub business_name: String,
    pub is_same_address: i64,
    pub business_address_line1: String,
    pub business_address_line2: String,
    pub business_town: String,
    pub business_city: String,
    pub business_post_code: String,
    pub created_at: Iso8601,
    /// The business's monthly electricity budget in pence; null until set.
    pub electricity_budget_pence: Option<i64>,
    /// The business's monthly CO2 savings goal in kg; null until set.
    pub carbon_goal_kg: Option<f64>,
    /// How the business's CO2 is counted: `profile` (the GB grid's half-hourly intensity) or
    /// `desnz` (the flat DESNZ factor).
    #[schema(example = "profile")]
    pub carbon_method: String,
    /// The business's onboarding step: `plan`, `consent`, `address`, `energy_usage` or `done`.
    pub onboarding: String,
    /// 1 once the email has been confirmed by the link mailed to it; notifications are mailed
    /// only then.
    pub email_confirmed: i64,
}
