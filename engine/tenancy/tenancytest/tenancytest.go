package tenancytest

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
)

// Pool is a fresh database holding the demo tenants.
func Pool(tb testing.TB) *pgxpool.Pool {
	tb.Helper()
	pool := pgtest.New(tb)
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := tenancy.Import(context.Background(), pool, files, false); err != nil {
		tb.Fatal(err)
	}
	return pool
}
