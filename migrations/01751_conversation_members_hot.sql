-- +goose Up
-- Every message rewrites both members' conversation_members rows. While
-- last_message_at was in an index (conversation_members_list), each of those
-- rewrites was a new row version with an entry in all three indexes; without
-- it they are HOT updates in place, for which fillfactor keeps room on the
-- page. A member's conversation list is sorted from their rows, found
-- through conversation_members_member_id_other_id_key.
DROP INDEX conversation_members_list;
ALTER TABLE conversation_members SET (fillfactor = 80);

-- +goose Down
ALTER TABLE conversation_members RESET (fillfactor);
CREATE INDEX conversation_members_list ON conversation_members (member_id, last_message_at DESC) WHERE NOT hidden;
