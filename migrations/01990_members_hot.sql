-- +goose Up
-- A paid message rewrites its sender's balance, and a request their
-- last_seen_at: neither column is in an index of members, so both are HOT
-- updates in place as long as the row's page has room, which fillfactor
-- keeps. On a full page each was a new row version with an entry in every
-- one of members' indexes. Pages written before this fill up as they did;
-- pages written from now on keep the room.
ALTER TABLE members SET (fillfactor = 85);

-- +goose Down
ALTER TABLE members RESET (fillfactor);
