-- +goose Up
-- Visits to a profile (engine/profiles): a logged-in member who opened
-- another member's profile, at most once per visitor, profile and day of
-- the tenant's time zone. The weekly update mail counts them ("Your profile
-- was visited 3 times"); the rows go with either member's purge.
CREATE TABLE profile_visits (
    visited_id bigint NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    visitor_id bigint NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    -- The day of the visit in the tenant's time zone: the key that makes a
    -- visitor count once a day.
    day        date NOT NULL,
    visited_at timestamptz NOT NULL,
    PRIMARY KEY (visited_id, day, visitor_id)
);
CREATE INDEX profile_visits_week ON profile_visits (visited_id, visited_at);
CREATE INDEX profile_visits_visitor ON profile_visits (visitor_id);

-- +goose Down
DROP TABLE profile_visits;
