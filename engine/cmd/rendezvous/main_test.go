package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// demoTenantsDB is a fresh database with the demo brands imported, as serve
// --demo leaves it, and its URL.
func demoTenantsDB(t *testing.T) (*pgxpool.Pool, string) {
	t.Helper()
	pool, url := pgtest.NewWithURL(t)
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tenancy.Import(context.Background(), pool, files, false); err != nil {
		t.Fatal(err)
	}
	return pool, url
}

// demoTenantsDir is a tenants directory holding copies of the demo brands'
// files.
func demoTenantsDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	names, err := fs.Glob(tenants.Demo(), "*.yaml")
	if err != nil || len(names) != 3 {
		t.Fatalf("demo files %v %v", names, err)
	}
	for _, name := range names {
		raw, err := fs.ReadFile(tenants.Demo(), name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The commands an operator runs against a database (DATABASE_URL).
func TestCommands(t *testing.T) {
	pool, url := pgtest.NewWithURL(t)
	t.Setenv("DATABASE_URL", url)
	ctx := context.Background()
	cmd := func(args ...string) (string, error) {
		var out, errs bytes.Buffer
		err := run(ctx, args, &out, &errs)
		return out.String(), err
	}

	// tenants import: every file of the tenants directory.
	dir := demoTenantsDir(t)
	out, err := cmd("tenants", "import", "--tenants", dir)
	if err != nil || out != "herzklopfen\timported\nlustlokaal\timported\nsparkusa\timported\n" {
		t.Fatalf("tenants import: %q %v", out, err)
	}
	// tenants list: slug<TAB>primary host<TAB>name, the first two tenants on
	// separate profile pools.
	out, err = cmd("tenants", "list")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || lines[0] != "lustlokaal\tlocalhost\tLustLokaal" ||
		lines[1] != "herzklopfen\therzklopfen.localhost\tHerzklopfen" || !strings.HasPrefix(lines[2], "sparkusa\t") {
		t.Fatalf("tenants list:\n%s", out)
	}
	var pools int
	if err := pool.QueryRow(ctx, "SELECT count(DISTINCT profile_pool) FROM tenants WHERE slug IN ('lustlokaal', 'herzklopfen')").Scan(&pools); err != nil || pools != 2 {
		t.Fatalf("the first two tenants share a pool: %d %v", pools, err)
	}

	// demo generate: profiles for benchmarks, with progress.
	before := 0
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM profiles WHERE pool = 'us'").Scan(&before); err != nil {
		t.Fatal(err)
	}
	if out, err := cmd("demo", "generate", "--data", t.TempDir(), "--profiles", "30", "--tenant", "sparkusa"); err != nil || !strings.Contains(out, "generated 30 of 30 profiles") {
		t.Fatalf("demo generate: %q %v", out, err)
	}
	after := 0
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM profiles WHERE pool = 'us'").Scan(&after); err != nil || after != before+30 {
		t.Fatalf("profiles of the us pool %d -> %d (%v)", before, after, err)
	}
	if _, err := cmd("demo", "generate", "--profiles", "0"); err == nil {
		t.Error("--profiles 0: no error")
	}

	// The member-side staff role is gone: chat operators are console
	// accounts (staff create).
	for _, args := range [][]string{
		{"staff", "add", "--tenant", "lustlokaal", "--email", "demo@lustlokaal.example"},
		{"nonsense"},
	} {
		if _, err := cmd(args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// serve refuses to start when mail has nowhere to go, before it touches a
// database: no SMTP_URL, no MAIL_DISABLED, no development mailbox.
func TestServeNeedsMail(t *testing.T) {
	for _, k := range []string{"SMTP_URL", "MAIL_DISABLED", "DEV_MAILBOX", "DEMO"} {
		t.Setenv(k, "")
	}
	t.Setenv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none")
	var out, errs bytes.Buffer
	err := run(context.Background(), []string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, &out, &errs)
	if !errors.Is(err, config.ErrNoMail) || strings.Contains(out.String(), "database") {
		t.Fatalf("serve without mail: %v, output %q", err, out.String())
	}
}
