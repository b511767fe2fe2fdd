-- name: ProfileByID :one
SELECT * FROM profiles WHERE id = @id;

-- name: ProfileForView :one
-- The profile another member or a visitor opens, with what the view needs
-- from the member row.
SELECT p.*, m.is_house, m.tenant_id, m.account_kind
FROM profiles p
JOIN members m ON m.id = p.id
WHERE p.id = @id;

-- name: ProfileUpdate :exec
UPDATE profiles SET
    name = @name, gender = @gender, seeking = @seeking, sexuality = @sexuality,
    date_of_birth = @date_of_birth, country = @country, region = @region, city = @city,
    latitude = sqlc.narg(latitude), longitude = sqlc.narg(longitude),
    interests = @interests, hair_color = @hair_color, eye_color = @eye_color,
    body_type = @body_type, relationship_status = @relationship_status, tattoos = @tattoos,
    about_me = @about_me, invisible = @invisible, updated_at = now()
WHERE id = @id;

-- name: MemberEmail :one
SELECT email FROM members WHERE id = @id;

-- name: MemberLockForPhotos :one
-- Locks the member row for the rest of the transaction, so two uploads at
-- once cannot both see room for one more photo.
SELECT paid_user, is_house FROM members WHERE id = @id FOR UPDATE;

-- name: PhotoRoom :one
-- A lock-free first look at whether the member has room for a photo.
SELECT m.paid_user, m.is_house, (SELECT count(*) FROM photos p WHERE p.profile_id = m.id) AS photo_count
FROM members m WHERE m.id = @id;

-- name: InterestIDList :many
SELECT id FROM interests ORDER BY id;

-- name: PhotoListByProfile :many
SELECT * FROM photos WHERE profile_id = @profile_id ORDER BY position, id;

-- name: PhotoListByProfiles :many
-- Photos of many profiles at once (lists, demo checks), in display order.
SELECT * FROM photos WHERE profile_id = ANY(@profile_ids::bigint[]) ORDER BY profile_id, position, id;

-- name: PhotoCountByProfile :one
SELECT count(*) FROM photos WHERE profile_id = @profile_id;

-- name: PhotoInsert :one
-- A photo operators upload themselves (a house profile's) is reviewed as it
-- is made (@reviewed).
INSERT INTO photos (profile_id, filename, thumb_filename, status, position, width, height, reviewed_at)
VALUES (@profile_id, @filename, @thumb_filename, @status,
        (SELECT coalesce(max(position), 0) + 1 FROM photos WHERE profile_id = @profile_id),
        @width, @height, CASE WHEN @reviewed::boolean THEN now() END)
RETURNING *;

-- name: PhotoDelete :one
DELETE FROM photos WHERE id = @id AND profile_id = @profile_id
RETURNING id;

-- name: PhotoMakeFirst :execrows
-- Puts one photo before all others of its profile: it becomes the main one.
UPDATE photos p SET position = (SELECT min(o.position) - 1 FROM photos o WHERE o.profile_id = @profile_id)
WHERE p.id = @id AND p.profile_id = @profile_id;

-- name: PhotoReorder :execrows
UPDATE photos p SET position = o.ord
FROM unnest(@ids::bigint[]) WITH ORDINALITY AS o(id, ord)
WHERE p.id = o.id AND p.profile_id = @profile_id;

-- name: PhotoModerate :one
-- Operators approve, reject or take down a photo of one of the tenant's
-- members; the reason is kept for the member to see.
-- A photo leaving the queue records when (the dashboards' backlog), as does
-- the first decision on a photo shown without waiting for one (the brand
-- does not pre-moderate): the brand's marketing shows only reviewed photos.
UPDATE photos ph SET status = @status, reject_reason = @reject_reason,
    reviewed_at = CASE WHEN @status <> 'pending' AND (ph.status = 'pending' OR ph.reviewed_at IS NULL) THEN now()
                       ELSE ph.reviewed_at END
FROM members m
WHERE ph.id = @id AND m.id = ph.profile_id AND m.tenant_id = @tenant_id
RETURNING ph.*;

-- name: PhotoOfTenant :one
SELECT ph.* FROM photos ph JOIN members m ON m.id = ph.profile_id
WHERE ph.id = @id AND m.tenant_id = @tenant_id;

-- name: PhotoQueue :many
-- The console's photo queue: one tenant's members' photos of one status,
-- oldest first, with whose they are (name and birth date for the card).
SELECT ph.*, p.name AS profile_name, p.date_of_birth AS profile_date_of_birth
FROM photos ph
JOIN members m ON m.id = ph.profile_id
JOIN profiles p ON p.id = ph.profile_id
WHERE m.tenant_id = @tenant_id AND ph.status = @status AND ph.id > @after_id
ORDER BY ph.id
LIMIT @max_rows;

-- name: PhotosOfMembers :many
-- Every photo of some members, each member's in their order: the console
-- shows a photo waiting for a decision beside its owner's others.
SELECT * FROM photos WHERE profile_id = ANY(@member_ids::bigint[]) ORDER BY profile_id, position, id;

-- name: BlockInsert :exec
INSERT INTO blocks (blocker_id, blocked_id) VALUES (@blocker_id, @blocked_id)
ON CONFLICT DO NOTHING;

-- name: BlockDelete :exec
DELETE FROM blocks WHERE blocker_id = @blocker_id AND blocked_id = @blocked_id;

-- name: BlockListByBlocker :many
SELECT p.*
FROM blocks b
JOIN profiles p ON p.id = b.blocked_id
WHERE b.blocker_id = @blocker_id
ORDER BY b.created_at DESC;

-- name: BlockBetween :one
-- Both directions of blocking between a viewer and another member.
SELECT
    EXISTS (SELECT 1 FROM blocks b1 WHERE b1.blocker_id = @viewer_id AND b1.blocked_id = @other_id) AS viewer_blocked,
    EXISTS (SELECT 1 FROM blocks b2 WHERE b2.blocker_id = @other_id AND b2.blocked_id = @viewer_id) AS blocked_by_other;

-- name: ContactFacts :one
-- Everything the contact rules look at for a member (from) reaching out to
-- another (to), in one round trip.
SELECT
    t.name, t.pool, t.status, t.invisible,
    f.pool AS from_pool,
    EXISTS (SELECT 1 FROM blocks b1 WHERE b1.blocker_id = t.id AND b1.blocked_id = f.id) AS blocked_by_target,
    EXISTS (SELECT 1 FROM blocks b2 WHERE b2.blocker_id = f.id AND b2.blocked_id = t.id) AS target_blocked,
    EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = t.id AND l.liked_id = f.id) AS target_liked
FROM profiles t, profiles f
WHERE t.id = @to_id AND f.id = @from_id;

-- name: ComplaintInsert :one
INSERT INTO complaints (tenant_id, member_id, profile_id, category, name, email, message, message_id)
VALUES (@tenant_id, @member_id, @profile_id, @category, @name, @email, @message, @message_id)
RETURNING *;

-- name: ReportedMessage :one
-- A message a member reports: one of a conversation of theirs that they
-- still see (after what they cleared) as a member of the brand the
-- complaint is filed on, with who sent it.
SELECT msg.id, msg.sender_id, msg.photo_status
FROM messages msg
JOIN conversation_members cm ON cm.conversation_id = msg.conversation_id AND cm.member_id = @reporter_id
JOIN members r ON r.id = cm.member_id AND r.tenant_id = @tenant_id
WHERE msg.id = @id AND msg.id > cm.cleared_through;

-- name: ComplaintsReported :many
-- What complaints are about, for the console's list: who filed them (their
-- profile name), the profile they name with its first shown photo, and the
-- message they report.
SELECT c.id,
       coalesce(rp.name, '')::text AS reporter_name,
       coalesce(ap.name, '')::text AS profile_name,
       coalesce(ph.thumb_filename, '')::text AS profile_thumb,
       coalesce(msg.kind, '')::text AS message_kind,
       coalesce(msg.body, '')::text AS message_body,
       coalesce(msg.photo_thumb, '')::text AS message_photo_thumb,
       msg.created_at AS message_created_at,
       coalesce(msg.sender_id, 0)::bigint AS message_sender_id
FROM complaints c
LEFT JOIN profiles rp ON rp.id = c.member_id
LEFT JOIN profiles ap ON ap.id = c.profile_id
LEFT JOIN LATERAL (
    SELECT thumb_filename FROM photos WHERE profile_id = c.profile_id AND status = 'active' ORDER BY position, id LIMIT 1
) ph ON true
LEFT JOIN messages msg ON msg.id = c.message_id
WHERE c.id = ANY(@ids::bigint[]);

-- name: ComplaintListByMember :many
SELECT * FROM complaints WHERE member_id = @member_id ORDER BY created_at DESC LIMIT 50;

-- name: ComplaintListByTenant :many
-- The console's complaints of a tenant in one state, newest first.
SELECT * FROM complaints WHERE tenant_id = @tenant_id AND status = @status AND (@before_id::bigint = 0 OR id < @before_id)
ORDER BY id DESC LIMIT @max_rows;

-- name: ComplaintOfTenant :one
SELECT * FROM complaints WHERE id = @id AND tenant_id = @tenant_id;

-- name: ComplaintSetStatus :one
UPDATE complaints SET status = @status, updated_at = @now::timestamptz
WHERE id = @id AND tenant_id = @tenant_id RETURNING *;

-- name: AcrossBlocks :many
-- Members across a block from the member, either way: those they blocked
-- and those who blocked them. Search and discovery exclude them by id,
-- which keeps their plans plain index walks.
SELECT b1.blocked_id AS id FROM blocks b1 WHERE b1.blocker_id = @member_id
UNION
SELECT b2.blocker_id AS id FROM blocks b2 WHERE b2.blocked_id = @member_id;

-- The search queries share their filters (a NULL or false one matches
-- everything): search runs them with per-call plans (database.CustomPlans),
-- in which "NULL IS NULL OR ..." folds away and the matching index is
-- walked (00500_discovery.sql, 01930_search_distance.sql). online lists
-- the members with an open live stream; center is the searcher's place as
-- profile_place makes it and reach the radius as the straight line through
-- the unit sphere.

-- name: SearchPage :many
-- One page of search results, most recently active first, from @skip or
-- after the key (before_at, before_id) of the last member shown; only
-- those active before @active_until, the moment the first page was
-- loaded: who became active since then is found by SearchBecameActive.
SELECT p.id, p.last_active_at,
       (CASE WHEN @near::boolean THEN profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]) ELSE 0 END)::float8 AS chord
FROM profiles p
WHERE p.pool = @pool AND p.status = 'active' AND NOT p.invisible
  AND (sqlc.narg(gender)::text IS NULL OR p.gender = sqlc.narg(gender))
  AND (sqlc.narg(country)::text IS NULL OR p.country = sqlc.narg(country))
  AND (sqlc.narg(region)::text IS NULL OR p.region = sqlc.narg(region))
  AND p.date_of_birth BETWEEN @born_from::date AND @born_to::date
  AND p.id <> ALL (@excluded::bigint[])
  AND (NOT @online_only::boolean OR p.id = ANY (@online::bigint[]))
  AND (NOT @with_photo::boolean OR EXISTS (SELECT 1 FROM photos x WHERE x.profile_id = p.id AND x.status = 'active'))
  AND (sqlc.narg(joined_since)::timestamptz IS NULL OR p.created_at >= sqlc.narg(joined_since))
  AND (NOT @near::boolean OR (profile_place(p.latitude, p.longitude) <@ cube_enlarge(cube(@center::float8[]), @reach::float8, 3)
                              AND profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]) <= @reach::float8))
  AND (sqlc.narg(before_at)::timestamptz IS NULL OR (p.last_active_at, p.id) < (sqlc.narg(before_at), @before_id::bigint))
ORDER BY p.last_active_at DESC, p.id DESC
LIMIT @max_rows OFFSET @skip;

-- name: SearchNearActive :many
-- The first pages of a search within a radius, most recently active first
-- (SearchPage without a key): the radius's members are all read to be
-- ordered, so they are counted in the same read (matches), and the search
-- needs no count of its own.
SELECT p.id, p.last_active_at,
       (profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]))::float8 AS chord,
       count(*) OVER () AS matches
FROM profiles p
WHERE p.pool = @pool AND p.status = 'active' AND NOT p.invisible
  AND (sqlc.narg(gender)::text IS NULL OR p.gender = sqlc.narg(gender))
  AND (sqlc.narg(country)::text IS NULL OR p.country = sqlc.narg(country))
  AND (sqlc.narg(region)::text IS NULL OR p.region = sqlc.narg(region))
  AND p.date_of_birth BETWEEN @born_from::date AND @born_to::date
  AND p.id <> ALL (@excluded::bigint[])
  AND (NOT @online_only::boolean OR p.id = ANY (@online::bigint[]))
  AND (NOT @with_photo::boolean OR EXISTS (SELECT 1 FROM photos x WHERE x.profile_id = p.id AND x.status = 'active'))
  AND (sqlc.narg(joined_since)::timestamptz IS NULL OR p.created_at >= sqlc.narg(joined_since))
  AND profile_place(p.latitude, p.longitude) <@ cube_enlarge(cube(@center::float8[]), @reach::float8, 3)
  AND profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]) <= @reach::float8
ORDER BY p.last_active_at DESC, p.id DESC
LIMIT @max_rows OFFSET @skip;

-- name: SearchBecameActive :many
-- The members who became active since the first page of a search was
-- loaded and were not shown yet: they lead the next page, so a member
-- moving up the list while someone pages is neither skipped nor repeated.
SELECT p.id, p.last_active_at,
       (CASE WHEN @near::boolean THEN profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]) ELSE 0 END)::float8 AS chord
FROM profiles p
WHERE p.pool = @pool AND p.status = 'active' AND NOT p.invisible
  AND (sqlc.narg(gender)::text IS NULL OR p.gender = sqlc.narg(gender))
  AND (sqlc.narg(country)::text IS NULL OR p.country = sqlc.narg(country))
  AND (sqlc.narg(region)::text IS NULL OR p.region = sqlc.narg(region))
  AND p.date_of_birth BETWEEN @born_from::date AND @born_to::date
  AND p.id <> ALL (@excluded::bigint[])
  AND (NOT @online_only::boolean OR p.id = ANY (@online::bigint[]))
  AND (NOT @with_photo::boolean OR EXISTS (SELECT 1 FROM photos x WHERE x.profile_id = p.id AND x.status = 'active'))
  AND (sqlc.narg(joined_since)::timestamptz IS NULL OR p.created_at >= sqlc.narg(joined_since))
  AND (NOT @near::boolean OR (profile_place(p.latitude, p.longitude) <@ cube_enlarge(cube(@center::float8[]), @reach::float8, 3)
                              AND profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]) <= @reach::float8))
  AND p.last_active_at > @since::timestamptz AND p.id <> ALL (@shown::bigint[])
ORDER BY p.last_active_at DESC, p.id DESC
LIMIT @max_rows;

-- name: SearchNewest :many
-- One page of search results, newest members first, after the key
-- (before_at, before_id) of the last member shown.
SELECT p.id, p.created_at,
       (CASE WHEN @near::boolean THEN profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]) ELSE 0 END)::float8 AS chord
FROM profiles p
WHERE p.pool = @pool AND p.status = 'active' AND NOT p.invisible
  AND (sqlc.narg(gender)::text IS NULL OR p.gender = sqlc.narg(gender))
  AND (sqlc.narg(country)::text IS NULL OR p.country = sqlc.narg(country))
  AND (sqlc.narg(region)::text IS NULL OR p.region = sqlc.narg(region))
  AND p.date_of_birth BETWEEN @born_from::date AND @born_to::date
  AND p.id <> ALL (@excluded::bigint[])
  AND (NOT @online_only::boolean OR p.id = ANY (@online::bigint[]))
  AND (NOT @with_photo::boolean OR EXISTS (SELECT 1 FROM photos x WHERE x.profile_id = p.id AND x.status = 'active'))
  AND (sqlc.narg(joined_since)::timestamptz IS NULL OR p.created_at >= sqlc.narg(joined_since))
  AND (NOT @near::boolean OR (profile_place(p.latitude, p.longitude) <@ cube_enlarge(cube(@center::float8[]), @reach::float8, 3)
                              AND profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]) <= @reach::float8))
  AND (sqlc.narg(before_at)::timestamptz IS NULL OR (p.created_at, p.id) < (sqlc.narg(before_at), @before_id::bigint))
ORDER BY p.created_at DESC, p.id DESC
LIMIT @max_rows OFFSET @skip;

-- name: SearchNearest :many
-- One page of search results, nearest first, after the key
-- (after_chord, after_id) of the last member shown: the place index is
-- walked from the searcher outwards, inside the radius's box, and the
-- walk stops after a page. The order is by distance alone, as the walk
-- gives it: positions
-- are spread (located), so two members are hardly ever equally far, and
-- the key's id keeps a tie from repeating a member all the same.
SELECT p.id, (profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]))::float8 AS chord
FROM profiles p
WHERE p.pool = @pool AND p.status = 'active' AND NOT p.invisible
  AND (sqlc.narg(gender)::text IS NULL OR p.gender = sqlc.narg(gender))
  AND (sqlc.narg(country)::text IS NULL OR p.country = sqlc.narg(country))
  AND (sqlc.narg(region)::text IS NULL OR p.region = sqlc.narg(region))
  AND p.date_of_birth BETWEEN @born_from::date AND @born_to::date
  AND p.id <> ALL (@excluded::bigint[])
  AND (NOT @online_only::boolean OR p.id = ANY (@online::bigint[]))
  AND (NOT @with_photo::boolean OR EXISTS (SELECT 1 FROM photos x WHERE x.profile_id = p.id AND x.status = 'active'))
  AND (sqlc.narg(joined_since)::timestamptz IS NULL OR p.created_at >= sqlc.narg(joined_since))
  AND (NOT @near::boolean OR (profile_place(p.latitude, p.longitude) <@ cube_enlarge(cube(@center::float8[]), @reach::float8, 3)
                              AND profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]) <= @reach::float8))
  AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL
  AND (sqlc.narg(after_chord)::float8 IS NULL
       OR (profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]), p.id) > (sqlc.narg(after_chord)::float8, @after_id::bigint))
ORDER BY profile_place(p.latitude, p.longitude) <-> cube(@center::float8[])
LIMIT @max_rows OFFSET @skip;

-- name: SearchCount :one
-- How many profiles match, counted up to @cap only: an exact count of a
-- large pool would read all of it, and nobody pages that far. The order
-- makes the count walk the same index as the page, so it never reads the
-- table when the filters match few rows.
SELECT count(*) FROM (
    SELECT 1
    FROM profiles p
    WHERE p.pool = @pool AND p.status = 'active' AND NOT p.invisible
      AND (sqlc.narg(gender)::text IS NULL OR p.gender = sqlc.narg(gender))
      AND (sqlc.narg(country)::text IS NULL OR p.country = sqlc.narg(country))
      AND (sqlc.narg(region)::text IS NULL OR p.region = sqlc.narg(region))
      AND p.date_of_birth BETWEEN @born_from::date AND @born_to::date
      AND p.id <> ALL (@excluded::bigint[])
      AND (NOT @online_only::boolean OR p.id = ANY (@online::bigint[]))
      AND (NOT @with_photo::boolean OR EXISTS (SELECT 1 FROM photos x WHERE x.profile_id = p.id AND x.status = 'active'))
      AND (sqlc.narg(joined_since)::timestamptz IS NULL OR p.created_at >= sqlc.narg(joined_since))
      AND (NOT @near::boolean OR (profile_place(p.latitude, p.longitude) <@ cube_enlarge(cube(@center::float8[]), @reach::float8, 3)
                                  AND profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]) <= @reach::float8))
    ORDER BY p.last_active_at DESC, p.id DESC
    LIMIT @cap
) s;

-- name: SearchCountNear :one
-- SearchCount of a search within a radius: the place index finds the
-- members in the radius's box, and the count stops at @cap without
-- ordering them first.
SELECT count(*) FROM (
    SELECT 1
    FROM profiles p
    WHERE p.pool = @pool AND p.status = 'active' AND NOT p.invisible
      AND (sqlc.narg(gender)::text IS NULL OR p.gender = sqlc.narg(gender))
      AND (sqlc.narg(country)::text IS NULL OR p.country = sqlc.narg(country))
      AND (sqlc.narg(region)::text IS NULL OR p.region = sqlc.narg(region))
      AND p.date_of_birth BETWEEN @born_from::date AND @born_to::date
      AND p.id <> ALL (@excluded::bigint[])
      AND (NOT @online_only::boolean OR p.id = ANY (@online::bigint[]))
      AND (NOT @with_photo::boolean OR EXISTS (SELECT 1 FROM photos x WHERE x.profile_id = p.id AND x.status = 'active'))
      AND (sqlc.narg(joined_since)::timestamptz IS NULL OR p.created_at >= sqlc.narg(joined_since))
      AND (NOT @near::boolean OR (profile_place(p.latitude, p.longitude) <@ cube_enlarge(cube(@center::float8[]), @reach::float8, 3)
                                  AND profile_place(p.latitude, p.longitude) <-> cube(@center::float8[]) <= @reach::float8))
    LIMIT @cap
) s;

-- name: ProfileSearcher :one
-- Who searches: whom they seek (the gender searched when the search names
-- none) and where they are (for a distance search from their place).
SELECT seeking, latitude, longitude, country, region, city FROM profiles WHERE id = @id;

-- name: ProfileCardList :many
-- The cards of many profiles (search results, likes lists) with each one's
-- main photo: the first active one in the member's order (with
-- @reviewed_only, the brand's marketing, the first one operators reviewed).
SELECT p.id, p.pool, p.name, p.gender, p.date_of_birth, p.country, p.region, p.city, p.status, p.last_active_at,
       p.invisible, m.is_house,
       coalesce(ph.filename, '')::text AS photo_filename, coalesce(ph.thumb_filename, '')::text AS photo_thumb,
       coalesce(ph.id, 0)::bigint AS photo_id, coalesce(ph.width, 0)::int AS photo_width,
       coalesce(ph.height, 0)::int AS photo_height
FROM profiles p
JOIN members m ON m.id = p.id
LEFT JOIN LATERAL (
    SELECT x.id, x.filename, x.thumb_filename, x.width, x.height FROM photos x
    WHERE x.profile_id = p.id AND x.status = 'active' AND (NOT @reviewed_only::boolean OR x.reviewed_at IS NOT NULL)
    ORDER BY x.position, x.id LIMIT 1
) ph ON true
WHERE p.id = ANY (@ids::bigint[]);

-- name: ProfileInsert :exec
-- Signup creates the member's profile in the same transaction as the member;
-- it stays disabled until the email address is confirmed.
INSERT INTO profiles (id, pool, name, gender, seeking, date_of_birth, country, region, city,
                      latitude, longitude, status, last_active_at, created_at, updated_at)
VALUES (@id, @pool, @name, @gender, @seeking, @date_of_birth, @country, @region, @city,
        sqlc.narg(latitude), sqlc.narg(longitude), 'disabled', @now, @now, @now);

-- name: ProfileSetStatus :exec
-- Moves a profile between statuses only from the one expected, so
-- activating never shows a hidden (deletion-pending) profile.
UPDATE profiles SET status = @to_status, updated_at = @now
WHERE id = @id AND status = ANY (@from_statuses::text[]);

-- name: ProfileActive :exec
-- The member was active: search and the match finder rank by this.
UPDATE profiles SET last_active_at = now() WHERE id = @id;

-- name: ComplaintsForgetFiler :exec
-- A purged member's complaints stay for the profiles they were about, but
-- no longer name who filed them.
UPDATE complaints SET member_id = NULL, name = '', email = '' WHERE member_id = @member_id::bigint;

-- name: ProfileDelete :exec
DELETE FROM profiles WHERE id = @id;

-- name: BlocksPurge :exec
-- Blocks a purged member made and received.
DELETE FROM blocks WHERE blocker_id = @member_id OR blocked_id = @member_id;

-- name: ModerationPerDay :many
-- The operators' dashboards: a tenant's moderation backlog at the end of
-- each day of its time zone (photos waiting for a decision, complaints not
-- yet resolved) and what arrived that day. A photo waited from its upload
-- until reviewed_at; a resolved complaint from its filing until its last
-- change (updated_at).
WITH dates AS (
    SELECT d::date AS day FROM generate_series(@first_day::date, @last_day::date, interval '1 day') AS d
), days AS (
    SELECT day, day::timestamp AT TIME ZONE @zone::text AS day_start,
           (day + 1)::timestamp AT TIME ZONE @zone::text AS day_end
    FROM dates
), waiting_photos AS (
    SELECT ph.created_at, ph.status, ph.reviewed_at
    FROM photos ph JOIN members m ON m.id = ph.profile_id
    WHERE m.tenant_id = @tenant_id AND ph.created_at < @until::timestamptz
      AND (ph.status = 'pending' OR ph.reviewed_at >= @since::timestamptz)
), open_complaints AS (
    SELECT c.created_at, c.status, c.updated_at
    FROM complaints c
    WHERE c.tenant_id = @tenant_id AND c.created_at < @until::timestamptz
      AND (c.status <> 'resolved' OR c.updated_at >= @since::timestamptz)
)
SELECT days.day::text AS day,
    (SELECT count(*) FROM waiting_photos w
     WHERE w.created_at < days.day_end AND (w.status = 'pending' OR w.reviewed_at >= days.day_end))::bigint AS photos_pending,
    (SELECT count(*) FROM waiting_photos w
     WHERE w.created_at >= days.day_start AND w.created_at < days.day_end)::bigint AS photos_submitted,
    (SELECT count(*) FROM open_complaints c
     WHERE c.created_at < days.day_end AND (c.status <> 'resolved' OR c.updated_at >= days.day_end))::bigint AS complaints_open,
    (SELECT count(*) FROM complaints c
     WHERE c.tenant_id = @tenant_id AND c.created_at >= days.day_start AND c.created_at < days.day_end)::bigint AS complaints_filed
FROM days
ORDER BY days.day;

-- name: ModerationBacklogNow :one
-- A tenant's moderation backlog right now.
SELECT
    (SELECT count(*) FROM photos ph JOIN members m ON m.id = ph.profile_id
     WHERE m.tenant_id = @tenant_id AND ph.status = 'pending')::bigint AS photos_pending,
    (SELECT count(*) FROM complaints c WHERE c.tenant_id = @tenant_id AND c.status = 'open')::bigint AS complaints_open,
    (SELECT count(*) FROM complaints c WHERE c.tenant_id = @tenant_id AND c.status = 'in_progress')::bigint AS complaints_in_progress;

-- name: HouseProfileList :many
-- A tenant's house profiles for the operators' console, every status, by
-- name, with each one's main photo (the first active one).
SELECT p.*,
       coalesce(ph.id, 0)::bigint AS photo_id,
       coalesce(ph.filename, '')::text AS photo_filename, coalesce(ph.thumb_filename, '')::text AS photo_thumb,
       coalesce(ph.width, 0)::int AS photo_width, coalesce(ph.height, 0)::int AS photo_height
FROM profiles p
JOIN members m ON m.id = p.id AND m.is_house AND m.tenant_id = @tenant_id
LEFT JOIN LATERAL (
    SELECT x.id, x.filename, x.thumb_filename, x.width, x.height FROM photos x
    WHERE x.profile_id = p.id AND x.status = 'active' ORDER BY x.position, x.id LIMIT 1
) ph ON true
ORDER BY p.name, p.id;

-- name: HouseProfileOfTenant :one
-- Locks a house profile of the tenant for a change from the console; no
-- row for members, other tenants' house profiles and unknown ids.
SELECT p.* FROM profiles p
JOIN members m ON m.id = p.id AND m.is_house AND m.tenant_id = @tenant_id
WHERE p.id = @id
FOR UPDATE OF p;

-- name: HouseProfileInsert :exec
-- A house profile made in the console: complete and shown at once.
INSERT INTO profiles (id, pool, name, gender, seeking, sexuality, date_of_birth, country, region, city,
                      latitude, longitude,
                      interests, hair_color, eye_color, body_type, relationship_status, tattoos, about_me,
                      status, last_active_at, created_at, updated_at)
VALUES (@id, @pool, @name, @gender, @seeking, @sexuality, @date_of_birth, @country, @region, @city,
        sqlc.narg(latitude), sqlc.narg(longitude),
        @interests, @hair_color, @eye_color, @body_type, @relationship_status, @tattoos, @about_me,
        'active', @now, @now, @now);

-- name: TeaserPage :many
-- The members a logged-out visitor sees on a brand's home page: active,
-- visible members of the pool with a photo operators reviewed, never a
-- test or staff account, most recently active first (the same index walk
-- as an unfiltered search).
SELECT p.id
FROM profiles p
JOIN members m ON m.id = p.id
WHERE p.pool = @pool AND p.status = 'active' AND NOT p.invisible AND m.account_kind = 'member'
  AND EXISTS (SELECT 1 FROM photos x WHERE x.profile_id = p.id AND x.status = 'active' AND x.reviewed_at IS NOT NULL)
ORDER BY p.last_active_at DESC, p.id DESC
LIMIT @max_rows;

-- name: MarkedMemberIDs :many
-- The test and staff accounts of a pool, which search leaves out by id
-- (they are few; the search's own index walk stays as it is).
SELECT m.id
FROM members m
JOIN profiles p ON p.id = m.id
WHERE m.account_kind <> 'member' AND p.pool = @pool;

-- name: VisitRecord :exec
-- A member opened another member's profile: one visit per visitor, profile
-- and day (of the tenant's time zone, the caller's). House profiles (the operators
-- answering as them) leave no visits.
INSERT INTO profile_visits (visited_id, visitor_id, day, visited_at)
SELECT @visited_id, @visitor_id, @day::date, @visited_at
WHERE NOT EXISTS (SELECT 1 FROM members WHERE id = @visitor_id AND is_house)
ON CONFLICT DO NOTHING;

-- name: VisitsTrim :execrows
-- Visits older than the cutoff: nothing reads them any more (the weekly
-- update counts the last week's). At most @max_rows per call, oldest
-- first, so one run never holds a long lock.
DELETE FROM profile_visits v
WHERE (v.visited_id, v.day, v.visitor_id) IN (
    SELECT o.visited_id, o.day, o.visitor_id FROM profile_visits o
    WHERE o.visited_at < @cutoff ORDER BY o.visited_at LIMIT @max_rows
);

-- name: VisitsPurge :exec
-- The visits a purged member made and received.
DELETE FROM profile_visits WHERE visitor_id = @member_id OR visited_id = @member_id;

-- name: NoteGet :one
SELECT body, updated_at FROM profile_notes
WHERE writer_id = @writer_id AND profile_id = @profile_id;

-- name: NoteUpsert :one
INSERT INTO profile_notes (writer_id, profile_id, body) VALUES (@writer_id, @profile_id, @body)
ON CONFLICT (writer_id, profile_id) DO UPDATE SET body = EXCLUDED.body, updated_at = now()
RETURNING body, updated_at;

-- name: NoteDelete :exec
DELETE FROM profile_notes WHERE writer_id = @writer_id AND profile_id = @profile_id;

-- name: NotesPurge :exec
-- Notes a purged member wrote and notes others kept on their profile.
DELETE FROM profile_notes WHERE writer_id = @member_id OR profile_id = @member_id;

-- name: LanderPage :many
-- The members an affiliate lander shows for a niche (engine/landerpages):
-- active, visible members of the pool with a photo operators reviewed, whose
-- account is active, neither banned nor suspended, nor a test or staff
-- account, of the niche's
-- gender (any when empty), sexualities (any when empty), age band and body
-- types (any when empty). Of the 200 most recently active of them (the
-- index walk of an unfiltered search, bounded however large the pool),
-- those sharing most of the niche's interests come first.
SELECT c.id
FROM (
    SELECT p.id, p.interests, p.last_active_at
    FROM profiles p
    JOIN members m ON m.id = p.id
    WHERE p.pool = @pool AND p.status = 'active' AND NOT p.invisible
      AND m.status = 'active' AND m.banned_at IS NULL AND (m.suspended_until IS NULL OR m.suspended_until < now())
      AND m.account_kind = 'member'
      AND (@gender::text = '' OR p.gender = @gender::text)
      AND (cardinality(@sexualities::text[]) = 0 OR p.sexuality = ANY (@sexualities::text[]))
      AND (cardinality(@body_types::text[]) = 0 OR p.body_type = ANY (@body_types::text[]))
      AND p.date_of_birth >= @born_from::date AND p.date_of_birth <= @born_to::date
      AND EXISTS (SELECT 1 FROM photos x WHERE x.profile_id = p.id AND x.status = 'active' AND x.reviewed_at IS NOT NULL)
    ORDER BY p.last_active_at DESC, p.id DESC
    LIMIT 200
) c
ORDER BY cardinality(ARRAY(SELECT unnest(c.interests) INTERSECT SELECT unnest(@interests::smallint[]))) DESC,
         c.last_active_at DESC, c.id DESC
LIMIT @max_rows;

-- name: ProfilesDemoHide :execrows
-- A start without --demo: the demo's members' active profiles are hidden.
UPDATE profiles SET status = 'hidden', demo_hidden = true, updated_at = @now::timestamptz
WHERE status = 'active' AND id IN (SELECT id FROM members WHERE demo);

-- name: ProfilesDemoShow :execrows
-- A start with --demo: the profiles a start without it hid are shown again.
UPDATE profiles SET status = 'active', demo_hidden = false, updated_at = @now::timestamptz
WHERE demo_hidden;

-- name: ComplaintsByOrAbout :many
-- The console's member page: a tenant's complaints filed by a member or
-- about their profile, newest first (complaints_member, complaints_profile).
SELECT * FROM complaints
WHERE tenant_id = @tenant_id AND (member_id = @member_id OR profile_id = @member_id)
ORDER BY created_at DESC, id DESC
LIMIT 100;

-- name: ProfilesUnplaced :many
-- Profiles saved before positions were stored, from id @after on: the
-- place job locates them (LocateUnplaced).
SELECT id, country, region, city FROM profiles
WHERE latitude IS NULL AND id > @after
ORDER BY id
LIMIT @max_rows;

-- name: ProfilesPlace :exec
-- Stores the positions the place job found, unless a save stored one
-- meanwhile.
UPDATE profiles p SET latitude = u.lat, longitude = u.lon
FROM (SELECT unnest(@ids::bigint[]) AS id, unnest(@lats::float8[]) AS lat, unnest(@lons::float8[]) AS lon) u
WHERE p.id = u.id AND p.latitude IS NULL;
