package jobs

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

// Client inserts and works jobs.
type Client = river.Client[pgx.Tx]

// Migrate creates or updates River's own tables.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	m, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return fmt.Errorf("river migrator: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("river migrate: %w", err)
	}
	return nil
}

// Options tune a client.
type Options struct {
	// Work is false for a client that only inserts jobs (tests that run the
	// workers by hand, tools).
	Work bool
	// Periodic jobs the client schedules while it runs.
	Periodic []*river.PeriodicJob
	// Queues are queues worked beside the default one, each with its
	// number of workers: jobs that wait on the outside world (postbacks)
	// get a few workers of their own, so they cannot take all of them.
	Queues map[string]int
}

// NewClient builds a client for the workers the domain packages registered.
func NewClient(pool *pgxpool.Pool, workers *river.Workers, log *slog.Logger, opts Options) (*Client, error) {
	cfg := &river.Config{Logger: log, Workers: workers, PeriodicJobs: opts.Periodic}
	if opts.Work {
		cfg.Queues = map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 20}}
		for name, workers := range opts.Queues {
			cfg.Queues[name] = river.QueueConfig{MaxWorkers: workers}
		}
	}
	c, err := river.NewClient(riverpgxv5.New(pool), cfg)
	if err != nil {
		return nil, fmt.Errorf("river client: %w", err)
	}
	return c, nil
}
