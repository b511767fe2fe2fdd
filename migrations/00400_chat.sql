-- +goose Up
-- A conversation is between two members, one per pair: member_lo < member_hi
-- so the pair has one spelling. Profile pools may be shared by tenants, so a
-- conversation belongs to its two members, not to a tenant.
CREATE TABLE conversations (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    member_lo  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    member_hi  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    -- Who wrote first: free members may start only a few conversations.
    started_by bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (member_lo < member_hi),
    UNIQUE (member_lo, member_hi)
);
CREATE INDEX conversations_started_by ON conversations (started_by);

-- Each member's own view of a conversation: unread count, whether they
-- removed it from their list and from which message on they see it again.
CREATE TABLE conversation_members (
    conversation_id bigint NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    member_id       bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    other_id        bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    unread          integer NOT NULL DEFAULT 0 CHECK (unread >= 0),
    -- DELETE chat.php hides the conversation for this member only; a new
    -- message shows it again, without the messages before the removal.
    hidden          boolean NOT NULL DEFAULT false,
    cleared_through bigint NOT NULL DEFAULT 0,
    last_message_id bigint NOT NULL DEFAULT 0,
    last_message_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (conversation_id, member_id),
    UNIQUE (member_id, other_id)
);
CREATE INDEX conversation_members_list ON conversation_members (member_id, last_message_at DESC) WHERE NOT hidden;

-- Messages: text, a gift from the tenant's catalogue or a photo. credits is
-- what the sender paid; the ledger row "message:<id>" books it.
CREATE TABLE messages (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    conversation_id bigint NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id       bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    kind            text NOT NULL CHECK (kind IN ('text', 'gift', 'photo')),
    body            text NOT NULL DEFAULT '',
    gift_id         text NOT NULL DEFAULT '',
    -- Keys in the media store; copied so the message outlives the profile photo.
    photo_filename  text NOT NULL DEFAULT '',
    photo_thumb     text NOT NULL DEFAULT '',
    credits         integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
    -- The sender's idempotency key: a retried send finds its first attempt.
    client_id       text NOT NULL DEFAULT '',
    -- The staff member who wrote on behalf of a house profile.
    staff_id        bigint REFERENCES members (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_conversation ON messages (conversation_id, id DESC);
CREATE UNIQUE INDEX messages_client ON messages (sender_id, client_id) WHERE client_id <> '';

-- Staff accounts of a tenant: members who may answer for the tenant's house
-- profiles in the staff inbox.
CREATE TABLE staff (
    member_id  bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    tenant_id  bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Live connections: each engine instance heartbeats its row and lists the
-- members with an open event stream, so a push goes only to members that
-- no instance can reach live. Rows of an instance that stopped heartbeating
-- count as gone.
CREATE TABLE live_instances (
    id      uuid PRIMARY KEY,
    seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE live_presence (
    instance_id uuid NOT NULL REFERENCES live_instances (id) ON DELETE CASCADE,
    member_id   bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    PRIMARY KEY (member_id, instance_id)
);

-- +goose Down
DROP TABLE live_presence;
DROP TABLE live_instances;
DROP TABLE staff;
DROP TABLE messages;
DROP TABLE conversation_members;
DROP TABLE conversations;
