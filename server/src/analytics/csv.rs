//! The analytics calls' CSV downloads: the same figures as their JSON, a line a bucket, radiator
//! or day; each file named by its days, so that one range's file is not saved over another's.

use axum::response::Response;
use jiff::civil::Date;

use crate::kernel::csv::{download, field};

use super::domain::EnergyHistory;
use super::savings::Co2Saving;
use super::usage::PlaceUsage;

/// A history: the current period's buckets, then the previous period's. A bucket that has not
/// begun by `now` (unix seconds), or that ended before the business began, has no figures,
/// rather than figures of 0 (as the web app's table shows it).
pub fn energy_history(history: &EnergyHistory, now: i64) -> Response {
    let second = |iso: &str| iso.parse::<jiff::Timestamp>().map(|at| at.as_second()).ok();
    let began = second(&history.began);
    let mut text = String::from("period,start,kwh,cost_pence,co2_kg\n");
    for (name, period) in [("current", &history.current), ("previous", &history.previous)] {
        for (index, bucket) in period.buckets.iter().enumerate() {
            let figures = &bucket.figures;
            let end = period.buckets.get(index + 1).map_or(&period.end, |next| &next.start);
            let to_come = second(&bucket.start).is_some_and(|start| start > now);
            let before_began = second(end).zip(began).is_some_and(|(end, began)| end <= began);
            let line = if to_come || before_began {
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
    let first_day = history.current.start.get(..10).unwrap_or_default();
    download(&format!("energy-history-{}-{first_day}.csv", history.kind), text)
}

/// Each place's radiators, a line each; `kind` is `room` or `zone`. A radiator without a
/// reading in the range has no figures, rather than figures of 0.
pub fn usage(kind: &str, places: &[PlaceUsage], (first, last): (Date, Date)) -> Response {
    let mut text = format!("{kind},radiator,kwh,cost_pence,co2_kg,heating_hours\n");
    for place in places {
        for radiator in &place.radiators {
            let used = &radiator.used;
            let names = format!("{},{}", field(&place.name), field(&radiator.name));
            let line = if used.reported {
                format!(
                    "{names},{},{},{},{}\n",
                    used.kwh, used.cost_pence, used.co2_kg, used.heating_hours
                )
            } else {
                format!("{names},,,,\n")
            };
            text.push_str(&line);
        }
    }
    download(&format!("{kind}-usage-{first}-to-{last}.csv"), text)
}

/// The CO2 saved each day.
pub fn co2_saving(saving: &Co2Saving, (first, last): (Date, Date)) -> Response {
    let mut text = String::from("date,baseline_kg,actual_kg,saved_kg\n");
    for day in &saving.days {
        let line = format!("{},{},{},{}\n", day.date, day.baseline_kg, day.actual_kg, day.saved_kg);
        text.push_str(&line);
    }
    download(&format!("co2-saving-{first}-to-{last}.csv"), text)
}
