-- name: LikeInsert :one
-- A like is given once per pair: a repeated like inserts nothing, and the
-- answer says whether this call gave it.
WITH ins AS (
    INSERT INTO likes (liker_id, liked_id, source, created_at)
    VALUES (@liker_id, @liked_id, @source, @created_at)
    ON CONFLICT DO NOTHING
    RETURNING 1
)
SELECT EXISTS (SELECT 1 FROM ins) AS inserted;

-- name: LikeExists :one
SELECT EXISTS (SELECT 1 FROM likes WHERE liker_id = @liker_id AND liked_id = @liked_id);

-- name: LikeTarget :one
-- Who receives a like: their tenant (whose keys sign the push) and whether
-- a person reads it at all.
SELECT m.tenant_id, m.is_house, p.name
FROM members m JOIN profiles p ON p.id = m.id
WHERE m.id = @id;

-- name: LikeListByLiker :many
-- The likes a member gave, newest first, with whether each is a match.
-- Only active profiles of the pool and nobody across a block.
SELECT l.liked_id AS id, l.created_at, l.source,
       EXISTS (SELECT 1 FROM likes b WHERE b.liker_id = l.liked_id AND b.liked_id = l.liker_id) AS is_match
FROM likes l
JOIN profiles p ON p.id = l.liked_id
WHERE l.liker_id = @member_id AND p.pool = @pool AND p.status = 'active'
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = l.liker_id AND b.blocked_id = l.liked_id)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = l.liked_id AND b.blocked_id = l.liker_id)
ORDER BY l.created_at DESC
LIMIT @max_rows;

-- name: LikeListByLiked :many
-- The likes a member received (liked-by), newest first.
SELECT l.liker_id AS id, l.like_new, l.created_at,
       EXISTS (SELECT 1 FROM likes b WHERE b.liker_id = l.liked_id AND b.liked_id = l.liker_id) AS is_match
FROM likes l
JOIN profiles p ON p.id = l.liker_id
WHERE l.liked_id = @member_id AND p.pool = @pool AND p.status = 'active'
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = l.liker_id AND b.blocked_id = l.liked_id)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = l.liked_id AND b.blocked_id = l.liker_id)
ORDER BY l.created_at DESC
LIMIT @max_rows;

-- name: LikeListMatches :many
-- Members who liked each other, the newest match first.
SELECT mine.liked_id AS id, greatest(mine.created_at, theirs.created_at)::timestamptz AS matched_at,
       theirs.like_new
FROM likes mine
JOIN likes theirs ON theirs.liker_id = mine.liked_id AND theirs.liked_id = mine.liker_id
JOIN profiles p ON p.id = mine.liked_id
WHERE mine.liker_id = @member_id AND p.pool = @pool AND p.status = 'active'
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = mine.liker_id AND b.blocked_id = mine.liked_id)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = mine.liked_id AND b.blocked_id = mine.liker_id)
ORDER BY matched_at DESC
LIMIT @max_rows;

-- name: LikeNewCount :one
-- The new-likes badge: likes received that the member has not looked at.
SELECT count(*)
FROM likes l
JOIN profiles p ON p.id = l.liker_id
WHERE l.liked_id = @member_id AND l.like_new AND p.pool = @pool AND p.status = 'active'
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = l.liker_id AND b.blocked_id = l.liked_id)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = l.liked_id AND b.blocked_id = l.liker_id);

-- name: LikeCardClaim :one
-- The liked member sees the card of profile's like: the first call claims
-- it (first_time), every later one finds it claimed, parallel ones wait on
-- the row lock. No row: no such like of a profile of the pool to the member.
WITH target AS (
    SELECT l.liker_id, l.liked_id, l.card_shown_at
    FROM likes l JOIN profiles p ON p.id = l.liker_id
    WHERE l.liker_id = @profile_id AND l.liked_id = @member_id AND p.pool = @pool
    FOR UPDATE OF l
), claimed AS (
    UPDATE likes l SET card_shown_at = @now::timestamptz
    FROM target t
    WHERE l.liker_id = t.liker_id AND l.liked_id = t.liked_id AND t.card_shown_at IS NULL
)
SELECT (t.card_shown_at IS NULL)::bool AS first_time FROM target t;

-- name: MatchCardClaim :one
-- The member sees the card of the match with profile, kept on the member's
-- own like of the pair (each side claims its own). No row: no such match
-- in the pool.
WITH target AS (
    SELECT mine.liker_id, mine.liked_id, mine.match_card_shown_at
    FROM likes mine JOIN profiles p ON p.id = mine.liked_id
    WHERE mine.liker_id = @member_id AND mine.liked_id = @profile_id AND p.pool = @pool
      AND EXISTS (SELECT 1 FROM likes theirs WHERE theirs.liker_id = @profile_id AND theirs.liked_id = @member_id)
    FOR UPDATE OF mine
), claimed AS (
    UPDATE likes l SET match_card_shown_at = @now::timestamptz
    FROM target t
    WHERE l.liker_id = t.liker_id AND l.liked_id = t.liked_id AND t.match_card_shown_at IS NULL
)
SELECT (t.match_card_shown_at IS NULL)::bool AS first_time FROM target t;

-- name: SwipeRecord :exec
-- A swipe decides a card once; a like given later over a pass wins.
INSERT INTO swipes (member_id, profile_id, action, created_at)
VALUES (@member_id, @profile_id, @action, @created_at)
ON CONFLICT (member_id, profile_id) DO UPDATE SET action = excluded.action
WHERE swipes.action = 'pass';

-- name: SwipeDayTake :one
-- Takes one of the day's swipe likes. With the limit reached no row is
-- returned. Parallel calls queue on the row lock and each re-checks the
-- count it finds, so they can never take more than @day_limit together.
INSERT INTO swipe_days AS d (member_id, day, likes) VALUES (@member_id, @day, 1)
ON CONFLICT (member_id, day) DO UPDATE SET likes = d.likes + 1
WHERE d.likes < @day_limit::int
RETURNING d.likes;

-- name: SwipeDayLikes :one
SELECT coalesce((SELECT likes FROM swipe_days WHERE member_id = @member_id AND day = @day), 0)::int AS likes;

-- name: SwipeCandidateList :many
-- The next cards of the swipe game: active visible profiles of the pool
-- with a photo, of the wanted gender, that the member has neither swiped
-- nor liked, most recently active first.
SELECT p.id
FROM profiles p
WHERE p.pool = @pool AND p.status = 'active' AND NOT p.invisible
  AND (sqlc.narg(gender)::text IS NULL OR p.gender = sqlc.narg(gender))
  AND p.id <> ALL (@excluded::bigint[])
  AND NOT EXISTS (SELECT 1 FROM swipes s WHERE s.member_id = @member_id AND s.profile_id = p.id)
  AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = @member_id AND l.liked_id = p.id)
  AND EXISTS (SELECT 1 FROM photos ph WHERE ph.profile_id = p.id AND ph.status = 'active')
ORDER BY p.last_active_at DESC, p.id DESC
LIMIT @max_rows;

-- name: DiscoveryMember :one
-- What suggestions are ranked by: the member's own profile.
SELECT p.pool, p.gender, p.seeking, p.date_of_birth, p.country, p.region
FROM profiles p WHERE p.id = @id;

-- name: MatchFinderList :many
-- Suggestions: the most recently active profiles of the wanted gender and
-- ages, plus the most recently active of the member's own region, ranked
-- by region, country, whether they seek the member's gender, and how
-- recently they were active. Both candidate sets are bounded index walks.
WITH args AS (
    SELECT @region::text AS region, @country::text AS country, @own_gender::text AS own_gender,
           @now::timestamptz AS now
), candidates AS (
    (SELECT p.id, p.country, p.region, p.seeking, p.last_active_at
     FROM profiles p
     WHERE p.pool = @pool AND p.status = 'active' AND NOT p.invisible
       AND (sqlc.narg(gender)::text IS NULL OR p.gender = sqlc.narg(gender))
       AND p.date_of_birth BETWEEN sqlc.arg(born_from)::date AND sqlc.arg(born_to)::date
       AND p.id <> ALL (sqlc.arg(excluded)::bigint[])
     ORDER BY p.last_active_at DESC, p.id DESC
     LIMIT 400)
    UNION
    (SELECT p.id, p.country, p.region, p.seeking, p.last_active_at
     FROM profiles p
     WHERE p.pool = @pool AND p.status = 'active' AND NOT p.invisible
       AND (sqlc.narg(gender)::text IS NULL OR p.gender = sqlc.narg(gender))
       AND p.country = (SELECT a.country FROM args a) AND p.region = (SELECT a.region FROM args a)
       AND (SELECT a.region FROM args a) <> ''
       AND p.date_of_birth BETWEEN sqlc.arg(born_from)::date AND sqlc.arg(born_to)::date
       AND p.id <> ALL (sqlc.arg(excluded)::bigint[])
     ORDER BY p.last_active_at DESC, p.id DESC
     LIMIT 200)
)
SELECT c.id
FROM candidates c, args a
WHERE NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = @member_id AND l.liked_id = c.id)
ORDER BY (CASE WHEN a.region <> '' AND c.region = a.region THEN 3 ELSE 0 END)
       + (CASE WHEN c.country = a.country THEN 1 ELSE 0 END)
       + (CASE WHEN c.seeking IN (a.own_gender, 'both') THEN 2 ELSE 0 END)
       + greatest(0, 3 - extract(epoch FROM (a.now - c.last_active_at)) / 604800)::float8 DESC,
         c.last_active_at DESC, c.id DESC
LIMIT @max_rows;

-- name: AutoLikeMember :one
-- Locks the member for an auto-like, so parallel calls cannot exceed the
-- day's auto-likes, and tells whom they seek.
SELECT p.seeking, p.pool
FROM members m JOIN profiles p ON p.id = m.id
WHERE m.id = @id
FOR UPDATE OF m;

-- name: AutoLikeCountSince :one
SELECT count(*) FROM likes WHERE liked_id = @member_id AND source = 'auto' AND created_at >= @since;

-- name: AutoLikePick :one
-- A house profile of the pool, of the gender the member seeks, with a
-- photo, that has not liked the member yet and is not across a block.
SELECT p.id
FROM members m
JOIN profiles p ON p.id = m.id
WHERE m.is_house AND p.pool = @pool AND p.status = 'active' AND p.id <> @member_id
  AND (sqlc.narg(gender)::text IS NULL OR p.gender = sqlc.narg(gender))
  AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = p.id AND l.liked_id = @member_id)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = p.id AND b.blocked_id = @member_id)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = @member_id AND b.blocked_id = p.id)
  AND EXISTS (SELECT 1 FROM photos ph WHERE ph.profile_id = p.id AND ph.status = 'active')
ORDER BY random()
LIMIT 1;

-- name: LikeOpened :exec
-- The liked member opened the liker's profile, which they could see: the
-- like is no longer new. Seeing it means what the likes lists require of
-- a liker (their profile active in the viewer's pool) and what the profile
-- view does (the liker did not block the viewer).
UPDATE likes l SET like_new = false
FROM profiles p
WHERE l.liker_id = @liker_id AND l.liked_id = @liked_id AND l.like_new
  AND p.id = l.liker_id AND p.pool = @pool AND p.status = 'active'
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = l.liker_id AND b.blocked_id = l.liked_id);

-- name: LikesPurge :exec
-- Likes given and received say whom a person fancied: personal data.
DELETE FROM likes WHERE liker_id = @member_id OR liked_id = @member_id;

-- name: SwipePurge :exec
-- A purged member's swipes, given and received.
DELETE FROM swipes WHERE member_id = @member_id OR profile_id = @member_id;

-- name: SwipeDayPurge :exec
DELETE FROM swipe_days WHERE member_id = @member_id;

