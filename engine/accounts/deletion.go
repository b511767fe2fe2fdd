package accounts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/notify"
	"rendezvous/engine/tenancy"
)

// PurgeHook erases what another area keeps about a member whose deletion
// became final (photos and their blobs, messages...). It runs inside the
// purge transaction; work outside the database (deleting blobs) should be
// queued as a job in tx so it happens only if the purge commits.
type PurgeHook func(ctx context.Context, tx pgx.Tx, memberID int64) error

// OnPurge registers a hook; call it while building the engine, before any
// purge runs.
func (s *Service) OnPurge(h PurgeHook) { s.purgeHooks = append(s.purgeHooks, h) }

// RequestDeletion makes m's account deletion-pending: the profile is hidden
// everywhere, logins are refused, and a reactivation link valid for
// DeletionGrace is mailed. It returns when the purge will happen.
func (s *Service) RequestDeletion(ctx context.Context, t *tenancy.Tenant, m *Member, baseURL string) (time.Time, error) {
	now := s.Now()
	purgeAt := now.Add(DeletionGrace)
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		n, err := q.MemberRequestDeletion(ctx, db.MemberRequestDeletionParams{ID: m.ID, Now: now})
		if err != nil {
			return fmt.Errorf("request deletion: %w", err)
		}
		if n == 0 {
			return ErrNotFound
		}
		if err := q.ProfileSetStatus(ctx, db.ProfileSetStatusParams{ID: m.ID, ToStatus: "hidden", Now: now,
			FromStatuses: []string{"active", "disabled"}}); err != nil {
			return fmt.Errorf("hide profile: %w", err)
		}
		token, err := s.issueToken(ctx, tx, m.ID, tokenReactivation, "", DeletionGrace)
		if err != nil {
			return err
		}
		name, err := q.ProfileName(ctx, m.ID)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("profile name: %w", err)
		}
		loc := t.Location
		if loc == nil {
			loc = time.UTC
		}
		return s.Mailer.Queue(ctx, tx, notify.Mail{
			Tenant: t, Locale: m.Language, To: m.Email, Template: notify.Deletion, BaseURL: baseURL,
			Data:   map[string]any{"Name": name, "Date": purgeAt.In(loc).Format(time.DateOnly)},
			Action: baseURL + "/account-deleted?token=" + token,
		})
	})
	if err != nil {
		return time.Time{}, err
	}
	return purgeAt, nil
}

// Reactivate reverses a pending deletion with the mailed token and returns
// the member, active again (the link proved the address).
func (s *Service) Reactivate(ctx context.Context, t *tenancy.Tenant, token string) (*Member, error) {
	var m *Member
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tok, err := s.useToken(ctx, tx, t, tokenReactivation, token)
		if err != nil {
			return err
		}
		q := db.New(tx)
		n, err := q.MemberReactivate(ctx, tok.MemberID)
		if err != nil {
			return fmt.Errorf("reactivate: %w", err)
		}
		if n == 0 {
			return ErrLinkInvalid
		}
		now := s.Now()
		if err := q.ProfileSetStatus(ctx, db.ProfileSetStatusParams{ID: tok.MemberID, ToStatus: "active", Now: now,
			FromStatuses: []string{"hidden", "disabled"}}); err != nil {
			return fmt.Errorf("show profile: %w", err)
		}
		if err := q.TokensRetire(ctx, db.TokensRetireParams{MemberID: tok.MemberID, Kind: tokenReactivation, Now: now}); err != nil {
			return err
		}
		m, err = MemberByID(ctx, tx, tok.MemberID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// purgeBatch bounds one purge transaction round.
const purgeBatch = 100

// PurgeDue purges every member whose deletion has been pending for
// DeletionGrace, and returns how many it purged.
func (s *Service) PurgeDue(ctx context.Context) (int, error) {
	cutoff := s.Now().Add(-DeletionGrace)
	total := 0
	for {
		ids, err := db.New(s.Pool).MembersDueForPurge(ctx, db.MembersDueForPurgeParams{Cutoff: cutoff, MaxRows: purgeBatch})
		if err != nil {
			return total, fmt.Errorf("members due for purge: %w", err)
		}
		purged := 0
		for _, id := range ids {
			ok, err := s.purge(ctx, id, cutoff)
			if err != nil {
				return total, err
			}
			if ok {
				purged++
			}
		}
		total += purged
		if len(ids) < purgeBatch || purged == 0 {
			return total, nil
		}
	}
}

// purge erases one member's personal data. The member row stays,
// anonymised, because ledger rows, orders and affiliate tracking refer to
// it for accounting; likes, blocks, conversations with their messages, the
// profile (and with it the photos' rows), push subscriptions, tokens and
// alert dismissals go. Blobs in the media store are for a PurgeHook.
func (s *Service) purge(ctx context.Context, id int64, cutoff time.Time) (bool, error) {
	var done bool
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if _, err := q.MemberLockForPurge(ctx, db.MemberLockForPurgeParams{ID: id, Cutoff: cutoff}); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				// Reactivated meanwhile, or another job has it.
				return nil
			}
			return err
		}
		m, err := MemberByID(ctx, tx, id)
		if err != nil {
			return err
		}
		for _, h := range s.purgeHooks {
			if err := h(ctx, tx, id); err != nil {
				return fmt.Errorf("purge hook: %w", err)
			}
		}
		steps := []func() error{
			func() error { return q.PurgeLikes(ctx, id) },
			func() error { return q.PurgeBlocks(ctx, id) },
			func() error { return q.PurgeConversations(ctx, id) },
			func() error { return q.PurgeStaff(ctx, id) },
			func() error { return q.ProfileDelete(ctx, id) },
			func() error { return q.PushSubscriptionsDelete(ctx, id) },
			func() error { return q.TokensDelete(ctx, id) },
			func() error { return q.AlertDismissalsDelete(ctx, id) },
			func() error {
				return q.LoginFailuresClear(ctx, db.LoginFailuresClearParams{TenantID: m.TenantID, Subject: memberSubject(id)})
			},
			func() error {
				return q.LoginBlockClear(ctx, db.LoginBlockClearParams{TenantID: m.TenantID, Subject: memberSubject(id)})
			},
			func() error { return q.MemberPurge(ctx, db.MemberPurgeParams{ID: id, Now: s.Now()}) },
		}
		for _, step := range steps {
			if err := step(); err != nil {
				return fmt.Errorf("purge member %d: %w", id, err)
			}
		}
		done = true
		return nil
	})
	if err != nil {
		return false, err
	}
	if done {
		s.Log.Info("purged member", "member", id)
	}
	return done, nil
}

// PurgeArgs is the periodic job that purges members whose deletion is
// final.
type PurgeArgs struct{}

// Kind names the job in River.
func (PurgeArgs) Kind() string { return "accounts_purge" }

// PurgeWorker runs PurgeDue.
type PurgeWorker struct {
	river.WorkerDefaults[PurgeArgs]
	Service *Service
}

// Work purges what is due.
func (w *PurgeWorker) Work(ctx context.Context, _ *river.Job[PurgeArgs]) error {
	_, err := w.Service.PurgeDue(ctx)
	return err
}

// PurgeInterval is how often the purge job runs; a purge happens at most
// this long after its 14 days.
const PurgeInterval = time.Hour

// PeriodicPurge schedules the purge job every PurgeInterval and at start.
func PeriodicPurge() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(PurgeInterval),
		func() (river.JobArgs, *river.InsertOpts) { return PurgeArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true, ID: "accounts_purge"})
}
