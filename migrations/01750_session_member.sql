-- +goose Up
-- The member a session is a login of, written with the session: accounts
-- reads the member in the same statement as the session (one round trip
-- fewer on every request that loads it). NULL for a session without a
-- login and for sessions written before this column, which are read as
-- before.
ALTER TABLE sessions ADD COLUMN member_id bigint;

-- +goose Down
ALTER TABLE sessions DROP COLUMN member_id;
