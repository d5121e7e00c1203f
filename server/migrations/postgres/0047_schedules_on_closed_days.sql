-- 1: the schedule runs its slots on the business's closed days too (a server room, a security
-- desk); 0: on them it runs as between its slots, as every schedule did before it was asked.
ALTER TABLE schedules ADD COLUMN runs_on_closed_days BIGINT NOT NULL DEFAULT 0;
