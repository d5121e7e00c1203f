-- How far each business got through onboarding: plan, consent, address, energy_usage, done.
-- Businesses from before onboarding existed are done; a new one starts at the plan.
ALTER TABLE businesses ADD COLUMN onboarding_step TEXT NOT NULL DEFAULT 'done';

-- The business's consent to its smart meter's data: the terms agreed to, the meter (its MPAN
-- core) and in-home display, and when it was given and withdrawn.
CREATE TABLE consents (
    business_id INTEGER PRIMARY KEY REFERENCES businesses (id) ON DELETE CASCADE,
    terms_version TEXT NOT NULL,
    mpan TEXT NOT NULL,
    ihd_mac TEXT,
    agreed_at INTEGER NOT NULL,
    withdrawn_at INTEGER
);
