-- +goose Up
-- Nearly every search within a radius names the gender sought, and half
-- the members of the radius's box are of the other one: the place index
-- read them all and dropped them one by one (with ages sought too, about
-- twelve read for each one found). Each gender now has a place index of
-- its own, which a search for that gender reads; a search for both reads
-- the place index of everybody. Like it, they carry the columns the
-- searches test and show, so they are read alone (index-only scans).
CREATE INDEX profiles_search_place_female ON profiles USING gist (profile_place(latitude, longitude))
    INCLUDE (pool, date_of_birth, country, region, id, latitude, longitude, last_active_at, created_at)
    WHERE status = 'active' AND NOT invisible AND gender = 'female';
CREATE INDEX profiles_search_place_male ON profiles USING gist (profile_place(latitude, longitude))
    INCLUDE (pool, date_of_birth, country, region, id, latitude, longitude, last_active_at, created_at)
    WHERE status = 'active' AND NOT invisible AND gender = 'male';

-- +goose Down
DROP INDEX profiles_search_place_male;
DROP INDEX profiles_search_place_female;
