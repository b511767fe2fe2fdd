package server

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/riverqueue/river"

	"rendezvous/engine/accounts"
	"rendezvous/engine/billing"
	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/delivery/push"
	"rendezvous/engine/live"
	"rendezvous/engine/membership"
	"rendezvous/engine/notifications"
	"rendezvous/engine/trust"
)

// purgeBatch bounds one round of members to purge.
const purgeBatch = 100

// PurgeDue purges every member whose deletion has been pending for
// accounts.DeletionGrace, and returns how many it purged.
func (e *Engine) PurgeDue(ctx context.Context) (int, error) {
	total := 0
	for {
		ids, err := e.Accounts.DueForPurge(ctx, purgeBatch)
		if err != nil {
			return total, err
		}
		purged := 0
		for _, id := range ids {
			ok, err := e.purgeMember(ctx, id)
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

// purgeMember erases one member's personal data in one transaction: each
// area erases its own rows (and releases its blobs, which the media area
// deletes by a job once the purge commits), and accounts anonymises the
// member row last. It answers false when the member was reactivated
// meanwhile or another purge job has them.
func (e *Engine) purgeMember(ctx context.Context, id int64) (bool, error) {
	areas := []struct {
		name  string
		purge func(context.Context, pgx.Tx, int64) error
	}{
		{"chat", e.Chat.PurgeMember},
		{"likes", e.Likes.PurgeMember},
		{"profiles", e.Profiles.PurgeMember},
		{"push", push.PurgeMember},
		{"notifications", notifications.PurgeMember},
		{"billing", billing.PurgeMember},
		{"staff notes", func(ctx context.Context, tx pgx.Tx, id int64) error { return membership.PurgeNotes(ctx, tx, id) }},
		{"kept cards", e.Billing.PurgeCards},
		{"discounts", discounts.PurgeMember},
		{"trust", trust.PurgeMember},
		{"live", live.PurgeMember},
		{"copies of their data", e.Privacy.PurgeMember},
		{"accounts", e.Accounts.PurgeMember},
	}
	var done bool
	err := pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
		ok, err := e.Accounts.LockForPurge(ctx, tx, id)
		if err != nil || !ok {
			return err
		}
		for _, a := range areas {
			if err := a.purge(ctx, tx, id); err != nil {
				return fmt.Errorf("purge member %d, %s: %w", id, a.name, err)
			}
		}
		done = true
		return nil
	})
	if err != nil {
		return false, err
	}
	if done {
		e.log.Info("purged member", "member", id)
	}
	return done, nil
}

// purgeWorker runs the periodic purge job.
type purgeWorker struct {
	river.WorkerDefaults[accounts.PurgeArgs]
	engine *Engine
}

// Work purges what is due.
func (w *purgeWorker) Work(ctx context.Context, _ *river.Job[accounts.PurgeArgs]) error {
	_, err := w.engine.PurgeDue(ctx)
	return err
}
