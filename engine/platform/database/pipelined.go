package database

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Pipelined runs fn in a transaction in fewer round trips than
// pgx.BeginFunc: BEGIN goes to the database with fn's first statement, and
// COMMIT in one batch with the statements fn returns (nil for none), whose
// callbacks (QueryRow, Exec) run as their answers arrive. A transaction of
// a read, a write and a notification so costs three round trips where it
// cost five (chat's send: TestSendRoundTrips). An error of fn, of one of
// the last statements or of the commit rolls back and is returned. Within
// fn, tx behaves as a pgx transaction for everything but nested
// transactions, large objects, Commit and Rollback; its first statement
// goes in a batch, so it takes no query options (CustomPlans).
func Pipelined(ctx context.Context, pool *pgxpool.Pool, fn func(tx pgx.Tx) (*pgx.Batch, error)) error {
	c, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("acquire connection: %w", err)
	}
	// A connection left in a transaction (a rollback that failed) is
	// closed by Release rather than handed out again.
	defer c.Release()
	conn := c.Conn()
	tx := &openTx{conn: conn}
	end, err := fn(tx)
	if err != nil {
		return rollback(ctx, conn, err)
	}
	if end == nil {
		end = &pgx.Batch{}
	}
	end = tx.withBegin(end)
	committed := false
	end.Queue("commit").Exec(func(tag pgconn.CommandTag) error {
		committed = tag.String() == "COMMIT"
		return nil
	})
	if err := conn.SendBatch(ctx, end).Close(); err != nil {
		return rollback(ctx, conn, err)
	}
	if !committed {
		return pgx.ErrTxCommitRollback
	}
	return nil
}

// rollback ends the transaction after err, unless it has ended already.
func rollback(ctx context.Context, conn *pgx.Conn, err error) error {
	if conn.PgConn().TxStatus() == 'I' {
		return err
	}
	if _, rerr := conn.Exec(context.WithoutCancel(ctx), "rollback"); rerr != nil {
		return errors.Join(err, fmt.Errorf("rollback: %w", rerr))
	}
	return err
}

// Ahead queues b's statements to go to the database with the first
// statement of tx, a transaction of Pipelined, in the same round trip: for
// a statement whose answer is needed only after that one's (a rate limit's
// count ahead of a send's facts: one round trip fewer). Their callbacks
// run, in order, before the first statement's answer is read. It fails
// once the first statement has gone.
func Ahead(tx pgx.Tx, b *pgx.Batch) error {
	t, ok := tx.(*openTx)
	if !ok {
		return errors.New("database: Ahead needs a transaction of Pipelined")
	}
	if t.begun {
		return errors.New("database: Ahead after the transaction's first statement")
	}
	t.ahead = append(t.ahead, b.QueuedQueries...)
	return nil
}

// openTx is the transaction Pipelined began on conn: statements go to the
// connection, and Pipelined commits or rolls it back.
type openTx struct {
	conn *pgx.Conn
	// begun: BEGIN went out, with the first statement.
	begun bool
	// ahead are the statements that go with BEGIN (Ahead).
	ahead []*pgx.QueuedQuery
}

// withBegin is b with BEGIN and the statements ahead before its own when
// the transaction has not begun yet.
func (t *openTx) withBegin(b *pgx.Batch) *pgx.Batch {
	if t.begun {
		return b
	}
	t.begun = true
	qs := make([]*pgx.QueuedQuery, 0, 1+len(t.ahead)+len(b.QueuedQueries))
	qs = append(qs, &pgx.QueuedQuery{SQL: "begin"})
	qs = append(append(qs, t.ahead...), b.QueuedQueries...)
	return &pgx.Batch{QueuedQueries: qs}
}

// opened reads the answers of BEGIN and of the statements ahead from br,
// the batch withBegin made, running the latter's callbacks; it closes br
// on an error.
func (t *openTx) opened(br pgx.BatchResults) error {
	if _, err := br.Exec(); err != nil {
		_ = br.Close()
		return fmt.Errorf("begin: %w", err)
	}
	for _, q := range t.ahead {
		var err error
		if q.Fn != nil {
			err = q.Fn(br)
		} else {
			_, err = br.Exec()
		}
		if err != nil {
			_ = br.Close()
			return err
		}
	}
	return nil
}

// first sends sql with BEGIN and answers BEGIN's result; the caller reads
// the statement's from the batch results and closes them.
func (t *openTx) first(ctx context.Context, sql string, args []any) (pgx.BatchResults, error) {
	b := &pgx.Batch{}
	b.Queue(sql, args...)
	br := t.conn.SendBatch(ctx, t.withBegin(b))
	if err := t.opened(br); err != nil {
		return nil, err
	}
	return br, nil
}

var errPipelinedTx = errors.New("database: a pipelined transaction ends when its function returns")

func (t *openTx) Begin(context.Context) (pgx.Tx, error) {
	return nil, errors.New("database: no nested transactions in a pipelined transaction")
}

func (t *openTx) Commit(context.Context) error   { return errPipelinedTx }
func (t *openTx) Rollback(context.Context) error { return errPipelinedTx }

func (t *openTx) CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, src pgx.CopyFromSource) (int64, error) {
	return t.conn.CopyFrom(ctx, table, columns, src)
}

func (t *openTx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	if t.begun {
		return t.conn.SendBatch(ctx, b)
	}
	br := t.conn.SendBatch(ctx, t.withBegin(b))
	if err := t.opened(br); err != nil {
		return errBatch{err}
	}
	return br
}

func (t *openTx) LargeObjects() pgx.LargeObjects { return pgx.LargeObjects{} }

func (t *openTx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	return t.conn.Prepare(ctx, name, sql)
}

func (t *openTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	if t.begun {
		return t.conn.Exec(ctx, sql, args...)
	}
	br, err := t.first(ctx, sql, args)
	if err != nil {
		return pgconn.CommandTag{}, err
	}
	tag, err := br.Exec()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	return tag, err
}

func (t *openTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if !t.begun {
		// Rows outlive the call: BEGIN (and what goes ahead) goes on its own.
		br := t.conn.SendBatch(ctx, t.withBegin(&pgx.Batch{}))
		if err := t.opened(br); err != nil {
			return nil, err
		}
		if err := br.Close(); err != nil {
			return nil, err
		}
	}
	return t.conn.Query(ctx, sql, args...)
}

func (t *openTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if t.begun {
		return t.conn.QueryRow(ctx, sql, args...)
	}
	br, err := t.first(ctx, sql, args)
	if err != nil {
		return errRow{err}
	}
	return closingRow{row: br.QueryRow(), br: br}
}

// closingRow closes the batch of its row once it is read.
type closingRow struct {
	row pgx.Row
	br  pgx.BatchResults
}

func (r closingRow) Scan(dest ...any) error {
	err := r.row.Scan(dest...)
	if cerr := r.br.Close(); err == nil {
		err = cerr
	}
	return err
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// errBatch answers every read with the error that ended its batch.
type errBatch struct{ err error }

func (b errBatch) Exec() (pgconn.CommandTag, error) { return pgconn.CommandTag{}, b.err }
func (b errBatch) Query() (pgx.Rows, error)         { return nil, b.err }
func (b errBatch) QueryRow() pgx.Row                { return errRow(b) }
func (b errBatch) Close() error                     { return b.err }
func (b errBatch) Tx() pgx.Tx                       { return nil }

func (t *openTx) Conn() *pgx.Conn { return t.conn }
