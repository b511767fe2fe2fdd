package accounts

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// The kinds of account (members.account_kind). Inside the app all are
// members alike; the brand's marketing (the visitor home page, landers,
// member landings) and search never show test and staff accounts, whom
// visitors and members would take for people of the site.
const (
	KindMember = "member"
	// KindTest is an account for trying the site out: the demo's logins,
	// a tester's own account.
	KindTest = "test"
	// KindStaff is a member account staff use for their work.
	KindStaff = "staff"
)

// AccountKinds are the kinds operators may set.
var AccountKinds = []string{KindMember, KindTest, KindStaff}

// ErrAccountKind refuses a kind that is none of AccountKinds.
var ErrAccountKind = refusal.New(refusal.Invalid, "account_kind_invalid", "The kind must be member, test or staff.")

// SetAccountKindTx marks one of t's members as kind in tx and answers the
// member before and after.
func SetAccountKindTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64, kind string) (ModerationState, ModerationState, error) {
	if !slices.Contains(AccountKinds, kind) {
		return ModerationState{}, ModerationState{}, ErrAccountKind
	}
	before, err := MemberState(ctx, tx, t.ID, id)
	if err != nil {
		return ModerationState{}, ModerationState{}, err
	}
	row, err := db.New(tx).MemberSetAccountKind(ctx, db.MemberSetAccountKindParams{AccountKind: kind, ID: id, TenantID: t.ID})
	if errors.Is(err, pgx.ErrNoRows) {
		return ModerationState{}, ModerationState{}, ErrMemberNotFound
	}
	if err != nil {
		return ModerationState{}, ModerationState{}, fmt.Errorf("mark member %d %s: %w", id, kind, err)
	}
	return before, stateOf(row, before.Name), nil
}
