-- +goose Up
-- The embedded sandbox provider keeps the idempotency key a payment was
-- made with, as Mollie does: a second request with the key answers the
-- payment the first one made instead of charging again.
ALTER TABLE sandbox_payments ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX sandbox_payments_idempotency ON sandbox_payments (tenant_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- +goose Down
DROP INDEX sandbox_payments_idempotency;
ALTER TABLE sandbox_payments DROP COLUMN idempotency_key;
