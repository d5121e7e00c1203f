//! CSV downloads: the `?format=` a call that offers one takes, a field written safely, and text
//! answered as a file.

use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::error::{ApiError, ApiResult};

/// How a call that offers a download answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Json,
    Csv,
}

impl Format {
    /// The `format` parameter: absent or `json` answers JSON, `csv` a file.
    pub fn parse(format: Option<&str>) -> ApiResult<Self> {
        match format {
            None | Some("json") => Ok(Self::Json),
            Some("csv") => Ok(Self::Csv),
            Some(_) => Err(ApiError::field("format", "Choose json or csv.")),
        }
    }
}

/// `text` as a download named `filename`.
pub fn download(filename: &str, text: String) -> Response {
    let disposition = format!("attachment; filename=\"{filename}\"");
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response()
}

/// A CSV field, quoted when it holds a comma, a quote or a line break; a leading =, +, - or @
/// is escaped so a spreadsheet does not run it as a formula.
pub fn field(text: &str) -> String {
    let text =
        if text.starts_with(['=', '+', '-', '@']) { format!("'{text}") } else { text.to_owned() };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_is_json_unless_csv_is_asked_for() {
        assert_eq!(Format::parse(None).unwrap(), Format::Json);
        assert_eq!(Format::parse(Some("json")).unwrap(), Format::Json);
        assert_eq!(Format::parse(Some("csv")).unwrap(), Format::Csv);
        assert!(Format::parse(Some("xlsx")).is_err());
    }

    #[test]
    fn fields_are_quoted_and_formulas_escaped() {
        assert_eq!(field("Office"), "Office");
        assert_eq!(field("Office, east"), "\"Office, east\"");
        assert_eq!(field("The \"big\" room"), "\"The \"\"big\"\" room\"");
        assert_eq!(field("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(field("-1,2"), "\"'-1,2\"");
    }
}
