package accountstest

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func pgxBegin(ctx context.Context, pool *pgxpool.Pool, fn func(querier) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return fn(tx) })
}
