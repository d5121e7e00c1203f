//! The analytics calls' `?format=`: JSON, or a CSV download of the same figures.

use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::error::{ApiError, ApiResult};

use super::domain::EnergyHistory;
use super::savings::Co2Saving;
use super::usage::PlaceUsage;

/// How an analytics call answers.
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
fn download(filename: &str, text: String) -> Response {
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

/// A history: the current period's buckets, then the previous period's. A bucket that has not
/// begun by `now` (unix seconds) has no figures yet, rather than figures of 0.
pub fn energy_history(history: &EnergyHistory, now: i64) -> Response {
    let mut text = String::from("period,start,kwh,cost_pence,co2_kg\n");
    for (name, period) in [("current", &history.current), ("previous", &history.previous)] {
        for bucket in &period.buckets {
            let figures = &bucket.figures;
            let to_come =
                bucket.start.parse::<jiff::Timestamp>().is_ok_and(|start| start.as_second() > now);
            let line = if to_come {
                format!("{name},{},,,\n", bucket.start)
            } else {
                format!(
                    "{name},{},{},{},{}\n",
                    bucket.start, figures.kwh, figures.cost_pence, figures.co2_kg
                )
            };
            text.push_str(&line);
        }
    }
    download(&format!("energy-history-{}.csv", history.kind), text)
}

/// Each place's radiators, a line each; `kind` is `room` or `zone`.
pub fn usage(kind: &str, places: &[PlaceUsage]) -> Response {
    let mut text = format!("{kind},radiator,kwh,cost_pence,co2_kg,heating_hours\n");
    for place in places {
        for radiator in &place.radiators {
            let used = &radiator.used;
            let line = format!(
                "{},{},{},{},{},{}\n",
                field(&place.name),
                field(&radiator.name),
                used.kwh,
                used.cost_pence,
                used.co2_kg,
                used.heating_hours
            );
            text.push_str(&line);
        }
    }
    download(&format!("{kind}-usage.csv"), text)
}

/// The CO2 saved each day.
pub fn co2_saving(saving: &Co2Saving) -> Response {
    let mut text = String::from("date,baseline_kg,actual_kg,saved_kg\n");
    for day in &saving.days {
        let line = format!("{},{},{},{}\n", day.date, day.baseline_kg, day.actual_kg, day.saved_kg);
        text.push_str(&line);
    }
    download("co2-saving.csv", text)
}

/// A CSV field, quoted when it holds a comma, a quote or a line break; a leading =, +, - or @
/// is escaped so a spreadsheet does not run it as a formula.
fn field(text: &str) -> String {
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
