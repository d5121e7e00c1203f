-- What each radiator used and did per hour (UTC hours) and per day (the business's local
-- days), kept up to date as each reading is stored (devices/rollups.rs), so analytics never
-- sum raw readings. The sums let averages be taken over any set of rows.
CREATE TABLE energy_hourly (
    radiator_id INTEGER NOT NULL REFERENCES radiators (id) ON DELETE CASCADE,
    hour_start INTEGER NOT NULL,
    energy_wh REAL NOT NULL,
    heating_minutes INTEGER NOT NULL,
    temperature_sum REAL NOT NULL,
    setpoint_sum REAL NOT NULL,
    readings INTEGER NOT NULL,
    PRIMARY KEY (radiator_id, hour_start)
);
CREATE INDEX energy_hourly_hour ON energy_hourly (hour_start);

CREATE TABLE energy_daily (
    radiator_id INTEGER NOT NULL REFERENCES radiators (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    energy_wh REAL NOT NULL,
    heating_minutes INTEGER NOT NULL,
    temperature_sum REAL NOT NULL,
    setpoint_sum REAL NOT NULL,
    readings INTEGER NOT NULL,
    PRIMARY KEY (radiator_id, day)
);
CREATE INDEX energy_daily_day ON energy_daily (day);
