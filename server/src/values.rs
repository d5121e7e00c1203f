//! Values of the heating records, validated at the boundary.

use sqlx::{Any, Transaction};

use crate::error::{ApiError, ApiResult};

/// The kinds of named records; names are unique per business within a kind.
#[derive(Clone, Copy)]
pub enum RecordKind {
    Room,
    Zone,
    Radiator,
}

impl RecordKind {
    fn noun(self) -> &'static str {
        match self {
            Self::Room => "room",
            Self::Zone => "zone",
            Self::Radiator => "radiator",
        }
    }

    fn same_name_sql(self) -> &'static str {
        match self {
            Self::Room => {
                "SELECT id FROM rooms WHERE business_id = $1 AND lower(name) = lower($2) AND id <> $3"
            }
            Self::Zone => {
                "SELECT id FROM zones WHERE business_id = $1 AND lower(name) = lower($2) AND id <> $3"
            }
            Self::Radiator => {
                "SELECT id FROM radiators WHERE business_id = $1 AND lower(name) = lower($2) AND id <> $3"
            }
        }
    }
}

/// 409 when another record of the kind (not `except`) in the business has this name, in any
/// case.
pub async fn ensure_name_free(
    tx: &mut Transaction<'_, Any>,
    kind: RecordKind,
    business_id: i64,
    name: &str,
    except: i64,
) -> ApiResult<()> {
    let taken: Option<(i64,)> = sqlx::query_as(kind.same_name_sql())
        .bind(business_id)
        .bind(name)
        .bind(except)
        .fetch_optional(&mut **tx)
        .await?;
    match taken {
        Some(_) => Err(ApiError::conflict(
            "name",
            format!("A {} named '{name}' already exists.", kind.noun()),
        )),
        None => Ok(()),
    }
}

/// A record's name: trimmed, 1–60 characters.
pub fn record_name(raw: &str) -> Result<String, String> {
    let name = raw.trim();
    if name.is_empty() {
        return Err("Enter a name.".into());
    }
    if name.chars().count() > 60 {
        return Err("Use at most 60 characters.".into());
    }
    Ok(name.to_owned())
}

/// A temperature in °C: 5–30 in steps of 0.5.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Temperature(f64);

pub const LOWEST: f64 = 5.0;
pub const HIGHEST: f64 = 30.0;

impl Temperature {
    pub fn parse(raw: Option<f64>) -> Result<Self, String> {
        let value = raw.ok_or("Enter a temperature.")?;
        if !(LOWEST..=HIGHEST).contains(&value) {
            return Err(format!("Use a temperature from {LOWEST} to {HIGHEST} °C."));
        }
        if (value * 2.0).fract() != 0.0 {
            return Err("Use steps of 0.5 °C.".into());
        }
        Ok(Self(value))
    }

    pub fn celsius(self) -> f64 {
        self.0
    }
}

/// A SQL LIKE pattern matching names that contain `search`, case-insensitively; `\` escapes.
pub fn contains_pattern(search: &str) -> String {
    let escaped =
        search.trim().to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temperatures_are_5_to_30_in_half_degrees() {
        assert_eq!(Temperature::parse(Some(21.5)).unwrap().celsius(), 21.5);
        assert!(Temperature::parse(Some(5.0)).is_ok());
        assert!(Temperature::parse(Some(30.0)).is_ok());
        for bad in [Some(4.5), Some(30.5), Some(21.2), Some(f64::NAN), None] {
            assert!(Temperature::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn names_are_trimmed_and_1_to_60_characters() {
        assert_eq!(record_name("  Board room ").unwrap(), "Board room");
        assert!(record_name("   ").is_err());
        assert!(record_name(&"é".repeat(61)).is_err());
        assert!(record_name(&"é".repeat(60)).is_ok());
    }

    #[test]
    fn search_patterns_escape_wildcards() {
        assert_eq!(contains_pattern(" Board "), "%board%");
        assert_eq!(contains_pattern("50%_a\\"), "%50\\%\\_a\\\\%");
    }
}
