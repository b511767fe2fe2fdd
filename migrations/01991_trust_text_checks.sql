-- +goose Up
-- The chat texts of a member waiting for their trust check. A member's
-- texts of a few seconds are checked together by one job (the first text
-- of the window queues it): a job of its own for every message cost more
-- than the message itself (River's row with its indexes, written three
-- times, and a transaction of the check's). The job takes the row and
-- checks its texts; a text sent meanwhile starts a new row and job.
-- queued_at is when the row's job was queued: a row whose job has not
-- taken it within a day (a job River gave up on) gets a new one.
CREATE TABLE trust_text_checks (
    member_id   bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    message_ids bigint[] NOT NULL,
    queued_at   timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE trust_text_checks;
