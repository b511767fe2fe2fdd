-- +goose Up
-- A profile's photos. filename and thumb_filename are keys in the media
-- store (local disk or S3); the bytes are always re-encoded by the engine, so
-- no upload is ever stored as sent. The order members choose is position:
-- the first active photo is the profile's main image.
CREATE TABLE photos (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    profile_id     bigint NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    filename       text NOT NULL,
    thumb_filename text NOT NULL,
    -- pending while the tenant pre-moderates photos; rejected ones stay so
    -- the member sees why, and are never shown to others.
    status         text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending', 'rejected')),
    position       integer NOT NULL DEFAULT 0,
    width          integer NOT NULL DEFAULT 0,
    height         integer NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photos_profile ON photos (profile_id, position, id);
-- Demo data shares blobs between profiles; deleting a photo removes its blob
-- only when no other row points at it, which this index answers.
CREATE INDEX photos_filename ON photos (filename);
CREATE INDEX photos_pending ON photos (created_at) WHERE status = 'pending';

-- blocker no longer wants any contact with blocked: blocked cannot view the
-- blocker's profile, message or like them.
CREATE TABLE blocks (
    blocker_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    blocked_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);

-- Likes between members. The likes area (likes, matches, swipe game) owns
-- the rules; profiles only clears like_new when the liked member opens the
-- liker's profile.
CREATE TABLE IF NOT EXISTS likes (
    liker_id   bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    liked_id   bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    -- where the like was given: '' (profile), 'swipe', 'auto', 'match_finder'...
    source     text NOT NULL DEFAULT '',
    like_new   boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (liker_id, liked_id),
    CHECK (liker_id <> liked_id)
);
CREATE INDEX IF NOT EXISTS likes_liked ON likes (liked_id, created_at DESC);

-- Complaints members and visitors file through /complaints, kept for the
-- operators of the tenant they were filed on.
CREATE TABLE complaints (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id  bigint NOT NULL REFERENCES tenants (id),
    -- null when filed logged out, or after the member was deleted.
    member_id  bigint REFERENCES members (id) ON DELETE SET NULL,
    -- the profile complained about, if any.
    profile_id bigint REFERENCES profiles (id) ON DELETE SET NULL,
    category   text NOT NULL CHECK (category IN ('profile', 'photo', 'message', 'payment', 'privacy', 'other')),
    name       text NOT NULL DEFAULT '',
    email      text NOT NULL,
    message    text NOT NULL,
    status     text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX complaints_tenant ON complaints (tenant_id, status, created_at DESC);
CREATE INDEX complaints_member ON complaints (member_id, created_at DESC);

-- Search and the member view only ever look at one pool's active profiles.
CREATE INDEX profiles_pool ON profiles (pool, status, gender, date_of_birth);

-- +goose Down
DROP INDEX profiles_pool;
DROP TABLE complaints;
DROP TABLE likes;
DROP TABLE blocks;
DROP TABLE photos;
