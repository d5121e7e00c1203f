-- What each radiator used and did per hour (UTC hours) and per day (the business's local
-- days), kept up to date as each reading is stored (devices/rollups.rs), so analytics never
-- sum raw readings. The sums let averages be taken over any set of rows.
CREATE TABLE energy_hourly (
    radiator_id BIGINT NOT NULL REFERENCES radiators (id) ON DELETE CASCADE,
    hour_start BIGINT NOT NULL,
    energy_wh DOUBLE PRECISION NOT NULL,
    heating_minutes BIGINT NOT NULL,
    temperature_sum DOUBLE PRECISION NOT NULL,
    setpoint_sum DOUBLE PRECISION NOT NULL,
    readings BIGINT NOT NULL,
    PRIMARY KEY (radiator_id, hour_start)
);
CREATE INDEX energy_hourly_hour ON energy_hourly (hour_start);

CREATE TABLE energy_daily (
    radiator_id BIGINT NOT NULL REFERENCES radiators (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    energy_wh DOUBLE PRECISION NOT NULL,
    heating_minutes BIGINT NOT NULL,
    temperature_sum DOUBLE PRECISION NOT NULL,
    setpoint_sum DOUBLE PRECISION NOT NULL,
    readings BIGINT NOT NULL,
    PRIMARY KEY (radiator_id, day)
);
CREATE INDEX energy_daily_day ON energy_daily (day);
