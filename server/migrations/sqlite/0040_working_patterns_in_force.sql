-- The working days, hours and comfort setpoint in force from each local day a business changed
-- them, so that a day's savings baseline keeps the settings of its day (analytics/baseline).
-- The first change also keeps what was in force before it, from '0001-01-01'; a business that
-- never changed them has no rows, and its settings hold for every day.
CREATE TABLE working_patterns (
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    from_day TEXT NOT NULL,
    working_days TEXT NOT NULL,
    work_start INTEGER NOT NULL,
    work_end INTEGER NOT NULL,
    comfort_setpoint REAL NOT NULL,
    PRIMARY KEY (business_id, from_day)
);
