-- +goose Up
-- The keys the stored visitor of traffic_visits is hashed with: one per
-- day (the visit's day in its tenant's time zone), made by the first
-- engine instance that needs it and read by every other, so a visitor
-- counts once a day whichever instance serves them. A day's key is deleted
-- two days after it, and with it any way to tie that day's visitors to an
-- address.
CREATE TABLE traffic_visit_keys (
    day    date PRIMARY KEY,
    secret bytea NOT NULL CHECK (length(secret) = 32)
);

-- +goose Down
DROP TABLE traffic_visit_keys;
