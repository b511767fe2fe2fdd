-- +goose Up
-- Abuse limits shared by every engine instance (engine/limits): one counter
-- per tenant, rule and subject (a client address or a member). A window
-- starts with its first hit and ends at resets_at; a hit after that starts
-- a new window. Expired rows are deleted by a periodic job.
CREATE TABLE rate_limits (
    tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    -- The rule counted: signup, complaint, reset_mail...
    rule      text NOT NULL,
    -- Whose hits: "ip:<address>" or "member:<id>".
    subject   text NOT NULL,
    hits      integer NOT NULL,
    resets_at timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, rule, subject)
);
CREATE INDEX rate_limits_resets_at ON rate_limits (resets_at);

-- +goose Down
DROP TABLE rate_limits;
