package pgtest

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/pgcluster"
)

// Replicated is a primary PostgreSQL cluster with a migrated database and
// a streaming read replica of it, as an install with DATABASE_READ_URL has.
type Replicated struct {
	// Primary and Replica are pools on the same database of the two
	// servers; URLs are their connection strings.
	Primary, Replica       *pgxpool.Pool
	PrimaryURL, ReplicaURL string

	replica *pgcluster.Cluster
}

// NewReplicated starts a primary cluster of its own (not the run's shared
// one, whose many databases a base backup would copy), migrates its
// database, copies it with pg_basebackup and starts the copy as a hot
// standby that streams the primary's WAL. Both stop when the test ends.
// It takes a few seconds: only tests of the read replica use it.
func NewReplicated(tb testing.TB) *Replicated {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir, err := os.MkdirTemp("", "rdv-replicated-")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = os.RemoveAll(dir) })
	// The servers run as the postgres user when the tests run as root.
	if err := os.Chmod(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	primaryDir, replicaDir := filepath.Join(dir, "primary"), filepath.Join(dir, "replica")
	for _, d := range []string{primaryDir, replicaDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			tb.Fatal(err)
		}
	}
	primary, err := StartCluster(primaryDir, Throwaway)
	if err != nil {
		tb.Fatalf("pgtest: primary: %v", err)
	}
	tb.Cleanup(func() { _ = primary.Stop() })
	if err := database.EnsureDatabase(ctx, primary.URL("postgres"), database.Name); err != nil {
		tb.Fatal(err)
	}
	r := &Replicated{PrimaryURL: primary.URL(database.Name)}
	if r.Primary, err = database.Open(ctx, r.PrimaryURL); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(r.Primary.Close)
	if err := database.Migrate(ctx, r.Primary, slog.New(slog.DiscardHandler)); err != nil {
		tb.Fatalf("pgtest: migrate primary: %v", err)
	}

	// The base backup is taken over the primary's socket as the server's
	// own user; -R writes standby.signal and the primary's address, so
	// the copy starts as its standby.
	socket, err := socketOf(primary)
	if err != nil {
		tb.Fatal(err)
	}
	if err := primary.HandOver(replicaDir); err != nil {
		tb.Fatal(err)
	}
	backup := primary.Command(ctx, "pg_basebackup", "-D", filepath.Join(replicaDir, "pgdata"), "-R", "-X", "stream",
		"-c", "fast", "--no-sync", "-h", socket, "-U", "postgres")
	if out, err := backup.CombinedOutput(); err != nil {
		tb.Fatalf("pgtest: pg_basebackup: %v: %s", err, out)
	}
	replica, err := StartCluster(replicaDir, Throwaway)
	if err != nil {
		tb.Fatalf("pgtest: replica: %v", err)
	}
	tb.Cleanup(func() { _ = replica.Stop() })
	r.replica = replica
	r.ReplicaURL = replica.URL(database.Name)
	if r.Replica, err = database.Open(ctx, r.ReplicaURL); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(r.Replica.Close)
	var standby bool
	if err := r.Replica.QueryRow(ctx, "SELECT pg_is_in_recovery()").Scan(&standby); err != nil || !standby {
		tb.Fatalf("pgtest: the replica is not a standby (%v)", err)
	}
	return r
}

// CaughtUp waits until the replica has replayed everything the primary
// has written so far.
func (r *Replicated) CaughtUp(tb testing.TB) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// The insert position, not the write position: the throwaway cluster
	// commits asynchronously, so a commit record may still wait in the WAL
	// buffers, where pg_current_wal_lsn() does not count it yet.
	var lsn string
	if err := r.Primary.QueryRow(ctx, "SELECT pg_current_wal_insert_lsn()::text").Scan(&lsn); err != nil {
		tb.Fatal(err)
	}
	for {
		var done bool
		err := r.Replica.QueryRow(ctx, "SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false)", lsn).Scan(&done)
		if err != nil {
			tb.Fatalf("pgtest: replica replay position: %v", err)
		}
		if done {
			return
		}
		select {
		case <-ctx.Done():
			tb.Fatalf("pgtest: the replica did not reach %s", lsn)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// StopReplica shuts the replica down, as an outage would: its connections
// end and new ones are refused.
func (r *Replicated) StopReplica(tb testing.TB) {
	tb.Helper()
	if err := r.replica.Stop(); err != nil {
		tb.Fatalf("pgtest: stop the replica: %v", err)
	}
}

// PauseReplay stops the replica applying the primary's changes until
// ResumeReplay, so a test can tell which server answered a read: what the
// primary writes meanwhile is not on the replica.
func (r *Replicated) PauseReplay(tb testing.TB) {
	tb.Helper()
	if _, err := r.Replica.Exec(context.Background(), "SELECT pg_wal_replay_pause()"); err != nil {
		tb.Fatal(err)
	}
}

// ResumeReplay lets the replica apply the primary's changes again.
func (r *Replicated) ResumeReplay(tb testing.TB) {
	tb.Helper()
	if _, err := r.Replica.Exec(context.Background(), "SELECT pg_wal_replay_resume()"); err != nil {
		tb.Fatal(err)
	}
}

// socketOf is the directory of a cluster's Unix socket.
func socketOf(c *pgcluster.Cluster) (string, error) {
	cfg, err := pgx.ParseConfig(c.URL("postgres"))
	if err != nil {
		return "", fmt.Errorf("pgtest: cluster address: %w", err)
	}
	return cfg.Host, nil
}
