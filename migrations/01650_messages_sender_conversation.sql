-- +goose Up
-- Whether a member wrote in a conversation (the contact rules' "replying",
-- read on every send): without it the send walked all of the
-- conversation's messages (messages_conversation) to find none of the
-- other member's, so a long conversation made every message slower.
CREATE INDEX messages_sender_conversation ON messages (sender_id, conversation_id);

-- +goose Down
DROP INDEX messages_sender_conversation;
