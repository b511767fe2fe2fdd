package credits

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/credits/internal/db"
	"rendezvous/engine/platform/refusal"
)

// Refusals of a correction.
var (
	ErrCorrectionBelowZero = refusal.New(refusal.Conflict, "credits_below_zero",
		"This correction would leave the member with fewer than zero credits (balance {balance}).")
	ErrCorrectionReason = refusal.New(refusal.Invalid, "correction_reason_required",
		"A correction needs a reason of at most 500 characters.")
	ErrCorrectionZero = refusal.New(refusal.Invalid, "correction_invalid",
		"A correction must change the balance, by at most 1000000 credits.")
	ErrMemberNotFound = refusal.New(refusal.NotFound, "member_not_found", "This member could not be found.")
)

// maxCorrection bounds one correction, so a typo cannot mint millions.
const maxCorrection = 1_000_000

// Corrected is a correction booked: the balance before and after it.
type Corrected struct {
	MemberID int64 `json:"member_id"`
	Delta    int64 `json:"delta"`
	Before   int64 `json:"balance_before"`
	After    int64 `json:"balance_after"`
}

// Correct books an operator's correction of a member of the tenant inside
// tx: delta credits (negative takes credits away) with the reason as the
// ledger row's note. Balances never go below zero: such a correction is
// refused (ErrCorrectionBelowZero) and changes nothing.
func Correct(ctx context.Context, tx pgx.Tx, tenantID, memberID, delta int64, reason string) (Corrected, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || utf8.RuneCountInString(reason) > 500 {
		return Corrected{}, ErrCorrectionReason
	}
	if delta == 0 || delta > maxCorrection || delta < -maxCorrection {
		return Corrected{}, ErrCorrectionZero
	}
	before, err := db.New(tx).MemberBalanceInTenant(ctx, db.MemberBalanceInTenantParams{MemberID: memberID, TenantID: tenantID})
	if errors.Is(err, pgx.ErrNoRows) {
		return Corrected{}, ErrMemberNotFound
	}
	if err != nil {
		return Corrected{}, fmt.Errorf("lock balance of member %d: %w", memberID, err)
	}
	if before+delta < 0 {
		return Corrected{}, ErrCorrectionBelowZero.With(map[string]any{"balance": before})
	}
	after, err := Post(ctx, tx, Entry{MemberID: memberID, Delta: delta, Kind: Correction, Note: reason})
	if err != nil {
		return Corrected{}, fmt.Errorf("correct member %d: %w", memberID, err)
	}
	return Corrected{MemberID: memberID, Delta: delta, Before: before, After: after}, nil
}

// MemberOfTenant checks that the member is the tenant's (ErrMemberNotFound).
func MemberOfTenant(ctx context.Context, conn db.DBTX, tenantID, memberID int64) (balance int64, err error) {
	balance, err = db.New(conn).MemberBalanceOf(ctx, db.MemberBalanceOfParams{MemberID: memberID, TenantID: tenantID})
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrMemberNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("balance of member %d: %w", memberID, err)
	}
	return balance, nil
}
