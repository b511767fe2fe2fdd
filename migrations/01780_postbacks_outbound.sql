-- +goose Up
-- A postback call keeps the network's status code and no longer the start
-- of its answer: an answer shown back in the console made the postback an
-- instrument to read whatever its address returned.
ALTER TABLE postback_calls DROP COLUMN body;

-- The job that calls a postback claims it for the call (a short
-- transaction), makes the call holding no transaction, and records the
-- answer in a second one: claimed_until keeps a second job of the same
-- postback from calling it meanwhile, and frees it if the first one died.
ALTER TABLE postbacks ADD COLUMN claimed_until timestamptz;

-- +goose Down
ALTER TABLE postbacks DROP COLUMN claimed_until;
ALTER TABLE postback_calls ADD COLUMN body text NOT NULL DEFAULT '';
