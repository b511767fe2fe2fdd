-- +goose Up
-- Traffic sources (engine/traffic): the visits affiliates send, and the
-- postbacks that tell an affiliate network of its members' signups,
-- activations and first purchases.

-- A visit of a page opened through an affiliate link (network, ref,
-- sub1..sub3 in its query), once per visitor, source and day of the
-- tenant's time zone. The visitor is a keyed hash of the address and the
-- browser, not the address itself.
CREATE TABLE traffic_visits (
    tenant_id  bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    day        date NOT NULL,
    visitor    bytea NOT NULL,
    network    text NOT NULL,
    ref        text NOT NULL,
    sub1       text NOT NULL,
    sub2       text NOT NULL,
    sub3       text NOT NULL,
    visited_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, day, visitor, network, ref, sub1, sub2, sub3)
);

-- One postback per member, event and network: the key that makes an event
-- delivered twice (a retried job, a repeated webhook) call the network
-- once. url is the tenant's template filled in when the event happened.
CREATE TABLE postbacks (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id  bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    member_id  bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    event      text NOT NULL CHECK (event IN ('signup', 'activation', 'first_purchase')),
    network    text NOT NULL,
    order_id   bigint,
    url        text NOT NULL,
    -- pending until the network answered 2xx (sent), or until the job
    -- gave up (failed).
    status     text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at    timestamptz,
    UNIQUE (member_id, event, network)
);
CREATE INDEX postbacks_tenant ON postbacks (tenant_id, created_at);

-- Each call of a postback and the network's answer: its status code (0
-- when there was none) and the start of its body, or the error.
CREATE TABLE postback_calls (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    postback_id bigint NOT NULL REFERENCES postbacks (id) ON DELETE CASCADE,
    attempt     integer NOT NULL,
    status_code integer NOT NULL,
    body        text NOT NULL,
    error       text NOT NULL,
    called_at   timestamptz NOT NULL,
    duration_ms integer NOT NULL
);
CREATE INDEX postback_calls_postback ON postback_calls (postback_id, id);

-- +goose Down
DROP TABLE postback_calls;
DROP TABLE postbacks;
DROP TABLE traffic_visits;
