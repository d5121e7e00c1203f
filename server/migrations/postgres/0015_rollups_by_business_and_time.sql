-- The rollups keyed by business and time first, so the rows one minute's reports add to sit
-- together and a business's period is one range of the key. `business_id` repeats the
-- radiator's, which never changes. The radiator-led indexes find a radiator's first report
-- and serve its cascade.
ALTER TABLE energy_hourly ADD COLUMN business_id BIGINT REFERENCES businesses (id) ON DELETE CASCADE;
UPDATE energy_hourly h SET business_id = r.business_id FROM radiators r WHERE r.id = h.radiator_id;
ALTER TABLE energy_hourly ALTER COLUMN business_id SET NOT NULL;
ALTER TABLE energy_hourly DROP CONSTRAINT energy_hourly_pkey;
ALTER TABLE energy_hourly ADD PRIMARY KEY (business_id, hour_start, radiator_id);
DROP INDEX energy_hourly_hour;
CREATE INDEX energy_hourly_radiator ON energy_hourly (radiator_id, hour_start);

ALTER TABLE energy_daily ADD COLUMN business_id BIGINT REFERENCES businesses (id) ON DELETE CASCADE;
UPDATE energy_daily d SET business_id = r.business_id FROM radiators r WHERE r.id = d.radiator_id;
ALTER TABLE energy_daily ALTER COLUMN business_id SET NOT NULL;
ALTER TABLE energy_daily DROP CONSTRAINT energy_daily_pkey;
ALTER TABLE energy_daily ADD PRIMARY KEY (business_id, day, radiator_id);
DROP INDEX energy_daily_day;
CREATE INDEX energy_daily_radiator ON energy_daily (radiator_id, day);

-- Each radiator's local months (`YYYY-MM`): a year of a thousand radiators is 12,000 rows.
CREATE TABLE energy_monthly (
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    month TEXT NOT NULL,
    radiator_id BIGINT NOT NULL REFERENCES radiators (id) ON DELETE CASCADE,
    energy_wh DOUBLE PRECISION NOT NULL,
    heating_minutes BIGINT NOT NULL,
    temperature_sum DOUBLE PRECISION NOT NULL,
    setpoint_sum DOUBLE PRECISION NOT NULL,
    readings BIGINT NOT NULL,
    co2_g DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (business_id, month, radiator_id)
);
CREATE INDEX energy_monthly_radiator ON energy_monthly (radiator_id, month);
INSERT INTO energy_monthly
SELECT business_id, substr(day, 1, 7), radiator_id, SUM(energy_wh), SUM(heating_minutes),
       SUM(temperature_sum), SUM(setpoint_sum), SUM(readings), SUM(co2_g)
FROM energy_daily GROUP BY business_id, substr(day, 1, 7), radiator_id;

-- The whole business's UTC hours and local days: a day is 24 rows, a year 365. A deleted
-- radiator's energy stays in them: it was used and paid for.
CREATE TABLE business_energy_hourly (
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    hour_start BIGINT NOT NULL,
    energy_wh DOUBLE PRECISION NOT NULL,
    heating_minutes BIGINT NOT NULL,
    temperature_sum DOUBLE PRECISION NOT NULL,
    setpoint_sum DOUBLE PRECISION NOT NULL,
    readings BIGINT NOT NULL,
    co2_g DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (business_id, hour_start)
);
INSERT INTO business_energy_hourly
SELECT business_id, hour_start, SUM(energy_wh), SUM(heating_minutes), SUM(temperature_sum),
       SUM(setpoint_sum), SUM(readings), SUM(co2_g)
FROM energy_hourly GROUP BY business_id, hour_start;

CREATE TABLE business_energy_daily (
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    energy_wh DOUBLE PRECISION NOT NULL,
    heating_minutes BIGINT NOT NULL,
    temperature_sum DOUBLE PRECISION NOT NULL,
    setpoint_sum DOUBLE PRECISION NOT NULL,
    readings BIGINT NOT NULL,
    co2_g DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (business_id, day)
);
INSERT INTO business_energy_daily
SELECT business_id, day, SUM(energy_wh), SUM(heating_minutes), SUM(temperature_sum),
       SUM(setpoint_sum), SUM(readings), SUM(co2_g)
FROM energy_daily GROUP BY business_id, day;

-- The business's baseline per local day, the sum of its rooms' stored days, kept with a digest
-- of every room's basis: a year of savings reads 365 rows, and a day whose digest no longer
-- matches is summed again from the rooms.
CREATE TABLE baseline_business_daily (
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    basis TEXT NOT NULL,
    energy_wh DOUBLE PRECISION NOT NULL,
    co2_g DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (business_id, day)
);
