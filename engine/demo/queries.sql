-- name: DemoTenantList :many
SELECT id, slug, profile_pool, countries, default_locale, niche FROM tenants ORDER BY position, id;

-- name: DemoMemberExists :one
SELECT EXISTS (SELECT 1 FROM members WHERE tenant_id = @tenant_id AND lower(email) = lower(@email));

-- name: DemoPoolCount :one
-- How many demo members a pool has already (their emails end in .demo.example).
SELECT count(*) FROM members m JOIN profiles p ON p.id = m.id
WHERE p.pool = @pool AND m.email LIKE '%.demo.example';

-- name: DemoMemberIDListByPool :many
SELECT p.id FROM profiles p JOIN members m ON m.id = p.id
WHERE p.pool = @pool AND m.email LIKE '%.demo.example' AND p.gender = @gender
ORDER BY p.id LIMIT @max_rows;

-- name: DemoHouseIDListByPool :many
SELECT p.id FROM profiles p JOIN members m ON m.id = p.id
WHERE p.pool = @pool AND m.is_house AND m.email LIKE '%.demo.example'
ORDER BY p.id LIMIT @max_rows;
