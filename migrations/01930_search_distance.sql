-- +goose Up
-- Distance search. A member's place is the position of their city (or of
-- their region's middle when they named no city), written with the profile.
-- profile_place turns it into a point on the unit sphere: the straight
-- line between two such points grows with the distance along the earth,
-- so a GiST index of cube (PostgreSQL's contrib, a trusted extension a
-- database owner may create) answers "nearest first" (<->) and "within a
-- box around a point" (<@) without reading the members far away.
CREATE EXTENSION IF NOT EXISTS cube;

ALTER TABLE profiles ADD COLUMN latitude double precision, ADD COLUMN longitude double precision;

CREATE FUNCTION profile_place(lat double precision, lon double precision) RETURNS cube
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN cube(ARRAY[cos(radians(lat)) * cos(radians(lon)), cos(radians(lat)) * sin(radians(lon)), sin(radians(lat))]);

-- Only what search may show, as the other search indexes.
CREATE INDEX profiles_search_place ON profiles USING gist (profile_place(latitude, longitude))
    WHERE status = 'active' AND NOT invisible;

-- "Newest members first" walks this one.
CREATE INDEX profiles_search_newest ON profiles (pool, created_at DESC, id DESC)
    INCLUDE (gender, date_of_birth, country, region) WHERE status = 'active' AND NOT invisible;

-- The profiles saved before positions were stored, for the job that
-- locates them.
CREATE INDEX profiles_unplaced ON profiles (id) WHERE latitude IS NULL;

-- +goose Down
DROP INDEX profiles_unplaced;
DROP INDEX profiles_search_newest;
DROP INDEX profiles_search_place;
DROP FUNCTION profile_place(double precision, double precision);
ALTER TABLE profiles DROP COLUMN longitude, DROP COLUMN latitude;
