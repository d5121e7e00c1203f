-- Each room's use per local day: the sums of the daily rollups of the radiators in it now, so
-- what reads rooms' days (the degree-day baseline, insights) reads a row per room-day, not one
-- per radiator-day. Triggers keep it so whatever writes the rollups or moves a radiator: a
-- radiator's days are added to its room as they are written, and go with it when it moves to
-- another room, leaves its room or is deleted. A room-day whose radiators have all left keeps
-- its row with no readings. `room_energy_daily_live` adds the open hours (see
-- 0025_open_hour_in_state.sql), as the other `*_live` views do.
CREATE TABLE room_energy_daily (
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    room_id BIGINT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    energy_wh DOUBLE PRECISION NOT NULL,
    heating_minutes BIGINT NOT NULL,
    temperature_sum DOUBLE PRECISION NOT NULL,
    setpoint_sum DOUBLE PRECISION NOT NULL,
    co2_g DOUBLE PRECISION NOT NULL,
    readings BIGINT NOT NULL,
    PRIMARY KEY (business_id, day, room_id)
);
CREATE INDEX room_energy_daily_room ON room_energy_daily (room_id, day);

INSERT INTO room_energy_daily
SELECT r.business_id, d.day, r.room_id, SUM(d.energy_wh), SUM(d.heating_minutes),
       SUM(d.temperature_sum), SUM(d.setpoint_sum), SUM(d.co2_g), SUM(d.readings)
FROM energy_daily d JOIN radiators r ON r.id = d.radiator_id
WHERE r.room_id IS NOT NULL
GROUP BY r.business_id, d.day, r.room_id;

-- A radiator's day written: added to its room's, less what the row held before.
CREATE FUNCTION energy_daily_adds_to_room() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        UPDATE room_energy_daily SET
            energy_wh = energy_wh + NEW.energy_wh - OLD.energy_wh,
            heating_minutes = heating_minutes + NEW.heating_minutes - OLD.heating_minutes,
            temperature_sum = temperature_sum + NEW.temperature_sum - OLD.temperature_sum,
            setpoint_sum = setpoint_sum + NEW.setpoint_sum - OLD.setpoint_sum,
            co2_g = co2_g + NEW.co2_g - OLD.co2_g,
            readings = readings + NEW.readings - OLD.readings
        WHERE business_id = NEW.business_id AND day = NEW.day
            AND room_id = (SELECT room_id FROM radiators WHERE id = NEW.radiator_id);
    ELSE
        INSERT INTO room_energy_daily AS o
        SELECT NEW.business_id, NEW.day, room_id, NEW.energy_wh, NEW.heating_minutes,
               NEW.temperature_sum, NEW.setpoint_sum, NEW.co2_g, NEW.readings
        FROM radiators WHERE id = NEW.radiator_id AND room_id IS NOT NULL
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

CREATE TRIGGER energy_daily_adds_to_room AFTER INSERT OR UPDATE ON energy_daily
    FOR EACH ROW EXECUTE FUNCTION energy_daily_adds_to_room();

-- A radiator leaving a room (moved, taken out, or deleted) takes its days out of the room's;
-- one arriving brings them.
CREATE FUNCTION radiator_moves_its_days() RETURNS trigger AS $$
BEGIN
    -- Ingest's lock (INGEST_LOCK in devices/telemetry.rs): a closing hour adds to the rooms'
    -- rows in radiator order, not in the order a move takes them, so the two take turns.
    PERFORM pg_advisory_xact_lock(7522253200517591924);
    IF OLD.room_id IS NOT NULL THEN
        UPDATE room_energy_daily o SET
            energy_wh = o.energy_wh - d.energy_wh,
            heating_minutes = o.heating_minutes - d.heating_minutes,
            temperature_sum = o.temperature_sum - d.temperature_sum,
            setpoint_sum = o.setpoint_sum - d.setpoint_sum,
            co2_g = o.co2_g - d.co2_g,
            readings = o.readings - d.readings
        FROM energy_daily d
        WHERE d.radiator_id = OLD.id AND o.room_id = OLD.room_id AND o.day = d.day;
    END IF;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    IF NEW.room_id IS NOT NULL THEN
        INSERT INTO room_energy_daily AS o
        SELECT business_id, day, NEW.room_id, energy_wh, heating_minutes, temperature_sum,
               setpoint_sum, co2_g, readings
        FROM energy_daily WHERE radiator_id = NEW.id
        ON CONFLICT (business_id, day, room_id) DO UPDATE SET
            energy_wh = o.energy_wh + excluded.energy_wh,
            heating_minutes = o.heating_minutes + excluded.heating_minutes,
            temperature_sum = o.temperature_sum + excluded.temperature_sum,
            setpoint_sum = o.setpoint_sum + excluded.setpoint_sum,
            co2_g = o.co2_g + excluded.co2_g,
            readings = o.readings + excluded.readings;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER radiators_move_their_days BEFORE UPDATE OF room_id ON radiators
    FOR EACH ROW WHEN (OLD.room_id IS DISTINCT FROM NEW.room_id)
    EXECUTE FUNCTION radiator_moves_its_days();
CREATE TRIGGER radiators_deleted_take_their_days BEFORE DELETE ON radiators
    FOR EACH ROW WHEN (OLD.room_id IS NOT NULL)
    EXECUTE FUNCTION radiator_moves_its_days();

CREATE VIEW room_energy_daily_live AS
SELECT business_id, day, room_id, energy_wh, heating_minutes, temperature_sum, setpoint_sum,
       co2_g, readings
FROM room_energy_daily WHERE readings > 0
UNION ALL
SELECT r.business_id, s.open_day, r.room_id, s.open_energy_wh, s.open_heating_minutes,
       s.open_temperature_sum, s.open_setpoint_sum, s.open_co2_g, s.open_readings
FROM radiators r JOIN radiator_states s ON s.radiator_id = r.id
WHERE r.room_id IS NOT NULL AND s.open_readings > 0;
