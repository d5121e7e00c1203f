//! Value types validated at the boundary: a value of one of these types cannot be bad. Each
//! `parse` answers the sentence a person reads under the field.

use std::sync::LazyLock;

use regex::Regex;
use unicode_normalization::UnicodeNormalization;

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

/// A time of day to the minute, `HH:MM`, from 00:00 to 24:00 (the end of a day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct ClockTime(u16);

impl ClockTime {
    pub const MIDNIGHT: Self = Self(0);

    pub fn parse(raw: &str) -> Result<Self, String> {
        let invalid = || format!("Use a time like 07:30, not '{}'.", shortened(raw));
        let (hours, minutes) = raw.trim().split_once(':').ok_or_else(invalid)?;
        let digits = |part: &str| part.len() == 2 && part.bytes().all(|b| b.is_ascii_digit());
        if !digits(hours) || !digits(minutes) {
            return Err(invalid());
        }
        let hours: u16 = hours.parse().map_err(|_| invalid())?;
        let minutes: u16 = minutes.parse().map_err(|_| invalid())?;
        match (hours, minutes) {
            (0..=23, 0..=59) | (24, 0) => Ok(Self(hours * 60 + minutes)),
            _ => Err(invalid()),
        }
    }

    /// Minutes after midnight, 0–1440.
    pub fn from_minutes(minutes: i64) -> Option<Self> {
        u16::try_from(minutes).ok().filter(|&minutes| minutes <= 24 * 60).map(Self)
    }

    pub fn minutes(self) -> i64 {
        i64::from(self.0)
    }
}

impl std::fmt::Display for ClockTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:02}:{:02}", self.0 / 60, self.0 % 60)
    }
}

/// An IANA time zone name known to the tz database, like `Europe/London`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeZoneName(String);

impl TimeZoneName {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let name = raw.trim();
        if name.is_empty() {
            return Err("Choose a time zone.".into());
        }
        match jiff::tz::db().get(name) {
            // The database's own spelling (`europe/london` → `Europe/London`).
            Ok(zone) => Ok(Self(zone.iana_name().unwrap_or(name).to_owned())),
            Err(_) => Err(format!(
                "'{}' is not a time zone; use one like Europe/London.",
                shortened(name)
            )),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A calendar date `YYYY-MM-DD` from 1900-01-01 to 2099-12-31.
pub fn calendar_date(raw: &str) -> Result<jiff::civil::Date, String> {
    let raw = raw.trim();
    let invalid = || "Use a date like 2026-01-31, from 1900-01-01 to 2099-12-31.".to_owned();
    let parsed: jiff::civil::Date = raw.parse().map_err(|_| invalid())?;
    let (first, last) = (jiff::civil::date(1900, 1, 1), jiff::civil::date(2099, 12, 31));
    if raw.len() != 10 || parsed < first || parsed > last {
        return Err(invalid());
    }
    Ok(parsed)
}

/// A record's name (room, zone, radiator): tidied, 1–60 visible characters.
pub fn record_name(raw: &str) -> Result<String, String> {
    visible(raw.trim())?;
    let name = tidied(raw);
    if name.is_empty() {
        return Err("Enter a name.".into());
    }
    if name.chars().count() > 60 {
        return Err("Use at most 60 characters.".into());
    }
    Ok(name)
}

/// Text as it is kept and compared: trimmed, in Unicode's composed form (an "é" typed as "e"
/// and an accent is the one character "é") and with each run of spaces made one space, so
/// that two names that look the same are the same.
pub fn tidied(text: &str) -> String {
    text.nfc().collect::<String>().split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `value` to `places` decimals, never "-0" (a figure of nothing that rounded from a tiny
/// negative, -0.0004 kWh, reads as 0).
pub fn rounded(value: f64, places: i32) -> f64 {
    let factor = 10f64.powi(places);
    (value * factor).round() / factor + 0.0
}

/// Whole pence for the parts of a sum, so that they add up to the sum rounded, as a bill's
/// lines add up to its total: each part is rounded down, then the pence still missing go to
/// the parts with the largest fractions. Each stays within a penny of its exact value.
pub fn apportioned(parts: &[f64]) -> Vec<i64> {
    let total = parts.iter().sum::<f64>().round() as i64;
    let mut whole: Vec<i64> = parts.iter().map(|part| part.floor() as i64).collect();
    let missing = usize::try_from(total - whole.iter().sum::<i64>()).unwrap_or(0);
    let mut by_fraction: Vec<usize> = (0..parts.len()).collect();
    by_fraction
        .sort_by(|&a, &b| (parts[b] - parts[b].floor()).total_cmp(&(parts[a] - parts[a].floor())));
    for &index in by_fraction.iter().take(missing) {
        whole[index] += 1;
    }
    whole
}

/// At most 40 characters of a value a client sent, for a message that quotes it: a message
/// does not echo a whole 100 KB field back.
pub fn shortened(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

/// Refuses text with characters a person cannot see or that change how the text around them
/// reads: control characters (NUL among them, which PostgreSQL cannot store), zero-width
/// characters and bidirectional overrides.
pub fn visible(text: &str) -> Result<(), String> {
    let hidden = |c: char| {
        c.is_control()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}')
            || c == '\u{FEFF}'
    };
    match text.chars().any(hidden) {
        true => {
            Err("Use only visible characters (no control or invisible formatting characters)."
                .into())
        }
        false => Ok(()),
    }
}

/// A radiator's device id, printed on its label: 1–64 letters, digits, '-', '_' or ':'.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uid(String);

impl Uid {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let uid = raw.trim();
        if uid.is_empty() {
            return Err("Enter the radiator's id (printed on its label).".into());
        }
        if uid.len() > 64
            || !uid.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':'))
        {
            return Err("Use up to 64 letters, digits, '-', '_' or ':'.".into());
        }
        Ok(Self(uid.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

pub const MIN_PASSWORD_LEN: usize = 10;
/// Bounds the cost of hashing an attacker's input.
pub const MAX_PASSWORD_LEN: usize = 128;

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
        if easy_to_guess(raw) {
            return Err("This password is too easy to guess. Try a few unrelated words.".into());
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Long enough passwords that guessing tries first (NIST SP 800-63B asks that they be refused):
/// the commonest of ten characters or more, and what keys in a row or one short pattern make.
fn easy_to_guess(raw: &str) -> bool {
    const COMMON: [&str; 16] = [
        "password123",
        "password1234",
        "passw0rd123",
        "password!!",
        "iloveyou12",
        "letmein123",
        "welcome123",
        "changeme123",
        "football123",
        "administrator",
        "1q2w3e4r5t",
        "1qaz2wsx3edc",
        "zaq12wsxcde",
        "qwerty1234",
        "qwerty123456",
        "heatdesk123",
    ];
    // Keys in a row, either way (the rows of ten keys or more): 1234567890, abcdefghij,
    // qwertyuiop, 0987654321.
    const ROWS: [&str; 3] = ["01234567890", "abcdefghijklmnopqrstuvwxyz", "qwertyuiop"];
    let lower = raw.to_lowercase();
    let chars: Vec<char> = lower.chars().collect();
    let in_a_row = |text: &str| {
        ROWS.iter()
            .any(|row| row.contains(text) || row.chars().rev().collect::<String>().contains(text))
    };
    // One to three characters over and over: aaaaaaaaaa, 1212121212, abcabcabca.
    let repeats =
        (1..=3).any(|period| chars.iter().enumerate().all(|(i, c)| *c == chars[i % period]));
    COMMON.contains(&lower.as_str()) || in_a_row(&lower) || repeats
}

/// A block of network addresses, `203.0.113.0/24` or `2001:db8::/32`; a lone address is a
/// block of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    network: std::net::IpAddr,
    prefix: u8,
}

impl Cidr {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let refuse = || format!("{raw:?} is not an address block like 10.0.0.0/8 or ::1/128.");
        let (address, prefix) = raw.trim().split_once('/').unwrap_or((raw.trim(), ""));
        let network: std::net::IpAddr = address.parse().map_err(|_| refuse())?;
        let bits = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            "" => bits,
            digits => digits.parse().ok().filter(|&p| p <= bits).ok_or_else(refuse)?,
        };
        Ok(Self { network, prefix })
    }

    pub fn contains(&self, address: std::net::IpAddr) -> bool {
        use std::net::IpAddr::{V4, V6};
        let keep = |bits: u32| {
            if self.prefix == 0 { 0 } else { u128::MAX << (bits - u32::from(self.prefix)) }
        };
        match (self.network, address.to_canonical()) {
            (V4(network), V4(address)) => {
                let mask = keep(32) as u32;
                u32::from(network) & mask == u32::from(address) & mask
            }
            (V6(network), V6(address)) => {
                let mask = keep(128);
                u128::from(network) & mask == u128::from(address) & mask
            }
            _ => false,
        }
    }
}

/// The 13-digit core of a UK electricity meter's MPAN, its last digit a check digit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mpan(String);

/// The weights of the MPAN core's check digit, one per digit before it.
const MPAN_PRIMES: [u32; 12] = [3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43];

impl Mpan {
    /// Spaces are allowed while typing and removed.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let digits: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
        if digits.is_empty() {
            return Err(
                "Enter the MPAN: the 13 digits at the bottom of the box on your bill.".into()
            );
        }
        if digits.len() != 13 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(
                "An MPAN has 13 digits: check the bottom line of the box on your bill.".into()
            );
        }
        let values: Vec<u32> = digits.bytes().map(|b| u32::from(b - b'0')).collect();
        let sum: u32 = values.iter().zip(MPAN_PRIMES).map(|(digit, prime)| digit * prime).sum();
        if sum % 11 % 10 != values[12] {
            return Err("This MPAN's check digit does not match: check each digit again.".into());
        }
        Ok(Self(digits))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An in-home display's MAC: 16 hex digits, kept upper-case without separators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IhdMac(String);

impl IhdMac {
    /// `-` and `:` between the digits are allowed and removed: `00-1a-2b…` → `001A2B…`.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let hex: String = raw.trim().chars().filter(|c| !matches!(c, '-' | ':')).collect();
        if hex.is_empty() {
            return Err("Enter the MAC of your in-home display: 16 characters, 0–9 and A–F.".into());
        }
        if hex.len() != 16 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(
                "A display's MAC has 16 characters, 0–9 and A–F, like 00-1A-2B-3C-4D-5E-6F-70."
                    .into(),
            );
        }
        Ok(Self(hex.to_uppercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_times_are_hours_and_minutes_up_to_the_end_of_the_day() {
        assert_eq!(ClockTime::parse("07:30").unwrap().minutes(), 450);
        assert_eq!(ClockTime::parse("24:00").unwrap().minutes(), 1440);
        assert_eq!(ClockTime::parse("00:00").unwrap().to_string(), "00:00");
        for wrong in ["7:30", "+7:30", "24:01", "12:60", "noon", "", "12:3a", "-1:00"] {
            assert!(ClockTime::parse(wrong).is_err(), "{wrong}");
        }
    }

    #[test]
    fn time_zones_come_from_the_tz_database() {
        assert_eq!(TimeZoneName::parse("Europe/London").unwrap().as_str(), "Europe/London");
        assert_eq!(TimeZoneName::parse("america/new_york").unwrap().as_str(), "America/New_York");
        assert!(TimeZoneName::parse("Mars/Olympus").is_err());
        assert!(TimeZoneName::parse("").is_err());
    }

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
    fn names_with_hidden_characters_are_refused() {
        for bad in [
            "Board\0room",
            "Board\u{200B}room",
            "Board\u{202E}moor",
            "a\u{2066}b",
            "\u{FEFF}x",
            "a\tb",
        ] {
            assert!(record_name(bad).is_err(), "{bad:?} should be refused");
        }
        assert!(record_name("Café — salle 2 ☕").is_ok());
        assert!(record_name("غرفة الاجتماعات").is_ok());
    }

    #[test]
    fn names_are_trimmed_and_1_to_60_characters() {
        assert_eq!(record_name("  Board room ").unwrap(), "Board room");
        assert!(record_name("   ").is_err());
        assert!(record_name(&"é".repeat(61)).is_err());
        assert!(record_name(&"é".repeat(60)).is_ok());
        // 60 characters once the accents are composed, though 120 as typed.
        assert!(record_name(&"e\u{301}".repeat(60)).is_ok());
    }

    #[test]
    fn apportioned_pence_add_up_to_the_rounded_sum() {
        // 17 hours of 2.94 p each round to 3 p, 51 p against the day's 50 p.
        let hours = [50.0 / 17.0; 17];
        let pence = apportioned(&hours);
        assert_eq!(pence.iter().sum::<i64>(), 50);
        assert!(pence.iter().all(|&p| p == 2 || p == 3));
        // The penny left over goes to the part nearest to taking it.
        assert_eq!(apportioned(&[5419.6, 5736.6, 5251.4]), vec![5420, 5737, 5251]);
        assert_eq!(apportioned(&[5419.6, 5736.6, 5251.2]), vec![5420, 5736, 5251]);
        assert_eq!(apportioned(&[]), Vec::<i64>::new());
    }

    #[test]
    fn a_rounded_figure_of_nothing_is_never_negative() {
        assert!(rounded(-0.0004, 3).is_sign_positive());
        assert_eq!(rounded(2.34567, 2), 2.35);
    }

    #[test]
    fn names_that_look_the_same_are_kept_the_same() {
        assert_eq!(record_name("Cafe\u{301}").unwrap(), "Caf\u{e9}");
        assert_eq!(record_name("B  Shop").unwrap(), "B Shop");
        assert_eq!(record_name("B\u{a0}Shop").unwrap(), "B Shop");
    }

    #[test]
    fn address_blocks_hold_their_addresses_only() {
        let ip = |text: &str| text.parse::<std::net::IpAddr>().unwrap();
        let office = Cidr::parse("203.0.113.0/24").unwrap();
        assert!(office.contains(ip("203.0.113.77")));
        assert!(office.contains(ip("::ffff:203.0.113.77")), "an IPv4 address seen over IPv6");
        assert!(!office.contains(ip("203.0.114.1")));
        assert!(Cidr::parse("10.1.2.3").unwrap().contains(ip("10.1.2.3")));
        assert!(!Cidr::parse("10.1.2.3").unwrap().contains(ip("10.1.2.4")));
        assert!(Cidr::parse("0.0.0.0/0").unwrap().contains(ip("8.8.8.8")));
        assert!(Cidr::parse("2001:db8::/32").unwrap().contains(ip("2001:db8:1::5")));
        for bad in ["", "10.0.0.0/33", "10.0.0/8", "::1/129", "proxy"] {
            assert!(Cidr::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn uids_are_trimmed_and_bad_ones_refused() {
        assert_eq!(Uid::parse(" HD-1:a_b ").unwrap().as_str(), "HD-1:a_b");
        assert!(Uid::parse(&"x".repeat(64)).is_ok());
        for bad in ["", "   ", "has space", "é", &"x".repeat(65)] {
            assert!(Uid::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

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
        assert!(Password::parse("1234567891").is_ok());
        assert!(Password::parse(&"x".repeat(129)).is_err());
    }

    #[test]
    fn passwords_that_guessing_tries_first_are_refused() {
        let guessed = [
            "1234567890",
            "0987654321",
            "abcdefghij",
            "QWERTYUIOP",
            "zyxwvutsrq",
            "aaaaaaaaaa",
            "1212121212",
            "abcabcabcabc",
            "Password123",
            "iloveyou12",
        ];
        for easy in guessed {
            assert_eq!(
                Password::parse(easy).err().as_deref(),
                Some("This password is too easy to guess. Try a few unrelated words."),
                "{easy}"
            );
        }
        for fine in ["correct horse battery", "a new password", "heatdesk-demo", "nope nope nope"] {
            assert!(Password::parse(fine).is_ok(), "{fine}");
        }
    }

    #[test]
    fn an_mpan_has_13_digits_and_a_matching_check_digit() {
        assert_eq!(Mpan::parse("12 0002 3305 967").unwrap().as_str(), "1200023305967");
        assert!(Mpan::parse("1600012345677").is_ok());
        assert!(Mpan::parse("1200023305968").unwrap_err().contains("check digit"));
        assert!(Mpan::parse("120002330596").unwrap_err().contains("13 digits"));
        assert!(Mpan::parse("12000233059A7").unwrap_err().contains("13 digits"));
        assert!(Mpan::parse(" ").unwrap_err().starts_with("Enter the MPAN"));
    }

    #[test]
    fn an_ihd_mac_is_16_hex_digits_kept_upper_case_without_separators() {
        assert_eq!(IhdMac::parse("00-1a-2b-3c-4d-5e-6f-70").unwrap().as_str(), "001A2B3C4D5E6F70");
        assert_eq!(IhdMac::parse("00:1A:2B:3C:4D:5E:6F:70").unwrap().as_str(), "001A2B3C4D5E6F70");
        assert_eq!(IhdMac::parse("001a2b3c4d5e6f70").unwrap().as_str(), "001A2B3C4D5E6F70");
        assert!(IhdMac::parse("001A2B3C4D5E6F7").is_err(), "15 digits");
        assert!(IhdMac::parse("001A2B3C4D5E6F7G").is_err(), "not hex");
        assert!(IhdMac::parse("").is_err());
    }
}
