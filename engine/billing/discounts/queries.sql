-- Discount codes and their redemptions (one per code and member).

-- name: CodeByName :one
-- A tenant's code by its text (stored in upper case).
SELECT * FROM discount_codes WHERE tenant_id = @tenant_id AND code = @code;

-- name: CodeByID :one
SELECT * FROM discount_codes WHERE tenant_id = @tenant_id AND id = @id;

-- name: WelcomeCodeOfMember :one
-- The member's newest active personal welcome code.
SELECT * FROM discount_codes
WHERE tenant_id = @tenant_id AND member_id = @member_id AND kind = 'welcome' AND active
ORDER BY id DESC LIMIT 1;

-- name: MemberFacts :one
-- What the per-member rules need: the member's signup (the time window)
-- and whether they have bought before.
SELECT signup_date, paid_user FROM members WHERE id = @member_id AND tenant_id = @tenant_id;

-- name: RedemptionOfMember :one
-- The order holding or having used a code for the member, if any, and
-- whether that order is still open: waiting, its newest payment open at
-- the provider (the member left the checkout without paying). A new order
-- may take the code over from an open one.
SELECT r.order_id, r.used_at,
       (o.status = 'pending' AND coalesce((SELECT p.status FROM payments p WHERE p.order_id = o.id ORDER BY p.id DESC LIMIT 1) = 'open', false))::boolean AS open
FROM discount_redemptions r JOIN orders o ON o.id = r.order_id
WHERE r.code_id = @code_id AND r.member_id = @member_id;

-- name: RedemptionTakeOver :execrows
-- Another order of the member takes over the code an open order holds;
-- 0 when that order no longer holds it unused.
UPDATE discount_redemptions SET order_id = @to_order, created_at = now()
WHERE code_id = @code_id AND member_id = @member_id AND order_id = @from_order AND used_at IS NULL;

-- name: RedemptionHold :one
-- The order takes the code for the member. Nothing is returned when
-- another order of the member holds or has used it (once per member: the
-- unique (code_id, member_id) decides among parallel orders). DO NOTHING
-- leaves the other order's row unlocked: a takeover locks that order
-- before its row, and so must everyone.
INSERT INTO discount_redemptions (code_id, member_id, order_id)
VALUES (@code_id, @member_id, @order_id)
ON CONFLICT (code_id, member_id) DO NOTHING
RETURNING id;

-- name: RedemptionRelease :execrows
-- An order that failed, was cancelled or expired gives its code back.
DELETE FROM discount_redemptions WHERE order_id = @order_id AND used_at IS NULL;

-- name: RedemptionUse :execrows
-- A paid order has used its code for good.
UPDATE discount_redemptions SET used_at = now() WHERE order_id = @order_id AND code_id = @code_id;

-- name: RedemptionUseLate :execrows
-- A payment that turned paid after its order had failed (and given the
-- code back) uses the code anew, unless another order has it meanwhile.
INSERT INTO discount_redemptions (code_id, member_id, order_id, used_at)
VALUES (@code_id, @member_id, @order_id, now())
ON CONFLICT (code_id, member_id) DO NOTHING;

-- name: CodesOfTenant :many
-- A tenant's codes for the console, newest first, with how many members
-- hold (an order waiting) or have used each. The codes the engine issues
-- to members one by one (welcome, retention: one per member) are left
-- out, so they never crowd the brand's own codes off the list.
SELECT c.*,
       (SELECT count(*) FROM discount_redemptions r WHERE r.code_id = c.id AND r.used_at IS NOT NULL)::bigint AS used,
       (SELECT count(*) FROM discount_redemptions r WHERE r.code_id = c.id AND r.used_at IS NULL)::bigint AS held
FROM discount_codes c
WHERE c.tenant_id = @tenant_id AND c.kind NOT IN ('welcome', 'retention')
ORDER BY c.id DESC
LIMIT @max_rows;

-- name: CodeInsert :one
INSERT INTO discount_codes (tenant_id, code, kind, percentage, minimum_order_value, currency, country,
    payment_methods, valid_from, valid_until, signup_window_seconds, first_purchase_only, member_id, created_by)
VALUES (@tenant_id, @code, @kind, @percentage, sqlc.narg(minimum_order_value), sqlc.narg(currency), sqlc.narg(country),
    @payment_methods::text[], @valid_from, sqlc.narg(valid_until), sqlc.narg(signup_window_seconds), @first_purchase_only,
    sqlc.narg(member_id), @created_by)
ON CONFLICT (tenant_id, code) DO NOTHING
RETURNING *;

-- name: CodeDeactivate :one
UPDATE discount_codes SET active = false, deactivated_at = now()
WHERE tenant_id = @tenant_id AND id = @id AND active
RETURNING *;

-- name: MemberOfTenant :one
-- A personal code's member must be the tenant's.
SELECT id FROM members WHERE id = @member_id AND tenant_id = @tenant_id;

-- name: RetentionCodeOfMember :one
-- The member's retention code, if they have taken the offer.
SELECT * FROM discount_codes WHERE tenant_id = @tenant_id AND member_id = @member_id AND kind = 'retention';

-- name: RetentionAskRecord :exec
-- The member opened the account-deletion screen, which shows the offer.
INSERT INTO retention_asks (member_id, asked_at) VALUES (@member_id, @asked_at)
ON CONFLICT (member_id) DO UPDATE SET asked_at = EXCLUDED.asked_at;

-- name: RetentionAskedSince :one
-- Whether the member opened the account-deletion screen at or after since.
SELECT EXISTS (SELECT 1 FROM retention_asks WHERE member_id = @member_id AND asked_at >= @since)::boolean;

-- name: RetentionCodeInsert :one
-- The member's retention code; nothing when they have one already (the
-- unique index discount_codes_retention_once) or, rarely, when the drawn
-- text is taken.
INSERT INTO discount_codes (tenant_id, code, kind, percentage, valid_from, valid_until, member_id, created_by)
VALUES (@tenant_id, @code, 'retention', @percentage, @valid_from, @valid_until, @member_id, 'engine')
ON CONFLICT DO NOTHING
RETURNING *;

-- name: TimeBonusEnsure :exec
-- The tenant's time bonus row (one per tenant, migrations/01500); an
-- existing one, active or deactivated by an operator, stays as it is.
INSERT INTO discount_codes (tenant_id, code, kind, percentage, valid_from, signup_window_seconds, first_purchase_only, created_by)
VALUES (@tenant_id, @code, 'time_bonus', @percentage, '2000-01-01T00:00:00Z', @signup_window_seconds, true, 'engine')
ON CONFLICT (tenant_id, code) DO NOTHING;

-- name: WelcomeCodeInsert :one
-- A new member's personal welcome code; nothing when they have one already
-- (the unique index discount_codes_welcome_once) or, rarely, when the
-- drawn text is taken.
INSERT INTO discount_codes (tenant_id, code, kind, percentage, valid_from, valid_until, member_id, created_by)
VALUES (@tenant_id, @code, 'welcome', @percentage, @valid_from, @valid_until, @member_id, 'engine')
ON CONFLICT DO NOTHING
RETURNING *;

-- name: TimeBonusEnsureAll :exec
-- TimeBonusEnsure for every tenant (after a tenant import).
INSERT INTO discount_codes (tenant_id, code, kind, percentage, valid_from, signup_window_seconds, first_purchase_only, created_by)
SELECT t.id, @code, 'time_bonus', @percentage, '2000-01-01T00:00:00Z', @signup_window_seconds, true, 'engine' FROM tenants t
ON CONFLICT (tenant_id, code) DO NOTHING;

-- name: RetentionAsksPurge :exec
DELETE FROM retention_asks WHERE member_id = @member_id::bigint;

-- name: CodesForgetMember :exec
-- A purged member's personal codes end and no longer name them; a code a
-- paid order used stays for the order.
UPDATE discount_codes SET member_id = NULL, active = false, deactivated_at = coalesce(deactivated_at, now())
WHERE member_id = @member_id::bigint;
