package billing_test

import (
	"bytes"
	"compress/zlib"
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/billing"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy/tenancytest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// newOrder inserts a pending order of 250 credits for €39.95 (or the
// amount given) with a paid iDEAL payment, as the billing core leaves it
// just before completion; test factories write their rows with plain SQL.
func newOrder(t *testing.T, pool *pgxpool.Pool, m accountstest.Made, amount int64, currency string) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	if err := pool.QueryRow(ctx, `INSERT INTO orders (tenant_id, member_id, package_id, credits, amount, currency, country)
		VALUES ($1, $2, 'popular', 250, $3, $4, 'NL') RETURNING id`, m.TenantID, m.ID, amount, currency).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO payments (public_id, order_id, provider, provider_payment_id, method, status)
		VALUES ($1, $2, 'sandbox', $1, 'ideal', 'paid')`, fmt.Sprintf("pay_%d", id), id); err != nil {
		t.Fatal(err)
	}
	return id
}

// complete completes an order and issues its invoice in one transaction,
// like the billing core; with rollback the transaction is rolled back after
// the invoice was issued (a completion that failed late).
func complete(ctx context.Context, pool *pgxpool.Pool, orderID int64, rollback bool) (billing.Invoice, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return billing.Invoice{}, err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, "UPDATE orders SET status = 'completed', completed_at = now() WHERE id = $1", orderID); err != nil {
		return billing.Invoice{}, err
	}
	inv, err := billing.IssueInvoice(ctx, tx, orderID)
	if err != nil || rollback {
		return inv, err
	}
	return inv, tx.Commit(ctx)
}

func mustComplete(t *testing.T, pool *pgxpool.Pool, orderID int64) billing.Invoice {
	t.Helper()
	inv, err := complete(context.Background(), pool, orderID, false)
	if err != nil {
		t.Fatal(err)
	}
	return inv
}

// Fifty completions of one company's orders at once, with ten more that
// roll back after taking a number, leave invoices numbered exactly 1..50;
// another company's invoices have their own sequence from 1.
func TestInvoiceNumbersHaveNoGapsPerCompany(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	type job struct {
		order    int64
		rollback bool
	}
	var jobs []job
	for i := range 60 {
		m := accountstest.NewMember(t, pool, accountstest.Member{})
		jobs = append(jobs, job{newOrder(t, pool, m, 3995, "EUR"), i%6 == 5})
	}
	de := accountstest.NewMember(t, pool, accountstest.Member{TenantSlug: "herzklopfen"})
	var deOrders []int64
	for range 3 {
		deOrders = append(deOrders, newOrder(t, pool, de, 1995, "EUR"))
	}
	var wg sync.WaitGroup
	for _, j := range jobs {
		wg.Go(func() {
			if _, err := complete(ctx, pool, j.order, j.rollback); err != nil {
				t.Error(err)
			}
		})
	}
	for _, o := range deOrders {
		wg.Go(func() {
			if _, err := complete(ctx, pool, o, false); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()

	numbers := func(company string) []int64 {
		rows, err := pool.Query(ctx, `SELECT i.number FROM invoices i JOIN companies c ON c.id = i.company_id
			WHERE c.slug = $1 ORDER BY i.number`, company)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	want := make([]int64, 50)
	for i := range want {
		want[i] = int64(i + 1)
	}
	if got := numbers("lokaal-media"); !slices.Equal(got, want) {
		t.Fatalf("lokaal-media numbers %v, want 1..50", got)
	}
	if got := numbers("herz-digital"); !slices.Equal(got, []int64{1, 2, 3}) {
		t.Fatalf("herz-digital numbers %v, want 1..3", got)
	}
	for _, j := range jobs {
		var n int
		_ = pool.QueryRow(ctx, "SELECT count(*) FROM invoices WHERE order_id = $1", j.order).Scan(&n)
		if want := map[bool]int{false: 1, true: 0}[j.rollback]; n != want {
			t.Fatalf("order %d (rolled back %v) has %d invoices", j.order, j.rollback, n)
		}
	}
	inv, err := billing.MemberInvoice(ctx, pool, de.TenantID, de.ID, deOrders[0])
	if err != nil || !regexp.MustCompile(`^HERZ-DIGITAL-00000[123]$`).MatchString(inv.Number) {
		t.Fatalf("printed number %q (%v)", inv.Number, err)
	}
}

// Issuing twice for one order keeps the first invoice and takes no number.
func TestInvoiceIssuedOncePerOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	m := accountstest.NewMember(t, pool, accountstest.Member{})
	order := newOrder(t, pool, m, 3995, "EUR")
	first := mustComplete(t, pool, order)
	again := mustComplete(t, pool, order)
	next := mustComplete(t, pool, newOrder(t, pool, m, 1995, "EUR"))
	if first.Number != "LOKAAL-MEDIA-000001" || again.Number != first.Number || next.Number != "LOKAAL-MEDIA-000002" {
		t.Fatalf("numbers %q, %q, %q", first.Number, again.Number, next.Number)
	}
	var n int
	_ = pool.QueryRow(ctx, "SELECT count(*) FROM invoices WHERE order_id = $1", order).Scan(&n)
	if n != 1 {
		t.Fatalf("%d invoices of one order", n)
	}
}

// An issued invoice keeps the seller as it was on the day; the company's
// later change shows on the next invoice only.
func TestInvoiceKeepsSellerAsIssued(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	m := accountstest.NewMember(t, pool, accountstest.Member{Name: "Jan"})
	old := mustComplete(t, pool, newOrder(t, pool, m, 3995, "EUR"))
	want := billing.Seller{
		Name: "Lokaal Media B.V.", TradeName: "LustLokaal", Address: "Herengracht 420", City: "Amsterdam", Country: "NL",
		KVK: "81234567", VATNumbers: []string{"NL862345678B01"}, CompanySlug: "lokaal-media",
	}
	if fmt.Sprint(old.Seller) != fmt.Sprint(want) || old.Buyer != (billing.Buyer{Email: m.Email, Name: "Jan"}) {
		t.Fatalf("seller %+v buyer %+v", old.Seller, old.Buyer)
	}
	if _, err := pool.Exec(ctx, `UPDATE companies SET name = 'Lokaal Holding B.V.', address = 'Keizersgracht 1',
		vat_numbers = '{NL000000000B02}', tradenames = '{Lokaal Dates}' WHERE slug = 'lokaal-media'`); err != nil {
		t.Fatal(err)
	}
	again, err := billing.MemberInvoice(ctx, pool, m.TenantID, m.ID, old.OrderID)
	if err != nil || fmt.Sprint(again.Seller) != fmt.Sprint(want) {
		t.Fatalf("after the change: %+v (%v)", again.Seller, err)
	}
	fresh := mustComplete(t, pool, newOrder(t, pool, m, 3995, "EUR"))
	// The brand is no longer among the trade names: the company's first.
	if fresh.Seller.Name != "Lokaal Holding B.V." || fresh.Seller.Address != "Keizersgracht 1" || fresh.Seller.VATNumbers[0] != "NL000000000B02" ||
		fresh.Seller.TradeName != "Lokaal Dates" {
		t.Fatalf("new invoice's seller %+v", fresh.Seller)
	}
}

func TestFormatMoney(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		m    billing.Money
		want string
	}{
		{billing.Money{Minor: 1995, Currency: "EUR"}, "€19.95"},
		{billing.Money{Minor: 5, Currency: "USD"}, "$0.05"},
		{billing.Money{Minor: 123400, Currency: "CHF"}, "CHF 1234.00"},
		{billing.Money{Minor: 1200, Currency: "JPY"}, "JPY 1200"},
		{billing.Money{Minor: 1500, Currency: "KWD"}, "KWD 1.500"},
		{billing.Money{Minor: -250, Currency: "GBP"}, "-£2.50"},
	} {
		if got := billing.FormatMoney(c.m); got != c.want {
			t.Errorf("%+v: %q, want %q", c.m, got, c.want)
		}
	}
}

// pdfText is the text of a PDF's (deflated) content streams.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	var out strings.Builder
	for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`).FindAllSubmatch(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			out.Write(m[1])
			continue
		}
		b, _ := io.ReadAll(r)
		out.Write(b)
	}
	return out.String()
}

// The invoice page and PDF show the seller's legal data, the buyer, the
// number, date, credits, amount and method, to the buyer only.
func TestInvoicePageAndPDF(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, m := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Pieter"})
	inv := mustComplete(t, env.Pool, newOrder(t, env.Pool, m, 3995, "EUR"))
	path := fmt.Sprintf("/api/invoice.php?id=%d", inv.OrderID)

	page := c.Do(http.MethodGet, path, nil)
	page.Want(t, http.StatusOK, "")
	if ct := page.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Fatalf("content type %q", ct)
	}
	for _, want := range []string{
		"LOKAAL-MEDIA-000001", "LustLokaal is a trade name of Lokaal Media B.V., Herengracht 420, Amsterdam, NL, KvK 81234567", "NL862345678B01", "Prices include VAT", "Pieter", m.Email, "250", "€39.95", "ideal",
		inv.IssuedAt.In(mustLocation(t, "Europe/Amsterdam")).Format("2006-01-02"), path + "&amp;format=pdf",
	} {
		if !strings.Contains(string(page.Body), want) {
			t.Errorf("invoice page lacks %q", want)
		}
	}

	pdf := c.Do(http.MethodGet, path+"&format=pdf", nil)
	pdf.Want(t, http.StatusOK, "")
	if ct, cd := pdf.Header.Get("Content-Type"), pdf.Header.Get("Content-Disposition"); ct != "application/pdf" ||
		cd != `attachment; filename="invoice-LOKAAL-MEDIA-000001.pdf"` {
		t.Fatalf("content type %q, disposition %q", ct, cd)
	}
	if !bytes.HasPrefix(pdf.Body, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %.20q", pdf.Body)
	}
	text := pdfText(t, pdf.Body)
	for _, want := range []string{"LOKAAL-MEDIA-000001", "LustLokaal is a trade name of", "Lokaal Media B.V.", "81234567", "NL862345678B01", "39.95", "Pieter"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q", want)
		}
	}
}

// A seller without a trade name (or trading under its own name) is shown
// as before: name, address, city and country, KvK, with no trade-name
// statement.
func TestInvoiceWithoutTradeName(t *testing.T) {
	t.Parallel()
	for _, trade := range []string{"", "Spark Social LLC"} {
		inv := billing.Invoice{Number: "SPARK-SOCIAL-000001", IssuedAt: time.Now(), Amount: billing.Money{Minor: 1995, Currency: "USD"},
			Seller: billing.Seller{Name: "Spark Social LLC", TradeName: trade, Address: "600 Congress Ave", City: "Austin", Country: "US", KVK: "123"}}
		page, err := billing.InvoiceHTML(inv, time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"<div>Spark Social LLC</div>", "<div>600 Congress Ave</div>", "<div>Austin US</div>", "Chamber of Commerce (KvK): 123"} {
			if !strings.Contains(string(page), want) {
				t.Errorf("trade name %q: page lacks %q", trade, want)
			}
		}
		if strings.Contains(string(page), "trade name") {
			t.Errorf("trade name %q: the page has a trade-name statement", trade)
		}
	}
}

func TestInvoiceAccess(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	owner, m := env.LoggedIn(t, "localhost", accountstest.Member{})
	inv := mustComplete(t, env.Pool, newOrder(t, env.Pool, m, 3995, "EUR"))
	pending := newOrder(t, env.Pool, m, 1995, "EUR")
	other, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	otherTenant, _ := env.LoggedIn(t, "de.localhost", accountstest.Member{TenantSlug: "herzklopfen"})
	visitor := env.Client(t, "localhost")
	id := fmt.Sprint(inv.OrderID)
	for _, c := range []struct {
		name   string
		client *servertest.Client
		query  string
		status int
		code   string
	}{
		{"own", owner, "id=" + id, http.StatusOK, ""},
		{"own pdf", owner, "id=" + id + "&format=pdf", http.StatusOK, ""},
		{"another member's", other, "id=" + id, http.StatusNotFound, "invoice_not_found"},
		{"another member's pdf", other, "id=" + id + "&format=pdf", http.StatusNotFound, "invoice_not_found"},
		{"another tenant's", otherTenant, "id=" + id, http.StatusNotFound, "invoice_not_found"},
		{"no invoice yet", owner, fmt.Sprintf("id=%d", pending), http.StatusNotFound, "invoice_not_found"},
		{"unknown order", owner, "id=999999", http.StatusNotFound, "invoice_not_found"},
		{"bad id", owner, "id=abc", http.StatusUnprocessableEntity, "id_invalid"},
		{"bad format", owner, "id=" + id + "&format=doc", http.StatusUnprocessableEntity, "format_invalid"},
		{"visitor", visitor, "id=" + id, http.StatusForbidden, "authentication_required"},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.client.Do(http.MethodGet, "/api/invoice.php?"+c.query, nil).Want(t, c.status, c.code)
		})
	}
}

func mustLocation(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
