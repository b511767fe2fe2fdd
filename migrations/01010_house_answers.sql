-- +goose Up
-- House profiles are answered in the operators' console by staff accounts,
-- not by members with a staff role: each message a house profile sends
-- records the console account that wrote it. The member-side staff role
-- and its table go.
ALTER TABLE messages ADD COLUMN answered_by bigint REFERENCES staff_accounts (id) ON DELETE SET NULL;
ALTER TABLE messages DROP COLUMN staff_id;
DROP TABLE staff;

-- +goose Down
CREATE TABLE staff (
    member_id  bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    tenant_id  bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE messages ADD COLUMN staff_id bigint REFERENCES members (id) ON DELETE SET NULL;
ALTER TABLE messages DROP COLUMN answered_by;
