-- +goose Up
-- The device of each session, so operators see where a member is logged in
-- before they end the sessions: the browser's user agent as sent (cut to
-- 400 characters) and summarised ("Chrome on Android"), the address the
-- session was made from, when it was made and when its member was last
-- seen on it (to the minute). Sessions written before this migration have
-- none of these.
ALTER TABLE sessions
    ADD COLUMN user_agent   text NOT NULL DEFAULT '',
    ADD COLUMN device       text NOT NULL DEFAULT '',
    ADD COLUMN created_from inet,
    ADD COLUMN created_at   timestamptz,
    ADD COLUMN last_seen_at timestamptz;

-- +goose Down
ALTER TABLE sessions
    DROP COLUMN user_agent, DROP COLUMN device, DROP COLUMN created_from,
    DROP COLUMN created_at, DROP COLUMN last_seen_at;
