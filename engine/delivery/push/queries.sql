-- name: PushPrefs :one
-- The notification types the member switched off, whether any browser of
-- theirs subscribed to pushes, and the language and tenant the texts are
-- written for (and the address the development push sink lists).
SELECT m.notification_types_disabled,
       EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.member_id = m.id) AS subscribed,
       m.language, m.email, t.slug AS tenant_slug
FROM members m JOIN tenants t ON t.id = m.tenant_id WHERE m.id = @member_id;

-- name: PushSubscriptions :many
SELECT * FROM push_subscriptions WHERE member_id = @member_id ORDER BY id;

-- name: PushSubscriptionDelete :exec
DELETE FROM push_subscriptions WHERE id = @id;

-- name: PushTenant :one
-- The tenant's VAPID keys and the contact the push service may write to.
SELECT t.vapid_public_key, t.vapid_private_key,
       coalesce(t.settings->>'support_email', '')::text AS support_email,
       coalesce(h.host, '')::text AS primary_host
FROM tenants t LEFT JOIN tenant_hosts h ON h.tenant_id = t.id AND h.is_primary
WHERE t.id = @id;

-- name: SubscriptionSave :exec
-- A browser's endpoint belongs to whoever logged in on it last.
INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth, created_at, updated_at)
VALUES (@member_id, @endpoint, @p256dh, @auth, @now, @now)
ON CONFLICT (endpoint) DO UPDATE
SET member_id = excluded.member_id, p256dh = excluded.p256dh, auth = excluded.auth, updated_at = excluded.updated_at;

-- name: SubscriptionsTrim :exec
-- Keeps a member's @keep most recently saved subscriptions and drops the
-- rest.
DELETE FROM push_subscriptions s
WHERE s.member_id = @member_id AND s.id NOT IN (
    SELECT k.id FROM push_subscriptions k WHERE k.member_id = @member_id
    ORDER BY k.updated_at DESC, k.id DESC LIMIT @keep
);

-- name: SubscriptionsPurge :exec
DELETE FROM push_subscriptions WHERE member_id = @member_id;

-- name: DevPushesPurge :exec
DELETE FROM dev_pushes WHERE member_id = @member_id;

-- name: DevPushInsert :exec
INSERT INTO dev_pushes (tenant_id, member_id, recipient, type, language, title, body, url, tag, queued_at)
VALUES (@tenant_id, @member_id, @recipient, @type, @language, @title, @body, @url, @tag, @queued_at);

-- name: DevPushList :many
SELECT * FROM dev_pushes WHERE tenant_id = @tenant_id ORDER BY id DESC LIMIT @max_rows;
