-- CO2 of each rollup's energy, in grams, at the GB intensity of the month and local half-hour
-- each reading was taken in (grid.rs), so analytics of any range sum it without the readings.
ALTER TABLE energy_hourly ADD COLUMN co2_g REAL NOT NULL DEFAULT 0;
ALTER TABLE energy_daily ADD COLUMN co2_g REAL NOT NULL DEFAULT 0;
