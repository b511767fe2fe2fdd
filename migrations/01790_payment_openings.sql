-- +goose Up
-- A payment the engine opens at the provider without the payer (a repeat
-- order's charge on a kept card, a direct debit) is opened outside any
-- database transaction: the order first claims it with the payment's
-- public id, which is the provider's idempotency key, and the address the
-- provider's webhook reaches the tenant at; then the provider is asked
-- with no connection held; then the payment is recorded and the claim
-- cleared. An order whose claim is still set has no payment recorded yet:
-- asking the provider again with the same key answers the same payment.
ALTER TABLE orders ADD COLUMN opening_id text, ADD COLUMN opening_base text;
CREATE INDEX orders_opening ON orders (created_at) WHERE opening_id IS NOT NULL;

-- The order a direct debit confirmation placed while its payment is being
-- opened: the confirmation (the account to debit) is kept until the
-- payment is recorded.
ALTER TABLE direct_debit_flows ADD COLUMN order_id bigint REFERENCES orders (id);

-- +goose Down
ALTER TABLE direct_debit_flows DROP COLUMN order_id;
DROP INDEX orders_opening;
ALTER TABLE orders DROP COLUMN opening_base, DROP COLUMN opening_id;
