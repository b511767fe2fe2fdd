package accounts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/riverqueue/river"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/delivery"
	"rendezvous/engine/tenancy"
)

// RequestDeletionTx makes m's account deletion-pending in tx: logins are
// refused and a reactivation link valid for DeletionGrace is mailed.
// Hiding the profile everywhere in the same transaction is the caller's
// part (engine/membership). It returns when the purge will happen.
func (s *Service) RequestDeletionTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, m *Account, baseURL string) (time.Time, error) {
	now := s.Now()
	purgeAt := now.Add(DeletionGrace)
	q := db.New(tx)
	s.SessionsEnding(m.ID)
	n, err := q.MemberRequestDeletion(ctx, db.MemberRequestDeletionParams{ID: m.ID, Now: now})
	if err != nil {
		return time.Time{}, fmt.Errorf("request deletion: %w", err)
	}
	if n == 0 {
		return time.Time{}, ErrNotFound
	}
	token, err := s.issueToken(ctx, tx, m.ID, tokenReactivation, "", DeletionGrace)
	if err != nil {
		return time.Time{}, err
	}
	name, err := q.ProfileName(ctx, m.ID)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return time.Time{}, fmt.Errorf("profile name: %w", err)
	}
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	err = s.Mailer.Queue(ctx, tx, delivery.Mail{
		Tenant: t, Locale: m.Language, To: m.Email, Template: delivery.Deletion, BaseURL: baseURL,
		Data:   map[string]any{"Name": name, "Date": purgeAt.In(loc)},
		Action: baseURL + "/account-deleted?token=" + token, Secret: true,
	})
	if err != nil {
		return time.Time{}, err
	}
	return purgeAt, nil
}

// ReactivateTx reverses a pending deletion with the mailed token in tx and
// returns the member, active again (the link proved the address). Showing
// the profile again in the same transaction is the caller's part
// (engine/membership).
func (s *Service) ReactivateTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, token string) (*Account, error) {
	tok, err := s.useToken(ctx, tx, t, tokenReactivation, token)
	if err != nil {
		return nil, err
	}
	q := db.New(tx)
	n, err := q.MemberReactivate(ctx, tok.MemberID)
	if err != nil {
		return nil, fmt.Errorf("reactivate: %w", err)
	}
	if n == 0 {
		return nil, ErrLinkInvalid
	}
	if err := q.TokensRetire(ctx, db.TokensRetireParams{MemberID: tok.MemberID, Kind: tokenReactivation, Now: s.Now()}); err != nil {
		return nil, err
	}
	return MemberByID(ctx, tx, tok.MemberID)
}

// Purging: when a deletion has been pending for DeletionGrace, every area
// erases its own data of the member in one transaction (the engine's purge
// job, engine/server, calls each area's PurgeMember after LockForPurge);
// the accounts area goes last and anonymises the member row.

// DueForPurge lists up to limit members whose deletion has been pending for
// DeletionGrace, oldest first.
func (s *Service) DueForPurge(ctx context.Context, limit int) ([]int64, error) {
	ids, err := db.New(s.Pool).MembersDueForPurge(ctx, db.MembersDueForPurgeParams{Cutoff: s.Now().Add(-DeletionGrace), MaxRows: int32(limit)})
	if err != nil {
		return nil, fmt.Errorf("members due for purge: %w", err)
	}
	return ids, nil
}

// LockForPurge locks the member's row in the purge transaction tx and
// reports whether the purge should go on: false when the member was
// reactivated meanwhile or another purge job has them.
func (s *Service) LockForPurge(ctx context.Context, tx pgx.Tx, id int64) (bool, error) {
	_, err := db.New(tx).MemberLockForPurge(ctx, db.MemberLockForPurgeParams{ID: id, Cutoff: s.Now().Add(-DeletionGrace)})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("lock member %d for purge: %w", id, err)
	}
	return true, nil
}

// PurgeMember erases what the accounts area keeps of a member whose
// deletion became final, in the purge transaction tx: tokens, alert
// dismissals, sessions and login failures and blocks go, and the
// addresses of the signup and the last login; the member row stays,
// anonymised, because ledger rows, orders and affiliate tracking refer to
// it for accounting.
func (s *Service) PurgeMember(ctx context.Context, tx pgx.Tx, id int64) error {
	m, err := MemberByID(ctx, tx, id)
	if err != nil {
		return err
	}
	q := db.New(tx)
	steps := []func() error{
		func() error { return q.TokensDelete(ctx, id) },
		func() error { return q.AlertDismissalsDelete(ctx, id) },
		func() error { return q.MemberSessionsDelete(ctx, pgtype.Int8{Int64: id, Valid: true}) },
		func() error { return q.ConsentsDelete(ctx, id) },
		func() error { return s.clearFailures(ctx, tx, m.TenantID, id) },
		func() error { return q.MemberPurge(ctx, db.MemberPurgeParams{ID: id, Now: s.Now()}) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return fmt.Errorf("purge member %d: %w", id, err)
		}
	}
	return nil
}

// PurgeArgs is the periodic job that purges members whose deletion is
// final; the engine's worker (engine/server) runs it.
type PurgeArgs struct{}

// Kind names the job in River.
func (PurgeArgs) Kind() string { return "accounts_purge" }

// PurgeInterval is how often the purge job runs; a purge happens at most
// this long after its 14 days.
const PurgeInterval = time.Hour

// PeriodicPurge schedules the purge job every PurgeInterval and at start.
func PeriodicPurge() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(PurgeInterval),
		func() (river.JobArgs, *river.InsertOpts) { return PurgeArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true, ID: "accounts_purge"})
}

// DropAddresses forgets the signup and login addresses of tenant's
// members stored before cutoff, in tx (the brand's address retention), and
// returns how many members it changed.
func DropAddresses(ctx context.Context, tx pgx.Tx, tenant int64, cutoff time.Time) (int64, error) {
	n, err := db.New(tx).MembersDropAddresses(ctx, db.MembersDropAddressesParams{TenantID: tenant, Cutoff: cutoff})
	if err != nil {
		return 0, fmt.Errorf("drop addresses of tenant %d: %w", tenant, err)
	}
	return n, nil
}
