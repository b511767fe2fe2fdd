-- +goose Up
-- The A/B variant of a lander visit: the slug of /landers/{name}/{slug}
-- ('' for other pages and landers without one), so the traffic report can
-- tell an affiliate's copy variants apart.
ALTER TABLE traffic_visits ADD COLUMN variant text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE traffic_visits DROP COLUMN variant;
