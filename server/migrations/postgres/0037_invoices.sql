-- A paid payment is invoiced: its number comes from one sequence for all of HeatDesk, taken in
-- the payment's own transaction (so a number is never given twice, nor skipped by a payment
-- that did not commit), and the customer is kept as it was when it paid, as an invoice must.
ALTER TABLE payments ADD COLUMN invoice_number BIGINT;
ALTER TABLE payments ADD COLUMN customer_name TEXT;
-- The business's registered address, one line of it a line here.
ALTER TABLE payments ADD COLUMN customer_address TEXT;
CREATE UNIQUE INDEX payments_invoice_number ON payments (invoice_number);

CREATE TABLE invoice_numbers (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    last_number BIGINT NOT NULL
);

-- Payments made before: numbered in the order they were made, their customer as it is now (a
-- town that is the city written once).
UPDATE payments SET invoice_number = (
    SELECT COUNT(*) FROM payments p
    WHERE p.status = 'paid'
      AND (p.created_at < payments.created_at OR (p.created_at = payments.created_at AND p.id <= payments.id))
) WHERE status = 'paid';
UPDATE payments SET
    customer_name = (SELECT b.name FROM businesses b WHERE b.id = payments.business_id),
    customer_address = (
        SELECT b.address_line1 || CASE WHEN b.address_line2 = '' THEN '' ELSE chr(10) || b.address_line2 END
            || CASE WHEN b.town = '' OR lower(b.town) = lower(b.city) THEN '' ELSE chr(10) || b.town END
            || chr(10) || b.city || chr(10) || b.post_code
        FROM businesses b WHERE b.id = payments.business_id
    )
WHERE status = 'paid';
INSERT INTO invoice_numbers (id, last_number) SELECT 1, COALESCE(MAX(invoice_number), 0) FROM payments;
