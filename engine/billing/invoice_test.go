package billing_test

import (
	"bytes"
	"compress/zlib"
	"context"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/billing"
	"rendezvous/engine/delivery"
	"rendezvous/engine/platform/locale"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy/tenancytest"
	"rendezvous/themes/themestest"
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
	rate := 2100 // the Netherlands' standard rate
	want := billing.Seller{
		Name: "Lokaal Media B.V.", TradeName: "LustLokaal", Address: "Herengracht 420", City: "Amsterdam", Country: "NL",
		KVK: "81234567", VATNumbers: []string{"NL862345678B01"}, CompanySlug: "lokaal-media", VATRate: &rate,
	}
	if !reflect.DeepEqual(old.Seller, want) || old.Buyer != (billing.Buyer{Email: m.Email, Name: "Jan"}) {
		t.Fatalf("seller %+v buyer %+v", old.Seller, old.Buyer)
	}
	if _, err := pool.Exec(ctx, `UPDATE companies SET name = 'Lokaal Holding B.V.', address = 'Keizersgracht 1',
		vat_numbers = '{NL000000000B02}', tradenames = '{Lokaal Dates}' WHERE slug = 'lokaal-media'`); err != nil {
		t.Fatal(err)
	}
	again, err := billing.MemberInvoice(ctx, pool, m.TenantID, m.ID, old.OrderID)
	if err != nil || !reflect.DeepEqual(again.Seller, want) {
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

// pdfText is the text a PDF shows: the strings its (deflated) content
// streams print with Tj. The invoice's Unicode font writes them as UTF-16BE
// code points (its ToUnicode map is the identity), the way a PDF reader
// extracts them.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	shown := regexp.MustCompile(`(?s)\(((?:\\.|[^\\)])*)\)\s*Tj`)
	length := regexp.MustCompile(`/Length (\d+)`)
	var out strings.Builder
	pages := regexp.MustCompile(`/Contents (\d+) 0 R`).FindAllSubmatch(pdf, -1)
	if len(pages) == 0 {
		t.Fatal("PDF has no page contents")
	}
	for _, page := range pages {
		obj := regexp.MustCompile(`(?s)\n` + string(page[1]) + ` 0 obj\s*<<([^>]*)>>\s*stream\r?\n`).FindSubmatchIndex(pdf)
		if obj == nil {
			t.Fatalf("PDF lacks its contents object %s", page[1])
		}
		n, err := strconv.Atoi(string(length.FindSubmatch(pdf[obj[2]:obj[3]])[1]))
		if err != nil {
			t.Fatal(err)
		}
		r, err := zlib.NewReader(bytes.NewReader(pdf[obj[1] : obj[1]+n]))
		if err != nil {
			t.Fatalf("contents %s: %v", page[1], err)
		}
		content, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("contents %s: %v", page[1], err)
		}
		for _, s := range shown.FindAllSubmatch(content, -1) {
			// One space between the strings: a line that MultiCell wrapped
			// reads as it was written.
			out.WriteString(utf16Text(t, unescapePDF(s[1])))
			out.WriteString(" ")
		}
	}
	return out.String()
}

// unescapePDF undoes a PDF string's backslash escapes.
func unescapePDF(s []byte) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 'r':
				out = append(out, '\r')
			case 'n':
				out = append(out, '\n')
			default:
				out = append(out, s[i])
			}
			continue
		}
		out = append(out, s[i])
	}
	return out
}

func utf16Text(t *testing.T, b []byte) string {
	t.Helper()
	if len(b)%2 != 0 {
		t.Fatalf("PDF string of odd length %d: %q", len(b), b)
	}
	units := make([]uint16, len(b)/2)
	for i := range units {
		units[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	return string(utf16.Decode(units))
}

// The invoice page and PDF show the seller's legal data, the buyer, the
// number, date, credits, amount and method, to the buyer only, in the
// member's language (a LustLokaal member reads Dutch).
func TestInvoicePageAndPDF(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, m := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Pieter"})
	inv := mustComplete(t, env.Pool, newOrder(t, env.Pool, m, 3995, "EUR"))
	path := fmt.Sprintf("/api/invoice.php?id=%d", inv.OrderID)
	date := locale.Date("nl", inv.IssuedAt.In(mustLocation(t, "Europe/Amsterdam")))

	page := c.Do(http.MethodGet, path, nil)
	page.Want(t, http.StatusOK, "")
	if ct := page.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Fatalf("content type %q", ct)
	}
	for _, want := range []string{
		`<html lang="nl">`, "Factuur LOKAAL-MEDIA-000001",
		"LustLokaal is een handelsnaam van Lokaal Media B.V., Herengracht 420, Amsterdam, NL, KvK 81234567.",
		"Btw-nummer: NL862345678B01", "Prijzen zijn inclusief btw", "Pieter", m.Email, "250 credits (pakket popular)",
		"€\u00a039,95", "Totaal", date, path + "&amp;format=pdf", "Downloaden als pdf",
		// The brand heads it; the method has its proper name; the VAT of
		// the company's country (NL, 21%) is a line with its amount.
		`<header class="brand">LustLokaal</header>`, "<br>Betaalmethode: iDEAL</p>",
		"Bedrag excl. btw</td><td class=\"amount\">€\u00a033,02", "Btw 21%</td><td class=\"amount\">€\u00a06,93",
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
	for _, want := range []string{"Factuur LOKAAL-MEDIA-000001", "LustLokaal is een handelsnaam van", "Lokaal Media B.V.", "81234567",
		"NL862345678B01", "€\u00a039,95", "Pieter", "Verkoper", "Koper", date, "iDEAL", "Bedrag excl. btw", "€\u00a033,02", "Btw 21%", "€\u00a06,93"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q:\n%s", want, text)
		}
	}
}

// TestInvoiceZeroRated: a brand whose billing section says its sales are
// zero-rated prints a 0% VAT line of nothing on its invoices, whatever
// the company's country; the rate is recorded as issued.
func TestInvoiceZeroRated(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	section := `{"vat_zero_rated": true, "packages": [{"id": "popular", "credits": 250, "prices": {"EUR": 3995}}],
		"countries": {"NL": {"currency": "EUR", "methods": ["ideal"]}}}`
	env.ChangeTenants(t, "UPDATE tenants SET settings = jsonb_set(settings, '{billing}', $1::jsonb) WHERE slug = 'lustlokaal'", section)
	c, m := env.LoggedIn(t, "localhost", accountstest.Member{})
	if _, err := env.Pool.Exec(context.Background(), "UPDATE members SET language = 'en' WHERE id = $1", m.ID); err != nil {
		t.Fatal(err)
	}
	inv := mustComplete(t, env.Pool, newOrder(t, env.Pool, m, 3995, "EUR"))
	if inv.Seller.VATRate == nil || *inv.Seller.VATRate != 0 || !inv.Seller.ZeroRated {
		t.Fatalf("seller %+v", inv.Seller)
	}
	page := c.Do(http.MethodGet, fmt.Sprintf("/api/invoice.php?id=%d", inv.OrderID), nil)
	page.Want(t, http.StatusOK, "")
	for _, want := range []string{"VAT 0% (zero-rated)</td><td class=\"amount\">€0.00", "Amount excl. VAT</td><td class=\"amount\">€39.95", "Payment method: iDEAL"} {
		if !strings.Contains(string(page.Body), want) {
			t.Errorf("invoice page lacks %q", want)
		}
	}
	if strings.Contains(string(page.Body), "VAT 21%") {
		t.Error("a zero-rated invoice prints the country's rate")
	}
}

// TestVATOf: the VAT a price holds, rounded half up to the cent.
func TestVATOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		amount int64
		rate   int
		want   int64
	}{{3995, 2100, 693}, {1995, 2100, 346}, {1995, 1900, 319}, {1995, 2550, 405}, {1995, 0, 0}, {1, 2100, 0}, {121, 2100, 21}} {
		if got := billing.VATOf(c.amount, c.rate); got != c.want {
			t.Errorf("VAT of %d at %d: %d, want %d", c.amount, c.rate, got, c.want)
		}
	}
}

// A seller without a trade name (or trading under its own name) is shown
// as before: name, address, city and country, KvK, with no trade-name
// statement.
func TestInvoiceWithoutTradeName(t *testing.T) {
	t.Parallel()
	texts, err := delivery.LoadTemplates(themestest.BuiltIn(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, trade := range []string{"", "Spark Social LLC"} {
		inv := billing.Invoice{Number: "SPARK-SOCIAL-000001", IssuedAt: time.Now(), Amount: billing.Money{Minor: 1995, Currency: "USD"},
			Seller: billing.Seller{Name: "Spark Social LLC", TradeName: trade, Address: "600 Congress Ave", City: "Austin", Country: "US", KVK: "123"}}
		page, err := billing.InvoiceHTML(inv, billing.InvoiceReader{Texts: texts, Lang: "en"})
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

// A member whose language is Polish gets the invoice in Polish, and its PDF
// prints Polish letters (the PDF core fonts cannot: Windows-1252 has no ł).
func TestInvoiceInTheMembersLanguage(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, m := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Łukasz"})
	if _, err := env.Pool.Exec(context.Background(), "UPDATE members SET language = 'pl' WHERE id = $1", m.ID); err != nil {
		t.Fatal(err)
	}
	inv := mustComplete(t, env.Pool, newOrder(t, env.Pool, m, 3995, "EUR"))
	path := fmt.Sprintf("/api/invoice.php?id=%d", inv.OrderID)
	date := locale.Date("pl", inv.IssuedAt.In(mustLocation(t, "Europe/Amsterdam")))
	page := c.Do(http.MethodGet, path, nil)
	page.Want(t, http.StatusOK, "")
	pdf := c.Do(http.MethodGet, path+"&format=pdf", nil)
	pdf.Want(t, http.StatusOK, "")
	text := pdfText(t, pdf.Body)
	for _, want := range []string{"Faktura LOKAAL-MEDIA-000001", "Sprzedawca", "Nabywca", "Łukasz", "39,95\u00a0€",
		"Metoda płatności", "Zamówienie", "250 kredytów (pakiet popular)", date} {
		if !strings.Contains(string(page.Body), want) {
			t.Errorf("page lacks %q", want)
		}
		if !strings.Contains(text, want) {
			t.Errorf("PDF lacks %q:\n%s", want, text)
		}
	}
}

// Every site language writes the whole invoice from its catalogue: title,
// labels, the credits line in its plural form, the date and the money its
// own way, and the PDF shows every letter of it (ł, ż, ś, æ, ø, å, ä, ö).
func TestInvoiceInEveryLanguage(t *testing.T) {
	t.Parallel()
	texts, err := delivery.LoadTemplates(themestest.BuiltIn(t))
	if err != nil {
		t.Fatal(err)
	}
	inv := billing.Invoice{
		OrderID: 42, Number: "LOKAAL-MEDIA-000042", Sequence: 42,
		IssuedAt: time.Date(2026, time.November, 24, 10, 0, 0, 0, time.UTC),
		Seller: billing.Seller{Name: "Lokaal Media B.V.", TradeName: "LustLokaal", Address: "ul. Świętokrzyska 12",
			City: "Kraków", Country: "PL", KVK: "81234567", VATNumbers: []string{"NL862345678B01"}, CompanySlug: "lokaal-media"},
		Buyer:     billing.Buyer{Email: "zofia@example.com", Name: "Zofia Łężyńska-Ærøskøbing Åström"},
		PackageID: "popular", Credits: 250, Amount: billing.Money{Minor: 1250, Currency: "EUR"}, Method: "ideal",
		Refunded: true,
		Discount: &billing.InvoiceDiscount{Code: "WELCOME", Percentage: 50, ListAmount: billing.Money{Minor: 2500, Currency: "EUR"}},
	}
	cases := map[string][]string{
		"da": {"Faktura LOKAAL-MEDIA-000042", "Sælger", "Køber", "24. november 2026", "12,50_€", "250 kreditter (pakke popular)", "I alt", "Rabatkode WELCOME (50 %)"},
		"de": {"Rechnung LOKAAL-MEDIA-000042", "Verkäufer", "Käufer", "24. November 2026", "12,50_€", "250 Credits (Paket popular)", "Gesamt", "USt-IdNr.: NL862345678B01"},
		"en": {"Invoice LOKAAL-MEDIA-000042", "Seller", "Buyer", "November 24, 2026", "€12.50", "250 credits (package popular)", "Total", "-€12.50"},
		"es": {"Factura LOKAAL-MEDIA-000042", "Vendedor", "Comprador", "24 de noviembre de 2026", "12,50_€", "250 créditos (paquete popular)", "Total"},
		"fi": {"Lasku LOKAAL-MEDIA-000042", "Myyjä", "Ostaja", "24. marraskuuta 2026", "12,50_€", "250 krediittiä (paketti popular)", "Yhteensä"},
		"fr": {"Facture LOKAAL-MEDIA-000042", "Vendeur", "Acheteur", "24 novembre 2026", "12,50_€", "250 crédits (forfait popular)", "Total", "Cette commande a été remboursée."},
		"it": {"Fattura LOKAAL-MEDIA-000042", "Venditore", "Acquirente", "24 novembre 2026", "12,50_€", "250 crediti (pacchetto popular)", "Totale"},
		"nb": {"Faktura LOKAAL-MEDIA-000042", "Selger", "Kjøper", "24. november 2026", "12,50_€", "250 kreditter (pakke popular)", "Totalt", "Betalingsmåte"},
		"nl": {"Factuur LOKAAL-MEDIA-000042", "Verkoper", "Koper", "24 november 2026", "€_12,50", "250 credits (pakket popular)", "Totaal", "€_-12,50"},
		"pl": {"Faktura LOKAAL-MEDIA-000042", "Sprzedawca", "Nabywca", "24 listopada 2026", "12,50_€", "250 kredytów (pakiet popular)", "Razem", "Metoda płatności"},
		"sv": {"Faktura LOKAAL-MEDIA-000042", "Säljare", "Köpare", "24 november 2026", "12,50_€", "250 krediter (paket popular)", "Totalt", "Den här ordern har återbetalats."},
	}
	for _, lang := range []string{"da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			if len(cases[lang]) == 0 {
				t.Fatalf("no case for %s", lang)
			}
			r := billing.InvoiceReader{Texts: texts, Lang: lang, Slug: "lustlokaal", Location: mustLocation(t, "Europe/Warsaw")}
			page, err := billing.InvoiceHTML(inv, r)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := billing.InvoicePDF(inv, r)
			if err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, raw)
			wants := append([]string{"Zofia Łężyńska-Ærøskøbing Åström", "LustLokaal", "Lokaal Media B.V., ul. Świętokrzyska 12, Kraków, PL, KRS 81234567"}, cases[lang]...)
			for _, want := range wants {
				want = strings.ReplaceAll(want, "_", "\u00a0")
				if !strings.Contains(string(page), template.HTMLEscapeString(want)) {
					t.Errorf("page lacks %q", want)
				}
				if !strings.Contains(text, want) {
					t.Errorf("PDF lacks %q:\n%s", want, text)
				}
			}
			if !strings.Contains(string(page), `<html lang="`+lang+`">`) {
				t.Errorf("page's language is not %s", lang)
			}
			if strings.Contains(text, "?") {
				t.Errorf("PDF has a character it could not print:\n%s", text)
			}
		})
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
