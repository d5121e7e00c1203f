-- Insights worked out from a business's data by rules (`insights/`): the latest set, replaced
-- whole at each refresh; `params` holds the figures its text is made from (JSON).
CREATE TABLE insights (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    severity TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    action_path TEXT NOT NULL,
    params TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX insights_business ON insights (business_id);
