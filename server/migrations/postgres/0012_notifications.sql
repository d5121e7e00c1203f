-- Notifications (notifications/): one per event, never twice (the event's key is unique in the
-- business): the budget forecast to be exceeded, 80 % and 100 % of it used, a radiator gone
-- offline and back.
CREATE TABLE notifications (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    event_key TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    read_at BIGINT,
    CONSTRAINT notifications_event UNIQUE (business_id, event_key)
);

-- Radiators noticed offline, until they report again.
CREATE TABLE radiator_outages (
    radiator_id BIGINT PRIMARY KEY REFERENCES radiators (id) ON DELETE CASCADE,
    since BIGINT NOT NULL
);

-- Whether the account wants notifications (PUT /v2/notifications/{1|0}).
ALTER TABLE users ADD COLUMN notifications_on BIGINT NOT NULL DEFAULT 1;
