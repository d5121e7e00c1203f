-- Subscription plans (seeded here; prices in pence a month) and each business's subscription:
-- its plan, its status, and when its paid period and its free trial end (the trial's end is
-- kept once it pays: a business has one free trial).
CREATE TABLE plans (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    monthly_price_pence INTEGER NOT NULL,
    radiator_limit INTEGER NOT NULL,
    trial_days INTEGER NOT NULL,
    -- A JSON array of sentences.
    features TEXT NOT NULL
);

INSERT INTO plans (id, key, name, monthly_price_pence, radiator_limit, trial_days, features) VALUES
    (1, 'starter', 'Starter', 2900, 25, 14,
     '["Up to 25 radiators","Rooms, zones and schedules","Energy, cost and CO2 analytics","Email notifications"]'),
    (2, 'business', 'Business', 7900, 100, 14,
     '["Up to 100 radiators","Everything in Starter","Automations: eco, frost protection, open window","Insights and CSV downloads"]'),
    (3, 'estate', 'Estate', 19900, 1000, 14,
     '["Up to 1,000 radiators","Everything in Business","Several buildings as zones","Priority support"]');

CREATE TABLE subscriptions (
    business_id INTEGER PRIMARY KEY REFERENCES businesses (id) ON DELETE CASCADE,
    plan_id INTEGER NOT NULL REFERENCES plans (id),
    -- trialing, active or cancelled (in force to the end of its trial or period).
    status TEXT NOT NULL,
    -- Unix seconds: the end of the paid period (NULL while trialing), and of the free trial.
    period_end INTEGER,
    trial_end INTEGER,
    -- A smaller plan chosen for the next period (a downgrade waits for the period's end).
    pending_plan_id INTEGER REFERENCES plans (id),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

-- A hosted checkout: its one-time token (stored as its SHA-256 digest), what it charges for,
-- when it expires, and when it was paid (once: paying twice charges once).
CREATE TABLE checkouts (
    token_digest TEXT PRIMARY KEY,
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    -- Who started it: the payment is recorded as theirs.
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan_id INTEGER NOT NULL REFERENCES plans (id),
    amount_pence INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    paid_at INTEGER
);

-- Every card payment tried: paid or declined, with the card's last four digits.
CREATE TABLE payments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    plan_id INTEGER NOT NULL REFERENCES plans (id),
    amount_pence INTEGER NOT NULL,
    status TEXT NOT NULL,
    card_last4 TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX payments_business ON payments (business_id, created_at);
