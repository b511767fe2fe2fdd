-- name: BalanceChange :one
-- The row lock of this UPDATE serialises concurrent charges of one member;
-- the WHERE refuses any change that would leave the balance below zero.
UPDATE members SET credits = credits + @delta
WHERE id = @member_id AND credits + @delta >= 0
RETURNING credits;

-- name: LedgerInsert :one
INSERT INTO ledger (member_id, delta, balance_after, kind, reference, note)
VALUES (@member_id, @delta, @balance_after, @kind, @reference, @note)
ON CONFLICT (member_id, kind, reference) WHERE reference <> '' DO NOTHING
RETURNING id;

-- name: LedgerByReference :one
SELECT * FROM ledger WHERE member_id = @member_id AND kind = @kind AND reference = @reference;

-- name: LedgerList :many
SELECT * FROM ledger WHERE member_id = @member_id ORDER BY id DESC LIMIT @max_rows;

-- name: LedgerSum :one
SELECT coalesce(sum(delta), 0)::bigint AS total FROM ledger WHERE member_id = @member_id;

-- name: MemberBalance :one
SELECT credits FROM members WHERE id = @member_id;
