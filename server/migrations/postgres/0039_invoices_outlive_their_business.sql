-- HeatDesk must keep its sales invoices for 6 years (HMRC), and the privacy policy says so: a
-- business's paid payments outlive it, with `kept_until` set when it is deleted, and
-- `business_id` set to NULL, not cascaded, when its business goes.
ALTER TABLE payments ALTER COLUMN business_id DROP NOT NULL;
ALTER TABLE payments DROP CONSTRAINT payments_business_id_fkey;
ALTER TABLE payments ADD CONSTRAINT payments_business_id_fkey
    FOREIGN KEY (business_id) REFERENCES businesses (id) ON DELETE SET NULL;
-- Unix seconds after which the invoice of a deleted business is purged.
ALTER TABLE payments ADD COLUMN kept_until BIGINT;
CREATE INDEX payments_kept_until ON payments (kept_until) WHERE kept_until IS NOT NULL;
