package limits

import (
	"context"
	"time"

	"github.com/riverqueue/river"
)

// CleanupArgs is the periodic job that deletes counters whose window ended.
type CleanupArgs struct{}

// Kind names the job in River.
func (CleanupArgs) Kind() string { return "rate_limits_cleanup" }

// CleanupWorker runs DeleteExpired.
type CleanupWorker struct {
	river.WorkerDefaults[CleanupArgs]
	Limiter *Limiter
}

// Work deletes the expired counters.
func (w *CleanupWorker) Work(ctx context.Context, _ *river.Job[CleanupArgs]) error {
	_, err := w.Limiter.DeleteExpired(ctx)
	return err
}

// CleanupInterval is how often expired counters are deleted. A counter
// that outlives its window does no harm (its next hit starts a new one);
// the cleanup only keeps the table small.
const CleanupInterval = 10 * time.Minute

// PeriodicCleanup schedules the cleanup every CleanupInterval.
func PeriodicCleanup() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(CleanupInterval),
		func() (river.JobArgs, *river.InsertOpts) { return CleanupArgs{}, nil },
		&river.PeriodicJobOpts{ID: "rate_limits_cleanup"})
}
