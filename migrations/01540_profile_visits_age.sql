-- +goose Up
-- The daily trim of old profile visits (profiles.TrimVisitsWorker) walks
-- them oldest first.
CREATE INDEX profile_visits_age ON profile_visits (visited_at);

-- +goose Down
DROP INDEX profile_visits_age;
