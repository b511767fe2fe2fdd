package database

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/pgcluster"
)

// Name is the database the engine uses on its private cluster.
const Name = "rendezvous"

// Connect opens the engine's database: url when given, else a private
// cluster under dataDir that is started now and stopped by the returned
// close function. The schema is migrated before Connect returns.
func Connect(ctx context.Context, url, dataDir string, log *slog.Logger) (*pgxpool.Pool, func(), error) {
	stop := func() {}
	if url == "" {
		cluster, err := pgcluster.Start(ctx, filepath.Join(dataDir, "postgres"), log, pgcluster.Options{})
		if err != nil {
			return nil, nil, err
		}
		stop = func() {
			if err := cluster.Stop(); err != nil {
				log.Error("stop private PostgreSQL", "err", err)
			}
		}
		if err := EnsureDatabase(ctx, cluster.URL("postgres"), Name); err != nil {
			stop()
			return nil, nil, err
		}
		url = cluster.URL(Name)
	}
	pool, err := Open(ctx, url)
	if err != nil {
		stop()
		return nil, nil, err
	}
	log.Info("migrating database")
	if err := Migrate(ctx, pool, log); err != nil {
		pool.Close()
		stop()
		return nil, nil, fmt.Errorf("migrate: %w", err)
	}
	return pool, func() { pool.Close(); stop() }, nil
}

// OpenRead opens the pool of reads that tolerate lag: on url, a read replica
// of the primary (DATABASE_READ_URL), or primary itself when url is empty.
// The replica is not migrated: it follows the primary, which Connect
// migrates. A replica that does not answer does not stop the engine
// starting: its reads go to the primary until it does (ReadReplica), and
// the log says so. Connecting to it is given up after a few seconds, the
// longest a read waits before the primary takes it. The returned close
// function closes only what OpenRead opened.
func OpenRead(ctx context.Context, url string, primary *pgxpool.Pool, log *slog.Logger) (*pgxpool.Pool, func(), error) {
	if url == "" {
		return primary, func() {}, nil
	}
	pool, err := newPool(ctx, url, 3*time.Second)
	if err != nil {
		return nil, nil, fmt.Errorf("read replica (DATABASE_READ_URL): %w", err)
	}
	host := pool.Config().ConnConfig.Host
	if err := pool.Ping(ctx); err != nil {
		log.Warn("the read replica does not answer; its reads go to the primary until it does", "host", host, "err", err)
	} else {
		log.Info("reads that tolerate lag go to the read replica", "host", host)
	}
	return pool, pool.Close, nil
}
