-- +goose Up
-- The development push sink: in development mode (--dev-mailbox, --demo)
-- every web push queued for a member is also kept here, in the member's
-- language as the service worker would show it, and listed at
-- /dev/push.json of its tenant, since a test browser has no push service
-- to receive it. Real delivery to real subscriptions still happens. Nothing
-- writes here outside development mode.
CREATE TABLE dev_pushes (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    -- The member's e-mail address when the push was queued, so a test
    -- finds its member's pushes as it finds its mails.
    recipient text NOT NULL,
    -- The notification type (new_messages, like...) and the member's
    -- language the title and body are written in.
    type      text NOT NULL,
    language  text NOT NULL,
    title     text NOT NULL,
    body      text NOT NULL,
    url       text NOT NULL,
    tag       text NOT NULL,
    queued_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_pushes_tenant ON dev_pushes (tenant_id, id DESC);
CREATE INDEX dev_pushes_member ON dev_pushes (member_id);

-- +goose Down
DROP TABLE dev_pushes;
