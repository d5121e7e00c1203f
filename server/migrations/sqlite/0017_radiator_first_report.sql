-- The UTC hour each radiator first reported in, kept by the rollups as they are written: the
-- baseline counts each room from it, and finding it in the hourly rollups took a search per
-- radiator on every request.
ALTER TABLE radiators ADD COLUMN first_report_hour INTEGER;
UPDATE radiators SET first_report_hour =
    (SELECT MIN(h.hour_start) FROM energy_hourly h WHERE h.radiator_id = radiators.id);
-- A business's rooms and when their radiators began, from the index alone.
CREATE INDEX radiators_business_room_first ON radiators (business_id, room_id, first_report_hour);
