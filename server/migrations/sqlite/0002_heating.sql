-- Rooms, zones and radiators of a business, the radiators' latest reported state, their
-- once-a-minute readings, and the history of every change a user made.
CREATE TABLE zones (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX zones_business_name ON zones (business_id, lower(name));

CREATE TABLE rooms (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    zone_id INTEGER REFERENCES zones (id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX rooms_business_name ON rooms (business_id, lower(name));
CREATE INDEX rooms_zone_id ON rooms (zone_id);

-- Desired state (is_on, setpoint) is owned by the server; temperatures in °C.
CREATE TABLE radiators (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    room_id INTEGER REFERENCES rooms (id) ON DELETE SET NULL,
    uid TEXT NOT NULL,
    name TEXT NOT NULL,
    min_temperature REAL NOT NULL,
    max_temperature REAL NOT NULL,
    setpoint REAL NOT NULL,
    is_on INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    CONSTRAINT radiators_uid_key UNIQUE (uid)
);
CREATE UNIQUE INDEX radiators_business_name ON radiators (business_id, lower(name));
CREATE INDEX radiators_room_id ON radiators (room_id);

-- What the device last reported; one row per radiator. A counter lower than at the last
-- reading means the device restarted.
CREATE TABLE radiator_states (
    radiator_id INTEGER PRIMARY KEY REFERENCES radiators (id) ON DELETE CASCADE,
    temperature REAL NOT NULL,
    power_w REAL NOT NULL,
    heating INTEGER NOT NULL,
    energy_wh_total REAL NOT NULL,
    -- The counter at the last reading, so the next reading stores the difference.
    reading_energy_wh_total REAL NOT NULL,
    last_seen INTEGER NOT NULL
);

-- One row per radiator per minute: the input of the analytics rollups. energy_wh is the
-- energy used since the previous reading (the difference of the device's counter).
CREATE TABLE readings (
    radiator_id INTEGER NOT NULL REFERENCES radiators (id) ON DELETE CASCADE,
    at INTEGER NOT NULL,
    temperature REAL NOT NULL,
    setpoint REAL NOT NULL,
    power_w REAL NOT NULL,
    energy_wh REAL NOT NULL,
    PRIMARY KEY (radiator_id, at)
);
CREATE INDEX readings_at ON readings (at);

CREATE TABLE action_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    action TEXT NOT NULL,
    record_type TEXT NOT NULL,
    record_id INTEGER NOT NULL,
    before_json TEXT,
    after_json TEXT,
    at INTEGER NOT NULL
);
CREATE INDEX action_history_business_time ON action_history (business_id, id);
