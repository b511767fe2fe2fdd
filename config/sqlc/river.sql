-- The part of River's job table (created by River's own migrations, run by
-- engine/platform/jobs, not by migrations/) that queries read: sqlc needs
-- its columns to compile them. Not applied to any database.
CREATE TYPE river_job_state AS ENUM (
    'available', 'cancelled', 'completed', 'discarded', 'pending', 'retryable', 'running', 'scheduled'
);

CREATE TABLE river_job (
    id    bigint PRIMARY KEY,
    kind  text NOT NULL,
    state river_job_state NOT NULL
);
