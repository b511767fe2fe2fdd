-- +goose Up
-- A payment the payer's bank or card issuer took back (a chargeback, as
-- the provider reports it): recorded once per payment, however often the
-- provider's webhook comes. Its order's credits are taken back through
-- the ledger as far as the balance goes (credits_taken); what the member
-- had spent already is the open amount (credits_open), left for the
-- operators to settle.
CREATE TABLE chargebacks (
    id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id               bigint NOT NULL REFERENCES orders (id),
    payment_id             bigint NOT NULL UNIQUE REFERENCES payments (id),
    -- The provider's id of the chargeback (Mollie's chb_...) and its
    -- reason, when the provider lists them; empty otherwise.
    provider_chargeback_id text NOT NULL DEFAULT '',
    reason                 text NOT NULL DEFAULT '',
    amount                 bigint NOT NULL CHECK (amount > 0),
    currency               text NOT NULL,
    credits_taken          bigint NOT NULL CHECK (credits_taken >= 0),
    credits_open           bigint NOT NULL CHECK (credits_open >= 0),
    created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chargebacks_order ON chargebacks (order_id);

-- +goose Down
DROP TABLE chargebacks;
