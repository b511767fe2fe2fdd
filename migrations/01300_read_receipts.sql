-- +goose Up
-- Read receipts: the id of the newest message of the conversation this
-- member has seen (set when they open it). The other member's own messages
-- up to it show as "Read" to them.
ALTER TABLE conversation_members ADD COLUMN read_through bigint NOT NULL DEFAULT 0;
-- Conversations with nothing unread were read up to their last message.
UPDATE conversation_members SET read_through = last_message_id WHERE unread = 0;

-- +goose Down
ALTER TABLE conversation_members DROP COLUMN read_through;
