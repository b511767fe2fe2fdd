package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"rendezvous/engine/platform/jobs"
	"rendezvous/migrations"
)

// Open connects a pool to url and checks the connection.
func Open(ctx context.Context, url string) (*pgxpool.Pool, error) {
	pool, err := newPool(ctx, url, 10*time.Second)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return pool, nil
}

// EnsureDatabase creates database name through the admin connection when it
// does not exist yet; the embedded cluster starts with only "postgres".
func EnsureDatabase(ctx context.Context, adminURL, name string) error {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return fmt.Errorf("connect admin database: %w", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return fmt.Errorf("look up database %s: %w", name, err)
	}
	if exists {
		return nil
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return fmt.Errorf("create database %s: %w", name, err)
	}
	return nil
}

// Migrate applies every pending migration under a session advisory lock, so
// several engine instances starting at once migrate exactly once. When none
// is pending it takes no lock.
func Migrate(ctx context.Context, pool *pgxpool.Pool, log *slog.Logger) error {
	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return fmt.Errorf("migration lock: %w", err)
	}
	provider, err := goose.NewProvider(goose.DialectPostgres, db, migrations.FS, goose.WithSessionLocker(locker))
	if err != nil {
		return fmt.Errorf("load migrations: %w", err)
	}
	// A start on an up-to-date database (every start but the first after
	// an upgrade) only reads the applied versions: no advisory lock, no
	// Up run (engine/cmd/bench/HISTORY.md, the second start).
	pending, err := provider.HasPending(ctx)
	if err != nil {
		return fmt.Errorf("check migrations: %w", err)
	}
	if !pending {
		return jobs.Migrate(ctx, pool)
	}
	results, err := provider.Up(ctx)
	if err != nil {
		var partial *goose.PartialError
		if errors.As(err, &partial) {
			return fmt.Errorf("migrate (failed at %v): %w", partial.Failed.Source.Version, partial.Err)
		}
		return fmt.Errorf("migrate: %w", err)
	}
	for _, r := range results {
		log.Info("migrated", "version", r.Source.Version, "file", r.Source.Path, "took", r.Duration.Round(time.Millisecond))
	}
	if err := jobs.Migrate(ctx, pool); err != nil {
		return err
	}
	return nil
}

// Version reports the newest applied migration.
func Version(ctx context.Context, db *sql.DB) (int64, error) {
	provider, err := goose.NewProvider(goose.DialectPostgres, db, migrations.FS)
	if err != nil {
		return 0, fmt.Errorf("load migrations: %w", err)
	}
	return provider.GetDBVersion(ctx)
}

// newPool makes the pool of url without connecting yet: at least 20
// connections, each attempt to connect given up after connectTimeout.
func newPool(ctx context.Context, url string, connectTimeout time.Duration) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	if cfg.MaxConns < 20 {
		cfg.MaxConns = 20
	}
	cfg.ConnConfig.ConnectTimeout = connectTimeout
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connect database: %w", err)
	}
	return pool, nil
}
