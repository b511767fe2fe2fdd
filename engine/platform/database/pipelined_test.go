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
		// Statements ahead go with the first statement, whatever kind it is,
		// and their callbacks have run when its answer is read.
		{name: "ahead of a row", kept: true, trips: 2, fn: func(tx pgx.Tx) (*pgx.Batch, error) {
			n := ahead(t, tx, 8)
			var got int
			if err := tx.QueryRow(ctx, "SELECT n FROM pipelined WHERE id = 8").Scan(&got); err != nil {
				return nil, err
			}
			if *n != 1 || got != 1 {
				t.Errorf("ahead of a row: callback saw %d, the row %d; want 1 and 1", *n, got)
			}
			return nil, nil
		}},
		{name: "ahead of rows", kept: true, trips: 3, fn: func(tx pgx.Tx) (*pgx.Batch, error) {
			n := ahead(t, tx, 9)
			rows, err := tx.Query(ctx, "SELECT n FROM pipelined WHERE id = 9")
			if err != nil {
				return nil, err
			}
			got, err := pgx.CollectRows(rows, pgx.RowTo[int])
			if err != nil || *n != 1 || len(got) != 1 {
				t.Errorf("ahead of rows: callback saw %d, rows %v (%v)", *n, got, err)
			}
			return nil, err
		}},
		{name: "ahead of a batch", kept: true, trips: 2, fn: func(tx pgx.Tx) (*pgx.Batch, error) {
			n := ahead(t, tx, 10)
			b := &pgx.Batch{}
			b.Queue("UPDATE pipelined SET n = n + 1 WHERE id = 10")
			err := tx.SendBatch(ctx, b).Close()
			if *n != 1 {
				t.Errorf("ahead of a batch: callback saw %d", *n)
			}
			return nil, err
		}},
		{name: "ahead of the last statements", kept: true, trips: 1, fn: func(tx pgx.Tx) (*pgx.Batch, error) {
			ahead(t, tx, 11)
			b := &pgx.Batch{}
			b.Queue("UPDATE pipelined SET n = n + 1 WHERE id = 11")
			return b, nil
		}},
		{name: "a statement ahead fails", trips: 2, fn: func(tx pgx.Tx) (*pgx.Batch, error) {
			b := &pgx.Batch{}
			b.Queue("INSERT INTO pipelined VALUES (12, -1)")
			if err := database.Ahead(tx, b); err != nil {
				t.Fatal(err)
			}
			_, err := tx.Exec(ctx, "INSERT INTO pipelined VALUES (12, 1)")
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

// ahead queues the insert of row id (n = 1) ahead of tx's first statement
// and returns where its callback puts the row's n.
func ahead(t *testing.T, tx pgx.Tx, id int) *int {
	t.Helper()
	n := new(int)
	b := &pgx.Batch{}
	b.Queue("INSERT INTO pipelined VALUES ($1, 1) RETURNING n", id).QueryRow(func(r pgx.Row) error { return r.Scan(n) })
	if err := database.Ahead(tx, b); err != nil {
		t.Fatal(err)
	}
	return n
}

// Ahead refuses a transaction that is not Pipelined's and one whose first
// statement has gone.
func TestAheadRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := database.Ahead(tx, &pgx.Batch{}); err == nil {
		t.Error("Ahead took a transaction of pgx")
	}
	err = database.Pipelined(ctx, pool, func(tx pgx.Tx) (*pgx.Batch, error) {
		if _, err := tx.Exec(ctx, "SELECT 1"); err != nil {
			return nil, err
		}
		return nil, database.Ahead(tx, &pgx.Batch{})
	})
	if err == nil {
		t.Error("Ahead took statements after the first one")
	}
}

// Execs queues :exec statements as the last statements of a Pipelined
// transaction, with COMMIT; a refusal among them, mapped by Refused, fails
// the transaction, which keeps nothing.
func TestExecs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	if _, err := pool.Exec(ctx, "CREATE TABLE pipelined (id int PRIMARY KEY, n int NOT NULL CHECK (n >= 0))"); err != nil {
		t.Fatal(err)
	}
	refused := errors.New("below zero")
	send := func(id, n int) error {
		return database.Pipelined(ctx, pool, func(tx pgx.Tx) (*pgx.Batch, error) {
			if _, err := tx.Exec(ctx, "INSERT INTO pipelined VALUES ($1, 0)", id); err != nil {
				return nil, err
			}
			b := &pgx.Batch{}
			q := database.Execs{Batch: b, Refused: func(err error) error {
				if database.Violated(err, "pipelined_n_check") {
					return refused
				}
				return err
			}}
			if _, err := q.Exec(ctx, "UPDATE pipelined SET n = $2 WHERE id = $1", id, n); err != nil {
				return nil, err
			}
			return b, nil
		})
	}
	if err := send(1, 5); err != nil {
		t.Fatal(err)
	}
	if err := send(2, -1); !errors.Is(err, refused) {
		t.Errorf("a refused last statement: %v, want %v", err, refused)
	}
	rows, _ := pool.Query(ctx, "SELECT n FROM pipelined ORDER BY id")
	ns, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil || len(ns) != 1 || ns[0] != 5 {
		t.Errorf("rows %v (%v), want only the first send's n 5", ns, err)
	}
	q := database.Execs{Batch: &pgx.Batch{}}
	if _, err := q.Query(ctx, "SELECT 1"); err == nil {
		t.Error("Execs ran a query")
	}
	var one int
	if err := q.QueryRow(ctx, "SELECT 1").Scan(&one); err == nil {
		t.Error("Execs ran a row query")
	}
}
