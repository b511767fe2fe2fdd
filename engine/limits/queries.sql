-- name: Hit :one
-- Counts one hit in a single statement, so parallel requests on any
-- instance are counted one after the other: a window that has run out
-- starts again at 1.
INSERT INTO rate_limits AS r (tenant_id, rule, subject, hits, resets_at)
VALUES (@tenant_id, @rule, @subject, 1, @resets_at)
ON CONFLICT (tenant_id, rule, subject) DO UPDATE SET
    hits = CASE WHEN r.resets_at <= @now::timestamptz THEN 1 ELSE LEAST(r.hits, 1000000000) + 1 END,
    resets_at = CASE WHEN r.resets_at <= @now::timestamptz THEN EXCLUDED.resets_at ELSE r.resets_at END
RETURNING hits, resets_at;

-- name: DeleteExpired :execrows
DELETE FROM rate_limits WHERE resets_at <= @now::timestamptz;
