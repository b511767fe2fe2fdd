package database_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/pgtest"
)

// batches counts what a pool sends: each query and each batch is one
// round trip.
type batches struct{ n atomic.Int64 }

func (b *batches) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	b.n.Add(1)
	return ctx
}
func (b *batches) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (b *batches) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	b.n.Add(1)
	return ctx
}
func (b *batches) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (b *batches) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}

// Pipelined commits what fn and its last statements did in two round
// trips besides fn's own, and keeps nothing when fn, a last statement or
// the commit fails.
func TestPipelined(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	base := pgtest.New(t)
	if _, err := base.Exec(ctx, "CREATE TABLE pipelined (id int PRIMARY KEY, n int NOT NULL CHECK (n >= 0))"); err != nil {
		t.Fatal(err)
	}
	cfg := base.Config().Copy()
	trace := &batches{}
	cfg.ConnConfig.Tracer = trace
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	failed := errors.New("fn failed")
	cases := []struct {
		name string
		fn   func(pgx.Tx) (*pgx.Batch, error)
		err  error
		kept bool
		// trips: round trips, a rollback included.
		trips int64
	}{
		{name: "row and last statements", kept: true, trips: 2, fn: func(tx pgx.Tx) (*pgx.Batch, error) {
			var one int
			if err := tx.QueryRow(ctx, "INSERT INTO pipelined VALUES (1, 1) RETURNING 1").Scan(&one); err != nil || one != 1 {
				return nil, err
			}
			b := &pgx.Batch{}
			b.Queue("UPDATE pipelined SET n = n + 1 WHERE id = 1")
			return b, nil
		}},
		{name: "exec first", kept: true, trips: 2, fn: func(tx pgx.Tx) (*pgx.Batch, error) {
			_, err := tx.Exec(ctx, "INSERT INTO pipelined VALUES (2, 1)")
			return nil, err
		}},
		{name: "batch first", kept: true, trips: 2, fn: func(tx pgx.Tx) (*pgx.Batch, error) {
			b := &pgx.Batch{}
			b.Queue("INSERT INTO pipelined VALUES (3, 1)")
			return nil, tx.SendBatch(ctx, b).Close()
		}},
		{name: "only last statements", kept: true, trips: 1, fn: func(pgx.Tx) (*pgx.Batch, error) {
			b := &pgx.Batch{}
			b.Queue("INSERT INTO pipelined VALUES (4, 1)")
			return b, nil
		}},
		{name: "fn fails", err: failed, trips: 2, fn: func(tx pgx.Tx) (*pgx.Batch, error) {
			if _, err := tx.Exec(ctx, "INSERT INTO pipelined VALUES (5, 1)"); err != nil {
				return nil, err
			}
			return nil, failed
		}},
		{name: "a last statement fails", trips: 3, fn: func(tx pgx.Tx) (*pgx.Batch, error) {
			if _, err := tx.Exec(ctx, "INSERT INTO pipelined VALUES (6, 1)"); err != nil {
				return nil, err
			}
			b := &pgx.Batch{}
			b.Queue("UPDATE pipelined SET n = -1 WHERE id = 6")
			return b, nil
		}},
		{name: "the first statement fails", trips: 2, fn: func(tx pgx.Tx) (*pgx.Batch, error) {
			_, err := tx.Exec(ctx, "INSERT INTO pipelined VALUES (7, -1)")
			return nil, err
		}},
	}
	for i, c := range cases {
		id := i + 1
		trace.n.Store(0)
		err := database.Pipelined(ctx, pool, c.fn)
		switch {
		case c.err != nil && !errors.Is(err, c.err):
			t.Errorf("%s: err %v, want %v", c.name, err, c.err)
		case c.kept && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case !c.kept && err == nil:
			t.Errorf("%s: no error", c.name)
		}
		if got := trace.n.Load(); got > c.trips {
			t.Errorf("%s: %d round trips, want at most %d", c.name, got, c.trips)
		}
		var n int
		err = base.QueryRow(ctx, "SELECT count(*) FROM pipelined WHERE id = $1", id).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		if kept := n == 1; kept != c.kept {
			t.Errorf("%s: row kept %v, want %v", c.name, kept, c.kept)
		}
	}
	// Every connection went back to the pool outside a transaction.
	if err := pool.AcquireFunc(ctx, func(c *pgxpool.Conn) error {
		if s := c.Conn().PgConn().TxStatus(); s != 'I' {
			t.Errorf("a connection came back in transaction status %c", s)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}
