package discounts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/billing/discounts/internal/db"
)

// The signup's offers: every new member gets a personal welcome code, and for
// the first TimeBonusWindow after the signup the tenant's time bonus. Both
// are codes like any other: the order applies them on the server, once per
// member.

// The time bonus: one code per tenant, its window each member's own.
const (
	TimeBonusCode       = "TIMEBONUS25"
	TimeBonusPercentage = 25
	TimeBonusWindow     = 14400 * time.Second
)

// WelcomePercentage is what a welcome code takes off.
const WelcomePercentage = 25

// EnsureTimeBonus makes the tenant's TIMEBONUS25 row when it has none
// (tenants imported or made in the console after migrations/01500). An
// existing row stays as it is: an operator who deactivated it turned the
// time bonus off for the brand.
func EnsureTimeBonus(ctx context.Context, conn db.DBTX, tenantID int64) error {
	err := db.New(conn).TimeBonusEnsure(ctx, db.TimeBonusEnsureParams{TenantID: tenantID, Code: TimeBonusCode,
		Percentage: TimeBonusPercentage, SignupWindowSeconds: pgtype.Int4{Int32: int32(TimeBonusWindow / time.Second), Valid: true}})
	if err != nil {
		return fmt.Errorf("time bonus of tenant %d: %w", tenantID, err)
	}
	return nil
}

// EnsureTimeBonuses is EnsureTimeBonus for every tenant, after tenant
// files were imported.
func EnsureTimeBonuses(ctx context.Context, conn db.DBTX) error {
	err := db.New(conn).TimeBonusEnsureAll(ctx, db.TimeBonusEnsureAllParams{Code: TimeBonusCode,
		Percentage: TimeBonusPercentage, SignupWindowSeconds: pgtype.Int4{Int32: int32(TimeBonusWindow / time.Second), Valid: true}})
	if err != nil {
		return fmt.Errorf("time bonuses of the tenants: %w", err)
	}
	return nil
}

// IssueSignupOffers runs in the signup's transaction: it issues the new
// member's personal welcome code, WelcomePercentage off for validity from
// signup (the tenant's welcome_discount_hours). A member has at most one welcome code (a
// unique index); a second call for them changes nothing.
//
// The tenant's time bonus is not made here: every brand has it from its
// import or its creation in the console (EnsureTimeBonuses), and a signup
// writes no brand-wide row.
func IssueSignupOffers(ctx context.Context, tx pgx.Tx, tenantID, memberID int64, signup time.Time, validity time.Duration) error {
	q := db.New(tx)
	owner := pgtype.Int8{Int64: memberID, Valid: true}
	// A drawn text another code has already is drawn again.
	for range 5 {
		_, err := q.WelcomeCodeInsert(ctx, db.WelcomeCodeInsertParams{
			TenantID: tenantID, Code: drawText("WELCOME-"), Percentage: WelcomePercentage, MemberID: owner,
			ValidFrom: signup, ValidUntil: pgtype.Timestamptz{Time: signup.Add(validity), Valid: true},
		})
		if err == nil {
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("welcome code of member %d: %w", memberID, err)
		}
		_, err = q.WelcomeCodeOfMember(ctx, db.WelcomeCodeOfMemberParams{TenantID: tenantID, MemberID: owner})
		if err == nil {
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("welcome code of member %d: %w", memberID, err)
		}
	}
	return fmt.Errorf("welcome code of member %d: no free code text", memberID)
}
