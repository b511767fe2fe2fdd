-- Direct debit: the SMS code confirmations (direct_debit_flows), the
-- members blocked from direct debit (direct_debit_blocks) and the
-- direct debit orders a member made in a period. Query names start with
-- DirectDebit.

-- name: DirectDebitFlowLock :one
-- The member's pending confirmation, locked: a start and a confirmation of
-- one member happen one after the other.
SELECT * FROM direct_debit_flows WHERE member_id = @member_id AND tenant_id = @tenant_id FOR UPDATE;

-- name: DirectDebitFlowUpsert :exec
-- A new code for the member: the package, account and phone asked for,
-- the attempts back to 0; codes_sent and window_start are computed by the
-- caller from the row it locked (or its absence).
INSERT INTO direct_debit_flows (member_id, tenant_id, package_id, country, iban, holder, phone, code_hash,
    attempts, expires_at, sent_at, codes_sent, window_start, discount_code)
VALUES (@member_id, @tenant_id, @package_id, @country, @iban, @holder, @phone, @code_hash,
    0, @expires_at, @sent_at, @codes_sent, @window_start, sqlc.narg(discount_code))
ON CONFLICT (member_id) DO UPDATE SET tenant_id = excluded.tenant_id, package_id = excluded.package_id,
    discount_code = excluded.discount_code,
    country = excluded.country, iban = excluded.iban, holder = excluded.holder, phone = excluded.phone,
    code_hash = excluded.code_hash, attempts = 0, expires_at = excluded.expires_at, sent_at = excluded.sent_at,
    codes_sent = excluded.codes_sent, window_start = excluded.window_start;

-- name: DirectDebitFlowAttempt :one
-- One wrong code more.
UPDATE direct_debit_flows SET attempts = attempts + 1 WHERE member_id = @member_id RETURNING attempts;

-- name: DirectDebitFlowDelete :exec
DELETE FROM direct_debit_flows WHERE member_id = @member_id;

-- name: DirectDebitFlowPrune :exec
-- Confirmations nobody finished, a day after their code died: the account
-- number is not kept longer than needed.
DELETE FROM direct_debit_flows WHERE expires_at < @before AND order_id IS NULL;

-- name: DirectDebitFlowClaim :exec
-- The confirmation placed order_id, whose payment is being opened.
UPDATE direct_debit_flows SET order_id = @order_id WHERE member_id = @member_id;

-- name: DirectDebitFlowRelease :exec
-- The order was dropped (the provider refused it): the confirmation may
-- place another.
UPDATE direct_debit_flows SET order_id = NULL WHERE order_id = @order_id;

-- name: DirectDebitFlowOfOrder :one
SELECT * FROM direct_debit_flows WHERE order_id = @order_id;

-- name: DirectDebitBlocked :one
SELECT EXISTS (SELECT 1 FROM direct_debit_blocks WHERE member_id = @member_id AND tenant_id = @tenant_id);

-- name: DirectDebitBlock :execrows
INSERT INTO direct_debit_blocks (member_id, tenant_id, reason)
SELECT m.id, m.tenant_id, @reason FROM members m WHERE m.id = @member_id
ON CONFLICT (member_id) DO UPDATE SET reason = excluded.reason;

-- name: DirectDebitUnblock :execrows
DELETE FROM direct_debit_blocks WHERE member_id = @member_id;

-- name: DirectDebitUsage :one
-- The member's direct debit orders since a time that were not failed,
-- cancelled or expired: how many, and their amount in currency.
SELECT count(*)::bigint AS orders, coalesce(sum(o.amount), 0)::bigint AS amount
FROM orders o
WHERE o.member_id = @member_id AND o.tenant_id = @tenant_id AND o.created_at >= @since
  AND o.currency = @currency
  AND o.status IN ('pending', 'completed', 'refunded')
  AND EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.method = 'sdd');

-- name: DirectDebitPurgeMember :exec
-- A purged member's confirmation and block go with them.
WITH flows AS (DELETE FROM direct_debit_flows WHERE direct_debit_flows.member_id = @member_id)
DELETE FROM direct_debit_blocks WHERE direct_debit_blocks.member_id = @member_id;

-- name: DirectDebitAddressConfirmed :one
-- Whether the member confirmed their e-mail address (the activation link):
-- only such a member may have a code texted.
SELECT EXISTS (SELECT 1 FROM members WHERE id = @member_id AND tenant_id = @tenant_id AND status = 'active');

-- name: DirectDebitPaymentOfOrder :one
-- The payment a direct debit's order recorded.
SELECT * FROM payments WHERE order_id = @order_id ORDER BY id DESC LIMIT 1;

-- name: DirectDebitBlockAuto :exec
-- The engine's own block (a chargeback): an operator's block and its
-- reason stay as they are.
INSERT INTO direct_debit_blocks (member_id, tenant_id, reason)
SELECT m.id, m.tenant_id, @reason FROM members m WHERE m.id = @member_id
ON CONFLICT (member_id) DO NOTHING;
