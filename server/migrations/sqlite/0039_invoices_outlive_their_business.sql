-- HeatDesk must keep its sales invoices for 6 years (HMRC), and the privacy policy says so: a
-- business's paid payments outlive it, with `kept_until` set when it is deleted. SQLite cannot
-- change a foreign key in place, so the table is built again with `business_id` nullable and
-- set to NULL, not cascaded, when its business goes.
CREATE TABLE payments_kept (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    business_id INTEGER REFERENCES businesses (id) ON DELETE SET NULL,
    plan_id INTEGER NOT NULL REFERENCES plans (id),
    amount_pence INTEGER NOT NULL,
    status TEXT NOT NULL,
    card_last4 TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    invoice_number INTEGER,
    customer_name TEXT,
    customer_address TEXT,
    -- Unix seconds after which the invoice of a deleted business is purged.
    kept_until INTEGER
);
INSERT INTO payments_kept (id, business_id, plan_id, amount_pence, status, card_last4, created_at,
        invoice_number, customer_name, customer_address)
    SELECT id, business_id, plan_id, amount_pence, status, card_last4, created_at,
        invoice_number, customer_name, customer_address
    FROM payments;
DROP TABLE payments;
ALTER TABLE payments_kept RENAME TO payments;
CREATE INDEX payments_business ON payments (business_id, created_at);
CREATE UNIQUE INDEX payments_invoice_number ON payments (invoice_number);
CREATE INDEX payments_kept_until ON payments (kept_until) WHERE kept_until IS NOT NULL;
