-- +goose Up
-- Repeat orders (engine/billing): a member who pays by card and ticks "keep
-- this card" makes a first payment for a customer at the provider; once it
-- is paid, the provider's mandate on that card lets the engine charge later
-- orders without a redirect (recurring payments, Mollie's model).

-- A member's customer at a payment provider (Mollie's cst_...), made once
-- and reused for every first payment.
CREATE TABLE payment_customers (
    member_id   bigint NOT NULL REFERENCES members (id),
    provider    text NOT NULL,
    tenant_id   bigint NOT NULL REFERENCES tenants (id),
    customer_id text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (member_id, provider),
    UNIQUE (provider, customer_id)
);

-- A card a member keeps for repeat orders: the provider's mandate, learnt
-- from the paid first payment the member consented with. At most one is
-- active per member; removing it revokes the mandate at the provider.
CREATE TABLE card_mandates (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id   bigint NOT NULL REFERENCES tenants (id),
    member_id   bigint NOT NULL REFERENCES members (id),
    provider    text NOT NULL,
    customer_id text NOT NULL,
    mandate_id  text NOT NULL,
    -- The paid first payment that gave the mandate.
    payment_id  bigint NOT NULL REFERENCES payments (id),
    method      text NOT NULL,
    -- What the provider reports of the card: its brand ("Visa"), its last
    -- four digits and its expiry date (YYYY-MM-DD); never the number.
    card_label  text NOT NULL DEFAULT '',
    card_last4  text NOT NULL DEFAULT '' CHECK (card_last4 ~ '^[0-9]{0,4}$'),
    card_expiry text NOT NULL DEFAULT '',
    status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'replaced', 'removed')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    removed_at  timestamptz,
    UNIQUE (provider, mandate_id)
);
CREATE UNIQUE INDEX card_mandates_active ON card_mandates (member_id) WHERE status = 'active';

-- A payment's place in the sequence: oneoff, first (opens a mandate: the
-- member consented to keep the card) or recurring (charged on a mandate).
ALTER TABLE payments ADD COLUMN sequence_type text NOT NULL DEFAULT 'oneoff'
    CHECK (sequence_type IN ('oneoff', 'first', 'recurring'));

-- The member's key of a repeat order (one click), so a repeated click or
-- request answers the same order instead of charging twice.
ALTER TABLE orders ADD COLUMN client_id text;
CREATE UNIQUE INDEX orders_client_id ON orders (member_id, client_id) WHERE client_id IS NOT NULL;

-- The sandbox provider's customers and mandates (engine/billing/sandbox), as
-- a real provider keeps them. A mandate's test card decides whether its
-- recurring charges are paid or declined.
CREATE TABLE sandbox_customers (
    id         text PRIMARY KEY,
    tenant_id  bigint NOT NULL REFERENCES tenants (id),
    name       text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sandbox_mandates (
    id          text PRIMARY KEY,
    customer_id text NOT NULL REFERENCES sandbox_customers (id),
    method      text NOT NULL,
    card_label  text NOT NULL,
    card_number text NOT NULL,
    card_expiry text NOT NULL,
    -- The test card declines every recurring charge.
    declines    boolean NOT NULL DEFAULT false,
    status      text NOT NULL DEFAULT 'valid' CHECK (status IN ('valid', 'invalid')),
    created_at  timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE sandbox_payments
    ADD COLUMN customer_id text REFERENCES sandbox_customers (id),
    ADD COLUMN sequence_type text NOT NULL DEFAULT 'oneoff' CHECK (sequence_type IN ('oneoff', 'first', 'recurring')),
    ADD COLUMN mandate_id text REFERENCES sandbox_mandates (id);

-- +goose Down
ALTER TABLE sandbox_payments DROP COLUMN mandate_id, DROP COLUMN sequence_type, DROP COLUMN customer_id;
DROP TABLE sandbox_mandates;
DROP TABLE sandbox_customers;
DROP INDEX orders_client_id;
ALTER TABLE orders DROP COLUMN client_id;
ALTER TABLE payments DROP COLUMN sequence_type;
DROP TABLE card_mandates;
DROP TABLE payment_customers;
