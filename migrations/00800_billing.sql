-- +goose Up
-- Billing (engine/billing): a member's purchase of a credit package is an
-- order; each attempt to pay it at a payment provider is a payment. The
-- order's state moves only on the provider's word (a webhook or the
-- reconciliation job fetching the payment), never on the browser's return.
CREATE TABLE orders (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id    bigint NOT NULL REFERENCES tenants (id),
    member_id    bigint NOT NULL REFERENCES members (id),
    -- The package as it was when ordered: later edits of the tenant file
    -- change nothing already bought.
    package_id   text NOT NULL,
    credits      bigint NOT NULL CHECK (credits > 0),
    -- Amount in minor units (cents) of currency.
    amount       bigint NOT NULL CHECK (amount > 0),
    currency     text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    -- The payment country the prices and methods came from.
    country      text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
    status       text NOT NULL DEFAULT 'pending'
                 CHECK (status IN ('pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded')),
    -- The member's traffic source at order time: network, ref, sub1..sub3.
    tracking     jsonb NOT NULL DEFAULT '{}',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz
);
CREATE INDEX orders_member ON orders (member_id, id);
CREATE INDEX orders_tenant_created ON orders (tenant_id, created_at);

-- One attempt to pay an order. A failed or cancelled order can be retried
-- with another method: a new payment for the same order.
CREATE TABLE payments (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- The id members and return pages see (not guessable).
    public_id           text NOT NULL UNIQUE,
    order_id            bigint NOT NULL REFERENCES orders (id),
    provider            text NOT NULL,
    -- The provider's id of the payment (Mollie's tr_...); webhooks name it.
    provider_payment_id text NOT NULL,
    method              text NOT NULL,
    -- The provider's state in Mollie's words.
    status              text NOT NULL DEFAULT 'open'
                        CHECK (status IN ('open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired')),
    checkout_url        text NOT NULL DEFAULT '',
    -- Reconciliation: when the engine next asks the provider about an
    -- unsettled payment, and how often it has asked (the back-off).
    check_at            timestamptz NOT NULL DEFAULT now(),
    checks              integer NOT NULL DEFAULT 0,
    -- When the member's polling of the payment (orders.php) last asked the
    -- provider: it asks at most once per few seconds per payment.
    asked_at            timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (provider, provider_payment_id)
);
CREATE INDEX payments_order ON payments (order_id);
CREATE INDEX payments_unsettled ON payments (check_at) WHERE status IN ('open', 'pending', 'authorized');

-- Invoices are numbered without gaps per company: the next number comes
-- from the company's counter row, updated in the transaction that
-- completes the order, so a rolled-back completion takes no number.
CREATE TABLE invoice_counters (
    company_id  bigint PRIMARY KEY REFERENCES companies (id),
    last_number bigint NOT NULL DEFAULT 0
);
CREATE TABLE invoices (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id   bigint NOT NULL UNIQUE REFERENCES orders (id),
    company_id bigint NOT NULL REFERENCES companies (id),
    number     bigint NOT NULL,
    -- The seller and buyer as they were on the day, so a later change of
    -- the company's address does not rewrite issued invoices.
    seller     jsonb NOT NULL,
    buyer      jsonb NOT NULL,
    issued_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (company_id, number)
);

-- A refund of a completed order, made by an operator within the tenant's
-- refund_days: the money back at the provider, the credits taken back
-- through the ledger (never below zero; what was already spent is noted).
CREATE TABLE refunds (
    id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id           bigint NOT NULL UNIQUE REFERENCES orders (id),
    provider_refund_id text NOT NULL DEFAULT '',
    amount             bigint NOT NULL CHECK (amount > 0),
    credits_taken      bigint NOT NULL CHECK (credits_taken >= 0),
    credits_spent      bigint NOT NULL CHECK (credits_spent >= 0),
    -- Who asked for it (an operator's e-mail or "cli") and why.
    requested_by       text NOT NULL,
    reason             text NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL DEFAULT now()
);

-- The embedded sandbox payment provider's own records (engine/billing/sandbox):
-- what a real provider keeps on its side. The engine reads them only
-- through the provider interface, as it would Mollie's.
CREATE TABLE sandbox_payments (
    id           text PRIMARY KEY,
    tenant_id    bigint NOT NULL REFERENCES tenants (id),
    amount       bigint NOT NULL CHECK (amount > 0),
    currency     text NOT NULL,
    method       text NOT NULL,
    description  text NOT NULL DEFAULT '',
    status       text NOT NULL DEFAULT 'open'
                 CHECK (status IN ('open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired')),
    redirect_url text NOT NULL,
    webhook_url  text NOT NULL,
    -- Refunded so far, in minor units.
    refunded     bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0 AND refunded <= amount),
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL
);

-- +goose Down
DROP TABLE sandbox_payments;
DROP TABLE refunds;
DROP TABLE invoices;
DROP TABLE invoice_counters;
DROP TABLE payments;
DROP TABLE orders;
