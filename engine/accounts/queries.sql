-- name: MemberByID :one
SELECT * FROM members WHERE id = @id;

-- name: MemberByEmail :one
SELECT * FROM members
WHERE tenant_id = @tenant_id AND lower(email) = lower(@email) AND status <> 'deleted' AND NOT is_house;

-- name: MemberSeen :exec
-- Called at most once a minute per member, so it costs little. The
-- session the member was seen on is marked too (its last seen).
WITH seen_on AS (UPDATE sessions SET last_seen_at = now() WHERE token = @token AND member_id = @id)
UPDATE members SET last_seen_at = now() WHERE id = @id;

-- name: MemberEmailTaken :one
-- House profiles count too: the unique index covers every member not deleted.
SELECT EXISTS (
    SELECT 1 FROM members
    WHERE tenant_id = @tenant_id AND lower(email) = lower(@email) AND status <> 'deleted' AND id <> @except_id
) AS taken;

-- name: MemberInsert :one
INSERT INTO members (tenant_id, email, password_hash, status, language, tracking,
                     signup_profile_id, signup_message, signup_date, last_seen_at, signup_ip,
                     notification_types_disabled)
VALUES (@tenant_id, @email, @password_hash, 'not_confirmed', @language, @tracking,
        sqlc.narg(signup_profile_id), @signup_message, @now, @now, sqlc.narg(signup_ip)::inet,
        @types_disabled::text[])
RETURNING *;

-- name: ProfileInPool :one
SELECT EXISTS (SELECT 1 FROM profiles WHERE id = @id AND pool = @pool AND status = 'active') AS found;

-- name: TokenInsert :exec
INSERT INTO account_tokens (member_id, kind, token_hash, new_email, created_at, expires_at)
VALUES (@member_id, @kind, @token_hash, @new_email, @now, @expires_at);

-- name: TokenUse :one
-- Uses a token once: only an unused, unexpired token of a member of this
-- tenant matches, and the UPDATE's row lock makes a second use find nothing.
UPDATE account_tokens t SET used_at = @now::timestamptz
FROM members m
WHERE t.token_hash = @token_hash AND t.kind = @kind AND t.used_at IS NULL AND t.expires_at > @now
  AND m.id = t.member_id AND m.tenant_id = @tenant_id
RETURNING t.member_id, t.new_email;

-- name: TokenValid :one
-- Whether TokenUse would find the token, without using it.
SELECT EXISTS (
    SELECT 1 FROM account_tokens t JOIN members m ON m.id = t.member_id
    WHERE t.token_hash = @token_hash AND t.kind = @kind AND t.used_at IS NULL AND t.expires_at > @now::timestamptz
      AND m.tenant_id = @tenant_id
);

-- name: TokensSince :one
SELECT count(*) FROM account_tokens WHERE member_id = @member_id AND kind = @kind AND created_at >= @since;

-- name: TokensRetire :exec
UPDATE account_tokens SET used_at = @now::timestamptz WHERE member_id = @member_id AND kind = @kind AND used_at IS NULL;

-- name: TokensDelete :exec
DELETE FROM account_tokens WHERE member_id = @member_id;

-- name: PendingEmails :many
SELECT new_email FROM account_tokens
WHERE member_id = @member_id AND kind = 'mail_change' AND used_at IS NULL AND expires_at > @now
ORDER BY id DESC LIMIT 1;

-- name: MemberLock :one
-- Serialises a member's requests that count toward a daily limit.
SELECT * FROM members WHERE id = @id FOR UPDATE;

-- name: MemberActivate :execrows
UPDATE members SET status = 'active', activated_at = @now::timestamptz WHERE id = @id AND status = 'not_confirmed';

-- name: MemberSetPassword :one
-- Bumping the epoch ends every session made with the old password.
UPDATE members SET password_hash = @password_hash, session_epoch = session_epoch + 1
WHERE id = @id RETURNING session_epoch;

-- name: MemberSetEmail :exec
-- A new address has not bounced nor complained yet; a list-unsubscribe stays.
UPDATE members
SET email = @email,
    notifications_disabled = array_remove(array_remove(notifications_disabled, 'bounce'), 'fbl')
WHERE id = @id;

-- name: MemberSetLanguage :exec
UPDATE members SET language = @language WHERE id = @id;

-- name: MemberRequestDeletion :execrows
-- Moving the epoch on ends every session of the member, on every device,
-- and with them their live streams.
UPDATE members SET status = 'deletion_pending', deletion_requested_at = @now::timestamptz,
    session_epoch = session_epoch + 1
WHERE id = @id AND status IN ('active', 'not_confirmed');

-- name: MemberReactivate :execrows
-- The member proved the address by the mailed link, so the account is active.
UPDATE members SET status = 'active', deletion_requested_at = NULL
WHERE id = @id AND status = 'deletion_pending';

-- name: MembersDueForPurge :many
SELECT id FROM members
WHERE status = 'deletion_pending' AND deletion_requested_at <= @cutoff::timestamptz
ORDER BY deletion_requested_at LIMIT @max_rows;

-- name: MemberLockForPurge :one
-- SKIP LOCKED lets two purge jobs share the work without waiting.
SELECT id FROM members
WHERE id = @id AND status = 'deletion_pending' AND deletion_requested_at <= @cutoff::timestamptz
FOR UPDATE SKIP LOCKED;

-- name: MemberPurge :exec
-- Keeps the row (ledger rows, orders and affiliate tracking point at it for
-- accounting) but nothing that identifies the person.
UPDATE members
SET email = 'deleted-' || id || '@deleted.invalid', password_hash = '', status = 'deleted',
    notifications_disabled = '{}', notification_types_disabled = '{}', signup_message = '',
    signup_profile_id = NULL, session_epoch = session_epoch + 1, purged_at = @now::timestamptz,
    signup_ip = NULL, last_login_ip = NULL, last_login_at = NULL
WHERE id = @id;

-- name: MemberSetNotificationTypes :exec
UPDATE members SET notification_types_disabled = @types::text[] WHERE id = @id;

-- name: MemberDisableEmail :execrows
-- Webhooks name the address; every account of the tenant with it stops
-- getting bulk mail. A reason is listed once.
UPDATE members SET notifications_disabled = array_append(notifications_disabled, @reason::text)
WHERE tenant_id = @tenant_id AND lower(email) = lower(@email) AND status <> 'deleted'
  AND NOT (@reason::text = ANY (notifications_disabled));

-- name: MemberDisableEmailByID :exec
UPDATE members SET notifications_disabled = array_append(notifications_disabled, @reason::text)
WHERE id = @id AND NOT (@reason::text = ANY (notifications_disabled));

-- name: MemberEnableEmail :exec
UPDATE members SET notifications_disabled = '{}' WHERE id = @id;

-- name: LoginBlocks :many
SELECT subject, blocked_until FROM login_blocks
WHERE tenant_id = @tenant_id AND subject = ANY (@subjects::text[]) AND blocked_until > @now;

-- name: LoginSubjectLock :exec
-- Serialises the login attempts on one subject, on every engine instance,
-- until the transaction ends: an attempt is counted and checked against
-- the others' count as one step.
SELECT pg_advisory_xact_lock(hashtextextended('login:' || @tenant_id::bigint || ':' || @subject::text, 0));

-- name: LoginFailureInsert :one
-- A login attempt, counted as a failure until it proves otherwise.
INSERT INTO login_failures (tenant_id, subject, failed_at) VALUES (@tenant_id, @subject, @now) RETURNING id;

-- name: LoginFailuresDelete :exec
-- Takes back the attempts of a login that succeeded.
DELETE FROM login_failures WHERE id = ANY (@ids::bigint[]);

-- name: LoginFailuresClearMember :exec
-- A member's failures from every address ('member:<id>@<address>' subjects),
-- and those counted for the whole account before blocks were per address.
DELETE FROM login_failures WHERE tenant_id = @tenant_id
  AND (subject = @member_subject::text OR starts_with(subject, @member_subject::text || '@'));

-- name: LoginBlocksClearMember :exec
-- A member's blocks on every address (and a whole-account block of before).
DELETE FROM login_blocks WHERE tenant_id = @tenant_id
  AND (subject = @member_subject::text OR starts_with(subject, @member_subject::text || '@'));

-- name: LoginFailuresSince :one
SELECT count(*) FROM login_failures WHERE tenant_id = @tenant_id AND subject = @subject AND failed_at > @since;

-- name: LoginFailuresClear :exec
DELETE FROM login_failures WHERE tenant_id = @tenant_id AND subject = @subject;

-- name: LoginBlockSet :exec
INSERT INTO login_blocks (tenant_id, subject, blocked_until) VALUES (@tenant_id, @subject, @blocked_until)
ON CONFLICT (tenant_id, subject) DO UPDATE SET blocked_until = excluded.blocked_until;

-- name: LoginBlockClear :exec
DELETE FROM login_blocks WHERE tenant_id = @tenant_id AND subject = @subject;

-- name: AlertDismiss :exec
INSERT INTO alert_dismissals (member_id, alert, dismissed_at) VALUES (@member_id, @alert, @now)
ON CONFLICT (member_id, alert) DO UPDATE SET dismissed_at = excluded.dismissed_at;

-- name: AlertDismissals :many
SELECT alert, dismissed_at FROM alert_dismissals WHERE member_id = @member_id ORDER BY alert;

-- name: AlertDismissalForget :exec
DELETE FROM alert_dismissals WHERE member_id = @member_id AND alert = @alert;

-- name: AlertDismissalsDelete :exec
DELETE FROM alert_dismissals WHERE member_id = @member_id;

-- name: SigningKeyEnsure :exec
INSERT INTO signing_keys (name, secret) VALUES (@name, @secret) ON CONFLICT (name) DO NOTHING;

-- name: SigningKey :one
SELECT secret FROM signing_keys WHERE name = @name;

-- name: ProfileName :one
SELECT name FROM profiles WHERE id = @id;

-- name: MemberSuspend :one
-- Suspends one of the tenant's members until a time and ends their
-- sessions (the epoch moves on).
UPDATE members SET suspended_until = @until::timestamptz, moderation_reason = @reason, session_epoch = session_epoch + 1
WHERE id = @id AND tenant_id = @tenant_id AND NOT is_house AND status <> 'deleted'
RETURNING *;

-- name: MemberBan :one
-- Bans one of the tenant's members for good and ends their sessions.
UPDATE members SET banned_at = coalesce(banned_at, @now::timestamptz), moderation_reason = @reason,
    session_epoch = session_epoch + 1
WHERE id = @id AND tenant_id = @tenant_id AND NOT is_house AND status <> 'deleted'
RETURNING *;

-- name: MemberSuspensionOver :execrows
-- Clears a suspension whose time has passed (at the member's next login).
UPDATE members SET suspended_until = NULL WHERE id = @id AND suspended_until <= @now::timestamptz;

-- name: MemberOfTenant :one
SELECT * FROM members WHERE id = @id AND tenant_id = @tenant_id AND status <> 'deleted';

-- The console's member lookup on one tenant, one query per kind of
-- search so each uses its index: the id (primary key), the e-mail address
-- (members_tenant_email), the address signed up or last logged in from
-- (members_signup_ip, members_last_login_ip). The name is matched within
-- the tenant's members, at most 50 answers.

-- name: MemberLookupByID :many
SELECT id FROM members WHERE tenant_id = @tenant_id AND id = @id AND status <> 'deleted';

-- name: MemberLookupByEmail :many
SELECT id FROM members WHERE tenant_id = @tenant_id AND lower(email) = lower(@email) AND status <> 'deleted';

-- name: MemberLookupByAddress :many
-- (Both partial indexes, combined by a bitmap OR.)
SELECT id FROM members
WHERE tenant_id = @tenant_id AND status <> 'deleted' AND (signup_ip = @ip::inet OR last_login_ip = @ip::inet)
ORDER BY id
LIMIT 50;

-- name: MemberLookupByName :many
SELECT m.id FROM members m
JOIN profiles p ON p.id = m.id
WHERE m.tenant_id = @tenant_id AND m.status <> 'deleted' AND p.name ILIKE @name_pattern
ORDER BY m.id
LIMIT 50;

-- name: MemberStates :many
-- The members of ids (of one tenant) with their profile names.
SELECT m.*, coalesce(p.name, '')::text AS profile_name
FROM members m
LEFT JOIN profiles p ON p.id = m.id
WHERE m.tenant_id = @tenant_id AND m.id = ANY(@ids::bigint[])
ORDER BY m.id;

-- name: MemberLoggedInFrom :exec
-- The address of the member's latest login, for the console's lookup, and
-- when it was stored (the brand keeps addresses only so long).
UPDATE members SET last_login_ip = sqlc.narg(ip)::inet, last_login_at = @now::timestamptz WHERE id = @id;

-- name: MembersDropAddresses :execrows
-- Forgets the signup and login addresses of a brand's members stored before
-- cutoff (the brand's address retention).
UPDATE members
SET signup_ip = CASE WHEN signup_date < @cutoff::timestamptz THEN NULL ELSE signup_ip END,
    last_login_ip = CASE WHEN last_login_at IS NULL OR last_login_at < @cutoff::timestamptz THEN NULL ELSE last_login_ip END,
    last_login_at = CASE WHEN last_login_at IS NULL OR last_login_at < @cutoff::timestamptz THEN NULL ELSE last_login_at END
WHERE tenant_id = @tenant_id
  AND ((signup_ip IS NOT NULL AND signup_date < @cutoff::timestamptz)
    OR (last_login_ip IS NOT NULL AND (last_login_at IS NULL OR last_login_at < @cutoff::timestamptz)));

-- name: MemberLift :one
-- Ends a suspension or a ban early (an operator's decision; its reason is
-- in the mail and the audit log): no restriction, so no reason of one.
UPDATE members SET suspended_until = NULL, banned_at = NULL, moderation_reason = ''
WHERE id = @id AND tenant_id = @tenant_id AND status <> 'deleted'
  AND (suspended_until IS NOT NULL OR banned_at IS NOT NULL)
RETURNING *;

-- name: MemberEndSessions :one
-- Ends every session of the member: the epoch moves on, so Identify drops
-- them at their next request.
UPDATE members SET session_epoch = session_epoch + 1
WHERE id = @id AND tenant_id = @tenant_id AND status <> 'deleted'
RETURNING *;

-- name: MemberSessionsActive :many
-- The member's sessions that have not expired, newest expiry first (for
-- the console; the epoch decides whether each still works).
SELECT expiry, device, created_from, created_at, last_seen_at FROM sessions
WHERE member_id = @member_id AND expiry > @now::timestamptz
ORDER BY expiry DESC LIMIT 50;

-- name: SignupsPerDay :many
-- The operators' dashboards: a tenant's signups and activations (confirmed
-- addresses) per day of its time zone, every day of the span, days without
-- either as 0. House profiles are no signups.
WITH days AS (
    SELECT d::date AS day FROM generate_series(@first_day::date, @last_day::date, interval '1 day') AS d
), signups AS (
    SELECT (m.signup_date AT TIME ZONE @zone::text)::date AS day, count(*) AS n
    FROM members m
    WHERE m.tenant_id = @tenant_id AND NOT m.is_house AND m.signup_date >= @since::timestamptz AND m.signup_date < @until::timestamptz
    GROUP BY 1
), activations AS (
    SELECT (m.activated_at AT TIME ZONE @zone::text)::date AS day, count(*) AS n
    FROM members m
    WHERE m.tenant_id = @tenant_id AND NOT m.is_house AND m.activated_at >= @since::timestamptz AND m.activated_at < @until::timestamptz
    GROUP BY 1
)
SELECT days.day::text AS day, coalesce(s.n, 0)::bigint AS signups, coalesce(a.n, 0)::bigint AS activations
FROM days
LEFT JOIN signups s ON s.day = days.day
LEFT JOIN activations a ON a.day = days.day
ORDER BY days.day;

-- name: SignupConversion :many
-- The members who signed up in a span, by traffic source (network, ref,
-- sub1..sub3 as stored at signup; the grouping keeps the fields @by names
-- and leaves the others empty): how many signed up, confirmed their
-- address and made a first purchase (by now). Most signups first.
WITH cohort AS (
    SELECT
        CASE WHEN @by::text IN ('network', 'all') THEN coalesce(m.tracking->>'network', '') ELSE '' END AS network,
        CASE WHEN @by::text IN ('ref', 'all') THEN coalesce(m.tracking->>'ref', '') ELSE '' END AS ref,
        CASE WHEN @by::text IN ('sub1', 'all') THEN coalesce(m.tracking->>'sub1', '') ELSE '' END AS sub1,
        CASE WHEN @by::text IN ('sub2', 'all') THEN coalesce(m.tracking->>'sub2', '') ELSE '' END AS sub2,
        CASE WHEN @by::text IN ('sub3', 'all') THEN coalesce(m.tracking->>'sub3', '') ELSE '' END AS sub3,
        m.activated_at IS NOT NULL AS activated,
        EXISTS (SELECT 1 FROM orders o WHERE o.member_id = m.id AND o.completed_at IS NOT NULL) AS bought
    FROM members m
    WHERE m.tenant_id = @tenant_id AND NOT m.is_house AND m.signup_date >= @since::timestamptz AND m.signup_date < @until::timestamptz
)
SELECT network::text AS network, ref::text AS ref, sub1::text AS sub1, sub2::text AS sub2, sub3::text AS sub3,
       count(*)::bigint AS signups,
       count(*) FILTER (WHERE activated)::bigint AS activations,
       count(*) FILTER (WHERE bought)::bigint AS first_purchases
FROM cohort
GROUP BY network, ref, sub1, sub2, sub3
ORDER BY signups DESC, network, ref, sub1, sub2, sub3
LIMIT @max_rows;

-- name: HouseMemberInsert :one
-- A house profile's member row, made from the operators' console: active,
-- with no password (it never logs in) and an address nobody receives mail
-- at, unique per tenant like every member's.
INSERT INTO members (tenant_id, email, status, language, is_house, signup_date, last_seen_at)
VALUES (@tenant_id, @email, 'active', @language, true, @now, @now)
RETURNING id;

-- name: MemberRestricted :one
-- Whether operators banned the member or suspended them until later: no
-- notification mail reaches such a member.
SELECT (banned_at IS NOT NULL OR coalesce(suspended_until > now(), false))::bool AS restricted
FROM members WHERE id = @id;

-- name: SessionWithMember :one
-- A session and its member in one statement: Identify needs both on every
-- request that loads the session. No row: no such session, an expired one,
-- or one whose member_id was never written (a visitor's, or one from
-- before migration 01750); the store then reads it alone.
SELECT s.data, sqlc.embed(m)
FROM sessions s JOIN members m ON m.id = s.member_id
WHERE s.token = @token AND now() < s.expiry;

-- name: SessionCommit :exec
-- pgxstore's Commit with the session's member beside its data. The device
-- and address are the request's that made the session (a login makes a
-- new one); later writes keep them.
INSERT INTO sessions (token, data, expiry, member_id, user_agent, device, created_from, created_at, last_seen_at)
VALUES (@token, @data, @expiry, sqlc.narg(member_id), @user_agent, @device, sqlc.narg(created_from)::inet, now(), now())
ON CONFLICT (token) DO UPDATE SET data = EXCLUDED.data, expiry = EXCLUDED.expiry, member_id = EXCLUDED.member_id;

-- name: MembersDemoOff :execrows
-- A start without --demo: the demo's members log in no more, and their
-- sessions end.
UPDATE members SET demo_off = true, session_epoch = session_epoch + 1
WHERE demo AND NOT demo_off;

-- name: MembersDemoOn :execrows
-- A start with --demo: the demo's members log in again.
UPDATE members SET demo_off = false WHERE demo AND demo_off;

-- name: MemberSetAccountKind :one
-- Operators mark one of the tenant's members a test or staff account (or
-- an ordinary member again).
UPDATE members SET account_kind = @account_kind
WHERE id = @id AND tenant_id = @tenant_id AND status <> 'deleted'
RETURNING *;

-- name: MemberSessionsDelete :exec
-- Deletes the member's sessions when an operator ends them.
DELETE FROM sessions WHERE member_id = @member_id;

-- name: MembersOfTenant :one
-- A tenant's members for the console's brand list: every account that is
-- not a house profile and not deleted.
SELECT count(*)::bigint FROM members WHERE tenant_id = @tenant_id AND NOT is_house AND status <> 'deleted';

-- name: ConsentInsert :exec
INSERT INTO consents (member_id, kind, version, granted, created_at, address)
VALUES (@member_id, @kind, @version, @granted, @now, sqlc.narg(address)::inet);

-- name: ConsentsCurrent :many
-- The member's latest answer of each kind.
SELECT DISTINCT ON (kind) kind, version, granted, created_at
FROM consents WHERE member_id = @member_id
ORDER BY kind, id DESC;

-- name: ConsentOrientationWithdrawn :one
-- Whether the member's latest answer to the orientation consent is a
-- withdrawal (members from before consents were recorded have none).
SELECT coalesce((SELECT NOT granted FROM consents WHERE member_id = @member_id AND kind = 'orientation'
                 ORDER BY id DESC LIMIT 1), false)::boolean;

-- name: ConsentsOf :many
-- Every answer the member gave, oldest first (the record).
SELECT kind, version, granted, created_at, address::text AS address
FROM consents WHERE member_id = @member_id
ORDER BY id;

-- name: ConsentsDelete :exec
DELETE FROM consents WHERE member_id = @member_id;
