-- The business's electricity tariffs (tariffs/): each from its effective date until the next
-- one's, so a past day is costed at the tariff of that day. Without any, the default applies.
CREATE TABLE tariffs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    unit_rate_pence REAL NOT NULL,
    standing_charge_pence REAL NOT NULL,
    effective_from TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    CONSTRAINT tariffs_business_day UNIQUE (business_id, effective_from)
);

-- The monthly electricity budget (pence) and CO2 savings goal (kg); NULL until set.
ALTER TABLE businesses ADD COLUMN electricity_budget_pence INTEGER;
ALTER TABLE businesses ADD COLUMN carbon_goal_kg REAL;
