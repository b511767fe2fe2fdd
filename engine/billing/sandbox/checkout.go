package sandbox

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"rendezvous/engine/billing"
	"rendezvous/engine/billing/sandbox/internal/db"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// CheckoutPath is where the checkout page of a payment is, before its id.
const CheckoutPath = "/sandbox/pay/"

// maxFormBody bounds the checkout form: one outcome.
const maxFormBody = 4 << 10

var (
	errOutcomeInvalid = refusal.New(refusal.Invalid, "outcome_invalid", "The outcome must be paid, failed, cancelled, pending or expired.")
	errFormInvalid    = refusal.New(refusal.Malformed, "form_invalid", "The form could not be read.")
	errCardInvalid    = refusal.New(refusal.Invalid, "card_invalid", "The card must be one of the sandbox's test cards.")
)

// outcomes are the payer's choices on the checkout page and the states they
// give the payment. Pending leaves it unsettled; a later choice settles it.
var outcomes = []struct{ Outcome, Status, Label string }{
	{"paid", "paid", "Pay"},
	{"failed", "failed", "Fail"},
	{"cancelled", "canceled", "Cancel"},
	{"pending", "pending", "Leave pending"},
	{"expired", "expired", "Let expire"},
}

// Checkout serves GET /sandbox/pay/{id}, the hosted checkout page, on the
// host of the tenant the payment belongs to.
func (p *Provider) Checkout(w http.ResponseWriter, r *http.Request) {
	t := tenancy.FromContext(r.Context())
	q := db.New(p.pool)
	id := chi.URLParam(r, "id")
	if _, err := fetch(r.Context(), q, id); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		httpx.WriteError(w, r, fmt.Errorf("sandbox payment %s: %w", id, err))
		return
	}
	row, err := q.SandboxPaymentOfTenant(r.Context(), db.SandboxPaymentOfTenantParams{ID: id, TenantID: t.ID})
	if errors.Is(err, pgx.ErrNoRows) {
		httpx.WriteError(w, r, httpx.ErrNotFound)
		return
	}
	if err != nil {
		httpx.WriteError(w, r, fmt.Errorf("sandbox payment %s: %w", id, err))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	// The page carries its own style; the engine's strict default policy would block it.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
	err = checkoutPage.Execute(w, map[string]any{
		"Brand": t.Name, "Payment": row, "Amount": formatAmount(row.Amount, row.Currency),
		"Open": row.Status == "open" || row.Status == "pending", "Outcomes": outcomes, "Action": CheckoutPath + row.ID,
		"First": row.SequenceType == billing.SequenceFirst, "Cards": TestCards,
	})
	if err != nil {
		httpx.Logger(r.Context()).Warn("sandbox checkout page", "err", err)
	}
}

// Decide serves POST /sandbox/pay/{id} (form field outcome): records the
// payer's choice, queues the webhook in the same transaction and sends the
// payer back to the return page (303). A payment already settled stays as
// it is; the payer still goes back.
func (p *Provider) Decide(w http.ResponseWriter, r *http.Request) {
	t := tenancy.FromContext(r.Context())
	id := chi.URLParam(r, "id")
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBody)
	if err := r.ParseForm(); err != nil {
		httpx.WriteError(w, r, errFormInvalid)
		return
	}
	status := ""
	for _, o := range outcomes {
		if o.Outcome == r.PostForm.Get("outcome") {
			status = o.Status
		}
	}
	if status == "" {
		httpx.WriteError(w, r, errOutcomeInvalid)
		return
	}
	card, ok := testCard(r.PostForm.Get("card"))
	if !ok {
		httpx.WriteError(w, r, errCardInvalid)
		return
	}
	var back string
	err := pgx.BeginFunc(r.Context(), p.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.SandboxPaymentSettle(r.Context(), db.SandboxPaymentSettleParams{ID: id, TenantID: t.ID, Status: status})
		if errors.Is(err, pgx.ErrNoRows) {
			row, err = q.SandboxPaymentOfTenant(r.Context(), db.SandboxPaymentOfTenantParams{ID: id, TenantID: t.ID})
			if errors.Is(err, pgx.ErrNoRows) {
				return httpx.ErrNotFound
			}
			back = row.RedirectUrl
			return err
		}
		if err != nil {
			return fmt.Errorf("settle sandbox payment %s: %w", id, err)
		}
		back = row.RedirectUrl
		// A paid first payment leaves a mandate on the card chosen.
		if row.SequenceType == billing.SequenceFirst && status == string(billing.StatusPaid) {
			if err := keepCard(r.Context(), q, row, card); err != nil {
				return err
			}
		}
		return p.queueWebhook(r.Context(), tx, row)
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
}

// queueWebhook queues the webhook of a payment that changed, inside tx,
// the transaction that changed it.
func (p *Provider) queueWebhook(ctx context.Context, tx pgx.Tx, row db.SandboxPayment) error {
	if p.jobs == nil {
		return fmt.Errorf("queue webhook of sandbox payment %s: this sandbox has no job inserter", row.ID)
	}
	if _, err := p.jobs.InsertTx(ctx, tx, WebhookArgs{PaymentID: row.ID, URL: row.WebhookUrl}, nil); err != nil {
		return fmt.Errorf("queue webhook of sandbox payment %s: %w", row.ID, err)
	}
	return nil
}

// formatAmount writes minor units as the amount with its currency
// ("EUR 19.95"); every currency the catalogue prices in has two decimals.
func formatAmount(minor int64, currency string) string {
	return fmt.Sprintf("%s %d.%02d", currency, minor/100, minor%100)
}

var checkoutPage = template.Must(template.New("checkout").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Brand}}: sandbox checkout</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f4f4f6; color: #1a1a1a; }
  main { max-width: 420px; margin: 0 auto; padding: 24px 16px; }
  .card { background: #fff; border: 1px solid #d0d0d6; border-radius: 12px; padding: 20px; }
  h1 { font-size: 1.25rem; margin: 0 0 4px; }
  .note { color: #4a4a55; font-size: .9rem; margin: 0 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0 0 20px; }
  dt { color: #4a4a55; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  fieldset { border: 0; margin: 0; padding: 0; display: grid; gap: 10px; }
  legend { font-weight: 600; margin-bottom: 8px; }
  button { font: inherit; width: 100%; min-height: 44px; padding: 10px 14px; border-radius: 8px;
           border: 2px solid #1f3a8a; background: #fff; color: #1f3a8a; cursor: pointer; }
  button[value=paid] { background: #1f3a8a; color: #fff; }
  button:focus-visible, a:focus-visible { outline: 3px solid #b45309; outline-offset: 2px; }
  a { color: #1f3a8a; }
  .cards { margin-bottom: 20px; }
  .cards label { display: flex; gap: 8px; align-items: center; min-height: 44px; }
  .cards input { width: 1.125rem; height: 1.125rem; margin: 0; accent-color: #1f3a8a; }
</style>
</head>
<body>
<main>
  <div class="card">
    <h1>{{.Brand}}</h1>
    <p class="note">Sandbox payment: no money moves. Choose what the payment provider answers.</p>
    <dl>
      <dt>Package</dt><dd>{{.Payment.Description}}</dd>
      <dt>Amount</dt><dd>{{.Amount}}</dd>
      <dt>Method</dt><dd>{{.Payment.Method}}</dd>
      <dt>Status</dt><dd>{{.Payment.Status}}</dd>
    </dl>
    {{if .Open}}
    <form method="post" action="{{.Action}}">
      {{if .First}}
      <fieldset class="cards">
        <legend>Card to keep for repeat orders</legend>
        {{range $i, $c := .Cards}}<label><input type="radio" name="card" value="{{$c.Value}}"{{if eq $i 0}} checked{{end}}> {{$c.Label}} &bull;&bull;&bull;&bull; {{$c.Last4}}: {{if $c.Declines}}repeat charges are declined{{else}}repeat charges are paid{{end}}</label>
        {{end}}
      </fieldset>
      {{end}}
      <fieldset>
        <legend>Outcome of this payment</legend>
        {{range .Outcomes}}<button type="submit" name="outcome" value="{{.Outcome}}">{{.Label}}</button>
        {{end}}
      </fieldset>
    </form>
    {{else}}
    <p>This payment is settled. <a href="{{.Payment.RedirectUrl}}">Back to {{.Brand}}</a></p>
    {{end}}
  </div>
</main>
</body>
</html>
`))
