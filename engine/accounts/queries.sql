-- name: MemberByID :one
SELECT * FROM members WHERE id = @id;

-- name: MemberByEmail :one
SELECT * FROM members
WHERE tenant_id = @tenant_id AND lower(email) = lower(@email) AND status <> 'deleted' AND NOT is_house;

-- name: MemberSeen :exec
-- Called at most once a minute per member, so it costs little.
UPDATE members SET last_seen_at = now() WHERE id = @id;
