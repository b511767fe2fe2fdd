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


-- name: RefsKeys :many
-- Every key something holds.
SELECT DISTINCT key FROM media_refs ORDER BY key;

-- name: DeletesPause :exec
-- Held by a backup while it dumps and copies: blob deletions wait for it.
SELECT pg_advisory_lock(hashtextextended('media_deletes', 0));

-- name: DeletesResume :exec
SELECT pg_advisory_unlock(hashtextextended('media_deletes', 0));

-- name: DeletesAllowed :one
-- A deletion's transaction holds this shared lock; false while a backup
-- pauses deletions.
SELECT pg_try_advisory_xact_lock_shared(hashtextextended('media_deletes', 0));
