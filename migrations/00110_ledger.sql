-- +goose Up
-- Every change of a member's credit balance is one ledger row, written in the
-- same transaction as the balance and the thing it pays for, so the sum of a
-- member's rows always equals members.credits.
CREATE TABLE ledger (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    member_id     bigint NOT NULL REFERENCES members (id),
    delta         bigint NOT NULL CHECK (delta <> 0),
    balance_after bigint NOT NULL CHECK (balance_after >= 0),
    kind          text NOT NULL CHECK (kind IN ('signup_bonus', 'message', 'photo', 'gift', 'purchase', 'refund', 'correction')),
    -- What the row pays for (a message, an order...); one row per reference
    -- and kind, so a retried charge cannot be booked twice.
    reference     text NOT NULL DEFAULT '',
    note          text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_member ON ledger (member_id, id);
CREATE UNIQUE INDEX ledger_reference ON ledger (member_id, kind, reference) WHERE reference <> '';

-- +goose Down
DROP TABLE ledger;
