-- The business's electricity tariffs (tariffs/): each from its effective date until the next
-- one's, so a past day is costed at the tariff of that day. Without any, the default applies.
CREATE TABLE tariffs (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    unit_rate_pence DOUBLE PRECISION NOT NULL,
    standing_charge_pence DOUBLE PRECISION NOT NULL,
    effective_from TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    CONSTRAINT tariffs_business_day UNIQUE (business_id, effective_from)
);

-- The monthly electricity budget (pence) and CO2 savings goal (kg); NULL until set.
ALTER TABLE businesses ADD COLUMN electricity_budget_pence BIGINT;
ALTER TABLE businesses ADD COLUMN carbon_goal_kg DOUBLE PRECISION;
