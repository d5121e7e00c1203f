-- Each room's use per local day: the sums of the daily rollups of the radiators in it now, so
-- what reads rooms' days (the degree-day baseline, insights) reads a row per room-day, not one
-- per radiator-day. Triggers keep it so whatever writes the rollups or moves a radiator: a
-- radiator's days are added to its room as they are written, and go with it when it moves to
-- another room, leaves its room or is deleted. A room-day whose radiators have all left keeps
-- its row with no readings. `room_energy_daily_live` adds the open hours (see
-- 0025_open_hour_in_state.sql), as the other `*_live` views do.
CREATE TABLE room_energy_daily (
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    room_id INTEGER NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    energy_wh REAL NOT NULL,
    heating_minutes INTEGER NOT NULL,
    temperature_sum REAL NOT NULL,
    setpoint_sum REAL NOT NULL,
    co2_g REAL NOT NULL,
    readings INTEGER NOT NULL,
    PRIMARY KEY (business_id, day, room_id)
) WITHOUT ROWID;
CREATE INDEX room_energy_daily_room ON room_energy_daily (room_id, day);

INSERT INTO room_energy_daily
SELECT r.business_id, d.day, r.room_id, SUM(d.energy_wh), SUM(d.heating_minutes),
       SUM(d.temperature_sum), SUM(d.setpoint_sum), SUM(d.co2_g), SUM(d.readings)
FROM energy_daily d JOIN radiators r ON r.id = d.radiator_id
WHERE r.room_id IS NOT NULL
GROUP BY r.business_id, d.day, r.room_id;

CREATE TRIGGER energy_daily_insert_adds_to_room AFTER INSERT ON energy_daily
BEGIN
    INSERT INTO room_energy_daily
    SELECT NEW.business_id, NEW.day, room_id, NEW.energy_wh, NEW.heating_minutes,
           NEW.temperature_sum, NEW.setpoint_sum, NEW.co2_g, NEW.readings
    FROM radiators WHERE id = NEW.radiator_id AND room_id IS NOT NULL
    ON CONFLICT (business_id, day, room_id) DO UPDATE SET
        energy_wh = energy_wh + excluded.energy_wh,
        heating_minutes = heating_minutes + excluded.heating_minutes,
        temperature_sum = temperature_sum + excluded.temperature_sum,
        setpoint_sum = setpoint_sum + excluded.setpoint_sum,
        co2_g = co2_g + excluded.co2_g,
        readings = readings + excluded.readings;
END;

CREATE TRIGGER energy_daily_update_adds_to_room AFTER UPDATE ON energy_daily
BEGIN
    UPDATE room_energy_daily SET
        energy_wh = energy_wh + NEW.energy_wh - OLD.energy_wh,
        heating_minutes = heating_minutes + NEW.heating_minutes - OLD.heating_minutes,
        temperature_sum = temperature_sum + NEW.temperature_sum - OLD.temperature_sum,
        setpoint_sum = setpoint_sum + NEW.setpoint_sum - OLD.setpoint_sum,
        co2_g = co2_g + NEW.co2_g - OLD.co2_g,
        readings = readings + NEW.readings - OLD.readings
    WHERE business_id = NEW.business_id AND day = NEW.day
        AND room_id = (SELECT room_id FROM radiators WHERE id = NEW.radiator_id);
END;

-- A radiator leaving a room (moved, taken out, or deleted) takes its days out of the room's.
CREATE TRIGGER radiators_leaving_take_their_days BEFORE UPDATE OF room_id ON radiators
WHEN OLD.room_id IS NOT NULL AND OLD.room_id IS NOT NEW.room_id
BEGIN
    UPDATE room_energy_daily SET
        energy_wh = room_energy_daily.energy_wh - d.energy_wh,
        heating_minutes = room_energy_daily.heating_minutes - d.heating_minutes,
        temperature_sum = room_energy_daily.temperature_sum - d.temperature_sum,
        setpoint_sum = room_energy_daily.setpoint_sum - d.setpoint_sum,
        co2_g = room_energy_daily.co2_g - d.co2_g,
        readings = room_energy_daily.readings - d.readings
    FROM energy_daily d
    WHERE d.radiator_id = OLD.id AND room_energy_daily.room_id = OLD.room_id
        AND room_energy_daily.day = d.day;
END;

CREATE TRIGGER radiators_deleted_take_their_days BEFORE DELETE ON radiators
WHEN OLD.room_id IS NOT NULL
BEGIN
    UPDATE room_energy_daily SET
        energy_wh = room_energy_daily.energy_wh - d.energy_wh,
        heating_minutes = room_energy_daily.heating_minutes - d.heating_minutes,
        temperature_sum = room_energy_daily.temperature_sum - d.temperature_sum,
        setpoint_sum = room_energy_daily.setpoint_sum - d.setpoint_sum,
        co2_g = room_energy_daily.co2_g - d.co2_g,
        readings = room_energy_daily.readings - d.readings
    FROM energy_daily d
    WHERE d.radiator_id = OLD.id AND room_energy_daily.room_id = OLD.room_id
        AND room_energy_daily.day = d.day;
END;

CREATE TRIGGER radiators_arriving_bring_their_days AFTER UPDATE OF room_id ON radiators
WHEN NEW.room_id IS NOT NULL AND OLD.room_id IS NOT NEW.room_id
BEGIN
    INSERT INTO room_energy_daily
    SELECT business_id, day, NEW.room_id, energy_wh, heating_minutes, temperature_sum,
           setpoint_sum, co2_g, readings
    FROM energy_daily WHERE radiator_id = NEW.id
    ON CONFLICT (business_id, day, room_id) DO UPDATE SET
        energy_wh = energy_wh + excluded.energy_wh,
        heating_minutes = heating_minutes + excluded.heating_minutes,
        temperature_sum = temperature_sum + excluded.temperature_sum,
        setpoint_sum = setpoint_sum + excluded.setpoint_sum,
        co2_g = co2_g + excluded.co2_g,
        readings = readings + excluded.readings;
END;

CREATE VIEW room_energy_daily_live AS
SELECT business_id, day, room_id, energy_wh, heating_minutes, temperature_sum, setpoint_sum,
       co2_g, readings
FROM room_energy_daily WHERE readings > 0
UNION ALL
SELECT r.business_id, s.open_day, r.room_id, s.open_energy_wh, s.open_heating_minutes,
       s.open_temperature_sum, s.open_setpoint_sum, s.open_co2_g, s.open_readings
FROM radiators r JOIN radiator_states s ON s.radiator_id = r.id
WHERE r.room_id IS NOT NULL AND s.open_readings > 0;
