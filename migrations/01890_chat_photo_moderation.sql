-- +goose Up
-- Photos sent in chat follow the brand's photo moderation like profile
-- photos: on a brand that pre-moderates photos a chat photo is pending
-- until an operator approves it (its sender sees it waiting, the recipient
-- not at all), and a rejected one never reaches the recipient. Every other
-- message is active.
ALTER TABLE messages
    ADD COLUMN photo_status text NOT NULL DEFAULT 'active' CHECK (photo_status IN ('active', 'pending', 'rejected')),
    ADD COLUMN photo_reject_reason text NOT NULL DEFAULT '';
-- The console's queue of chat photos waiting for a decision.
CREATE INDEX messages_photo_pending ON messages (id) WHERE photo_status = 'pending';

-- A member reports a message from the chat: the complaint names it, so the
-- operators see what was sent. A message that goes (its conversation
-- purged) leaves the complaint without it.
ALTER TABLE complaints ADD COLUMN message_id bigint REFERENCES messages (id) ON DELETE SET NULL;
CREATE INDEX complaints_message ON complaints (message_id) WHERE message_id IS NOT NULL;

-- +goose Down
DROP INDEX complaints_message;
ALTER TABLE complaints DROP COLUMN message_id;
DROP INDEX messages_photo_pending;
ALTER TABLE messages DROP COLUMN photo_reject_reason, DROP COLUMN photo_status;
