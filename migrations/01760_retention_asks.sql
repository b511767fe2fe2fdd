-- +goose Up
-- When a member last opened the account-deletion screen, which shows the
-- offer to stay: the offer's code is issued only to a member who did so
-- a short while ago, so the discount goes to members on their way out,
-- not to anyone who calls the API.
CREATE TABLE retention_asks (
    member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    asked_at timestamptz NOT NULL
);

-- +goose Down
DROP TABLE retention_asks;
