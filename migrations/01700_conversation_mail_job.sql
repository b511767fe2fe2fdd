-- +goose Up
-- The mail job (River's notify_event) a message queued for this member
-- about this conversation. While it waits, the next messages of the
-- conversation join it (River's unique jobs): the send reads the job's
-- state with its other facts and queues nothing, where River's unique
-- insert rewrote the waiting job's row on every message. 0: none yet.
ALTER TABLE conversation_members ADD COLUMN mail_job bigint NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE conversation_members DROP COLUMN mail_job;
