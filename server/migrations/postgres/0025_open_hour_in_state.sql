-- Each radiator's open hour: the sums of its readings in the UTC hour it is reporting in, kept
-- in its state row and added to the per-radiator rollups once, when a reading of a later hour
-- arrives (devices/telemetry.rs). A reading then writes two rows (itself and its radiator's
-- state) rather than five. The *_live views are the rollups with the open hours added: what
-- every reader of the per-radiator rollups reads.
ALTER TABLE radiator_states ADD COLUMN open_hour BIGINT;
ALTER TABLE radiator_states ADD COLUMN open_day TEXT;
ALTER TABLE radiator_states ADD COLUMN open_energy_wh DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE radiator_states ADD COLUMN open_heating_minutes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE radiator_states ADD COLUMN open_temperature_sum DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE radiator_states ADD COLUMN open_setpoint_sum DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE radiator_states ADD COLUMN open_co2_g DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE radiator_states ADD COLUMN open_readings BIGINT NOT NULL DEFAULT 0;

CREATE VIEW energy_hourly_live AS
SELECT business_id, hour_start, radiator_id, energy_wh, heating_minutes, temperature_sum,
       setpoint_sum, co2_g, readings
FROM energy_hourly
UNION ALL
SELECT r.business_id, s.open_hour, s.radiator_id, s.open_energy_wh, s.open_heating_minutes,
       s.open_temperature_sum, s.open_setpoint_sum, s.open_co2_g, s.open_readings
FROM radiator_states s JOIN radiators r ON r.id = s.radiator_id
WHERE s.open_readings > 0;

CREATE VIEW energy_daily_live AS
SELECT business_id, day, radiator_id, energy_wh, heating_minutes, temperature_sum,
       setpoint_sum, co2_g, readings
FROM energy_daily
UNION ALL
SELECT r.business_id, s.open_day, s.radiator_id, s.open_energy_wh, s.open_heating_minutes,
       s.open_temperature_sum, s.open_setpoint_sum, s.open_co2_g, s.open_readings
FROM radiator_states s JOIN radiators r ON r.id = s.radiator_id
WHERE s.open_readings > 0;

CREATE VIEW energy_monthly_live AS
SELECT business_id, month, radiator_id, energy_wh, heating_minutes, temperature_sum,
       setpoint_sum, co2_g, readings
FROM energy_monthly
UNION ALL
SELECT r.business_id, substr(s.open_day, 1, 7), s.radiator_id, s.open_energy_wh,
       s.open_heating_minutes, s.open_temperature_sum, s.open_setpoint_sum, s.open_co2_g,
       s.open_readings
FROM radiator_states s JOIN radiators r ON r.id = s.radiator_id
WHERE s.open_readings > 0;

-- Room on each page for a state's next version, so that rewriting it with every report stays
-- on its page and leaves the index alone (a heap-only update).
ALTER TABLE radiator_states SET (fillfactor = 50);
