package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/demo"
	"rendezvous/engine/media"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/tenancy"
)

// demoGenerate is `rendezvous demo generate --profiles N [--tenant slug]`:
// a large data set for benchmarks and load tests, written with COPY.
func demoGenerate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("demo generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	n := fs.Int("profiles", 100_000, "how many profiles to add")
	slug := fs.String("tenant", "lustlokaal", "tenant whose profile pool gets them")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n <= 0 {
		return errors.New("--profiles must be positive")
	}
	return withTenants(ctx, cfg, stderr, func(pool *pgxpool.Pool, _ *tenancy.Directory) error {
		store, err := media.Open(ctx, cfg)
		if err != nil {
			return err
		}
		start := time.Now()
		log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		s := demo.NewSeeder(pool, store, media.NewProcessor(media.DefaultLimits, 0), log)
		err = s.Generate(ctx, *slug, *n, func(done, total int) {
			rate := float64(done) / time.Since(start).Seconds()
			fmt.Fprintf(stdout, "generated %d of %d profiles (%.0f/s)\n", done, total, rate)
		})
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "done: %d profiles in %s\n", *n, time.Since(start).Round(time.Millisecond))
		return nil
	})
}
