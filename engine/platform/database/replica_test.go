package database_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/pgtest"
)

// A read replica that cannot be reached (from the engine's start on)
// leaves the reads to the primary
// for database.ReplicaRetry, with one log line, and gets them back after
// it; a working replica answers them, and its answers about the query
// itself (no row, a syntax error) are the caller's, not a reason to ask
// the primary.
func TestReadReplicaFallsBackToThePrimary(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	primary, replica := pgtest.New(t), pgtest.New(t)
	for pool, name := range map[*pgxpool.Pool]string{primary: "primary", replica: "replica"} {
		if _, err := pool.Exec(ctx, "CREATE TABLE side (name text); INSERT INTO side VALUES ('"+name+"')"); err != nil {
			t.Fatal(err)
		}
	}
	var logged bytes.Buffer
	// Nothing listens on port 1: connecting fails at once. The engine
	// starts all the same, and says so.
	down, closeDown, err := database.OpenRead(ctx, "postgres://postgres@127.0.0.1:1/rendezvous", primary, slog.New(slog.NewTextHandler(&logged, nil)))
	if err != nil {
		t.Fatalf("OpenRead with the replica down: %v", err)
	}
	t.Cleanup(closeDown)
	if !strings.Contains(logged.String(), "the read replica does not answer") {
		t.Fatalf("OpenRead logged %q", logged.String())
	}
	logged.Reset()
	now := time.Now()
	r := database.NewReadReplica(replica, primary, slog.New(slog.NewTextHandler(&logged, nil)))
	r.Now = func() time.Time { return now }

	// read answers which server a read went to, by each kind of call.
	read := func(t *testing.T) (row, rows, exec string) {
		t.Helper()
		if err := r.QueryRow(ctx, "SELECT name FROM side").Scan(&row); err != nil {
			t.Fatalf("QueryRow: %v", err)
		}
		names, err := r.Query(ctx, "SELECT name FROM side")
		if err != nil {
			t.Fatalf("Query: %v", err)
		}
		got, err := pgx.CollectRows(names, pgx.RowTo[string])
		if err != nil || len(got) != 1 {
			t.Fatalf("Query rows: %v %v", got, err)
		}
		// SELECT's tag counts the rows: one on the primary, none on the
		// replica.
		tag, err := r.Exec(ctx, "SELECT name FROM side WHERE name = 'primary'")
		if err != nil {
			t.Fatalf("Exec: %v", err)
		}
		exec = "replica"
		if tag.RowsAffected() == 1 {
			exec = "primary"
		}
		return row, got[0], exec
	}
	want := func(t *testing.T, server string) {
		t.Helper()
		row, rows, exec := read(t)
		if row != server || rows != server || exec != server {
			t.Fatalf("QueryRow, Query and Exec went to %s, %s and %s; want %s", row, rows, exec, server)
		}
	}

	want(t, "replica")
	// The query's own errors come back as they are, and leave the replica
	// in use.
	var name string
	if err := r.QueryRow(ctx, "SELECT name FROM side WHERE false").Scan(&name); !errors.Is(err, pgx.ErrNoRows) {
		t.Fatalf("no row: %v", err)
	}
	var pg *pgconn.PgError
	if _, err := r.Query(ctx, "SELEC name FROM side"); !errors.As(err, &pg) || pg.Code != "42601" {
		t.Fatalf("syntax error: %v", err)
	}
	if logged.Len() != 0 {
		t.Fatalf("logged for the query's own errors: %s", logged.String())
	}
	want(t, "replica")

	// The replica goes down: every read is answered by the primary, and
	// one line says so.
	r.Replica = down
	want(t, "primary")
	want(t, "primary")
	if n := strings.Count(logged.String(), "read replica failed"); n != 1 {
		t.Fatalf("logged %d times, want once: %s", n, logged.String())
	}
	// It is back, but the primary keeps the reads until the retry time.
	r.Replica = replica
	now = now.Add(database.ReplicaRetry - time.Second)
	want(t, "primary")
	now = now.Add(2 * time.Second)
	want(t, "replica")
}

// A query whose shape the replica's connection knows is sent without
// waiting for an answer, so a replica lost since says so only at the
// first row: the rows then come from the primary.
func TestReadReplicaLostAtTheFirstRow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	primary, replica := pgtest.New(t), pgtest.New(t)
	for pool, name := range map[*pgxpool.Pool]string{primary: "primary", replica: "replica"} {
		if _, err := pool.Exec(ctx, "CREATE TABLE side (name text); INSERT INTO side VALUES ('"+name+"')"); err != nil {
			t.Fatal(err)
		}
	}
	lost, wire := wiredPool(t, replica)
	r := database.NewReadReplica(lost, primary, nil)
	names := func() []string {
		t.Helper()
		rows, err := r.Query(ctx, "SELECT name FROM side", pgx.QueryExecModeCacheDescribe)
		if err != nil {
			t.Fatalf("Query: %v", err)
		}
		got, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatalf("rows: %v", err)
		}
		return got
	}
	if got := names(); !slices.Equal(got, []string{"replica"}) {
		t.Fatalf("before: %v", got)
	}
	wire.cut.Store(true)
	if got := names(); !slices.Equal(got, []string{"primary"}) {
		t.Fatalf("with the replica lost: %v, want the primary's", got)
	}
}
