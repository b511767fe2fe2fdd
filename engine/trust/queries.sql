-- name: PhotoHashAdd :one
INSERT INTO photo_hashes (member_id, tenant_id, hash, band0, band1, band2, band3, source, filename)
VALUES (@member_id, @tenant_id, @hash, @band0, @band1, @band2, @band3, @source, @filename)
RETURNING id;

-- name: PhotoMatches :many
-- The photos of other members (not house profiles) within max_distance
-- bits of hash: candidates share a band with one of the probes (the band's
-- value and its one-bit neighbours), each band read through its index.
SELECT h.id, h.member_id, h.tenant_id, h.filename,
       (m.banned_at IS NOT NULL)::boolean AS banned,
       bit_count((h.hash # @hash::bigint)::bit(64))::integer AS distance
FROM photo_hashes h
JOIN members m ON m.id = h.member_id
WHERE h.id IN (
        SELECT c.id FROM photo_hashes c WHERE c.band0 = ANY(@probe0::integer[])
        UNION SELECT c.id FROM photo_hashes c WHERE c.band1 = ANY(@probe1::integer[])
        UNION SELECT c.id FROM photo_hashes c WHERE c.band2 = ANY(@probe2::integer[])
        UNION SELECT c.id FROM photo_hashes c WHERE c.band3 = ANY(@probe3::integer[]))
  AND h.member_id <> @member_id
  AND NOT m.is_house
  AND bit_count((h.hash # @hash::bigint)::bit(64)) <= @max_distance::integer
ORDER BY distance, h.id
LIMIT 10;

-- name: MemberOfTrust :one
-- What the checks need of a member: their brand and whether they are a
-- house profile (exempt).
SELECT tenant_id, is_house FROM members WHERE id = @id;

-- name: MemberLockForScore :exec
-- Serialises the scoring of one member's signals (two jobs at once would
-- both see the score below the threshold).
SELECT pg_advisory_xact_lock(hashtextextended('trust_score:' || @member_id::bigint, 0));

-- name: MessageOfTrust :one
SELECT id, conversation_id, sender_id, kind, body, created_at FROM messages WHERE id = @id;

-- name: RecentTextsOf :many
-- The member's text messages since a moment: the window of the same-text
-- signal (of one message, or of the earliest of a job's messages).
SELECT id, conversation_id, body, created_at FROM messages
WHERE sender_id = @sender_id AND kind = 'text' AND created_at >= @since
ORDER BY id;

-- name: SignalSince :one
SELECT EXISTS (SELECT 1 FROM trust_signals WHERE member_id = @member_id AND kind = @kind AND created_at >= @since)::boolean;

-- name: SignalAdd :exec
INSERT INTO trust_signals (tenant_id, member_id, kind, weight, message_ids, photo_hash_id, match_hash_id, distance, flag_id)
VALUES (@tenant_id, @member_id, @kind, @weight, @message_ids, sqlc.narg(photo_hash_id), sqlc.narg(match_hash_id), sqlc.narg(distance),
        (SELECT f.id FROM trust_flags f WHERE f.member_id = @member_id AND f.status = 'open'));

-- name: ScoreOf :one
-- A member's risk score: the weights of their signals no decision closed.
SELECT coalesce(sum(s.weight), 0)::integer FROM trust_signals s
LEFT JOIN trust_flags f ON f.id = s.flag_id
WHERE s.member_id = @member_id AND (s.flag_id IS NULL OR f.status = 'open');

-- name: FlagOpen :one
INSERT INTO trust_flags (tenant_id, member_id, score) VALUES (@tenant_id, @member_id, @score)
ON CONFLICT (member_id) WHERE status = 'open' DO UPDATE SET score = EXCLUDED.score
RETURNING id;

-- name: SignalsJoin :exec
UPDATE trust_signals SET flag_id = @flag_id WHERE member_id = @member_id AND flag_id IS NULL;

-- name: FlagsOpen :many
SELECT f.id, f.member_id, f.score, f.created_at, coalesce(p.name, '')::text AS name,
       (SELECT array_agg(DISTINCT s.kind ORDER BY s.kind) FROM trust_signals s WHERE s.flag_id = f.id)::text[] AS kinds
FROM trust_flags f
LEFT JOIN profiles p ON p.id = f.member_id
WHERE f.tenant_id = @tenant_id AND f.status = 'open'
ORDER BY f.score DESC, f.id
LIMIT 200;

-- name: FlagsOpenCount :one
SELECT count(*)::integer FROM trust_flags WHERE tenant_id = @tenant_id AND status = 'open';

-- name: FlagOf :one
SELECT f.id, f.member_id, f.score, f.status, f.created_at, f.decided_at, coalesce(p.name, '')::text AS name
FROM trust_flags f
LEFT JOIN profiles p ON p.id = f.member_id
WHERE f.id = @id AND f.tenant_id = @tenant_id;

-- name: SignalsOfFlag :many
SELECT id, kind, weight, message_ids, photo_hash_id, match_hash_id, distance, created_at
FROM trust_signals WHERE flag_id = @flag_id ORDER BY id;

-- name: MessagesByID :many
-- Only the flagged messages, never the rest of their conversations.
SELECT m.id, m.conversation_id, m.kind, m.body, m.photo_filename, m.created_at,
       (CASE WHEN c.member_lo = m.sender_id THEN c.member_hi ELSE c.member_lo END)::bigint AS recipient_id,
       coalesce(p.name, '')::text AS recipient_name
FROM messages m
JOIN conversations c ON c.id = m.conversation_id
LEFT JOIN profiles p ON p.id = (CASE WHEN c.member_lo = m.sender_id THEN c.member_hi ELSE c.member_lo END)
WHERE m.id = ANY(@ids::bigint[])
ORDER BY m.id;

-- name: PhotoHashesByID :many
SELECT h.id, h.member_id, h.tenant_id, h.filename, h.source, h.created_at, t.slug AS tenant, coalesce(p.name, '')::text AS name,
       (m.banned_at IS NOT NULL)::boolean AS banned
FROM photo_hashes h
JOIN tenants t ON t.id = h.tenant_id
JOIN members m ON m.id = h.member_id
LEFT JOIN profiles p ON p.id = h.member_id
WHERE h.id = ANY(@ids::bigint[]);

-- name: FlagDecide :one
UPDATE trust_flags SET status = @status, decided_at = now(), decided_by = sqlc.narg(decided_by)
WHERE id = @id AND tenant_id = @tenant_id AND status = 'open'
RETURNING id, member_id, score;

-- name: TrustPurgeMember :exec
-- A purged member's flags, signals, texts waiting for a check and photo
-- hashes go (the signals of other members that matched their photos go
-- with the hashes).
WITH flags AS (DELETE FROM trust_flags WHERE trust_flags.member_id = @member_id),
     signals AS (DELETE FROM trust_signals WHERE trust_signals.member_id = @member_id),
     texts AS (DELETE FROM trust_text_checks WHERE trust_text_checks.member_id = @member_id)
DELETE FROM photo_hashes WHERE photo_hashes.member_id = @member_id;

-- name: TextChecksTake :one
-- Takes the texts waiting for a member's check. A send adding its text
-- meanwhile is waited for and its text taken too; one adding it after
-- starts a new row and queues a new job.
DELETE FROM trust_text_checks WHERE member_id = @member_id RETURNING message_ids;
