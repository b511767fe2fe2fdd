-- +goose Up
-- What members agreed to, as a record an operator can show: every
-- acceptance of the terms and the privacy statement (at signup and after
-- each new version), the explicit consent to process the member's
-- orientation and preferences, and its withdrawal. Rows are only added;
-- the latest row of a kind is the member's current answer. The address is
-- where the answer came from.
CREATE TABLE consents (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    member_id  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    kind       text NOT NULL CHECK (kind IN ('terms', 'privacy', 'orientation')),
    -- The version accepted (terms, privacy); '' for the orientation consent.
    version    text NOT NULL DEFAULT '',
    granted    boolean NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    address    inet
);
CREATE INDEX consents_member ON consents (member_id, kind, id);

-- The buyer's consent that the digital content (the credits) starts at once,
-- which waives the 14-day withdrawal right on brands with the European
-- rules: when it was given; null on other brands and for older orders.
ALTER TABLE orders ADD COLUMN withdrawal_waived_at timestamptz;

-- +goose Down
ALTER TABLE orders DROP COLUMN withdrawal_waived_at;
DROP TABLE consents;
