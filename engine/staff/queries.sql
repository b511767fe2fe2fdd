-- Staff accounts.

-- name: StaffCreate :one
INSERT INTO staff_accounts (email, password_hash) VALUES (@email, @password_hash)
ON CONFLICT DO NOTHING
RETURNING id;

-- name: StaffByEmail :one
SELECT * FROM staff_accounts WHERE lower(email) = lower(@email);

-- name: StaffByID :one
SELECT * FROM staff_accounts WHERE id = @id;

-- name: StaffList :many
SELECT * FROM staff_accounts ORDER BY id;

-- name: StaffSetTOTPSecret :exec
-- Starts (or restarts) an enrolment: the new secret counts only once
-- confirmed.
UPDATE staff_accounts SET totp_secret = @secret, totp_confirmed_at = NULL, totp_last_step = 0
WHERE id = @id AND totp_confirmed_at IS NULL;

-- name: StaffConfirmTOTP :execrows
UPDATE staff_accounts SET totp_confirmed_at = @now::timestamptz, totp_last_step = @step, session_epoch = session_epoch + 1
WHERE id = @id AND totp_confirmed_at IS NULL AND totp_secret <> '';

-- name: StaffDisable :one
-- A disabled account logs in no more; the new epoch ends its sessions.
UPDATE staff_accounts SET disabled_at = @now::timestamptz, session_epoch = session_epoch + 1
WHERE id = @id AND disabled_at IS NULL
RETURNING *;

-- name: StaffEnable :one
-- A disabled account may log in again, with its password, second factor
-- and roles as they were; its old sessions stay ended.
UPDATE staff_accounts SET disabled_at = NULL, demo_off = false
WHERE id = @id AND disabled_at IS NOT NULL
RETURNING *;

-- name: StaffSetLanguage :one
-- The console's language of one staff account, chosen by its owner.
UPDATE staff_accounts SET language = @language WHERE id = @id
RETURNING *;

-- name: StaffMarkDemo :exec
-- The demo's accounts (serve --demo), by their addresses.
UPDATE staff_accounts SET demo = true WHERE lower(email) = ANY(@emails::text[]);

-- name: StaffDemoOff :many
-- A start without --demo disables the demo's accounts (ending their
-- sessions); one disabled already is left as it is.
UPDATE staff_accounts SET disabled_at = @now::timestamptz, demo_off = true, session_epoch = session_epoch + 1
WHERE demo AND disabled_at IS NULL
RETURNING email;

-- name: StaffDemoOn :many
-- A start with --demo enables the demo's accounts a start without it
-- disabled (not those a superadmin disabled).
UPDATE staff_accounts SET disabled_at = NULL, demo_off = false
WHERE demo AND demo_off
RETURNING email;

-- name: StaffUseTOTPStep :execrows
-- A code counts once: a later login needs a later time step.
UPDATE staff_accounts SET totp_last_step = @step WHERE id = @id AND totp_last_step < @step;

-- Console sessions (the scs store).

-- name: SessionFind :one
SELECT data FROM staff_sessions WHERE token = @token AND expiry > @now;

-- name: SessionCommit :exec
INSERT INTO staff_sessions (token, data, expiry) VALUES (@token, @data, @expiry)
ON CONFLICT (token) DO UPDATE SET data = excluded.data, expiry = excluded.expiry;

-- name: SessionDelete :exec
DELETE FROM staff_sessions WHERE token = @token;

-- name: SessionsDeleteExpired :execrows
DELETE FROM staff_sessions WHERE expiry <= @now;

-- Login throttling.

-- name: LoginFailureInsert :exec
INSERT INTO staff_login_failures (subject, failed_at) VALUES (@subject, @now);

-- name: LoginFailuresSince :many
SELECT subject, count(*)::bigint AS failures, max(failed_at)::timestamptz AS last_failed_at
FROM staff_login_failures
WHERE subject = ANY (@subjects::text[]) AND failed_at > @since
GROUP BY subject;

-- name: LoginFailuresClear :exec
DELETE FROM staff_login_failures WHERE subject = @subject;

-- name: LoginFailuresDeleteBefore :execrows
DELETE FROM staff_login_failures WHERE failed_at <= @before;

-- casbin rules (the adapter).

-- name: RulesAll :many
SELECT ptype, v0, v1, v2, v3, v4, v5 FROM casbin_rules ORDER BY id;

-- name: RuleAdd :exec
INSERT INTO casbin_rules (ptype, v0, v1, v2, v3, v4, v5) VALUES (@ptype, @v0, @v1, @v2, @v3, @v4, @v5)
ON CONFLICT DO NOTHING;

-- name: RuleRemove :exec
DELETE FROM casbin_rules
WHERE ptype = @ptype AND v0 = @v0 AND v1 = @v1 AND v2 = @v2 AND v3 = @v3 AND v4 = @v4 AND v5 = @v5;

-- name: RulesRemoveType :exec
DELETE FROM casbin_rules WHERE ptype = @ptype;

-- name: RulesVersion :one
-- Changes whenever a rule is added or removed, so each instance knows when
-- to reload its policy.
SELECT count(*)::bigint AS rules, coalesce(max(id), 0)::bigint AS last_id FROM casbin_rules;

-- The audit log.

-- name: AuditAdd :exec
INSERT INTO audit_log (staff_id, email, tenant, action, ip, before, after, member_id)
VALUES (@staff_id, @email, @tenant, @action, @ip, @before, @after, sqlc.narg(member_id));

-- name: AuditOfMember :many
-- The audit trail of one member of a tenant, newest first (audit_log_member).
SELECT * FROM audit_log
WHERE member_id = @member_id AND tenant = @tenant
ORDER BY id DESC
LIMIT @max;

-- name: AuditActions :many
-- The actions the audit log holds, for the console's action filter.
SELECT DISTINCT action FROM audit_log ORDER BY action;

-- name: AuditList :many
SELECT * FROM audit_log
WHERE (sqlc.narg(staff_id)::bigint IS NULL OR staff_id = sqlc.narg(staff_id))
  AND (sqlc.narg(tenant)::text IS NULL OR tenant = sqlc.narg(tenant))
  AND (sqlc.narg(action)::text IS NULL OR action = sqlc.narg(action))
  AND (sqlc.narg(email)::text IS NULL OR lower(email) = lower(sqlc.narg(email)))
  AND (sqlc.narg(since)::timestamptz IS NULL OR at >= sqlc.narg(since))
  AND (sqlc.narg(until)::timestamptz IS NULL OR at < sqlc.narg(until))
  AND (sqlc.narg(before_id)::bigint IS NULL OR id < sqlc.narg(before_id))
ORDER BY id DESC
LIMIT @max;

-- name: RulesLock :exec
-- Serialises the policy's replacement when several instances start at once.
SELECT pg_advisory_xact_lock(hashtext('casbin_rules'));

-- name: AffiliateScopeSet :exec
-- Whose traffic an affiliate's account sees, and its revenue share.
INSERT INTO staff_affiliates (staff_id, network, refs, revenue_share)
VALUES (@staff_id, @network, @refs::text[], @revenue_share)
ON CONFLICT (staff_id) DO UPDATE SET network = EXCLUDED.network, refs = EXCLUDED.refs, revenue_share = EXCLUDED.revenue_share;

-- name: AffiliateScopeOf :one
SELECT * FROM staff_affiliates WHERE staff_id = @staff_id;
