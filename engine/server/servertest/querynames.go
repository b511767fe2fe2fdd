package servertest

import (
	"context"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
)

// QueryNames records the statements run on a pool (as its
// pgx.QueryTracer) by their sqlc names, the first 40 characters of the
// others: for tests that hold which statements a call runs.
type QueryNames struct {
	mu    sync.Mutex
	names []string
}

func (q *QueryNames) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	name := strings.TrimSpace(d.SQL)
	if n, ok := strings.CutPrefix(name, "-- name: "); ok {
		name, _, _ = strings.Cut(n, " ")
	} else if len(name) > 40 {
		name = name[:40]
	}
	q.mu.Lock()
	q.names = append(q.names, name)
	q.mu.Unlock()
	return ctx
}

func (q *QueryNames) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// Take answers the names recorded since the last Take and forgets them.
func (q *QueryNames) Take() []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := q.names
	q.names = nil
	return out
}
