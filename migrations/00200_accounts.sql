-- +goose Up
-- members.notifications_disabled (00100) lists why email to the member is
-- switched off: 'fbl' (spam complaint), 'bounce' (hard bounce) or
-- 'list_unsubscribe'. The member's own choice of notification types lives in
-- notification_types_disabled.
ALTER TABLE members
    ADD COLUMN notification_types_disabled text[] NOT NULL DEFAULT '{}',
    -- The profile in view when the member signed up from /members/{id}/signup.
    ADD COLUMN signup_profile_id bigint,
    -- The first message written during signup, delivered to signup_profile_id.
    ADD COLUMN signup_message text NOT NULL DEFAULT '',
    -- When the 14-day purge removed the personal data.
    ADD COLUMN purged_at timestamptz;

-- Single-use links mailed to members. Only a SHA-256 of the token is kept, so
-- a database leak gives no working link.
CREATE TABLE account_tokens (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    member_id  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    kind       text NOT NULL CHECK (kind IN ('activation', 'password_reset', 'mail_change', 'reactivation')),
    token_hash bytea NOT NULL UNIQUE,
    -- The address a mail_change token confirms.
    new_email  text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
-- Daily limits count a member's tokens of one kind.
CREATE INDEX account_tokens_member ON account_tokens (member_id, kind, created_at);

-- Wrong passwords, per subject ('member:<id>' or 'ip:<address>'); they count
-- toward a login block and are dropped when one is imposed.
CREATE TABLE login_failures (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    subject   text NOT NULL,
    failed_at timestamptz NOT NULL
);
CREATE INDEX login_failures_subject ON login_failures (tenant_id, subject, failed_at);

-- A subject that may not log in until blocked_until, even with the right
-- password.
CREATE TABLE login_blocks (
    tenant_id     bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    subject       text NOT NULL,
    blocked_until timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, subject)
);

-- Web-push subscriptions of members' browsers (PushSubscription JSON).
CREATE TABLE push_subscriptions (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    member_id  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    endpoint   text NOT NULL UNIQUE,
    p256dh     text NOT NULL,
    auth       text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_member ON push_subscriptions (member_id);

-- Alerts a member dismissed (time bonus, profile photo, push, disabled
-- notifications); a dismissal suppresses the alert from then on.
CREATE TABLE alert_dismissals (
    member_id    bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    alert        text NOT NULL CHECK (alert IN ('time_bonus', 'profile_photo', 'push', 'notifications_disabled', 'activation')),
    dismissed_at timestamptz NOT NULL,
    PRIMARY KEY (member_id, alert)
);

-- Keys the engine signs links with (list-unsubscribe), made once on first
-- use and shared by every instance.
CREATE TABLE signing_keys (
    name       text PRIMARY KEY,
    secret     bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE signing_keys;
DROP TABLE alert_dismissals;
DROP TABLE push_subscriptions;
DROP TABLE login_blocks;
DROP TABLE login_failures;
DROP TABLE account_tokens;
ALTER TABLE members
    DROP COLUMN notification_types_disabled,
    DROP COLUMN signup_profile_id,
    DROP COLUMN signup_message,
    DROP COLUMN purged_at;
