-- Heating schedules (schedules/): what a schedule is for (room, zone or radiator) and the ids
-- it targets, the ISO days it repeats on, its time slots as JSON
-- ([{"start": "07:30", "end": "18:00", "setpoint": 21}]), the setback outside them (NULL: off),
-- optional first and last dates (YYYY-MM-DD, in the business's time zone) and status.
-- `revision` moves on with every change: among schedules of one kind the most recently changed
-- wins, and a changed schedule is applied again at once.
CREATE TABLE schedules (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    schedule_for TEXT NOT NULL,
    duration TEXT NOT NULL,
    days TEXT NOT NULL,
    slots_json TEXT NOT NULL,
    setback DOUBLE PRECISION,
    start_date TEXT,
    end_date TEXT,
    status BIGINT NOT NULL,
    revision BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX schedules_business_name ON schedules (business_id, lower(name));

CREATE TABLE schedule_targets (
    schedule_id BIGINT NOT NULL REFERENCES schedules (id) ON DELETE CASCADE,
    target_id BIGINT NOT NULL,
    PRIMARY KEY (schedule_id, target_id)
);

-- The period (schedule, revision, start) the engine last applied to each radiator: a manual
-- change holds until the period changes, at the schedule's next boundary.
CREATE TABLE schedule_applied (
    radiator_id BIGINT PRIMARY KEY REFERENCES radiators (id) ON DELETE CASCADE,
    period_key TEXT NOT NULL
);

-- What acted when no user did: "schedule 'Office hours'", "automation 'frost protection'".
ALTER TABLE action_history ADD COLUMN by_name TEXT;
