package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/pgtest"
)

// Brands as files: serve imports the tenants directory and the demo brands
// only with --demo; tenants import updates changed files, keeps unchanged
// ones (and so the console's edits), replaces named files and refuses a bad
// billing section without importing anything.
func TestTenantFiles(t *testing.T) {
	t.Run("start", func(t *testing.T) {
		t.Parallel()
		dir := demoTenantsDir(t)
		if err := os.Remove(filepath.Join(dir, "sparkusa.yaml")); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			cfg  config.Config
			want []string
		}{
			{config.Config{TenantsDir: dir}, []string{"herzklopfen", "lustlokaal"}},
			{config.Config{TenantsDir: dir, Demo: true}, []string{"herzklopfen", "lustlokaal", "sparkusa"}},
			{config.Config{DataDir: filepath.Join(t.TempDir(), "var")}, nil},
			{config.Config{DataDir: filepath.Join(t.TempDir(), "var"), Demo: true}, []string{"herzklopfen", "lustlokaal", "sparkusa"}},
		} {
			files, err := startTenants(&c.cfg)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range files {
				got = append(got, f.Slug)
			}
			if strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Errorf("%+v: %v, want %v", c.cfg, got, c.want)
			}
		}
		// A directory that was named must exist.
		if _, err := startTenants(&config.Config{TenantsDir: filepath.Join(dir, "missing")}); err == nil {
			t.Error("missing --tenants directory: no error")
		}
		// The default is the folder tenants next to the data directory.
		if got, given := (&config.Config{DataDir: "./var"}).TenantFiles(); got != "tenants" || given {
			t.Errorf("default tenants dir %q %v", got, given)
		}
	})

	t.Run("import", func(t *testing.T) {
		pool, url := pgtest.NewWithURL(t)
		ctx := context.Background()
		dir := demoTenantsDir(t)
		cmd := func(args ...string) (string, error) {
			var out, errs bytes.Buffer
			err := runWith(ctx, append([]string{"tenants", "import", "--tenants", dir}, args...), nil, &out, &errs)
			return out.String(), err
		}
		t.Setenv("DATABASE_URL", url)
		if _, err := cmd(); err != nil {
			t.Fatal(err)
		}
		name := func(slug string) string {
			var n string
			if err := pool.QueryRow(ctx, "SELECT name FROM tenants WHERE slug = $1", slug).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		// An edit made in the database (as the console does) survives an
		// import of the unchanged file.
		if _, err := pool.Exec(ctx, "UPDATE tenants SET name = 'Edited' WHERE slug = 'sparkusa'"); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "lustlokaal.yaml")
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, bytes.Replace(raw, []byte("name: LustLokaal\n"), []byte("name: LustLokaal Nieuw\n"), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := cmd()
		if err != nil || !strings.Contains(out, "lustlokaal\tupdated\n") || !strings.Contains(out, "sparkusa\tkept") {
			t.Fatalf("import after a change: %q %v", out, err)
		}
		if name("lustlokaal") != "LustLokaal Nieuw" || name("sparkusa") != "Edited" {
			t.Fatalf("names %q %q", name("lustlokaal"), name("sparkusa"))
		}
		// A file named on the command line replaces the stored tenant.
		out, err = cmd(filepath.Join(dir, "sparkusa.yaml"))
		if err != nil || out != "sparkusa\tupdated\n" || name("sparkusa") == "Edited" {
			t.Fatalf("named file: %q %v %q", out, err, name("sparkusa"))
		}
		// A bad billing section refuses the import, naming the field.
		bad := bytes.Replace(raw, []byte("name: LustLokaal\n"), []byte("name: Broken\n"), 1)
		bad = bytes.Replace(bad, []byte("provider: sandbox"), []byte("provider: nowhere"), 1)
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := cmd(); err == nil || !strings.Contains(err.Error(), "billing.provider") {
			t.Fatalf("bad billing section: %v", err)
		}
		if name("lustlokaal") != "LustLokaal Nieuw" {
			t.Errorf("a refused import changed the tenant: %q", name("lustlokaal"))
		}
	})
}
