-- +goose Up
-- Discovery: the swipe game's state, and the indexes that keep search, the
-- match finder and the likes lists fast on millions of profiles.

-- What a member did with each swipe candidate, so a card never comes back.
-- Likes given in the game are also rows of likes (source 'swipe').
CREATE TABLE swipes (
    member_id  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    profile_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    action     text NOT NULL CHECK (action IN ('like', 'pass')),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (member_id, profile_id),
    CHECK (member_id <> profile_id)
);
-- The purge of a member removes the swipes others made of them too.
CREATE INDEX swipes_profile ON swipes (profile_id);

-- Swipe likes a member gave on one day of the tenant's time zone. One row a
-- member and day, raised with a conditional upsert: the row lock makes
-- parallel swipes queue, so the daily limit can never be overrun.
CREATE TABLE swipe_days (
    member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    day       date NOT NULL,
    likes     integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
    PRIMARY KEY (member_id, day)
);

-- "Who did I like", newest first (the primary key only finds pairs).
CREATE INDEX likes_liker ON likes (liker_id, created_at DESC);

-- Search walks one of these in the order it shows (most recently active
-- first) and stops after a page, so a page costs the same for 1,000 or
-- 1,000,000 profiles. They hold only what search may show (active, not
-- invisible) and carry the filtered columns, so the walk reads the index
-- alone: by gender; by gender and country; by gender, country and region;
-- and with no gender filter.
CREATE INDEX profiles_search_gender ON profiles (pool, gender, last_active_at DESC, id DESC)
    INCLUDE (date_of_birth, country, region) WHERE status = 'active' AND NOT invisible;
CREATE INDEX profiles_search_country ON profiles (pool, gender, country, last_active_at DESC, id DESC)
    INCLUDE (date_of_birth, region) WHERE status = 'active' AND NOT invisible;
CREATE INDEX profiles_search_region ON profiles (pool, gender, country, region, last_active_at DESC, id DESC)
    INCLUDE (date_of_birth) WHERE status = 'active' AND NOT invisible;
CREATE INDEX profiles_search_any ON profiles (pool, last_active_at DESC, id DESC)
    INCLUDE (gender, date_of_birth, country, region) WHERE status = 'active' AND NOT invisible;

-- House profiles are few; auto-like picks among them.
CREATE INDEX members_house ON members (id) WHERE is_house;

-- +goose Down
DROP INDEX members_house;
DROP INDEX profiles_search_any;
DROP INDEX profiles_search_region;
DROP INDEX profiles_search_country;
DROP INDEX profiles_search_gender;
DROP INDEX likes_liker;
DROP TABLE swipe_days;
DROP TABLE swipes;
