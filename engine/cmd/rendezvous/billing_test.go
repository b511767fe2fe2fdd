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
	pool, url := demoTenantsDB(t)
	t.Setenv("DATABASE_URL", url)
	ctx := context.Background()
	cmd := func(args ...string) (string, error) {
		var out, errs bytes.Buffer
		err := run(ctx, append([]string{"billing"}, args...), &out, &errs)
		return out.String(), err
	}
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

// sandboxPaidOrder inserts a completed order of 250 credits for €39.95 paid
// through the sandbox, its credits booked (test factories write their rows
// with plain SQL).
func sandboxPaidOrder(t *testing.T, pool *pgxpool.Pool, m accountstest.Made, completed time.Time) int64 {
	t.Helper()
	ctx := context.Background()
	var order int64
	if err := pool.QueryRow(ctx, `INSERT INTO orders (tenant_id, member_id, package_id, credits, amount, currency, country, status, completed_at)
		VALUES ($1, $2, 'popular', 250, 3995, 'EUR', 'NL', 'completed', $3) RETURNING id`, m.TenantID, m.ID, completed).Scan(&order); err != nil {
		t.Fatal(err)
	}
	sb := fmt.Sprintf("sb_test%d", order)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO sandbox_payments (id, tenant_id, amount, currency, method, status, redirect_url, webhook_url, expires_at)
			VALUES ($1, $2, 3995, 'EUR', 'ideal', 'paid', '', '', now() + interval '1 hour')`, []any{sb, m.TenantID}},
		{`INSERT INTO payments (public_id, order_id, provider, provider_payment_id, method, status)
			VALUES ('pay_' || $1, $2, 'sandbox', $1, 'ideal', 'paid')`, []any{sb, order}},
		{`UPDATE members SET credits = credits + 250, paid_user = true WHERE id = $1`, []any{m.ID}},
		{`INSERT INTO ledger (member_id, delta, balance_after, kind, reference)
			SELECT $1, 250, credits, 'purchase', 'order:' || $2::bigint FROM members WHERE id = $1`, []any{m.ID, order}},
	} {
		if _, err := pool.Exec(ctx, q.sql, q.args...); err != nil {
			t.Fatalf("%s: %v", q.sql, err)
		}
	}
	return order
}

func TestBillingRefundCommand(t *testing.T) {
	pool, url := demoTenantsDB(t)
	t.Setenv("DATABASE_URL", url)
	ctx := context.Background()
	cmd := func(args ...string) (string, error) {
		var out, errs bytes.Buffer
		err := run(ctx, append([]string{"billing", "refund"}, args...), &out, &errs)
		return out.String(), err
	}
	if _, err := cmd("--order", "1", "--reason", "test"); err == nil || !strings.Contains(err.Error(), "could not be found") {
		t.Fatalf("unknown order: %v", err)
	}
	m := accountstest.NewMember(t, pool, accountstest.Member{})
	order := sandboxPaidOrder(t, pool, m, time.Now())
	old := sandboxPaidOrder(t, pool, m, time.Now().AddDate(0, 0, -15)) // lustlokaal: refund_days 14
	// Paid through Mollie, whose API key lustlokaal does not have.
	viaMollie := sandboxPaidOrder(t, pool, m, time.Now())
	if _, err := pool.Exec(ctx, `UPDATE payments SET provider = 'mollie' WHERE order_id = $1`, viaMollie); err != nil {
		t.Fatal(err)
	}
	// The member spent 550 of the 750 credits.
	if _, err := pool.Exec(ctx, `UPDATE members SET credits = 200 WHERE id = $1`, m.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO ledger (member_id, delta, balance_after, kind, reference) VALUES ($1, -550, 200, 'message', 'message:1')`, m.ID); err != nil {
		t.Fatal(err)
	}

	out, err := cmd("--order", fmt.Sprint(order), "--reason", "asked by mail")
	if err != nil || !strings.HasPrefix(out, fmt.Sprintf("order %d refunded: €39.95 (provider refund sbr_", order)) ||
		!strings.HasSuffix(out, "; 200 credits taken back, 50 already spent\n") {
		t.Fatalf("refund: %q %v", out, err)
	}
	var status, by, reason string
	var refunded, credits int64
	var premium bool
	if err := pool.QueryRow(ctx, `SELECT o.status, r.requested_by, r.reason, sp.refunded, m.credits, m.paid_user
		FROM orders o JOIN refunds r ON r.order_id = o.id JOIN payments p ON p.order_id = o.id
		JOIN sandbox_payments sp ON sp.id = p.provider_payment_id JOIN members m ON m.id = o.member_id WHERE o.id = $1`, order).
		Scan(&status, &by, &reason, &refunded, &credits, &premium); err != nil {
		t.Fatal(err)
	}
	if status != "refunded" || by != "cli" || reason != "asked by mail" || refunded != 3995 || credits != 0 || !premium {
		t.Fatalf("after the refund: %s %s %q refunded %d, credits %d, premium %v", status, by, reason, refunded, credits, premium)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--order", fmt.Sprint(order), "--reason", "again"}, "refunded already"},
		{[]string{"--order", fmt.Sprint(old), "--reason", "late"}, "more than 14 days ago"},
		{[]string{"--order", fmt.Sprint(viaMollie), "--reason", "no key"}, "Payments are not possible right now"},
		{[]string{"--order", fmt.Sprint(order)}, "needs --order and --reason"},
		{[]string{"--reason", "no order"}, "needs --order and --reason"},
		{[]string{"--order", "x", "--reason", "r"}, "invalid value"},
	} {
		if _, err := cmd(c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want an error with %q", c.args, err, c.want)
		}
	}
	var refunds int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM refunds").Scan(&refunds); err != nil || refunds != 1 {
		t.Fatalf("%d refunds (%v)", refunds, err)
	}
	var balance int64
	if err := pool.QueryRow(ctx, "SELECT credits FROM members WHERE id = $1", m.ID).Scan(&balance); err != nil || balance != 0 {
		t.Fatalf("balance %d after refused refunds (%v)", balance, err)
	}
}

func TestBillingDirectDebitBlockCommand(t *testing.T) {
	pool, url := demoTenantsDB(t)
	t.Setenv("DATABASE_URL", url)
	ctx := context.Background()
	cmd := func(args ...string) (string, error) {
		var out, errs bytes.Buffer
		err := run(ctx, append([]string{"billing", "dd-block"}, args...), &out, &errs)
		return out.String(), err
	}
	if _, err := cmd(); err == nil {
		t.Fatal("no --member taken")
	}
	if _, err := cmd("--member", "999999"); err == nil || !strings.Contains(err.Error(), "no member 999999") {
		t.Fatalf("unknown member: %v", err)
	}
	m := accountstest.NewMember(t, pool, accountstest.Member{})
	blocked := func() (bool, string) {
		t.Helper()
		var n int
		var reason string
		if err := pool.QueryRow(ctx, "SELECT count(*), coalesce(max(reason), '') FROM direct_debit_blocks WHERE member_id = $1", m.ID).Scan(&n, &reason); err != nil {
			t.Fatal(err)
		}
		return n == 1, reason
	}
	out, err := cmd("--member", fmt.Sprint(m.ID), "--reason", "chargeback")
	if b, reason := blocked(); err != nil || !b || reason != "chargeback" || out != fmt.Sprintf("member %d is blocked for direct debit payments\n", m.ID) {
		t.Fatalf("block: %q %v (%v %q)", out, err, b, reason)
	}
	out, err = cmd("--member", fmt.Sprint(m.ID), "--unblock")
	if b, _ := blocked(); err != nil || b || out != fmt.Sprintf("member %d may pay by direct debit again\n", m.ID) {
		t.Fatalf("unblock: %q %v", out, err)
	}
	if out, err = cmd("--member", fmt.Sprint(m.ID), "--unblock"); err != nil || !strings.Contains(out, "was not blocked") {
		t.Fatalf("unblock again: %q %v", out, err)
	}
}
