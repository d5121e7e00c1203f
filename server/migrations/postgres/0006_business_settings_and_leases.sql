-- How the business works, for schedules, baselines and insights; a business without a row has
-- the defaults (Europe/London, Monday to Friday 08:00-18:00, 21 °C). Days are ISO (1 = Monday)
-- as a comma-separated list; times are minutes after midnight.
CREATE TABLE business_settings (
    business_id BIGINT PRIMARY KEY REFERENCES businesses (id) ON DELETE CASCADE,
    time_zone TEXT NOT NULL,
    working_days TEXT NOT NULL,
    work_start BIGINT NOT NULL,
    work_end BIGINT NOT NULL,
    comfort_setpoint DOUBLE PRECISION NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Background jobs that must run on one instance at a time (kernel/lease.rs).
CREATE TABLE job_leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
