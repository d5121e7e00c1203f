//! The domain kernel every feature builds on: value types, field checks, the one way a change
//! is written (with its history entry and device commands), the per-version cache, and the
//! server's sentences in the reader's language.

pub mod change;
pub mod csv;
pub mod named;
pub mod tokens;
pub mod validation;
pub mod values;
pub mod version_cache;
pub mod words;
pub mod work_limit;
