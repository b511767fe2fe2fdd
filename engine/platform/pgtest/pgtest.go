package pgtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/pgcluster"
	"rendezvous/migrations"
)

// EnvURL names the admin connection string of the run's cluster.
const EnvURL = "RDV_TEST_DATABASE_URL"

// Main runs a package's tests. Without a cluster from withpg it starts one
// for this package and removes it afterwards.
func Main(m *testing.M) {
	if os.Getenv(EnvURL) != "" {
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "rdv-pgtest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		os.Exit(1)
	}
	cluster, err := StartCluster(dir, Throwaway)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		os.Exit(1)
	}
	os.Setenv(EnvURL, cluster.URL("postgres"))
	code := m.Run()
	_ = cluster.Stop()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// Throwaway are the options of the clusters tests and benchmarks start:
// not durable (no fsync), which is fast and fine for data thrown away
// after the run. The engine's own cluster is always durable.
var Throwaway = pgcluster.Options{NotDurable: true}

// StartCluster starts a cluster for a test or benchmark run under dir.
func StartCluster(dir string, opts pgcluster.Options) (*pgcluster.Cluster, error) {
	if err := os.Chmod(dir, 0o755); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	return pgcluster.Start(ctx, dir, slog.New(slog.DiscardHandler), opts)
}

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
)

// New returns a pool on a fresh, migrated database that is dropped when the
// test ends.
func New(tb testing.TB) *pgxpool.Pool {
	tb.Helper()
	pool, _ := NewWithURL(tb)
	return pool
}

// NewWithURL is New that also gives the database's connection string, for
// tests that start engine processes on it.
func NewWithURL(tb testing.TB) (*pgxpool.Pool, string) {
	tb.Helper()
	admin := os.Getenv(EnvURL)
	if admin == "" {
		tb.Fatalf("pgtest: %s is not set; call pgtest.Main from TestMain", EnvURL)
	}
	ctx := context.Background()
	templateOnce.Do(func() { templateName, templateErr = ensureTemplate(ctx, admin) })
	if templateErr != nil {
		tb.Fatalf("pgtest: template: %v", templateErr)
	}
	name := "t_" + randomHex(8)
	if err := adminExec(ctx, admin, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s", name, templateName)); err != nil {
		tb.Fatalf("pgtest: create database: %v", err)
	}
	url := withDatabase(tb, admin, name)
	pool, err := database.Open(ctx, url)
	if err != nil {
		tb.Fatalf("pgtest: open: %v", err)
	}
	tb.Cleanup(func() {
		pool.Close()
		_ = adminExec(context.Background(), admin, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name))
	})
	return pool, url
}

// NewEmptyURL is the connection string of a fresh database without any
// schema, dropped when the test ends: for tests whose engine processes
// migrate it themselves, as on a first install (an upgrade from an
// earlier release).
func NewEmptyURL(tb testing.TB) string {
	tb.Helper()
	admin := os.Getenv(EnvURL)
	if admin == "" {
		tb.Fatalf("pgtest: %s is not set; call pgtest.Main from TestMain", EnvURL)
	}
	name := "e_" + randomHex(8)
	if err := adminExec(context.Background(), admin, "CREATE DATABASE "+name); err != nil {
		tb.Fatalf("pgtest: create database: %v", err)
	}
	tb.Cleanup(func() {
		_ = adminExec(context.Background(), admin, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name))
	})
	return withDatabase(tb, admin, name)
}

// ensureTemplate builds the migrated template database once per cluster and
// schema; test packages running in parallel wait on an advisory lock.
func ensureTemplate(ctx context.Context, admin string) (string, error) {
	name := "rdv_tmpl_" + schemaHash()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(7204118)"); err != nil {
		return "", err
	}
	defer conn.Exec(ctx, "SELECT pg_advisory_unlock(7204118)")
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	building := name + "_building"
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+building+" WITH (FORCE)"); err != nil {
		return "", err
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+building); err != nil {
		return "", err
	}
	url, err := replaceDatabase(admin, building)
	if err != nil {
		return "", err
	}
	pool, err := database.Open(ctx, url)
	if err != nil {
		return "", err
	}
	err = database.Migrate(ctx, pool, slog.New(slog.DiscardHandler))
	pool.Close()
	if err != nil {
		return "", err
	}
	if _, err := conn.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s", building, name)); err != nil {
		return "", err
	}
	return name, nil
}

func schemaHash() string {
	h := sha256.New()
	_ = fs.WalkDir(migrations.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := fs.ReadFile(migrations.FS, path)
		h.Write([]byte(path))
		h.Write(b)
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:12]
}

func adminExec(ctx context.Context, admin, sql string) error {
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, sql)
	return err
}

func withDatabase(tb testing.TB, admin, name string) string {
	url, err := replaceDatabase(admin, name)
	if err != nil {
		tb.Fatalf("pgtest: %v", err)
	}
	return url
}

// replaceDatabase points a connection string at another database.
func replaceDatabase(url, name string) (string, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("postgres://%s@/%s?host=%s&port=%d&sslmode=disable", cfg.User, name, cfg.Host, cfg.Port), nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
