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
