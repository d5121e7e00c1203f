-- When the paid month ending at period_end began (unix seconds): what is left of it is taken off
-- an upgrade. Rows paid before it was kept count the month back from period_end.
ALTER TABLE subscriptions ADD COLUMN period_start INTEGER;
