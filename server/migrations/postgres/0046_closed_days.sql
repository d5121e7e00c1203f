-- The days a business is closed (schedules/closed_days): from its first to its last date
-- (YYYY-MM-DD, in the business's time zone), every schedule runs as it does between its slots,
-- at its setback or off. Stretches of one business do not overlap (checked on the way in).
CREATE TABLE closed_days (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    first_date TEXT NOT NULL,
    last_date TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX closed_days_business ON closed_days (business_id, last_date);
