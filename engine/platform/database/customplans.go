package database

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Conn is what sqlc's generated code runs queries on: a pool, a
// connection or a transaction.
type Conn interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// CustomPlans runs queries on Conn as unnamed statements, which PostgreSQL
// plans for the values of each call. pgx otherwise prepares a statement
// once, and after a few calls PostgreSQL may switch to one generic plan that
// cannot see which optional filters ("@x IS NULL OR col = @x") are NULL,
// and so cannot pick the index that fits them. Searches with optional
// filters run through it. pgx keeps each query's shape (its parameter and
// column types) per connection, so a call is one round trip (parse, bind
// and execute together) after the connection's first, which assumes, as
// pgx's default for every other query does, that a query's column types
// do not change under a running engine.
type CustomPlans struct{ Conn Conn }

// Exec runs sql as an unnamed statement.
func (c CustomPlans) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return c.Conn.Exec(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}

// Query runs sql as an unnamed statement.
func (c CustomPlans) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return c.Conn.Query(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}

// QueryRow runs sql as an unnamed statement.
func (c CustomPlans) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return c.Conn.QueryRow(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}
