package accounts

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/bulkdb"
	"rendezvous/engine/accounts/internal/db"
)

// BulkMember is a member of bulk data (demo members, load tests), written
// by CopyMembers with no credits; their profiles follow through
// profiles.CopyProfiles, credits through the credits area.
type BulkMember struct {
	ID           int64 // from ReserveMemberIDs
	TenantID     int64
	Email        string
	PasswordHash string // empty: the member cannot log in
	Status       string
	Language     string
	IsHouse      bool
	SignupDate   time.Time
	LastSeenAt   time.Time
	// Demo marks a member of the demo (SwitchDemo).
	Demo bool
	// AccountKind is "member" (also when empty), "test" or "staff": the
	// brand's marketing and search never show test and staff accounts.
	AccountKind string
	// TermsVersion and PrivacyVersion, when set, are the versions the
	// member accepted at signup with the orientation consent, recorded as
	// a signup records them (without an address).
	TermsVersion, PrivacyVersion string
}

// ReserveMemberIDs reserves n member ids for CopyMembers.
func ReserveMemberIDs(ctx context.Context, conn bulkdb.DBTX, n int) ([]int64, error) {
	ids, err := bulkdb.New(conn).MemberIDsReserve(ctx, int32(n))
	if err != nil {
		return nil, fmt.Errorf("reserve %d member ids: %w", n, err)
	}
	return ids, nil
}

// CopyMembers writes many members with COPY.
func CopyMembers(ctx context.Context, tx pgx.Tx, members []BulkMember) error {
	rows := make([]bulkdb.MemberCopyParams, len(members))
	for i, m := range members {
		kind := m.AccountKind
		if kind == "" {
			kind = KindMember
		}
		rows[i] = bulkdb.MemberCopyParams{ID: m.ID, TenantID: m.TenantID, Email: m.Email, PasswordHash: m.PasswordHash,
			Status: m.Status, Language: m.Language, IsHouse: m.IsHouse, SignupDate: m.SignupDate, LastSeenAt: m.LastSeenAt, Demo: m.Demo,
			AccountKind: kind}
	}
	if _, err := bulkdb.New(tx).MemberCopy(ctx, rows); err != nil {
		return fmt.Errorf("copy %d members: %w", len(rows), err)
	}
	var consents []bulkdb.ConsentCopyParams
	for _, m := range members {
		if m.TermsVersion == "" {
			continue
		}
		for _, c := range []struct{ kind, version string }{{ConsentTerms, m.TermsVersion}, {ConsentPrivacy, m.PrivacyVersion}, {ConsentOrientation, ""}} {
			consents = append(consents, bulkdb.ConsentCopyParams{MemberID: m.ID, Kind: c.kind, Version: c.version, Granted: true, CreatedAt: m.SignupDate})
		}
	}
	if _, err := bulkdb.New(tx).ConsentCopy(ctx, consents); err != nil {
		return fmt.Errorf("copy the consents of %d members: %w", len(rows), err)
	}
	return nil
}

// SwitchDemo lets the demo's members (BulkMember.Demo) log in (on: a start
// with --demo) or not (off: a start without it, which also ends their
// sessions), and answers how many it switched. Their password is published,
// so on a real site they must not log in; only another demo start lets them
// in again.
func SwitchDemo(ctx context.Context, conn db.DBTX, on bool) (int64, error) {
	q := db.New(conn)
	var n int64
	var err error
	if on {
		n, err = q.MembersDemoOn(ctx)
	} else {
		n, err = q.MembersDemoOff(ctx)
	}
	if err != nil {
		return 0, fmt.Errorf("switch the demo's members (on: %v): %w", on, err)
	}
	return n, nil
}
