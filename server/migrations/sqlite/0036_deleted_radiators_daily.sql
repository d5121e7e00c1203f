-- What radiators since deleted used, per business and local day: their own rollups cascade away
-- with them while the business's keep their use, so the use of the radiators in rooms (what a
-- CO2 saving compares with its baseline) is the business's days less these and less the
-- radiators outside rooms, 365 rows for a year, not a row per radiator-day. A radiator's days
-- are added here as it is deleted (devices/rollups.rs).
CREATE TABLE deleted_radiators_daily (
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    energy_wh REAL NOT NULL,
    co2_g REAL NOT NULL,
    PRIMARY KEY (business_id, day)
) WITHOUT ROWID;
-- Radiators deleted before: what the business's days hold beyond its radiators' days (beyond
-- a hundredth of a watt-hour, the sums' rounding).
INSERT INTO deleted_radiators_daily
SELECT b.business_id, b.day, b.energy_wh - COALESCE(kept.energy_wh, 0),
       b.co2_g - COALESCE(kept.co2_g, 0)
FROM business_energy_daily b
LEFT JOIN (
    SELECT business_id, day, SUM(energy_wh) AS energy_wh, SUM(co2_g) AS co2_g
    FROM energy_daily_live GROUP BY business_id, day
) kept ON kept.business_id = b.business_id AND kept.day = b.day
WHERE b.energy_wh - COALESCE(kept.energy_wh, 0) > 0.01;
