-- +goose Up
-- Members' copies of their data ("Download my data"): one row per request,
-- built into one zip by a job and kept in the media store until it
-- expires. A member asks at most once a day; the console may build one for
-- a member at any time (staff_id names who asked). The blob goes when the
-- copy expires or the member is purged.
CREATE TABLE data_exports (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id    bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    member_id    bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    staff_id     bigint REFERENCES staff_accounts (id),
    status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'building', 'ready', 'failed', 'expired')),
    -- How much of the archive is written, 0 to 100, for the page that polls.
    progress     integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    blob_key     text,
    size         bigint,
    requested_at timestamptz NOT NULL,
    ready_at     timestamptz,
    expires_at   timestamptz
);
CREATE INDEX data_exports_member ON data_exports (member_id, requested_at DESC);
CREATE INDEX data_exports_expiring ON data_exports (expires_at) WHERE blob_key IS NOT NULL;

-- When the member last logged in from last_login_ip: the address is
-- dropped once it is older than the brand keeps addresses. Addresses
-- stored before count from the member's last visit.
ALTER TABLE members ADD COLUMN last_login_at timestamptz;
UPDATE members SET last_login_at = last_seen_at WHERE last_login_ip IS NOT NULL;

-- +goose Down
ALTER TABLE members DROP COLUMN last_login_at;
DROP TABLE data_exports;
