-- A radiator's room and a room's zone are of its own business, kept by the database as well as
-- by the code that checks them before every write: one business's records never gather
-- another's. A NULL room or zone is no reference (MATCH SIMPLE).
ALTER TABLE zones ADD CONSTRAINT zones_business_id_id UNIQUE (business_id, id);
ALTER TABLE rooms ADD CONSTRAINT rooms_business_id_id UNIQUE (business_id, id);
ALTER TABLE rooms ADD CONSTRAINT rooms_zone_in_business
    FOREIGN KEY (business_id, zone_id) REFERENCES zones (business_id, id);
ALTER TABLE radiators ADD CONSTRAINT radiators_room_in_business
    FOREIGN KEY (business_id, room_id) REFERENCES rooms (business_id, id);
