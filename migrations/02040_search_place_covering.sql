-- +goose Up
-- A search within a radius reads every member in the radius's box and
-- keeps those of the searcher's pool, gender and ages: most of them fail,
-- and each one cost a read of the table before. The place index now
-- carries every column the searches test and show, so PostgreSQL answers
-- from the index alone (an index-only scan) and reads the table for none.
CREATE INDEX profiles_search_place_covering ON profiles USING gist (profile_place(latitude, longitude))
    INCLUDE (pool, gender, date_of_birth, country, region, id, latitude, longitude, last_active_at, created_at)
    WHERE status = 'active' AND NOT invisible;
DROP INDEX profiles_search_place;
ALTER INDEX profiles_search_place_covering RENAME TO profiles_search_place;

-- +goose Down
CREATE INDEX profiles_search_place_plain ON profiles USING gist (profile_place(latitude, longitude))
    WHERE status = 'active' AND NOT invisible;
DROP INDEX profiles_search_place;
ALTER INDEX profiles_search_place_plain RENAME TO profiles_search_place;
