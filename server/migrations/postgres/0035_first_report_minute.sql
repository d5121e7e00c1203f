-- Each radiator's first report to the minute, not the hour: a room's baseline counts from it, and
-- from the start of the hour it overstated the first day's saving by up to an hour of heating.
-- The hours kept so far stay as they are (the readings that could refine them may be pruned), so
-- no stored baseline changes.
ALTER TABLE radiators RENAME COLUMN first_report_hour TO first_report_at;
