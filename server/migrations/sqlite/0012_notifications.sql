-- Notifications (notifications/): one per event, never twice (the event's key is unique in the
-- business): the budget forecast to be exceeded, 80 % and 100 % of it used, a radiator gone
-- offline and back.
CREATE TABLE notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    event_key TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    read_at INTEGER,
    CONSTRAINT notifications_event UNIQUE (business_id, event_key)
);

-- Radiators noticed offline, until they report again.
CREATE TABLE radiator_outages (
    radiator_id INTEGER PRIMARY KEY REFERENCES radiators (id) ON DELETE CASCADE,
    since INTEGER NOT NULL
);

-- Whether the account wants notifications (PUT /v2/notifications/{1|0}).
ALTER TABLE users ADD COLUMN notifications_on INTEGER NOT NULL DEFAULT 1;
