-- How a business's CO2 is reported: 'profile' (GB grid intensity by half-hour: the modelled
-- profile, or the Carbon Intensity API's figures where a deployment switches it on) or 'desnz'
-- (the flat DESNZ reporting factor).
ALTER TABLE businesses ADD COLUMN carbon_method TEXT NOT NULL DEFAULT 'profile';

-- GB grid carbon intensity per half-hour (its start, unix seconds) as fetched from the Carbon
-- Intensity API (grid/api.rs): the actual figure once published, the forecast until then.
-- Empty unless a deployment switches the API on; the modelled profile covers every gap.
CREATE TABLE grid_intensity (
    period_start BIGINT PRIMARY KEY,
    g_per_kwh DOUBLE PRECISION NOT NULL,
    actual BIGINT NOT NULL
);
