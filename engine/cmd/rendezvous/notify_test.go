package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// rendezvous notify promotion|news queues one campaign job per key for
// the running engine; bad arguments change nothing.
func TestNotifyCommand(t *testing.T) {
	pool, url := demoTenantsDB(t)
	t.Setenv("DATABASE_URL", url)
	ctx := context.Background()
	cmd := func(args ...string) (string, error) {
		var out, errs bytes.Buffer
		err := run(ctx, append([]string{"notify"}, args...), &out, &errs)
		return out.String(), err
	}
	out, err := cmd("promotion", "--tenant", "lustlokaal", "--key", "lente", "--text", "Dit weekend 50% extra credits.", "--path", "/credits")
	if err != nil || !strings.HasPrefix(out, "promotions lente for lustlokaal queued") {
		t.Fatalf("%q %v", out, err)
	}
	if out, err := cmd("promotion", "--tenant", "lustlokaal", "--key", "lente", "--text", "Dit weekend 50% extra credits.", "--path", "/credits"); err != nil ||
		!strings.Contains(out, "already queued") {
		t.Fatalf("again: %q %v", out, err)
	}
	if out, err := cmd("news", "--tenant", "herzklopfen", "--key", "herbst", "--text", "Neu: Videochat."); err != nil || !strings.HasPrefix(out, "news herbst for herzklopfen queued") {
		t.Fatalf("news: %q %v", out, err)
	}
	for _, bad := range [][]string{
		{"promotion", "--key", "k", "--text", "x"},
		{"promotion", "--tenant", "lustlokaal", "--text", "x"},
		{"promotion", "--tenant", "lustlokaal", "--key", "k"},
		{"promotion", "--tenant", "lustlokaal", "--key", "k", "--text", "x", "--path", "https://evil.example"},
		{"promotion", "--tenant", "nosuch", "--key", "k", "--text", "x"},
		{"spam"},
	} {
		if _, err := cmd(bad...); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
	var n int
	var tenant, typ, path string
	if err := pool.QueryRow(ctx, `SELECT count(*) OVER (), (SELECT slug FROM tenants WHERE id = (args->>'tenant_id')::bigint), args->>'type', args->>'path'
		FROM river_job WHERE kind = 'notifications_campaign' ORDER BY id LIMIT 1`).Scan(&n, &tenant, &typ, &path); err != nil {
		t.Fatal(err)
	}
	if n != 2 || tenant != "lustlokaal" || typ != "promotions" || path != "/credits" {
		t.Fatalf("jobs %d, first %s %s %s", n, tenant, typ, path)
	}
}
