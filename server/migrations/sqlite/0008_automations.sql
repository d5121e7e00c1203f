-- Automations the schedule engine runs (automations/): a business's choice per automation key,
-- with its parameters as JSON; a business without a row has the automation off with its
-- default parameters.
CREATE TABLE automations (
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    parameters_json TEXT NOT NULL,
    PRIMARY KEY (business_id, key)
);

-- A radiator an automation holds (frost protection heating it, an open window keeping it off):
-- schedules leave it alone until the hold ends and its state before is restored.
CREATE TABLE automation_holds (
    radiator_id INTEGER PRIMARY KEY REFERENCES radiators (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    until_at INTEGER,
    restore_on INTEGER NOT NULL,
    restore_setpoint REAL NOT NULL
);

-- The local day an automation that acts once a day (end-of-day off) last acted in a business.
CREATE TABLE automation_runs (
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    last_day TEXT NOT NULL,
    PRIMARY KEY (business_id, key)
);
