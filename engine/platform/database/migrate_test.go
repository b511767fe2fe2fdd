package database_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/pressly/goose/v3/lock"

	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// A start on an up-to-date database only reads the applied versions: it
// neither takes nor waits for the migration lock (engine/cmd/bench/HISTORY.md,
// the second start). Without the check it would wait here for the lock another
// connection holds until the deadline.
func TestMigrateUpToDateTakesNoLock(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	ctx := context.Background()
	holder, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Release()
	if _, err := holder.Exec(ctx, "SELECT pg_advisory_lock($1)", lock.DefaultLockID); err != nil {
		t.Fatal(err)
	}
	defer func() { _, _ = holder.Exec(ctx, "SELECT pg_advisory_unlock($1)", lock.DefaultLockID) }()

	waitCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := database.Migrate(waitCtx, pool, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatalf("migrate an up-to-date database while the lock is held: %v", err)
	}
	var applied int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM goose_db_version WHERE version_id > 0").Scan(&applied); err != nil {
		t.Fatal(err)
	}
	if applied == 0 {
		t.Fatal("no applied migrations recorded")
	}
}

// A database with a migration not recorded is not taken for up to date:
// Migrate runs it again (which records it, or fails on the objects it made
// the first time), never returns success with the version still missing.
func TestMigrateAppliesPending(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	ctx := context.Background()
	var newest int64
	if err := pool.QueryRow(ctx, "SELECT max(version_id) FROM goose_db_version").Scan(&newest); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "DELETE FROM goose_db_version WHERE version_id = $1", newest); err != nil {
		t.Fatal(err)
	}
	err := database.Migrate(ctx, pool, slog.New(slog.DiscardHandler))
	var back int64
	if qerr := pool.QueryRow(ctx, "SELECT max(version_id) FROM goose_db_version").Scan(&back); qerr != nil {
		t.Fatal(qerr)
	}
	if err == nil && back != newest {
		t.Fatalf("newest version after migrate = %d, want %d", back, newest)
	}
	if err != nil && back == newest {
		t.Fatalf("migrate failed but recorded version %d: %v", back, err)
	}
}
