package database_test

import (
	"context"
	"net"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/pgtest"
)

// wire watches a test pool's connection to the server: it counts the
// writes (pgx writes each round trip's messages at once) and, once cut,
// fails them as a server that stopped does.
type wire struct {
	writes atomic.Int64
	cut    atomic.Bool
}

type wiredConn struct {
	net.Conn
	w *wire
}

func (c wiredConn) Write(b []byte) (int, error) {
	if c.w.cut.Load() {
		_ = c.Conn.Close()
		return 0, &net.OpError{Op: "write", Net: "unix", Err: syscall.EPIPE}
	}
	c.w.writes.Add(1)
	return c.Conn.Write(b)
}

// wiredPool is a pool of one connection to base's database, watched by
// the wire it answers.
func wiredPool(t *testing.T, base *pgxpool.Pool) (*pgxpool.Pool, *wire) {
	t.Helper()
	cfg := base.Config().Copy()
	cfg.MaxConns = 1
	w := &wire{}
	dial := cfg.ConnConfig.DialFunc
	cfg.ConnConfig.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return wiredConn{Conn: c, w: w}, nil
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool, w
}

// CustomPlans plans every call for its values (an index that only the
// value can choose is used on each of ten calls) in one round trip per
// call once the connection knows the query's shape.
func TestCustomPlansPlanEachCallInOneRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, w := wiredPool(t, pgtest.New(t))
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	for _, sql := range []string{
		"CREATE TEMP TABLE kinds (kind text NOT NULL)",
		"INSERT INTO kinds SELECT 'common' FROM generate_series(1, 20000)",
		"INSERT INTO kinds VALUES ('rare')",
		"CREATE INDEX kinds_kind ON kinds (kind)",
		"ANALYZE kinds",
	} {
		if _, err := tx.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	const query = "SELECT count(*) FROM kinds WHERE ($1::text IS NULL OR kind = $1)"
	q := database.CustomPlans{Conn: tx}
	var n int
	if err := q.QueryRow(ctx, query, "rare").Scan(&n); err != nil || n != 1 {
		t.Fatalf("first call: %d %v", n, err)
	}
	before := w.writes.Load()
	for range 10 {
		if err := q.QueryRow(ctx, query, "rare").Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d %v", n, err)
		}
	}
	if trips := w.writes.Load() - before; trips != 10 {
		t.Errorf("ten calls took %d round trips, want 10", trips)
	}
	var scans int
	if err := tx.QueryRow(ctx, "SELECT idx_scan FROM pg_stat_xact_user_tables WHERE relname = 'kinds'", pgx.QueryExecModeSimpleProtocol).Scan(&scans); err != nil {
		t.Fatal(err)
	}
	if scans != 11 {
		t.Errorf("the index was read by %d of 11 calls", scans)
	}
}
