-- name: RefsHold :exec
INSERT INTO media_refs (key, holder)
SELECT unnest(@keys::text[]), @holder::text
ON CONFLICT DO NOTHING;

-- name: RefsCopy :copyfrom
INSERT INTO media_refs (key, holder) VALUES (@key, @holder);

-- name: RefsRelease :many
-- Drops the holders' references and returns the keys they held.
DELETE FROM media_refs WHERE holder = ANY (@holders::text[])
RETURNING key;

-- name: KeyLock :exec
-- Serialises the last-reference decision of one key: two transactions
-- releasing a key's last two references cannot both see the other's
-- reference and leave the blob behind.
SELECT pg_advisory_xact_lock(hashtextextended('media_refs:' || @key::text, 0));

-- name: KeyHeld :one
SELECT EXISTS (SELECT 1 FROM media_refs WHERE key = @key);

