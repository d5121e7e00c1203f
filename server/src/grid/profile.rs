//! The modelled GB grid carbon intensity by month and half-hour of the day (local clock time),
//! shipped with the project (this machine has no internet, so nothing is downloaded). It is
//! built from published figures, not measured here: the GB average was 124 g/kWh in 2024
//! (149 in 2023); monthly means run from about 150 g in winter to about 90 g in late spring,
//! when wind and solar are strongest; within a day, intensity dips at midday (solar) and peaks
//! in the early evening, when gas meets the demand peak. The model: a monthly mean times a daily
//! shape whose average is 1, so the year averages 124 g/kWh. It is an average profile: single
//! half-hours reach much further (the record low is 19 g/kWh).

use std::sync::LazyLock;

/// Monthly means, g/kWh, January first; they average 123.75.
const MONTHLY_MEAN: [f64; 12] =
    [154.0, 135.0, 124.0, 102.0, 92.0, 100.0, 108.0, 110.0, 122.0, 136.0, 152.0, 150.0];

/// The daily shape's anchor points: hour of day and factor, joined by straight lines.
const SHAPE: [(f64, f64); 9] = [
    (0.0, 0.90),
    (5.0, 0.86),
    (8.0, 1.04),
    (13.0, 0.90),
    (16.0, 1.08),
    (18.0, 1.22),
    (20.0, 1.10),
    (23.0, 0.94),
    (24.0, 0.90),
];

fn raw_shape(hour: f64) -> f64 {
    let segment = SHAPE.windows(2).find(|pair| hour >= pair[0].0 && hour <= pair[1].0);
    segment.map_or(1.0, |pair| {
        let ((h0, f0), (h1, f1)) = (pair[0], pair[1]);
        f0 + (f1 - f0) * (hour - h0) / (h1 - h0)
    })
}

/// The daily shape at each half-hour (0–47), scaled so the 48 average to 1; worked out once, as
/// the baseline's simulation asks for it every simulated minute.
static SHAPE_BY_HALF_HOUR: LazyLock<[f64; 48]> = LazyLock::new(|| {
    let mid: [f64; 48] = std::array::from_fn(|index| raw_shape(index as f64 / 2.0 + 0.25));
    let mean = mid.iter().sum::<f64>() / 48.0;
    mid.map(|factor| factor / mean)
});

/// g CO2 per kWh in `month` (1–12) during half-hour `half_hour` (0–47, local clock time).
pub fn intensity(month: i8, half_hour: usize) -> f64 {
    let month = usize::try_from(month - 1).unwrap_or(0).min(11);
    MONTHLY_MEAN[month] * SHAPE_BY_HALF_HOUR[half_hour.min(47)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_year_averages_the_2024_figure_and_spring_is_the_lowest() {
        let all: Vec<f64> =
            (1..=12).flat_map(|month| (0..48).map(move |hh| intensity(month, hh))).collect();
        let mean = all.iter().sum::<f64>() / all.len() as f64;
        assert!((mean - 124.0).abs() < 0.5, "{mean}");
        let monthly: Vec<f64> =
            (1..=12).map(|m| (0..48).map(|hh| intensity(m, hh)).sum::<f64>() / 48.0).collect();
        let lowest = monthly.iter().cloned().fold(f64::MAX, f64::min);
        assert_eq!(monthly.iter().position(|m| *m == lowest), Some(4), "May");
        assert!((85.0..=95.0).contains(&lowest), "{lowest}");
    }

    #[test]
    fn evenings_are_dirtier_than_midday_and_nights() {
        for month in 1..=12 {
            let evening = intensity(month, 36); // 18:00
            assert!(evening > intensity(month, 26), "midday, month {month}");
            assert!(evening > intensity(month, 6), "night, month {month}");
        }
    }
}
