-- +goose Up
-- The perceptual hash (64-bit pHash) of every photo a member uploaded, to
-- their profile or in a chat, on any brand. A row outlives the photo (a
-- banned member's photos still catch their next account) and goes with the
-- member. The hash is split into four 16-bit bands, each indexed: two
-- hashes within 7 bits of each other have a band within one bit of each
-- other (pigeonhole), so a lookup probes 17 values a band instead of
-- reading every hash.
CREATE TABLE photo_hashes (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    member_id  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    tenant_id  bigint NOT NULL REFERENCES tenants (id),
    hash       bigint NOT NULL,
    band0      integer NOT NULL,
    band1      integer NOT NULL,
    band2      integer NOT NULL,
    band3      integer NOT NULL,
    source     text NOT NULL CHECK (source IN ('profile', 'chat')),
    -- The display image's key in the media store, shown as evidence.
    filename   text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photo_hashes_band0 ON photo_hashes (band0);
CREATE INDEX photo_hashes_band1 ON photo_hashes (band1);
CREATE INDEX photo_hashes_band2 ON photo_hashes (band2);
CREATE INDEX photo_hashes_band3 ON photo_hashes (band3);
CREATE INDEX photo_hashes_member ON photo_hashes (member_id);

-- A member in the flagged queue: open until an operator decides (dismiss,
-- warn, suspend, ban). One open flag a member at most; later signals join
-- it.
CREATE TABLE trust_flags (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id  bigint NOT NULL REFERENCES tenants (id),
    member_id  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    score      integer NOT NULL,
    status     text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'warned', 'suspended', 'banned')),
    created_at timestamptz NOT NULL DEFAULT now(),
    decided_at timestamptz,
    decided_by bigint REFERENCES staff_accounts (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX trust_flags_open_member ON trust_flags (member_id) WHERE status = 'open';
CREATE INDEX trust_flags_open_tenant ON trust_flags (tenant_id, created_at) WHERE status = 'open';

-- Each signal that raised a member's risk score, with its evidence: the
-- messages it was seen in, or the member's photo and the photo it is close
-- to. A signal counts towards the score until a decision closes the flag
-- it joined.
CREATE TABLE trust_signals (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id     bigint NOT NULL REFERENCES tenants (id),
    member_id     bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    kind          text NOT NULL CHECK (kind IN ('link', 'phone', 'email', 'money', 'repeat', 'photo_match')),
    weight        integer NOT NULL,
    message_ids   bigint[] NOT NULL DEFAULT '{}',
    photo_hash_id bigint REFERENCES photo_hashes (id) ON DELETE CASCADE,
    match_hash_id bigint REFERENCES photo_hashes (id) ON DELETE CASCADE,
    distance      integer,
    flag_id       bigint REFERENCES trust_flags (id) ON DELETE CASCADE,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trust_signals_member ON trust_signals (member_id, created_at);
CREATE INDEX trust_signals_flag ON trust_signals (flag_id);

-- +goose Down
DROP TABLE trust_signals;
DROP TABLE trust_flags;
DROP TABLE photo_hashes;
