//! Field checks every feature shares: collecting every bad field into one 422, flags and free
//! text.

use crate::error::{ApiError, FieldErrors};
use crate::kernel::values::{tidied, visible};

const MAX_TEXT_LEN: usize = 100;

/// A required line of text: tidied (`values::tidied`), 1–100 characters.
pub fn required_text(raw: &str, what: &str) -> Result<String, String> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(format!("Enter the {what}."));
    }
    optional_text(text)
}

/// An optional line of text: tidied, at most 100 visible characters.
pub fn optional_text(raw: &str) -> Result<String, String> {
    visible(raw.trim())?;
    let text = tidied(raw);
    if text.chars().count() > MAX_TEXT_LEN {
        return Err(format!("Use at most {MAX_TEXT_LEN} characters."));
    }
    Ok(text)
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
    fn text_is_trimmed_and_bounded() {
        assert_eq!(required_text("  Acme  ", "name").unwrap(), "Acme");
        assert!(required_text("   ", "name").is_err());
        assert!(optional_text(&"x".repeat(101)).is_err());
        assert_eq!(optional_text("").unwrap(), "");
        assert!(optional_text("1 High\0Street").is_err());
    }
}
