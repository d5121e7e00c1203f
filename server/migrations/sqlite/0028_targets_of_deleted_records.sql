-- Deleting a room, zone or radiator now takes it out of the schedules that targeted it
-- (store::drop_schedule_target). These are the targets deleted before that.
DELETE FROM schedule_targets
WHERE schedule_id IN (SELECT id FROM schedules WHERE schedule_for = 'room')
  AND target_id NOT IN (SELECT id FROM rooms);
DELETE FROM schedule_targets
WHERE schedule_id IN (SELECT id FROM schedules WHERE schedule_for = 'zone')
  AND target_id NOT IN (SELECT id FROM zones);
DELETE FROM schedule_targets
WHERE schedule_id IN (SELECT id FROM schedules WHERE schedule_for = 'radiator')
  AND target_id NOT IN (SELECT id FROM radiators);
