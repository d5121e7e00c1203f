-- A radiator's days are added to its room's once a statement, not once a row: a closing hour
-- writes a day row for every radiator of the fleet in one statement, and one upsert of the
-- rooms' sums costs a fraction of a trigger call per radiator (those took 158 ms of a 3.2 s
-- ingest of 60,000 readings in `heatdesk bench`, measured with track_functions). SQLite has no
-- statement triggers; its row triggers (0042) run in process and stay.
DROP TRIGGER energy_daily_adds_to_room ON energy_daily;
DROP FUNCTION energy_daily_adds_to_room();

-- The radiators' days written (`written`; on an update, less what they held, `was`), summed
-- per room and added to the room's day.
CREATE FUNCTION energy_daily_adds_to_rooms() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        INSERT INTO room_energy_daily AS o
        SELECT n.business_id, n.day, r.room_id, SUM(n.energy_wh - b.energy_wh),
               SUM(n.heating_minutes - b.heating_minutes),
               SUM(n.temperature_sum - b.temperature_sum),
               SUM(n.setpoint_sum - b.setpoint_sum), SUM(n.co2_g - b.co2_g),
               SUM(n.readings - b.readings)
        FROM written n
        JOIN was b ON b.radiator_id = n.radiator_id AND b.day = n.day
        JOIN radiators r ON r.id = n.radiator_id
        WHERE r.room_id IS NOT NULL
        GROUP BY n.business_id, n.day, r.room_id
        ON CONFLICT (business_id, day, room_id) DO UPDATE SET
            energy_wh = o.energy_wh + excluded.energy_wh,
            heating_minutes = o.heating_minutes + excluded.heating_minutes,
            temperature_sum = o.temperature_sum + excluded.temperature_sum,
            setpoint_sum = o.setpoint_sum + excluded.setpoint_sum,
            co2_g = o.co2_g + excluded.co2_g,
            readings = o.readings + excluded.readings;
    ELSE
        INSERT INTO room_energy_daily AS o
        SELECT n.business_id, n.day, r.room_id, SUM(n.energy_wh), SUM(n.heating_minutes),
               SUM(n.temperature_sum), SUM(n.setpoint_sum), SUM(n.co2_g), SUM(n.readings)
        FROM written n
        JOIN radiators r ON r.id = n.radiator_id
        WHERE r.room_id IS NOT NULL
        GROUP BY n.business_id, n.day, r.room_id
        ON CONFLICT (business_id, day, room_id) DO UPDATE SET
            energy_wh = o.energy_wh + excluded.energy_wh,
            heating_minutes = o.heating_minutes + excluded.heating_minutes,
            temperature_sum = o.temperature_sum + excluded.temperature_sum,
            setpoint_sum = o.setpoint_sum + excluded.setpoint_sum,
            co2_g = o.co2_g + excluded.co2_g,
            readings = o.readings + excluded.readings;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- A trigger with transition tables takes one event (so two), and an `INSERT … ON CONFLICT DO
-- UPDATE` fires both: the rows it inserted in one, those it updated in the other.
CREATE TRIGGER energy_daily_inserted_adds_to_rooms AFTER INSERT ON energy_daily
    REFERENCING NEW TABLE AS written
    FOR EACH STATEMENT EXECUTE FUNCTION energy_daily_adds_to_rooms();
CREATE TRIGGER energy_daily_updated_adds_to_rooms AFTER UPDATE ON energy_daily
    REFERENCING OLD TABLE AS was NEW TABLE AS written
    FOR EACH STATEMENT EXECUTE FUNCTION energy_daily_adds_to_rooms();
