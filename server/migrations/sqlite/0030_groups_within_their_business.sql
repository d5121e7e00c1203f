-- A radiator's room and a room's zone are of its own business, kept by the database as well as
-- by the code that checks them before every write: one business's records never gather
-- another's. SQLite adds no foreign key to a table that exists; triggers refuse the write.
CREATE TRIGGER rooms_zone_in_business_insert BEFORE INSERT ON rooms
WHEN NEW.zone_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM zones WHERE id = NEW.zone_id AND business_id = NEW.business_id)
BEGIN
    SELECT RAISE(ABORT, 'rooms_zone_in_business: the zone is not of the room''s business');
END;
CREATE TRIGGER rooms_zone_in_business_update BEFORE UPDATE OF zone_id, business_id ON rooms
WHEN NEW.zone_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM zones WHERE id = NEW.zone_id AND business_id = NEW.business_id)
BEGIN
    SELECT RAISE(ABORT, 'rooms_zone_in_business: the zone is not of the room''s business');
END;
CREATE TRIGGER radiators_room_in_business_insert BEFORE INSERT ON radiators
WHEN NEW.room_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM rooms WHERE id = NEW.room_id AND business_id = NEW.business_id)
BEGIN
    SELECT RAISE(ABORT, 'radiators_room_in_business: the room is not of the radiator''s business');
END;
CREATE TRIGGER radiators_room_in_business_update BEFORE UPDATE OF room_id, business_id ON radiators
WHEN NEW.room_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM rooms WHERE id = NEW.room_id AND business_id = NEW.business_id)
BEGIN
    SELECT RAISE(ABORT, 'radiators_room_in_business: the room is not of the radiator''s business');
END;
