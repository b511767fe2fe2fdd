-- name: DemoTenantList :many
SELECT id, slug, profile_pool, countries, default_locale, niche FROM tenants ORDER BY position, id;

-- name: DemoMemberExists :one
SELECT EXISTS (SELECT 1 FROM members WHERE tenant_id = @tenant_id AND lower(email) = lower(@email));

-- name: DemoPoolCount :one
-- How many demo members a pool has already (their emails end in .demo.example).
SELECT count(*) FROM members m JOIN profiles p ON p.id = m.id
WHERE p.pool = @pool AND m.email LIKE '%.demo.example';

-- name: DemoMemberIDs :many
-- Reserves n member ids in one go, so COPY can write members and their
-- profiles and photos without a round trip per row.
SELECT nextval(pg_get_serial_sequence('members', 'id'))::bigint AS id FROM generate_series(1, @n::int);

-- name: DemoMemberCopy :copyfrom
INSERT INTO members (id, tenant_id, email, password_hash, status, credits, paid_user, language, is_house, signup_date, last_seen_at)
VALUES (@id, @tenant_id, @email, @password_hash, @status, @credits, @paid_user, @language, @is_house, @signup_date, @last_seen_at);

-- name: DemoProfileCopy :copyfrom
INSERT INTO profiles (id, pool, name, gender, seeking, sexuality, date_of_birth, country, region, city, interests,
                      hair_color, eye_color, body_type, relationship_status, tattoos, about_me, status, invisible, last_active_at)
VALUES (@id, @pool, @name, @gender, @seeking, @sexuality, @date_of_birth, @country, @region, @city, @interests,
        @hair_color, @eye_color, @body_type, @relationship_status, @tattoos, @about_me, @status, @invisible, @last_active_at);

-- name: DemoPhotoCopy :copyfrom
INSERT INTO photos (profile_id, filename, thumb_filename, status, position, width, height)
VALUES (@profile_id, @filename, @thumb_filename, @status, @position, @width, @height);

-- name: DemoLedgerInsert :exec
-- The premium demo login's credits, booked like any correction so the
-- ledger still sums to the balance.
INSERT INTO ledger (member_id, delta, balance_after, kind, note) VALUES (@member_id, @delta, @delta, 'correction', 'demo data');

-- name: DemoLikeInsert :exec
INSERT INTO likes (liker_id, liked_id, source, like_new, created_at) VALUES (@liker_id, @liked_id, @source, true, @created_at)
ON CONFLICT DO NOTHING;

-- name: DemoMemberIDListByPool :many
SELECT p.id FROM profiles p JOIN members m ON m.id = p.id
WHERE p.pool = @pool AND m.email LIKE '%.demo.example' AND p.gender = @gender
ORDER BY p.id LIMIT @max_rows;

-- name: DemoHouseIDListByPool :many
SELECT p.id FROM profiles p JOIN members m ON m.id = p.id
WHERE p.pool = @pool AND m.is_house AND m.email LIKE '%.demo.example'
ORDER BY p.id LIMIT @max_rows;

-- name: DemoStaffInsert :exec
INSERT INTO staff (member_id, tenant_id) VALUES (@member_id, @tenant_id) ON CONFLICT DO NOTHING;

-- name: DemoGreetingInsert :exec
-- A house profile's first message to a demo login: the conversation, the
-- message and both members' views of it, unread for the login. House
-- profiles write for free, so no ledger row.
WITH c AS (
    INSERT INTO conversations (member_lo, member_hi, started_by, created_at)
    VALUES (LEAST(@house_id::bigint, @member_id::bigint), GREATEST(@house_id::bigint, @member_id::bigint), @house_id::bigint, @sent_at)
    ON CONFLICT (member_lo, member_hi) DO NOTHING
    RETURNING id
), m AS (
    INSERT INTO messages (conversation_id, sender_id, kind, body, created_at)
    SELECT id, @house_id::bigint, 'text', @body::text, @sent_at FROM c
    RETURNING id, conversation_id
)
INSERT INTO conversation_members (conversation_id, member_id, other_id, unread, last_message_id, last_message_at)
SELECT m.conversation_id, v.member_id, v.other_id, v.unread, m.id, @sent_at
FROM m CROSS JOIN (VALUES (@member_id::bigint, @house_id::bigint, 1), (@house_id::bigint, @member_id::bigint, 0)) AS v (member_id, other_id, unread);
