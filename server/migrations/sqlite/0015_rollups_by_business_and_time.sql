-- The rollups keyed by business and time first, so the rows one minute's reports add to sit
-- together (a few pages written per batch, not one per radiator) and a business's period is
-- one range of the key. `business_id` repeats the radiator's, which never changes. The
-- radiator-led indexes find a radiator's first report and serve its cascade.
CREATE TABLE energy_hourly_by_time (
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    hour_start INTEGER NOT NULL,
    radiator_id INTEGER NOT NULL REFERENCES radiators (id) ON DELETE CASCADE,
    energy_wh REAL NOT NULL,
    heating_minutes INTEGER NOT NULL,
    temperature_sum REAL NOT NULL,
    setpoint_sum REAL NOT NULL,
    readings INTEGER NOT NULL,
    co2_g REAL NOT NULL,
    PRIMARY KEY (business_id, hour_start, radiator_id)
) WITHOUT ROWID;
INSERT INTO energy_hourly_by_time
SELECT r.business_id, h.hour_start, h.radiator_id, h.energy_wh, h.heating_minutes,
       h.temperature_sum, h.setpoint_sum, h.readings, h.co2_g
FROM energy_hourly h JOIN radiators r ON r.id = h.radiator_id;
DROP TABLE energy_hourly;
ALTER TABLE energy_hourly_by_time RENAME TO energy_hourly;
CREATE INDEX energy_hourly_radiator ON energy_hourly (radiator_id, hour_start);

CREATE TABLE energy_daily_by_time (
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    radiator_id INTEGER NOT NULL REFERENCES radiators (id) ON DELETE CASCADE,
    energy_wh REAL NOT NULL,
    heating_minutes INTEGER NOT NULL,
    temperature_sum REAL NOT NULL,
    setpoint_sum REAL NOT NULL,
    readings INTEGER NOT NULL,
    co2_g REAL NOT NULL,
    PRIMARY KEY (business_id, day, radiator_id)
) WITHOUT ROWID;
INSERT INTO energy_daily_by_time
SELECT r.business_id, d.day, d.radiator_id, d.energy_wh, d.heating_minutes,
       d.temperature_sum, d.setpoint_sum, d.readings, d.co2_g
FROM energy_daily d JOIN radiators r ON r.id = d.radiator_id;
DROP TABLE energy_daily;
ALTER TABLE energy_daily_by_time RENAME TO energy_daily;
CREATE INDEX energy_daily_radiator ON energy_daily (radiator_id, day);

-- Each radiator's local months (`YYYY-MM`): a year of a thousand radiators is 12,000 rows.
CREATE TABLE energy_monthly (
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    month TEXT NOT NULL,
    radiator_id INTEGER NOT NULL REFERENCES radiators (id) ON DELETE CASCADE,
    energy_wh REAL NOT NULL,
    heating_minutes INTEGER NOT NULL,
    temperature_sum REAL NOT NULL,
    setpoint_sum REAL NOT NULL,
    readings INTEGER NOT NULL,
    co2_g REAL NOT NULL,
    PRIMARY KEY (business_id, month, radiator_id)
) WITHOUT ROWID;
CREATE INDEX energy_monthly_radiator ON energy_monthly (radiator_id, month);
INSERT INTO energy_monthly
SELECT business_id, substr(day, 1, 7), radiator_id, SUM(energy_wh), SUM(heating_minutes),
       SUM(temperature_sum), SUM(setpoint_sum), SUM(readings), SUM(co2_g)
FROM energy_daily GROUP BY business_id, substr(day, 1, 7), radiator_id;

-- The whole business's UTC hours and local days: a day is 24 rows, a year 365. A deleted
-- radiator's energy stays in them: it was used and paid for.
CREATE TABLE business_energy_hourly (
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    hour_start INTEGER NOT NULL,
    energy_wh REAL NOT NULL,
    heating_minutes INTEGER NOT NULL,
    temperature_sum REAL NOT NULL,
    setpoint_sum REAL NOT NULL,
    readings INTEGER NOT NULL,
    co2_g REAL NOT NULL,
    PRIMARY KEY (business_id, hour_start)
) WITHOUT ROWID;
INSERT INTO business_energy_hourly
SELECT business_id, hour_start, SUM(energy_wh), SUM(heating_minutes), SUM(temperature_sum),
       SUM(setpoint_sum), SUM(readings), SUM(co2_g)
FROM energy_hourly GROUP BY business_id, hour_start;

CREATE TABLE business_energy_daily (
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    energy_wh REAL NOT NULL,
    heating_minutes INTEGER NOT NULL,
    temperature_sum REAL NOT NULL,
    setpoint_sum REAL NOT NULL,
    readings INTEGER NOT NULL,
    co2_g REAL NOT NULL,
    PRIMARY KEY (business_id, day)
) WITHOUT ROWID;
INSERT INTO business_energy_daily
SELECT business_id, day, SUM(energy_wh), SUM(heating_minutes), SUM(temperature_sum),
       SUM(setpoint_sum), SUM(readings), SUM(co2_g)
FROM energy_daily GROUP BY business_id, day;

-- The business's baseline per local day, the sum of its rooms' stored days, kept with a digest
-- of every room's basis: a year of savings reads 365 rows, and a day whose digest no longer
-- matches is summed again from the rooms.
CREATE TABLE baseline_business_daily (
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    basis TEXT NOT NULL,
    energy_wh REAL NOT NULL,
    co2_g REAL NOT NULL,
    PRIMARY KEY (business_id, day)
) WITHOUT ROWID;
