package database

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Execs stands in for a connection under sqlc's generated code (its DBTX)
// and queues each Exec on Batch instead of running it: a :exec query then
// goes in a batch (the last statements of a Pipelined transaction, which go
// with its COMMIT) with its arguments in the order the generated code
// passes them, not in a hand-written copy of that order. Refused, when set,
// maps the statement's error as its answer is read, and the batch fails with
// what it returns. Only :exec queries queue: Query and QueryRow fail.
type Execs struct {
	Batch   *pgx.Batch
	Refused func(error) error
}

var errExecsOnly = errors.New("database: only :exec statements queue on a batch")

// Exec queues sql; the command tag it returns is empty.
func (e Execs) Exec(_ context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	q := e.Batch.Queue(sql, args...)
	refused := e.Refused
	q.Fn = func(br pgx.BatchResults) error {
		_, err := br.Exec()
		if err != nil && refused != nil {
			return refused(err)
		}
		return err
	}
	return pgconn.CommandTag{}, nil
}

func (Execs) Query(context.Context, string, ...any) (pgx.Rows, error) {
	return nil, errExecsOnly
}

func (Execs) QueryRow(context.Context, string, ...any) pgx.Row { return failedRow{} }

type failedRow struct{}

func (failedRow) Scan(...any) error { return errExecsOnly }

// Violated reports whether err is PostgreSQL's refusal of a statement that
// broke the named constraint (a unique index, a CHECK, a foreign key).
func Violated(err error, constraint string) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.ConstraintName == constraint
}
