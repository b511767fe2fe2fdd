package billing

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/jackc/pgx/v5"

	"rendezvous/engine/billing/internal/db"
	"rendezvous/engine/delivery"
	"rendezvous/engine/platform/locale"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// ErrInvoiceNotFound answers an invoice that does not exist, or not for
// this member on this tenant.
var ErrInvoiceNotFound = refusal.New(refusal.NotFound, "invoice_not_found", "This invoice could not be found.")

// Seller is the company that sold, as it was on the day the invoice was
// issued: a later change of the company's address or VAT number does not
// rewrite issued invoices.
type Seller struct {
	Name string `json:"name"`
	// TradeName is the name the company traded under on the brand the
	// buyer bought from (tenancy.Company.TradeName): the brand's name when
	// it is one of the company's trade names, else its first; invoices
	// issued before trade names were used carry the brand's name.
	TradeName  string   `json:"trade_name"`
	Address    string   `json:"address"`
	City       string   `json:"city"`
	Country    string   `json:"country"`
	KVK        string   `json:"kvk"`
	VATNumbers []string `json:"vat_numbers"`
	// CompanySlug prefixes the printed invoice number.
	CompanySlug string `json:"company_slug"`
	// VATRate is the VAT the price included, in hundredths of a percent
	// (2100 is 21%): the standard rate of the company's country, 0 when
	// the brand's sales are zero-rated; nil when neither was known (and on
	// invoices issued before rates were recorded), which print no VAT line.
	VATRate *int `json:"vat_rate,omitempty"`
	// ZeroRated says the brand's sales carried no VAT.
	ZeroRated bool `json:"zero_rated,omitempty"`
}

// sellerVAT is the VAT an invoice of a tenant's sale records: zero-rated
// where the brand's billing section says so, else the standard rate of
// its company's country, nil when that is not known.
func sellerVAT(companyCountry string, tenantSettings []byte) (rate *int, zeroRated bool) {
	if set, err := parseSection(tenantSettings); err == nil && set.VATZeroRated {
		zero := 0
		return &zero, true
	}
	if r, ok := vatRates[strings.ToUpper(strings.TrimSpace(companyCountry))]; ok {
		return &r, false
	}
	return nil, false
}

// VATOf is the VAT a price that includes it at rate (hundredths of a
// percent) holds, rounded half up to the minor unit: 21% of 19.95 is 3.46.
func VATOf(amount int64, rate int) int64 {
	if rate <= 0 {
		return 0
	}
	r := int64(rate)
	return (2*amount*r + (10000 + r)) / (2 * (10000 + r))
}

// Buyer is the member who bought, as they were on the invoice's day.
type Buyer struct {
	Email string `json:"email"`
	Name  string `json:"name"`
}

// Invoice is the invoice of a completed order.
type Invoice struct {
	OrderID int64
	// Number is the invoice number as printed (InvoiceNumber).
	Number string
	// Sequence is the number in the company's gapless sequence, from 1.
	Sequence  int64
	IssuedAt  time.Time
	Seller    Seller
	Buyer     Buyer
	PackageID string
	Credits   int64
	Amount    Money
	// Method is the payment method it was paid with (a name of
	// billing.Methods).
	Method string
	// Refunded is true once the order was refunded.
	Refunded bool
	// Discount is the code the order was made with, nil without one; Amount
	// is then the discounted price paid.
	Discount *InvoiceDiscount
}

// InvoiceDiscount is a discount code on an invoice: the package's price
// before it, the code and its percentage.
type InvoiceDiscount struct {
	Code       string
	Percentage int
	ListAmount Money
}

// InvoiceNumber is an invoice's number as printed: the company's slug in
// upper case, a dash, and the company's sequence number padded to six
// digits ("LOKAAL-MEDIA-000042"). The numbers of one company have no gaps;
// the prefix keeps the sequences of different companies apart.
func InvoiceNumber(companySlug string, sequence int64) string {
	return fmt.Sprintf("%s-%06d", strings.ToUpper(companySlug), sequence)
}

// issueInvoice issues the invoice of an order inside tx, the transaction
// that completes the order, so the order and its invoice commit together.
// The number is the company's next from its invoice_counters row: the row
// stays locked until tx ends, and a rolled-back completion takes no number,
// so the numbers of a company have no gaps. An order that has its invoice
// already keeps it (no second number).
func issueInvoice(ctx context.Context, tx pgx.Tx, orderID int64) (Invoice, error) {
	q := db.New(tx)
	sale, err := q.InvoiceSale(ctx, orderID)
	if err != nil {
		return Invoice{}, fmt.Errorf("invoice: order %d: %w", orderID, err)
	}
	if _, err := q.InvoiceByOrder(ctx, orderID); err == nil {
		return loadInvoice(ctx, q, sale.TenantID, sale.MemberID, orderID)
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return Invoice{}, fmt.Errorf("invoice: look up invoice of order %d: %w", orderID, err)
	}
	rate, zeroRated := sellerVAT(sale.Country, sale.TenantSettings)
	seller, err := json.Marshal(Seller{
		Name: sale.CompanyName, TradeName: tenancy.Company{Tradenames: sale.Tradenames}.TradeName(sale.TenantName), Address: sale.Address, City: sale.City,
		Country: sale.Country, KVK: sale.Kvk, VATNumbers: sale.VatNumbers, CompanySlug: sale.CompanySlug,
		VATRate: rate, ZeroRated: zeroRated,
	})
	if err != nil {
		return Invoice{}, err
	}
	buyer, err := json.Marshal(Buyer{Email: sale.Email, Name: sale.MemberName})
	if err != nil {
		return Invoice{}, err
	}
	number, err := q.InvoiceNextNumber(ctx, sale.CompanyID)
	if err != nil {
		return Invoice{}, fmt.Errorf("invoice: next number of company %d: %w", sale.CompanyID, err)
	}
	if _, err := q.InvoiceInsert(ctx, db.InvoiceInsertParams{
		OrderID: orderID, CompanyID: sale.CompanyID, Number: number, Seller: seller, Buyer: buyer,
	}); err != nil {
		return Invoice{}, fmt.Errorf("invoice: insert invoice %d of order %d: %w", number, orderID, err)
	}
	return loadInvoice(ctx, q, sale.TenantID, sale.MemberID, orderID)
}

// MemberInvoice is the invoice of one of a member's orders on a tenant;
// ErrInvoiceNotFound for an order without an invoice or someone else's.
func MemberInvoice(ctx context.Context, conn db.DBTX, tenantID, memberID, orderID int64) (Invoice, error) {
	return loadInvoice(ctx, db.New(conn), tenantID, memberID, orderID)
}

func loadInvoice(ctx context.Context, q *db.Queries, tenantID, memberID, orderID int64) (Invoice, error) {
	row, err := q.InvoiceOfMember(ctx, db.InvoiceOfMemberParams{OrderID: orderID, MemberID: memberID, TenantID: tenantID})
	if errors.Is(err, pgx.ErrNoRows) {
		return Invoice{}, ErrInvoiceNotFound
	}
	if err != nil {
		return Invoice{}, fmt.Errorf("invoice of order %d: %w", orderID, err)
	}
	return invoiceFrom(db.InvoicesOfTenantRow(row))
}

// MemberInvoices lists a member's invoices on a tenant, newest first (at
// most 100).
func MemberInvoices(ctx context.Context, conn db.DBTX, tenantID, memberID int64) ([]Invoice, error) {
	rows, err := db.New(conn).InvoicesOfMember(ctx, db.InvoicesOfMemberParams{TenantID: tenantID, MemberID: memberID})
	if err != nil {
		return nil, fmt.Errorf("invoices of member %d: %w", memberID, err)
	}
	out := make([]Invoice, len(rows))
	for i, r := range rows {
		if out[i], err = invoiceFrom(db.InvoicesOfTenantRow(r)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// TenantInvoices lists the invoices of a tenant issued in [since, until),
// in number order, for the operator's bookkeeping.
func TenantInvoices(ctx context.Context, conn db.DBTX, tenantID int64, since, until time.Time) ([]Invoice, error) {
	rows, err := db.New(conn).InvoicesOfTenant(ctx, db.InvoicesOfTenantParams{TenantID: tenantID, Since: since, Until: until})
	if err != nil {
		return nil, fmt.Errorf("invoices of tenant %d: %w", tenantID, err)
	}
	out := make([]Invoice, len(rows))
	for i, r := range rows {
		if out[i], err = invoiceFrom(r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func invoiceFrom(r db.InvoicesOfTenantRow) (Invoice, error) {
	inv := Invoice{
		OrderID: r.OrderID, Sequence: r.Number, IssuedAt: r.IssuedAt, PackageID: r.PackageID, Credits: r.Credits,
		Amount: Money{Minor: r.Amount, Currency: r.Currency}, Method: r.Method, Refunded: r.OrderStatus == "refunded",
	}
	if r.DiscountCode.Valid {
		inv.Discount = &InvoiceDiscount{Code: r.DiscountCode.String, Percentage: int(r.DiscountPercentage.Int32),
			ListAmount: Money{Minor: r.ListAmount.Int64, Currency: r.Currency}}
	}
	if err := json.Unmarshal(r.Seller, &inv.Seller); err != nil {
		return Invoice{}, fmt.Errorf("seller of invoice %d: %w", r.ID, err)
	}
	if err := json.Unmarshal(r.Buyer, &inv.Buyer); err != nil {
		return Invoice{}, fmt.Errorf("buyer of invoice %d: %w", r.ID, err)
	}
	inv.Number = InvoiceNumber(inv.Seller.CompanySlug, r.Number)
	return inv, nil
}

// Filename is the PDF's file name.
func (inv Invoice) Filename() string { return "invoice-" + inv.Number + ".pdf" }

var currencySymbols = map[string]string{"EUR": "€", "USD": "$", "GBP": "£"}

// FormatMoney writes an amount the way the operators' commands print it:
// "€19.95", "$39.95", "CHF 19.95", "JPY 1200". Invoices write it in the
// member's language (locale.Money).
func FormatMoney(m Money) string {
	amount := Decimal(m)
	sign := ""
	if m.Minor < 0 {
		sign, amount = "-", amount[1:]
	}
	if s, ok := currencySymbols[m.Currency]; ok {
		return sign + s + amount
	}
	return sign + m.Currency + " " + amount
}

// Decimal writes an amount in its currency's major unit without a symbol:
// "19.95", "1200" (JPY), "1.500" (KWD).
func Decimal(m Money) string {
	digits := locale.MinorDigits(m.Currency)
	minor := m.Minor
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	if digits == 0 {
		return sign + fmt.Sprint(minor)
	}
	unit := int64(1)
	for range digits {
		unit *= 10
	}
	return fmt.Sprintf("%s%d.%0*d", sign, minor/unit, digits, minor%unit)
}

// InvoiceReader is who reads an invoice: the catalogue texts in their
// language (the member's), with the tenant's own wording, and the tenant's
// time zone for the date.
type InvoiceReader struct {
	Texts *delivery.Templates
	// Lang is the member's language; one without a catalogue reads en.
	Lang string
	// Slug is the tenant's, for its own wording of the texts.
	Slug string
	// Location is the tenant's time zone; nil means UTC.
	Location *time.Location
}

// invoiceLines are what both the page and the PDF print, in order, in the
// reader's language.
type invoiceLines struct {
	Inv     Invoice
	Lang    string
	Title   string
	Date    string
	Amount  string
	Method  string
	VATNote string
	Company []string
	PDFLink string
	// Labels are the catalogue's invoice texts without data, by key.
	Labels   map[string]string
	Contents string
	Refunded string
	// Price is the package's line: its price before a discount.
	Price string
	// DiscountLine and DiscountAmount are the discount's line ("Discount
	// code WELCOME (25%)", "-€5.00"); empty without one.
	DiscountLine   string
	DiscountAmount string
	// Brand is the name the brand sold under, the page's heading.
	Brand string
	// Net is the total without VAT, VATLine and VATAmount the VAT's line
	// ("VAT 21%", "€3.46"); all empty when the invoice records no rate.
	Net       string
	VATLine   string
	VATAmount string
}

// invoiceLabels are the texts of the invoice without data.
var invoiceLabels = []string{"seller", "buyer", "number", "date", "order", "method", "item", "credits", "amount", "total", "download", "net"}

func linesOf(inv Invoice, r InvoiceReader) (invoiceLines, error) {
	loc := r.Location
	if loc == nil {
		loc = time.UTC
	}
	lang := r.Lang
	if !r.Texts.HasLanguage(lang) {
		lang = "en"
	}
	var err error
	phrase := func(id string, data map[string]any) string {
		s, e := r.Texts.Phrase(r.Slug, lang, id, data)
		if e != nil && err == nil {
			err = fmt.Errorf("invoice %s in %s: %w", inv.Number, lang, e)
		}
		return s
	}
	text := func(id string, data map[string]any) string { return phrase("invoice."+id, data) }
	money := func(m Money) string { return locale.Money(lang, m.Minor, m.Currency) }

	s := inv.Seller
	var company []string
	if s.TradeName != "" && s.TradeName != s.Name {
		// The brand is a trade name: the statement names the company, in
		// the words of the mails' footer.
		company = append(company, phrase("common.trade_name", map[string]any{"TradeName": s.TradeName,
			"Company": tenancy.CompanyIdentity(s.Name, s.Address, s.City, s.Country, s.KVK)}))
	} else {
		company = append(company, s.Name)
		for _, l := range []string{s.Address, strings.TrimSpace(s.City + " " + s.Country)} {
			if l != "" {
				company = append(company, l)
			}
		}
		if s.KVK != "" {
			company = append(company, text("chamber", map[string]any{"Number": s.KVK}))
		}
	}
	vat := text("vat_included", nil)
	if len(s.VATNumbers) > 0 {
		numbers := strings.Join(s.VATNumbers, ", ")
		company = append(company, text("vat", map[string]any{"Numbers": numbers}))
		vat = text("vat_seller", map[string]any{"Numbers": numbers})
	}
	method := MethodTitle(inv.Method)
	if method == "" {
		method = "-"
	}
	l := invoiceLines{
		Inv: inv, Lang: lang, Title: text("title", map[string]any{"Number": inv.Number}),
		Date: locale.Date(lang, inv.IssuedAt.In(loc)), Amount: money(inv.Amount),
		Method: method, VATNote: vat, Company: company, Labels: map[string]string{},
		PDFLink:  fmt.Sprintf("/api/invoice.php?id=%d&format=pdf", inv.OrderID),
		Contents: text("contents", map[string]any{"Count": inv.Credits, "Package": inv.PackageID}),
		Price:    money(inv.Amount),
	}
	for _, id := range invoiceLabels {
		l.Labels[id] = text(id, nil)
	}
	l.Brand = s.TradeName
	if l.Brand == "" {
		l.Brand = s.Name
	}
	if s.VATRate != nil {
		vat := VATOf(inv.Amount.Minor, *s.VATRate)
		l.Net = money(Money{Minor: inv.Amount.Minor - vat, Currency: inv.Amount.Currency})
		l.VATAmount = money(Money{Minor: vat, Currency: inv.Amount.Currency})
		if s.ZeroRated {
			l.VATLine = text("vat_zero", nil)
		} else {
			l.VATLine = text("vat_rate", map[string]any{"Rate": locale.Percent(lang, *s.VATRate)})
		}
	}
	if inv.Refunded {
		l.Refunded = text("refunded", nil)
	}
	if d := inv.Discount; d != nil {
		l.Price = money(d.ListAmount)
		l.DiscountLine = text("discount", map[string]any{"Code": d.Code, "Percentage": d.Percentage})
		l.DiscountAmount = money(Money{Minor: inv.Amount.Minor - d.ListAmount.Minor, Currency: inv.Amount.Currency})
	}
	return l, err
}

var invoicePage = template.Must(template.New("invoice").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #222; overflow-wrap: anywhere; }
.brand { font-size: 1.1rem; font-weight: 700; letter-spacing: .02em; margin: 0 0 .5rem; padding-bottom: .5rem; border-bottom: 3px solid #222; }
h1 { font-size: 1.6rem; } table { border-collapse: collapse; width: 100%; margin: 1.5rem 0; }
th, td { text-align: left; padding: .4rem; border-bottom: 1px solid #ddd; } td.amount { text-align: right; }
.parties { display: flex; gap: 3rem; flex-wrap: wrap; } .note { color: #555; font-size: .9rem; }
</style>
</head>
<body>
<header class="brand">{{.Brand}}</header>
<h1>{{.Title}}</h1>
<div class="parties">
<section class="seller"><h2>{{.Labels.seller}}</h2>{{range .Company}}<div>{{.}}</div>{{end}}</section>
<section class="buyer"><h2>{{.Labels.buyer}}</h2>{{if .Inv.Buyer.Name}}<div>{{.Inv.Buyer.Name}}</div>{{end}}<div>{{.Inv.Buyer.Email}}</div></section>
</div>
<p>{{.Labels.number}}: <strong class="number">{{.Inv.Number}}</strong><br>{{.Labels.date}}: <time>{{.Date}}</time><br>{{.Labels.order}}: {{.Inv.OrderID}}<br>{{.Labels.method}}: {{.Method}}</p>
<table>
<thead><tr><th>{{.Labels.item}}</th><th>{{.Labels.credits}}</th><th class="amount">{{.Labels.amount}}</th></tr></thead>
<tbody><tr><td>{{.Contents}}</td><td>{{.Inv.Credits}}</td><td class="amount">{{.Price}}</td></tr>
{{if .DiscountLine}}<tr class="discount"><td>{{.DiscountLine}}</td><td></td><td class="amount">{{.DiscountAmount}}</td></tr>{{end}}</tbody>
<tfoot>{{if .VATLine}}<tr class="net"><td colspan="2">{{.Labels.net}}</td><td class="amount">{{.Net}}</td></tr>
<tr class="vat"><td colspan="2">{{.VATLine}}</td><td class="amount">{{.VATAmount}}</td></tr>
{{end}}<tr><th colspan="2">{{.Labels.total}}</th><th class="amount">{{.Amount}}</th></tr></tfoot>
</table>
<p class="note">{{.VATNote}}</p>
{{if .Refunded}}<p class="note refunded">{{.Refunded}}</p>{{end}}
<p><a href="{{.PDFLink}}">{{.Labels.download}}</a></p>
</body>
</html>
`))

// InvoiceHTML is the invoice as a web page for r.
func InvoiceHTML(inv Invoice, r InvoiceReader) ([]byte, error) {
	l, err := linesOf(inv, r)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := invoicePage.Execute(&b, l); err != nil {
		return nil, fmt.Errorf("invoice %s page: %w", inv.Number, err)
	}
	return b.Bytes(), nil
}

// The invoice's typeface: DejaVu Sans (fonts-dejavu-core, the Bitstream
// Vera licence in fonts/LICENSE), embedded in the PDF as a subset. The PDF
// core fonts (Helvetica) have one 8-bit encoding per font, Windows-1252,
// which has no ł, ż or ś: a Polish invoice needs a Unicode font.
var (
	//go:embed fonts/DejaVuSans.ttf
	fontRegular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	fontBold []byte
)

const invoiceFont = "DejaVuSans"

// InvoicePDF is the invoice as a PDF (A4) for r, in a Unicode font so
// every site language prints (Polish, the Nordic languages, the euro and
// złoty signs).
func InvoicePDF(inv Invoice, r InvoiceReader) ([]byte, error) {
	l, err := linesOf(inv, r)
	if err != nil {
		return nil, err
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddUTF8FontFromBytes(invoiceFont, "", fontRegular)
	pdf.AddUTF8FontFromBytes(invoiceFont, "B", fontBold)
	pdf.SetTitle(l.Title, true)
	pdf.SetAuthor(inv.Seller.Name, true)
	pdf.SetCreationDate(inv.IssuedAt)
	pdf.SetMargins(20, 20, 20)
	pdf.AddPage()

	pdf.SetFont(invoiceFont, "B", 12)
	pdf.CellFormat(0, 8, l.Brand, "B", 1, "L", false, 0, "")
	pdf.Ln(2)
	pdf.SetFont(invoiceFont, "B", 18)
	pdf.CellFormat(0, 10, l.Title, "", 1, "L", false, 0, "")
	pdf.Ln(4)

	top := pdf.GetY()
	pdf.SetFont(invoiceFont, "B", 11)
	pdf.CellFormat(85, 6, l.Labels["seller"], "", 1, "L", false, 0, "")
	pdf.SetFont(invoiceFont, "", 10)
	for _, line := range l.Company {
		pdf.MultiCell(85, 5, line, "", "L", false)
	}
	bottom := pdf.GetY()
	pdf.SetXY(110, top)
	pdf.SetFont(invoiceFont, "B", 11)
	pdf.CellFormat(80, 6, l.Labels["buyer"], "", 2, "L", false, 0, "")
	pdf.SetFont(invoiceFont, "", 10)
	for _, line := range []string{inv.Buyer.Name, inv.Buyer.Email} {
		if line != "" {
			pdf.CellFormat(80, 5, line, "", 2, "L", false, 0, "")
		}
	}
	pdf.SetXY(20, max(bottom, pdf.GetY())+8)

	for _, kv := range [][2]string{
		{l.Labels["number"], inv.Number}, {l.Labels["date"], l.Date}, {l.Labels["order"], fmt.Sprint(inv.OrderID)},
		{l.Labels["method"], l.Method},
	} {
		pdf.SetFont(invoiceFont, "B", 10)
		pdf.CellFormat(45, 6, kv[0], "", 0, "L", false, 0, "")
		pdf.SetFont(invoiceFont, "", 10)
		pdf.CellFormat(0, 6, kv[1], "", 1, "L", false, 0, "")
	}
	pdf.Ln(6)

	pdf.SetFont(invoiceFont, "B", 10)
	pdf.CellFormat(100, 8, l.Labels["item"], "B", 0, "L", false, 0, "")
	pdf.CellFormat(30, 8, l.Labels["credits"], "B", 0, "L", false, 0, "")
	pdf.CellFormat(40, 8, l.Labels["amount"], "B", 1, "R", false, 0, "")
	pdf.SetFont(invoiceFont, "", 10)
	pdf.CellFormat(100, 8, l.Contents, "B", 0, "L", false, 0, "")
	pdf.CellFormat(30, 8, fmt.Sprint(inv.Credits), "B", 0, "L", false, 0, "")
	pdf.CellFormat(40, 8, l.Price, "B", 1, "R", false, 0, "")
	if l.DiscountLine != "" {
		pdf.CellFormat(130, 8, l.DiscountLine, "B", 0, "L", false, 0, "")
		pdf.CellFormat(40, 8, l.DiscountAmount, "B", 1, "R", false, 0, "")
	}
	if l.VATLine != "" {
		pdf.CellFormat(130, 8, l.Labels["net"], "B", 0, "L", false, 0, "")
		pdf.CellFormat(40, 8, l.Net, "B", 1, "R", false, 0, "")
		pdf.CellFormat(130, 8, l.VATLine, "B", 0, "L", false, 0, "")
		pdf.CellFormat(40, 8, l.VATAmount, "B", 1, "R", false, 0, "")
	}
	pdf.SetFont(invoiceFont, "B", 10)
	pdf.CellFormat(130, 8, l.Labels["total"], "", 0, "L", false, 0, "")
	pdf.CellFormat(40, 8, l.Amount, "", 1, "R", false, 0, "")
	pdf.Ln(6)

	pdf.SetFont(invoiceFont, "", 9)
	pdf.MultiCell(0, 5, l.VATNote, "", "L", false)
	if l.Refunded != "" {
		pdf.MultiCell(0, 5, l.Refunded, "", "L", false)
	}

	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		return nil, fmt.Errorf("invoice %s PDF: %w", inv.Number, err)
	}
	return b.Bytes(), nil
}
