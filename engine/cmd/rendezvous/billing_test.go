package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/platform/pgtest"
)

// invoicedOrder inserts a completed order with its invoice issued at
// issued (test factories write their rows with plain SQL).
func invoicedOrder(t *testing.T, pool *pgxpool.Pool, m accountstest.Made, number int64, issued time.Time) int64 {
	t.Helper()
	ctx := context.Background()
	var order, company int64
	if err := pool.QueryRow(ctx, `INSERT INTO orders (tenant_id, member_id, package_id, credits, amount, currency, country, status, completed_at)
		VALUES ($1, $2, 'popular', 250, 3995, 'EUR', 'NL', 'completed', $3) RETURNING id`, m.TenantID, m.ID, issued).Scan(&order); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, "SELECT company_id FROM tenants WHERE id = $1", m.TenantID).Scan(&company); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO invoices (order_id, company_id, number, seller, buyer, issued_at)
		VALUES ($1, $2, $3, '{"name": "Lokaal Media B.V.", "company_slug": "lokaal-media"}', $4, $5)`,
		order, company, number, fmt.Sprintf(`{"email": %q}`, m.Email), issued); err != nil {
		t.Fatal(err)
	}
	return order
}

func TestBillingInvoicesCommand(t *testing.T) {
	pool, url := pgtest.NewWithURL(t)
	t.Setenv("DATABASE_URL", url)
	ctx := context.Background()
	cmd := func(args ...string) (string, error) {
		var out, errs bytes.Buffer
		err := run(ctx, append([]string{"billing"}, args...), &out, &errs)
		return out.String(), err
	}
	// The first call imports the tenants.
	if out, err := cmd("invoices", "--tenant", "lustlokaal"); err != nil || out != "" {
		t.Fatalf("no invoices yet: %q %v", out, err)
	}
	m := accountstest.NewMember(t, pool, accountstest.Member{})
	de := accountstest.NewMember(t, pool, accountstest.Member{TenantSlug: "herzklopfen"})
	// 23:30 UTC on 31 October is already November in Amsterdam.
	october := invoicedOrder(t, pool, m, 1, time.Date(2026, 10, 12, 10, 0, 0, 0, time.UTC))
	november := invoicedOrder(t, pool, m, 2, time.Date(2026, 10, 31, 23, 30, 0, 0, time.UTC))
	invoicedOrder(t, pool, de, 1, time.Date(2026, 10, 12, 10, 0, 0, 0, time.UTC))

	line := func(number string, date string, order int64) string {
		return fmt.Sprintf("%s\t%s\t%d\t39.95\tEUR\t%s\n", number, date, order, m.Email)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--tenant", "lustlokaal"}, line("LOKAAL-MEDIA-000001", "2026-10-12", october) + line("LOKAAL-MEDIA-000002", "2026-11-01", november)},
		{[]string{"--tenant", "lustlokaal", "--month", "2026-10"}, line("LOKAAL-MEDIA-000001", "2026-10-12", october)},
		{[]string{"--tenant", "lustlokaal", "--month", "2026-11"}, line("LOKAAL-MEDIA-000002", "2026-11-01", november)},
		{[]string{"--tenant", "lustlokaal", "--month", "2026-12"}, ""},
	} {
		if out, err := cmd(append([]string{"invoices"}, c.args...)...); err != nil || out != c.want {
			t.Errorf("%v:\n%s(%v), want\n%s", c.args, out, err, c.want)
		}
	}
	for _, args := range [][]string{
		{"invoices"},
		{"invoices", "--tenant", "nosuch"},
		{"invoices", "--tenant", "lustlokaal", "--month", "2026-13"},
		{"invoices", "--tenant", "lustlokaal", "--month", "november"},
		{"nonsense"},
	} {
		if _, err := cmd(args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
	if out, _ := cmd("invoices", "--tenant", "herzklopfen"); !strings.Contains(out, "\t"+de.Email+"\n") {
		t.Errorf("herzklopfen's invoices: %q", out)
	}
}
