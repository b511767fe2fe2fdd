-- Members' copies of their data. The archive's sections read the other
-- areas' tables (read only; each owner writes its own) and come back as
-- JSON built by PostgreSQL, one query per section, always of one member of
-- one tenant.

-- name: ExportLockMember :exec
-- Serialises a member's requests, so two at once cannot both pass the
-- daily limit.
SELECT pg_advisory_xact_lock(hashtextextended('data_export', @member_id::bigint));

-- name: ExportLastByMember :one
-- The member's own latest request (the console's do not count against the
-- daily limit, nor does a copy that could not be built).
SELECT * FROM data_exports
WHERE member_id = @member_id AND staff_id IS NULL AND status <> 'failed'
ORDER BY requested_at DESC, id DESC LIMIT 1;

-- name: ExportLatest :one
-- The latest copy of the member, whoever asked for it.
SELECT * FROM data_exports
WHERE member_id = @member_id AND tenant_id = @tenant_id AND (sqlc.narg(staff_only)::boolean IS NULL OR (staff_id IS NOT NULL) = sqlc.narg(staff_only)::boolean)
ORDER BY requested_at DESC, id DESC LIMIT 1;

-- name: ExportByID :one
SELECT * FROM data_exports WHERE id = @id AND member_id = @member_id AND tenant_id = @tenant_id;

-- name: ExportInsert :one
INSERT INTO data_exports (tenant_id, member_id, staff_id, requested_at)
VALUES (@tenant_id, @member_id, sqlc.narg(staff_id), @now)
RETURNING *;

-- name: ExportForBuild :one
SELECT * FROM data_exports WHERE id = @id;

-- name: ExportProgress :exec
UPDATE data_exports SET status = 'building', progress = @progress WHERE id = @id AND status IN ('pending', 'building');

-- name: ExportReady :execrows
UPDATE data_exports
SET status = 'ready', progress = 100, blob_key = @blob_key, size = @size, ready_at = @now::timestamptz, expires_at = @expires_at
WHERE id = @id AND status IN ('pending', 'building');

-- name: ExportFailed :exec
UPDATE data_exports SET status = 'failed' WHERE id = @id AND status IN ('pending', 'building');

-- name: ExportsExpired :many
-- Copies past their expiry whose blob is still kept.
SELECT id FROM data_exports WHERE blob_key IS NOT NULL AND expires_at <= @now::timestamptz LIMIT 500;

-- name: ExportsExpire :exec
UPDATE data_exports SET status = 'expired', blob_key = NULL WHERE id = ANY(@ids::bigint[]);

-- name: ExportsOfMember :many
SELECT id FROM data_exports WHERE member_id = @member_id;

-- name: ExportsDelete :exec
DELETE FROM data_exports WHERE member_id = @member_id;

-- name: ExportMember :one
-- The member's account: never the password hash or the session epoch.
SELECT m.id, m.email, m.language, m.status, coalesce(p.name, '')::text AS name,
    jsonb_build_object(
        'id', m.id, 'email', m.email, 'status', m.status, 'language', m.language,
        'signup_date', m.signup_date, 'activated_at', m.activated_at, 'last_seen_at', m.last_seen_at,
        'credits', m.credits, 'paid_user', m.paid_user, 'account_kind', m.account_kind,
        'signup_address', host(m.signup_ip), 'last_login_address', host(m.last_login_ip), 'last_login_at', m.last_login_at,
        'traffic_source', m.tracking, 'signup_message', m.signup_message,
        'deletion_requested_at', m.deletion_requested_at, 'suspended_until', m.suspended_until,
        'banned_at', m.banned_at, 'moderation_reason', m.moderation_reason
    )::jsonb AS account
FROM members m LEFT JOIN profiles p ON p.id = m.id
WHERE m.id = @member_id AND m.tenant_id = @tenant_id AND m.status <> 'deleted' AND NOT m.is_house;

-- name: ExportProfile :one
SELECT coalesce((SELECT to_jsonb(p) - 'pool' - 'demo_hidden' FROM profiles p WHERE p.id = @member_id), 'null'::jsonb)::jsonb AS profile;

-- name: ExportPhotos :many
-- The member's profile photos, the original as stored first.
SELECT id, filename, status, position, width, height, created_at FROM photos
WHERE profile_id = @member_id ORDER BY position, id;

-- name: ExportLikes :one
SELECT coalesce(jsonb_agg(jsonb_build_object('profile_id', l.liked_id, 'name', p.name, 'source', l.source, 'at', l.created_at)
    ORDER BY l.created_at), '[]'::jsonb)::jsonb AS likes
FROM likes l LEFT JOIN profiles p ON p.id = l.liked_id
WHERE l.liker_id = @member_id;

-- name: ExportMatches :one
-- Mutual likes: the member liked them and they liked the member.
SELECT coalesce(jsonb_agg(jsonb_build_object('profile_id', l.liked_id, 'name', p.name, 'at', greatest(l.created_at, b.created_at))
    ORDER BY l.created_at), '[]'::jsonb)::jsonb AS matches
FROM likes l
JOIN likes b ON b.liker_id = l.liked_id AND b.liked_id = l.liker_id
LEFT JOIN profiles p ON p.id = l.liked_id
WHERE l.liker_id = @member_id;

-- name: ExportConversations :one
-- Every conversation the member is in, with its messages from both sides
-- as the member's chat shows them: the member's own in full, the other
-- side's as they arrived.
SELECT coalesce(jsonb_agg(jsonb_build_object(
    'id', c.id, 'with_profile_id', cm.other_id, 'with_name', p.name, 'started_at', c.created_at,
    'started_by_me', c.started_by = @member_id::bigint,
    'messages', (
        SELECT coalesce(jsonb_agg(jsonb_build_object(
            'id', m.id, 'from_me', m.sender_id = @member_id::bigint, 'kind', m.kind, 'text', m.body,
            'gift', m.gift_id, 'photo', m.photo_filename, 'credits', m.credits, 'at', m.created_at) ORDER BY m.id), '[]'::jsonb)
        FROM messages m WHERE m.conversation_id = c.id)
    ) ORDER BY c.id), '[]'::jsonb)::jsonb AS conversations
FROM conversation_members cm
JOIN conversations c ON c.id = cm.conversation_id
LEFT JOIN profiles p ON p.id = cm.other_id
WHERE cm.member_id = @member_id;

-- name: ExportOrders :one
SELECT coalesce(jsonb_agg(jsonb_build_object(
    'id', o.id, 'package', o.package_id, 'credits', o.credits, 'amount', o.amount, 'currency', o.currency,
    'country', o.country, 'status', o.status, 'discount_code', o.discount_code, 'created_at', o.created_at,
    'completed_at', o.completed_at,
    'payments', (SELECT coalesce(jsonb_agg(jsonb_build_object('method', pm.method, 'status', pm.status, 'provider', pm.provider,
        'created_at', pm.created_at) ORDER BY pm.id), '[]'::jsonb) FROM payments pm WHERE pm.order_id = o.id)
    ) ORDER BY o.id), '[]'::jsonb)::jsonb AS orders
FROM orders o WHERE o.member_id = @member_id;

-- name: ExportInvoices :one
SELECT coalesce(jsonb_agg(jsonb_build_object('order_id', i.order_id, 'number', i.number, 'issued_at', i.issued_at,
    'seller', i.seller, 'buyer', i.buyer) ORDER BY i.id), '[]'::jsonb)::jsonb AS invoices
FROM invoices i JOIN orders o ON o.id = i.order_id
WHERE o.member_id = @member_id;

-- name: ExportLedger :one
SELECT coalesce(jsonb_agg(jsonb_build_object('delta', delta, 'balance_after', balance_after, 'kind', kind,
    'reference', reference, 'note', note, 'at', created_at) ORDER BY id), '[]'::jsonb)::jsonb AS ledger
FROM ledger WHERE member_id = @member_id;

-- name: ExportNotifications :one
-- The member's notification choices and the browsers web push reaches.
SELECT jsonb_build_object(
    'mail_types_off', m.notification_types_disabled, 'channels_off', m.notifications_disabled,
    'push_subscriptions', (SELECT coalesce(jsonb_agg(jsonb_build_object('endpoint_host', substring(s.endpoint from '^https?://([^/]+)'),
        'since', s.created_at) ORDER BY s.id), '[]'::jsonb) FROM push_subscriptions s WHERE s.member_id = m.id)
    )::jsonb AS notifications
FROM members m WHERE m.id = @member_id;

-- name: ExportSessions :one
-- The member's open logins, by when they end; the session's token is a
-- secret and stays out.
SELECT coalesce(jsonb_agg(jsonb_build_object('expires_at', expiry) ORDER BY expiry), '[]'::jsonb)::jsonb AS sessions
FROM sessions WHERE member_id = @member_id::bigint AND expiry > @now;

-- name: ExportBlocks :one
SELECT coalesce(jsonb_agg(jsonb_build_object('profile_id', b.blocked_id, 'name', p.name, 'at', b.created_at)
    ORDER BY b.created_at), '[]'::jsonb)::jsonb AS blocks
FROM blocks b LEFT JOIN profiles p ON p.id = b.blocked_id
WHERE b.blocker_id = @member_id;

-- name: ExportNotes :one
SELECT coalesce(jsonb_agg(jsonb_build_object('profile_id', n.profile_id, 'text', n.body, 'updated_at', n.updated_at)
    ORDER BY n.updated_at), '[]'::jsonb)::jsonb AS notes
FROM profile_notes n WHERE n.writer_id = @member_id;

-- name: ExportConsents :one
-- What the member agreed to and chose: every consent given or withdrawn
-- (terms and privacy versions, the orientation consent) with when and
-- from where, the confirmed address, the mail they turned off and since
-- when web push reaches them.
SELECT jsonb_build_object(
    'records', (SELECT coalesce(jsonb_agg(jsonb_build_object('kind', c.kind, 'version', c.version, 'granted', c.granted,
        'at', c.created_at, 'address', host(c.address)) ORDER BY c.id), '[]'::jsonb) FROM consents c WHERE c.member_id = m.id),
    'email_confirmed_at', m.activated_at, 'signed_up_at', m.signup_date,
    'mail_types_off', m.notification_types_disabled,
    'web_push_since', (SELECT min(s.created_at) FROM push_subscriptions s WHERE s.member_id = m.id)
    )::jsonb AS consents
FROM members m WHERE m.id = @member_id;
