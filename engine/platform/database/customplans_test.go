package database_test

import (
	"context"
	"net"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/pgtest"
)

// writes counts what a connection sends to the server: pgx writes each
// round trip's messages at once.
type writes struct {
	net.Conn
	n *atomic.Int64
}

func (w writes) Write(b []byte) (int, error) {
	w.n.Add(1)
	return w.Conn.Write(b)
}

// CustomPlans plans every call for its values (an index that only the
// value can choose is used on each of ten calls) in one round trip per
// call once the connection knows the query's shape.
func TestCustomPlansPlanEachCallInOneRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	base := pgtest.New(t)
	cfg := base.Config().Copy()
	var sent atomic.Int64
	dial := cfg.ConnConfig.DialFunc
	cfg.ConnConfig.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return writes{Conn: c, n: &sent}, nil
	}
	cfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
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
	before := sent.Load()
	for range 10 {
		if err := q.QueryRow(ctx, query, "rare").Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d %v", n, err)
		}
	}
	if trips := sent.Load() - before; trips != 10 {
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
