-- +goose Up
-- A mail or SMS that carries a secret (a link whose token is stored only
-- hashed, a direct debit code) waits here instead of in its send job's
-- arguments (river_job.args, kept after the job and in every backup): the
-- job names the row, reads it when it sends and deletes it once the
-- message is sent or will not be tried again. Rows older than the longest
-- link's life are pruned as new ones come.
CREATE TABLE held_messages (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    message    jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX held_messages_created_at_idx ON held_messages (created_at);

-- +goose Down
DROP TABLE held_messages;
