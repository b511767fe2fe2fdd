-- +goose Up
-- The development mailbox: with no SMTP configured every mail is kept here
-- and listed at /dev/mailbox of its tenant, so links can be clicked.
CREATE TABLE mailbox (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    recipient text NOT NULL,
    subject   text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    links     text[] NOT NULL DEFAULT '{}',
    -- Extra headers (List-Unsubscribe...) as they would be sent.
    headers   jsonb NOT NULL DEFAULT '{}',
    -- The template the mail was made from (activation, password_reset...).
    template  text NOT NULL DEFAULT '',
    sent_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mailbox_tenant ON mailbox (tenant_id, id DESC);

-- +goose Down
DROP TABLE mailbox;
