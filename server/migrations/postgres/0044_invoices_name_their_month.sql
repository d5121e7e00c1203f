-- A paid payment's invoice names the month it pays for (unix seconds, from the start to the
-- end). Payments made before this have none and their invoices leave the line out; declined
-- ones pay for nothing.
ALTER TABLE payments ADD COLUMN period_start BIGINT;
ALTER TABLE payments ADD COLUMN period_end BIGINT;
