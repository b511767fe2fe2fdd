-- +goose Up
-- Direct debit (engine/billing, directdebit.go): a member pays a package
-- by SEPA direct debit after confirming with a 6-digit code texted to
-- their mobile phone (POST /api/directdebit.php).
--
-- direct_debit_flows is the one pending confirmation of a member: the
-- package, the account and the phone asked for, and the code's hash (never
-- the code). A wrong code counts an attempt; at max attempts or past
-- expires_at the code is dead and a new one is needed. codes_sent counts
-- the codes texted since window_start (a day), sent_at is the last one's
-- time: both bound how often a member can have a code texted. The row goes
-- when the order is placed, and with the member's purge; it holds the
-- account number only while the member confirms.
CREATE TABLE direct_debit_flows (
    member_id    bigint PRIMARY KEY REFERENCES members (id),
    tenant_id    bigint NOT NULL REFERENCES tenants (id),
    package_id   text NOT NULL,
    country      text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
    -- The IBAN in electronic form and the account holder's name.
    iban         text NOT NULL CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
    holder       text NOT NULL CHECK (length(holder) BETWEEN 2 AND 70),
    -- The mobile number in E.164 form.
    phone        text NOT NULL CHECK (phone ~ '^\+[1-9][0-9]{7,14}$'),
    -- sha256 of a random salt and the code; the salt is the first 16 bytes.
    code_hash    bytea NOT NULL,
    attempts     integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    expires_at   timestamptz NOT NULL,
    sent_at      timestamptz NOT NULL,
    codes_sent   integer NOT NULL DEFAULT 1 CHECK (codes_sent >= 0),
    window_start timestamptz NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX direct_debit_flows_expires ON direct_debit_flows (expires_at);

-- Members an operator blocked from paying by direct debit (403 dd_blocked),
-- e.g. after a chargeback. Set with `rendezvous billing dd-block`.
CREATE TABLE direct_debit_blocks (
    member_id  bigint PRIMARY KEY REFERENCES members (id),
    tenant_id  bigint NOT NULL REFERENCES tenants (id),
    reason     text NOT NULL DEFAULT '',
    blocked_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE direct_debit_blocks;
DROP TABLE direct_debit_flows;
