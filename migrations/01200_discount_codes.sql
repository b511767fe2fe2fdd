-- +goose Up
-- Discount codes (engine/billing/discounts): a tenant's codes that take a
-- percentage off a credit package, and which member used which code on
-- which order.
--
-- One table holds every kind of code, so the later offers need no other
-- design:
-- - an ordinary code (kind 'code') is typed by members or given by a
--   link's ?discount_code=;
-- - a personal welcome code (kind 'welcome') is a row with member_id set,
--   valid_until the tenant's welcome time limit; GET discountcode.php
--   ?welcome=true answers the member's newest active one;
-- - the time bonus TIMEBONUS25 (kind 'time_bonus') is ONE row per tenant
--   with signup_window_seconds 14400 and first_purchase_only: the window
--   is each member's own (from their signup, by the server's clock), and
--   once per member holds like for every code.
CREATE TABLE discount_codes (
    id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id             bigint NOT NULL REFERENCES tenants (id),
    -- Stored in upper case; members may type it in any case.
    code                  text NOT NULL CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
    kind                  text NOT NULL DEFAULT 'code' CHECK (kind IN ('code', 'welcome', 'time_bonus')),
    -- Whole percent off the package's price; never all of it (an order
    -- is always paid for).
    percentage            integer NOT NULL CHECK (percentage BETWEEN 1 AND 99),
    -- The least order value (the package's price before the discount), in
    -- minor units of currency. A code with a currency applies only to
    -- orders in that currency.
    minimum_order_value   bigint CHECK (minimum_order_value > 0),
    currency              text CHECK (currency ~ '^[A-Z]{3}$'),
    -- Only orders paid in this payment country, when set.
    country               text CHECK (country ~ '^[A-Z]{2}$'),
    -- Only these payment methods (names of billing.Methods); empty: any.
    payment_methods       text[] NOT NULL DEFAULT '{}',
    valid_from            timestamptz NOT NULL DEFAULT now(),
    valid_until           timestamptz,
    -- A window of each member's own: valid for this many seconds after the
    -- member's signup (the time bonus).
    signup_window_seconds integer CHECK (signup_window_seconds > 0),
    -- Only for members who have not bought yet (the time bonus).
    first_purchase_only   boolean NOT NULL DEFAULT false,
    -- A personal code: only this member may use it.
    member_id             bigint REFERENCES members (id),
    active                boolean NOT NULL DEFAULT true,
    -- Who made it (a staff e-mail, or "engine" for codes the engine makes).
    created_by            text NOT NULL DEFAULT '',
    created_at            timestamptz NOT NULL DEFAULT now(),
    deactivated_at        timestamptz,
    UNIQUE (tenant_id, code),
    CHECK (minimum_order_value IS NULL OR currency IS NOT NULL),
    CHECK (valid_until IS NULL OR valid_until > valid_from)
);
CREATE INDEX discount_codes_member ON discount_codes (member_id) WHERE member_id IS NOT NULL;

-- A code a member's order holds or has used: at most one per code and
-- member (once per member), whatever the number of parallel orders. The
-- row is made with the order; it is deleted when the order fails, is
-- cancelled or expires (the code is free again), and used_at is set when
-- the order is paid (the code is used for good, a refund does not give it
-- back).
CREATE TABLE discount_redemptions (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    code_id    bigint NOT NULL REFERENCES discount_codes (id),
    member_id  bigint NOT NULL REFERENCES members (id),
    order_id   bigint NOT NULL REFERENCES orders (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    used_at    timestamptz,
    UNIQUE (code_id, member_id)
);
CREATE INDEX discount_redemptions_order ON discount_redemptions (order_id);

-- An order made with a code records it and the price before the discount
-- (amount is what is paid); all three are null for an order without one.
ALTER TABLE orders
    ADD COLUMN discount_code_id    bigint REFERENCES discount_codes (id),
    ADD COLUMN discount_code       text,
    ADD COLUMN discount_percentage integer,
    ADD COLUMN list_amount         bigint,
    ADD CONSTRAINT orders_discount CHECK (
        (discount_code_id IS NULL AND discount_code IS NULL AND discount_percentage IS NULL AND list_amount IS NULL)
        OR (discount_code_id IS NOT NULL AND discount_code IS NOT NULL AND discount_percentage BETWEEN 1 AND 99
            AND list_amount >= amount));

-- +goose Down
ALTER TABLE orders DROP CONSTRAINT orders_discount, DROP COLUMN discount_code_id, DROP COLUMN discount_code,
    DROP COLUMN discount_percentage, DROP COLUMN list_amount;
DROP TABLE discount_redemptions;
DROP TABLE discount_codes;
