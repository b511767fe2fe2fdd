-- name: Book :one
-- The balance change and its ledger row in one statement (one round trip
-- per post): the row lock of the UPDATE serialises concurrent posts of one
-- member, the WHERE refuses a balance below zero (no row), and ledger_id is
-- 0 when a row of this kind and reference exists (the caller rolls back,
-- which undoes the balance change too).
WITH b AS (
    UPDATE members AS m SET credits = m.credits + @delta::bigint
    WHERE m.id = @member_id::bigint AND m.credits + @delta::bigint >= 0
    RETURNING m.credits
), l AS (
    INSERT INTO ledger (member_id, delta, balance_after, kind, reference, note)
    SELECT @member_id::bigint, @delta::bigint, b.credits, @kind::text, @reference::text, @note::text FROM b
    ON CONFLICT (member_id, kind, reference) WHERE reference <> '' DO NOTHING
    RETURNING id
)
SELECT b.credits AS balance, coalesce((SELECT id FROM l), 0)::bigint AS ledger_id FROM b;

-- name: BookAtCommit :exec
-- Book for a batch that goes with its transaction's COMMIT
-- (database.Pipelined), whose caller locked the member's row and read the
-- balance: no answer is looked at before COMMIT, so a refusal fails the
-- statement, which rolls the transaction back: a balance below zero breaks
-- members' CHECK (credits >= 0), a kind and reference booked before the
-- ledger's ledger_reference.
WITH b AS (
    UPDATE members AS m SET credits = m.credits + @delta::bigint
    WHERE m.id = @member_id::bigint
    RETURNING m.credits
)
INSERT INTO ledger (member_id, delta, balance_after, kind, reference, note)
SELECT @member_id::bigint, @delta::bigint, b.credits, @kind::text, @reference::text, @note::text FROM b;

-- name: LedgerByReference :one
SELECT * FROM ledger WHERE member_id = @member_id AND kind = @kind AND reference = @reference;

-- name: LedgerList :many
SELECT * FROM ledger WHERE member_id = @member_id ORDER BY id DESC LIMIT @max_rows;

-- name: LedgerSum :one
SELECT coalesce(sum(delta), 0)::bigint AS total FROM ledger WHERE member_id = @member_id;

-- name: MemberBalance :one
SELECT credits FROM members WHERE id = @member_id;

-- name: MemberMarkPaid :execrows
-- A member is premium from their first purchase on; one row changes only
-- when this call made them so.
UPDATE members SET paid_user = true WHERE id = @member_id AND NOT paid_user;

-- name: LedgerMismatches :many
-- Members whose balance differs from the sum of their ledger rows; always
-- empty unless something bypassed the ledger.
SELECT m.id, m.credits, coalesce(sum(l.delta), 0)::bigint AS ledger_sum
FROM members m LEFT JOIN ledger l ON l.member_id = m.id
WHERE m.tenant_id = @tenant_id
GROUP BY m.id
HAVING m.credits <> coalesce(sum(l.delta), 0);

-- name: MemberBalanceForUpdate :one
-- Locks the member's row like a charge does, so the balance read here is
-- still the balance when the take-back is booked.
SELECT credits FROM members WHERE id = @member_id FOR UPDATE;

-- name: MemberBalanceInTenant :one
-- Locks a member of the tenant like a charge does, for a correction: the
-- balance read here is the balance before it.
SELECT credits FROM members WHERE id = @member_id AND tenant_id = @tenant_id FOR UPDATE;

-- name: MemberBalanceOf :one
SELECT credits FROM members WHERE id = @member_id AND tenant_id = @tenant_id;
