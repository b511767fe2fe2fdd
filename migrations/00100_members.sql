-- +goose Up
-- A member is an account on one tenant. House profiles (run by the site's
-- staff) are members too, flagged is_house, and never log in.
CREATE TABLE members (
    id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id              bigint NOT NULL REFERENCES tenants (id),
    email                  text NOT NULL,
    password_hash          text NOT NULL DEFAULT '',
    status                 text NOT NULL DEFAULT 'not_confirmed'
                           CHECK (status IN ('not_confirmed', 'active', 'deletion_pending', 'deleted')),
    credits                bigint NOT NULL DEFAULT 0 CHECK (credits >= 0),
    paid_user              boolean NOT NULL DEFAULT false,
    language               text NOT NULL,
    notifications_disabled text[] NOT NULL DEFAULT '{}',
    is_house               boolean NOT NULL DEFAULT false,
    -- Where the member came from: network, ref, sub1, sub2, sub3.
    tracking               jsonb NOT NULL DEFAULT '{}',
    -- Bumped on password change: sessions made before it stop working.
    session_epoch          integer NOT NULL DEFAULT 0,
    signup_date            timestamptz NOT NULL DEFAULT now(),
    last_seen_at           timestamptz NOT NULL DEFAULT now(),
    deletion_requested_at  timestamptz
);
-- Email addresses are unique per tenant regardless of letter case.
CREATE UNIQUE INDEX members_tenant_email ON members (tenant_id, lower(email)) WHERE status <> 'deleted';
CREATE INDEX members_deletion ON members (deletion_requested_at) WHERE status = 'deletion_pending';

-- A member's public profile. Its id is the member's id. Profiles live in a
-- pool; tenants sharing a pool see each other's members.
CREATE TABLE profiles (
    id                  bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    pool                text NOT NULL,
    name                text NOT NULL,
    gender              text NOT NULL CHECK (gender IN ('male', 'female')),
    seeking             text NOT NULL DEFAULT 'female' CHECK (seeking IN ('male', 'female', 'both')),
    sexuality           text NOT NULL DEFAULT 'hetero' CHECK (sexuality IN ('hetero', 'gay', 'lesbian', 'bi')),
    date_of_birth       date NOT NULL,
    country             text NOT NULL,
    region              text NOT NULL DEFAULT '',
    city                text NOT NULL DEFAULT '',
    interests           smallint[] NOT NULL DEFAULT '{}',
    hair_color          text NOT NULL DEFAULT '',
    eye_color           text NOT NULL DEFAULT '',
    body_type           text NOT NULL DEFAULT '',
    relationship_status text NOT NULL DEFAULT '',
    tattoos             text NOT NULL DEFAULT '',
    about_me            text NOT NULL DEFAULT '',
    -- disabled until the account is confirmed; hidden while deletion-pending.
    status              text NOT NULL DEFAULT 'disabled' CHECK (status IN ('active', 'disabled', 'hidden')),
    invisible           boolean NOT NULL DEFAULT false,
    last_active_at      timestamptz NOT NULL DEFAULT now(),
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

-- Server-side sessions (alexedwards/scs pgxstore layout).
CREATE TABLE sessions (
    token  text PRIMARY KEY,
    data   bytea NOT NULL,
    expiry timestamptz NOT NULL
);
CREATE INDEX sessions_expiry_idx ON sessions (expiry);

-- +goose Down
DROP TABLE sessions;
DROP TABLE profiles;
DROP TABLE members;
