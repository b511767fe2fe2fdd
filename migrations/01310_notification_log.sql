-- +goose Up
-- The notification mails sent to members (engine/notifications): one row per
-- mail, claimed in the transaction that queues it. The unique key makes each
-- mail go out once however many engine instances run the same periodic job
-- (the second claim of a key finds the first and sends nothing); the rows
-- also count the mails of a type per day against the type's daily cap.
CREATE TABLE notification_log (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants (id),
    member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    -- A notification type (new_messages, reminders...).
    type      text NOT NULL,
    -- What the mail is about, e.g. 'week:2026-W48', 'unread:1234',
    -- 'campaign:spring', 'job:567'.
    key       text NOT NULL,
    sent_at   timestamptz NOT NULL,
    UNIQUE (member_id, type, key)
);
CREATE INDEX notification_log_day ON notification_log (member_id, type, sent_at DESC);

-- +goose Down
DROP TABLE notification_log;
