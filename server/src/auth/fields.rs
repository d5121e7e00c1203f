//! Account fields validated at the boundary into types that cannot hold bad values.

use std::sync::LazyLock;

use regex::Regex;

use crate::error::{ApiError, FieldErrors};

pub const MIN_PASSWORD_LEN: usize = 10;
/// Bounds the cost of hashing an attacker's input.
pub const MAX_PASSWORD_LEN: usize = 128;
const MAX_TEXT_LEN: usize = 100;

static EMAIL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[^\s@]+@[^\s@]+\.[^\s@]+$").expect("email pattern"));
// Outward code, optional space, inward code; plus the special GIR 0AA.
static UK_POSTCODE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$").expect("postcode pattern")
});

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    /// Trimmed and lower-cased, so one address is one account however it is typed.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let email = raw.trim().to_lowercase();
        if email.is_empty() {
            return Err("Enter your email address.".into());
        }
        if email.len() > 254 || !EMAIL.is_match(&email) {
            return Err("Enter a valid email address, like name@company.co.uk.".into());
        }
        Ok(Self(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UkPostcode(String);

impl UkPostcode {
    /// Upper-cased with one space before the inward code: `sw1a1aa` → `SW1A 1AA`.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let compact: String = raw.split_whitespace().collect::<String>().to_uppercase();
        if compact.is_empty() {
            return Err("Enter the postcode.".into());
        }
        if !UK_POSTCODE.is_match(&compact) {
            return Err("Enter a valid UK postcode, like SW1A 1AA.".into());
        }
        let (outward, inward) = compact.split_at(compact.len() - 3);
        Ok(Self(format!("{outward} {inward}")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mobile(String);

impl Mobile {
    /// A phone number of 10 to 15 digits, optionally starting with +; spaces, dashes and
    /// brackets are allowed while typing and removed.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err("Enter a mobile number.".into());
        }
        let (plus, rest) = match trimmed.strip_prefix('+') {
            Some(rest) => ("+", rest),
            None => ("", trimmed),
        };
        let cleaned: String =
            rest.chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')')).collect();
        if !cleaned.chars().all(|c| c.is_ascii_digit()) || !(10..=15).contains(&cleaned.len()) {
            return Err("Enter a valid mobile number, like 07700 900123.".into());
        }
        Ok(Self(format!("{plus}{cleaned}")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

pub struct Password(String);

impl Password {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let length = raw.chars().count();
        if length < MIN_PASSWORD_LEN {
            return Err(format!("Use at least {MIN_PASSWORD_LEN} characters."));
        }
        if length > MAX_PASSWORD_LEN {
            return Err(format!("Use at most {MAX_PASSWORD_LEN} characters."));
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A required line of text: trimmed, 1–100 characters.
pub fn required_text(raw: &str, what: &str) -> Result<String, String> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(format!("Enter the {what}."));
    }
    optional_text(text)
}

/// An optional line of text: trimmed, at most 100 characters.
pub fn optional_text(raw: &str) -> Result<String, String> {
    let text = raw.trim();
    if text.chars().count() > MAX_TEXT_LEN {
        return Err(format!("Use at most {MAX_TEXT_LEN} characters."));
    }
    Ok(text.to_owned())
}

/// A 1-or-0 flag.
pub fn flag(raw: Option<i64>) -> Result<bool, String> {
    match raw {
        Some(1) => Ok(true),
        Some(0) => Ok(false),
        _ => Err("Send 1 or 0.".into()),
    }
}

/// Collects the messages of every bad field so one answer lists them all.
#[derive(Default)]
pub struct FieldCheck {
    errors: FieldErrors,
}

impl FieldCheck {
    pub fn check<T>(&mut self, field: &str, result: Result<T, String>) -> Option<T> {
        result
            .map_err(|message| self.errors.entry(field.to_owned()).or_default().push(message))
            .ok()
    }

    /// 422 listing every bad field, or the parsed value when there were none.
    pub fn finish<T>(self, value: Option<T>) -> Result<T, ApiError> {
        match value {
            Some(value) if self.errors.is_empty() => Ok(value),
            _ => Err(ApiError::Validation {
                description: "Some fields need correcting.".into(),
                errors: self.errors,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postcodes_are_normalised_and_bad_ones_refused() {
        assert_eq!(UkPostcode::parse(" sw1a1aa ").unwrap().as_str(), "SW1A 1AA");
        assert_eq!(UkPostcode::parse("M1 1AE").unwrap().as_str(), "M1 1AE");
        assert_eq!(UkPostcode::parse("gir0aa").unwrap().as_str(), "GIR 0AA");
        for bad in ["", "12345", "SW1A", "SW1A 1A", "Q1A 1AA1", "SW1A-1AA"] {
            assert!(UkPostcode::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn emails_are_lower_cased_and_bad_ones_refused() {
        assert_eq!(Email::parse(" Ann@Example.CO.uk ").unwrap().as_str(), "ann@example.co.uk");
        for bad in ["", "ann", "ann@", "@example.com", "ann@example", "a nn@example.com"] {
            assert!(Email::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn mobiles_are_cleaned_and_bad_ones_refused() {
        assert_eq!(Mobile::parse("07700 900-123").unwrap().as_str(), "07700900123");
        assert_eq!(Mobile::parse("+44 7700 900123").unwrap().as_str(), "+447700900123");
        for bad in ["", "0770", "07700 90012a", "++447700900123", "1234567890123456"] {
            assert!(Mobile::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn passwords_need_ten_to_128_characters() {
        assert!(Password::parse("123456789").is_err());
        assert!(Password::parse("1234567890").is_ok());
        assert!(Password::parse(&"x".repeat(129)).is_err());
    }

    #[test]
    fn text_is_trimmed_and_bounded() {
        assert_eq!(required_text("  Acme  ", "name").unwrap(), "Acme");
        assert!(required_text("   ", "name").is_err());
        assert!(optional_text(&"x".repeat(101)).is_err());
        assert_eq!(optional_text("").unwrap(), "");
    }
}
