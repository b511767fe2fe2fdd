package billing

import (
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/delivery"
	"rendezvous/engine/identity"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// The refusals of invoice.php's parameters.
var (
	errInvoiceIDInvalid     = refusal.New(refusal.Invalid, "id_invalid", "The {field} must be a positive number.")
	errInvoiceFormatInvalid = refusal.New(refusal.Invalid, "format_invalid", "The format must be html or pdf.")
)

// InvoiceHandlers serve a member's invoices (what a transaction's
// invoice_url leads to). The route table puts them behind
// identity.RequireMember.
type InvoiceHandlers struct {
	Pool *pgxpool.Pool
	// Texts are the catalogues the invoice is written from, in the
	// member's language.
	Texts *delivery.Templates
}

// Invoice answers GET /api/invoice.php?id=<order_id>: the invoice as a web
// page, or with &format=pdf as a PDF download named after its number.
// Someone else's order, or one without an invoice, is 404 invoice_not_found.
func (h InvoiceHandlers) Invoice(w http.ResponseWriter, r *http.Request) {
	orderID, ok := httpx.ID(r.URL.Query().Get("id"))
	if !ok {
		httpx.WriteError(w, r, errInvoiceIDInvalid.With(map[string]any{"field": "id"}))
		return
	}
	format := r.URL.Query().Get("format")
	if format != "" && format != "html" && format != "pdf" {
		httpx.WriteError(w, r, errInvoiceFormatInvalid)
		return
	}
	t := tenancy.FromContext(r.Context())
	m := identity.Current(r.Context())
	inv, err := MemberInvoice(r.Context(), h.Pool, t.ID, m.ID, orderID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	reader := InvoiceReader{Texts: h.Texts, Lang: m.Language, Slug: t.Slug, Location: t.Location}
	if reader.Lang == "" {
		reader.Lang = t.DefaultLocale
	}
	var (
		body        []byte
		contentType string
	)
	if format == "pdf" {
		body, err = InvoicePDF(inv, reader)
		contentType = "application/pdf"
		w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", inv.Filename()))
	} else {
		body, err = InvoiceHTML(inv, reader)
		contentType = "text/html; charset=utf-8"
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", "private, no-store")
	_, _ = w.Write(body)
}
