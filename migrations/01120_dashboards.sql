-- +goose Up
-- The operators' dashboards: per-day series of a tenant.

-- When the member confirmed their address (the activation link, or a mailed
-- link that proves it); the status alone says only that it happened.
-- Members confirmed before this column existed get the time their
-- activation token was used, or else their signup.
ALTER TABLE members ADD COLUMN activated_at timestamptz;
UPDATE members m SET activated_at = coalesce(
    (SELECT min(t.used_at) FROM account_tokens t WHERE t.member_id = m.id AND t.kind = 'activation' AND t.used_at IS NOT NULL),
    m.signup_date)
WHERE m.status IN ('active', 'deletion_pending') AND NOT m.is_house;

-- When a pending photo left the moderation queue (approved or rejected);
-- the backlog of any past day is counted from it. Null for photos that
-- were never pending.
ALTER TABLE photos ADD COLUMN reviewed_at timestamptz;

-- Signups and activations per day of one tenant.
CREATE INDEX members_tenant_signup ON members (tenant_id, signup_date);
CREATE INDEX members_tenant_activated ON members (tenant_id, activated_at) WHERE activated_at IS NOT NULL;
-- Paid orders per day of one tenant.
CREATE INDEX orders_tenant_completed ON orders (tenant_id, completed_at) WHERE completed_at IS NOT NULL;
-- Messages per day (joined to their senders' tenant).
CREATE INDEX messages_created ON messages (created_at);
-- Photos reviewed within a range (the backlog of past days).
CREATE INDEX photos_reviewed ON photos (reviewed_at) WHERE reviewed_at IS NOT NULL;

-- +goose Down
DROP INDEX photos_reviewed;
DROP INDEX messages_created;
DROP INDEX orders_tenant_completed;
DROP INDEX members_tenant_activated;
DROP INDEX members_tenant_signup;
ALTER TABLE photos DROP COLUMN reviewed_at;
ALTER TABLE members DROP COLUMN activated_at;
