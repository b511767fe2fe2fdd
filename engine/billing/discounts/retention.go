package discounts

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/billing/discounts/internal/db"
	"rendezvous/engine/platform/refusal"
)

// The retention offer: a member who starts deleting their account is
// offered the company's delete_discount (a percentage; 0 means no offer)
// off their next purchase. Taking it issues a personal code of kind
// 'retention', valid for RetentionValidity, once per member, and only to a
// member who opened the deletion screen (which asks for the offer) within
// RetentionAskWindow: the discount is for members on their way out, not
// for whoever calls the API.

// KindRetention is the kind of the retention offer's personal codes.
const KindRetention = "retention"

// RetentionValidity is how long a retention code can be used.
const RetentionValidity = 30 * 24 * time.Hour

// RetentionAskWindow is how long after opening the deletion screen the
// member may take its offer.
const RetentionAskWindow = 30 * time.Minute

// Refusals of the retention offer.
var (
	ErrNoRetentionOffer   = refusal.New(refusal.NotFound, "retention_offer_none", "This site makes no offer to stay.")
	ErrRetentionTaken     = refusal.New(refusal.Conflict, "retention_offer_taken", "You have had this offer already.")
	ErrDeletionNotStarted = refusal.New(refusal.Conflict, "deletion_not_started",
		"The offer to stay is made on the account deletion screen: open it to take the offer.")
)

// RetentionOffer is what the deletion screen offers (GET retention.php):
// the percentage off the next purchase and how many days the code lasts;
// Offered is false when there is no offer (the company's delete_discount
// is 0) or the member has had it (Taken).
type RetentionOffer struct {
	Offered         bool `json:"offered"`
	Taken           bool `json:"taken"`
	ValuePercentage int  `json:"value_percentage"`
	ValidDays       int  `json:"valid_days"`
}

// usablePercentage is a company's delete_discount as a code's percentage;
// 0 for no offer (a code takes 1 to 99 percent).
func usablePercentage(p int) int {
	if p < 1 || p > 99 {
		return 0
	}
	return p
}

// Retention answers the member's retention offer given the company's
// delete_discount percentage, and records that the member opened the
// deletion screen (now) when the offer is open to them.
func Retention(ctx context.Context, conn db.DBTX, tenantID, memberID int64, percentage int, now time.Time) (RetentionOffer, error) {
	p := usablePercentage(percentage)
	if p == 0 {
		return RetentionOffer{}, nil
	}
	_, err := db.New(conn).RetentionCodeOfMember(ctx, db.RetentionCodeOfMemberParams{TenantID: tenantID, MemberID: pgtype.Int8{Int64: memberID, Valid: true}})
	switch {
	case err == nil:
		return RetentionOffer{Taken: true}, nil
	case !errors.Is(err, pgx.ErrNoRows):
		return RetentionOffer{}, fmt.Errorf("retention code of member %d: %w", memberID, err)
	}
	if err := db.New(conn).RetentionAskRecord(ctx, db.RetentionAskRecordParams{MemberID: memberID, AskedAt: now}); err != nil {
		return RetentionOffer{}, fmt.Errorf("deletion screen of member %d: %w", memberID, err)
	}
	return RetentionOffer{Offered: true, ValuePercentage: p, ValidDays: int(RetentionValidity / (24 * time.Hour))}, nil
}

// TakeRetention issues the member's retention code: percentage off, for
// this member only, valid for RetentionValidity from now, used like any
// code at checkout. ErrNoRetentionOffer when the company makes none;
// ErrDeletionNotStarted when the member has not opened the deletion screen
// within RetentionAskWindow; ErrRetentionTaken when the member has had it
// (of parallel requests one issues the code, the unique index refuses the
// others).
func TakeRetention(ctx context.Context, conn db.DBTX, tenantID, memberID int64, percentage int, now time.Time) (View, error) {
	p := usablePercentage(percentage)
	if p == 0 {
		return View{}, ErrNoRetentionOffer
	}
	q := db.New(conn)
	asked, err := q.RetentionAskedSince(ctx, db.RetentionAskedSinceParams{MemberID: memberID, Since: now.Add(-RetentionAskWindow)})
	if err != nil {
		return View{}, fmt.Errorf("deletion screen of member %d: %w", memberID, err)
	}
	if !asked {
		return View{}, ErrDeletionNotStarted
	}
	facts, err := q.MemberFacts(ctx, db.MemberFactsParams{MemberID: memberID, TenantID: tenantID})
	if err != nil {
		return View{}, fmt.Errorf("member %d: %w", memberID, err)
	}
	owner := pgtype.Int8{Int64: memberID, Valid: true}
	// A drawn text another code has already is drawn again.
	for range 5 {
		c, err := q.RetentionCodeInsert(ctx, db.RetentionCodeInsertParams{
			TenantID: tenantID, Code: drawText("STAY-"), Percentage: int32(p), MemberID: owner,
			ValidFrom:  now,
			ValidUntil: pgtype.Timestamptz{Time: now.Add(RetentionValidity), Valid: true},
		})
		if err == nil {
			return view(c, member{signup: facts.SignupDate, paid: facts.PaidUser}, now), nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return View{}, fmt.Errorf("retention code of member %d: %w", memberID, err)
		}
		_, err = q.RetentionCodeOfMember(ctx, db.RetentionCodeOfMemberParams{TenantID: tenantID, MemberID: owner})
		if err == nil {
			return View{}, ErrRetentionTaken
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return View{}, fmt.Errorf("retention code of member %d: %w", memberID, err)
		}
	}
	return View{}, fmt.Errorf("retention code of member %d: no free code text", memberID)
}

// codeAlphabet leaves out letters and digits that read alike (0 O, 1 I).
const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// drawText draws a personal code's text: prefix (STAY-, WELCOME-) and
// eight random characters.
func drawText(prefix string) string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	out := []byte(prefix)
	for _, x := range b {
		out = append(out, codeAlphabet[int(x)%len(codeAlphabet)])
	}
	return string(out)
}

// PurgeMember erases what discounts keep of a purged member, in the purge
// transaction tx: when they were asked to stay, and their name on personal
// codes (which end); the redemptions stay with their paid orders.
func PurgeMember(ctx context.Context, tx pgx.Tx, member int64) error {
	q := db.New(tx)
	if err := q.RetentionAsksPurge(ctx, member); err != nil {
		return fmt.Errorf("purge retention asks of %d: %w", member, err)
	}
	if err := q.CodesForgetMember(ctx, member); err != nil {
		return fmt.Errorf("purge personal codes of %d: %w", member, err)
	}
	return nil
}
