package staff

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"rendezvous/engine/staff/internal/db"
)

// CleanupArgs is the periodic job that deletes expired console sessions and
// wrong-login records older than the block window.
type CleanupArgs struct{}

// Kind names the job in River.
func (CleanupArgs) Kind() string { return "console_cleanup" }

// CleanupWorker runs Cleanup.
type CleanupWorker struct {
	river.WorkerDefaults[CleanupArgs]
	Service *Service
}

// Work deletes what has expired.
func (w *CleanupWorker) Work(ctx context.Context, _ *river.Job[CleanupArgs]) error {
	return w.Service.Cleanup(ctx)
}

// Cleanup deletes expired console sessions and wrong-login records that no
// longer count toward a block.
func (s *Service) Cleanup(ctx context.Context) error {
	q := db.New(s.Pool)
	now := s.Now()
	if _, err := q.SessionsDeleteExpired(ctx, now); err != nil {
		return fmt.Errorf("delete expired console sessions: %w", err)
	}
	if _, err := q.LoginFailuresDeleteBefore(ctx, now.Add(-s.Block.Window)); err != nil {
		return fmt.Errorf("delete old console login failures: %w", err)
	}
	return nil
}

// PeriodicCleanup schedules the cleanup every ten minutes.
func PeriodicCleanup() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(10*time.Minute),
		func() (river.JobArgs, *river.InsertOpts) { return CleanupArgs{}, nil },
		&river.PeriodicJobOpts{ID: "console_cleanup"})
}
