-- +goose Up
-- The dashboards' messages per day read messages by created_at (01120),
-- which grows with the id: a BRIN index (one summary per range of table
-- pages) finds a span of days as well, and a new message does not write
-- it, where the B-tree took an entry on every message.
DROP INDEX messages_created;
CREATE INDEX messages_created ON messages USING brin (created_at);

-- +goose Down
DROP INDEX messages_created;
CREATE INDEX messages_created ON messages (created_at);
