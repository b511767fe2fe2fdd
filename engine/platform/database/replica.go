package database

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ReplicaRetry is how long the reads stay on the primary after the read
// replica failed them: long enough that members do not each wait for a
// connection attempt to a replica that is down, short enough that the
// replica takes the reads back soon after it returns.
const ReplicaRetry = 10 * time.Second

// ReadReplica runs the reads that tolerate lag (DATABASE_READ_URL) on the
// replica, and on the primary while the replica cannot answer them: a
// replica that is down, restarting or cancelling reads that conflict with
// its recovery must not take search and profiles down with it while the
// primary works. Only reads go through it, so running one again on the
// primary is always safe. An error the replica gave about the query itself
// (a syntax error, a missing row) is the caller's, as it would be on the
// primary.
type ReadReplica struct {
	Replica, Primary *pgxpool.Pool
	Log              *slog.Logger
	// Now is the clock; tests replace it.
	Now func() time.Time

	// skipUntil is when, in Unix nanoseconds, the replica gets the reads
	// back after a failure.
	skipUntil atomic.Int64
}

// NewReadReplica returns a ReadReplica with the real clock.
func NewReadReplica(replica, primary *pgxpool.Pool, log *slog.Logger) *ReadReplica {
	return &ReadReplica{Replica: replica, Primary: primary, Log: log, Now: time.Now}
}

// Exec runs sql on the replica, or on the primary when the replica fails.
func (r *ReadReplica) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	if r.skipping() {
		return r.Primary.Exec(ctx, sql, args...)
	}
	tag, err := r.Replica.Exec(ctx, sql, args...)
	if r.failed(ctx, err) {
		return r.Primary.Exec(ctx, sql, args...)
	}
	return tag, err
}

// Query runs sql on the replica, or on the primary when the replica fails
// before answering. pgx may tell that only when the first row is read (a
// query whose shape the connection knows is sent with nothing to wait
// for), so the rows turn to the primary too while none has been read; an
// error met after a row is the caller's.
func (r *ReadReplica) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if r.skipping() {
		return r.Primary.Query(ctx, sql, args...)
	}
	rows, err := r.Replica.Query(ctx, sql, args...)
	if r.failed(ctx, err) {
		return r.Primary.Query(ctx, sql, args...)
	}
	if err != nil {
		return rows, err
	}
	return &replicaRows{Rows: rows, r: r, ctx: ctx, sql: sql, args: args}, nil
}

// replicaRows are the replica's rows, or the primary's once the replica
// failed before the first row.
type replicaRows struct {
	pgx.Rows
	r    *ReadReplica
	ctx  context.Context
	sql  string
	args []any
	// begun: a row was asked for.
	begun bool
	// err is the primary's refusal of the query run again.
	err error
}

func (w *replicaRows) Next() bool {
	if w.begun {
		return w.Rows.Next()
	}
	w.begun = true
	if w.Rows.Next() {
		return true
	}
	if !w.r.failed(w.ctx, w.Rows.Err()) {
		return false
	}
	w.Rows.Close()
	rows, err := w.r.Primary.Query(w.ctx, w.sql, w.args...)
	if err != nil {
		w.err = err
		return false
	}
	w.Rows = rows
	return rows.Next()
}

func (w *replicaRows) Err() error {
	if w.err != nil {
		return w.err
	}
	return w.Rows.Err()
}

// QueryRow runs sql on the replica, or on the primary when the replica
// fails; the row's Scan says which failed.
func (r *ReadReplica) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if r.skipping() {
		return r.Primary.QueryRow(ctx, sql, args...)
	}
	return &replicaRow{r: r, ctx: ctx, sql: sql, args: args, row: r.Replica.QueryRow(ctx, sql, args...)}
}

type replicaRow struct {
	r    *ReadReplica
	ctx  context.Context
	sql  string
	args []any
	row  pgx.Row
}

func (w *replicaRow) Scan(dest ...any) error {
	err := w.row.Scan(dest...)
	if w.r.failed(w.ctx, err) {
		return w.r.Primary.QueryRow(w.ctx, w.sql, w.args...).Scan(dest...)
	}
	return err
}

func (r *ReadReplica) skipping() bool {
	return r.Now().UnixNano() < r.skipUntil.Load()
}

// failed reports whether err is the replica's failure rather than the
// query's, and if so sends the reads to the primary for ReplicaRetry.
func (r *ReadReplica) failed(ctx context.Context, err error) bool {
	if err == nil || ctx.Err() != nil || !replicaFailure(err) {
		return false
	}
	// One log line per outage, not one per read.
	if r.skipUntil.Swap(r.Now().Add(ReplicaRetry).UnixNano()) < r.Now().UnixNano() && r.Log != nil {
		r.Log.Warn("read replica failed; reads go to the primary", "retry_in", ReplicaRetry.String(), "err", err)
	}
	return true
}

// replicaFailure tells the replica's failures from the query's own errors
// (and from a value the caller could not scan): no answer at all (no
// connection, a connection lost), or an answer about
// the server rather than the query: class 08 (connection exception), 57
// (operator intervention: shutting down, starting up; not a statement
// timeout) and 40001 (on a standby: cancelled for a conflict with
// recovery), and 53 (out of connections or memory).
func replicaFailure(err error) bool {
	if errors.Is(err, pgx.ErrNoRows) {
		return false
	}
	var pg *pgconn.PgError
	if !errors.As(err, &pg) {
		var connect *pgconn.ConnectError
		var network net.Error
		return errors.As(err, &connect) || errors.As(err, &network) || pgconn.SafeToRetry(err) ||
			errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
	}
	if pg.Code == "57014" {
		// A statement timeout: the primary would take as long.
		return false
	}
	for _, class := range []string{"08", "57", "53"} {
		if strings.HasPrefix(pg.Code, class) {
			return true
		}
	}
	return pg.Code == "40001"
}
