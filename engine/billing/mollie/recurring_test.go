package mollie_test

import (
	"context"
	"errors"
	"testing"

	"rendezvous/engine/billing"
	"rendezvous/engine/billing/mollie"
	"rendezvous/engine/billing/mollie/mollietest"
)

// TestRecurringLife runs Mollie's recurring model against the local Mollie:
// a customer, a first payment for it (with a checkout) that, paid, names
// its mandate; the mandate's card details; recurring payments on it
// (settled at once, no checkout; one request per idempotency key); the
// mandate revoked, after which it is gone and charges are refused.
func TestRecurringLife(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := mollietest.New(t, testKey)
	p, err := mollie.New(mollie.Config{APIKey: testKey, BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	customer, err := p.CreateCustomer(ctx, billing.CustomerRequest{Name: "Spark member 7", Locale: "en_US", Reference: "member:7"})
	if err != nil || srv.Customers() != 1 {
		t.Fatalf("customer %q, %v", customer, err)
	}
	amount := billing.Money{Minor: 1995, Currency: "EUR"}
	first, err := p.CreatePayment(ctx, billing.PaymentRequest{Amount: amount, Method: "visa", Description: "100 credits",
		RedirectURL: "https://x.example/r", WebhookURL: "https://x.example/hooks/payments/mollie", Reference: "pay_1",
		SequenceType: billing.SequenceFirst, CustomerID: customer})
	if err != nil || first.CheckoutURL == "" || first.MandateID != "" {
		t.Fatalf("first payment %+v, %v", first, err)
	}
	if got := srv.Payments()[0]; got.SequenceType != "first" || got.CustomerID != customer || got.Method != "creditcard" {
		t.Fatalf("Mollie holds %v %+v", got, got)
	}
	srv.SetCard(mollietest.Card{Label: "Visa", Number: "1234", Expiry: "2031-01-31"})
	srv.SetStatus(t, first.ID, billing.StatusPaid)
	paid, err := p.FetchPayment(ctx, first.ID)
	if err != nil || paid.Status != billing.StatusPaid || paid.MandateID == "" || paid.CustomerID != customer {
		t.Fatalf("paid first payment %+v, %v", paid, err)
	}
	m, err := p.FetchMandate(ctx, customer, paid.MandateID)
	want := billing.Mandate{ID: paid.MandateID, CustomerID: customer, Status: "valid", Method: "creditcard", CardLabel: "Visa", CardLast4: "1234", CardExpiry: "2031-01-31"}
	if err != nil || m != want {
		t.Fatalf("mandate %+v, %v; want %+v", m, err, want)
	}

	cases := []struct {
		name   string
		status billing.Status
		key    string
	}{
		{"a charge that is paid", billing.StatusPaid, "click-1"},
		{"a charge the card declines", billing.StatusFailed, "click-2"},
	}
	for _, c := range cases {
		srv.SetRecurringStatus(c.status)
		req := billing.PaymentRequest{Amount: amount, Method: "creditcard", Description: "100 credits", RedirectURL: "https://x.example/r",
			Reference: "pay_" + c.key, IdempotencyKey: c.key, SequenceType: billing.SequenceRecurring, CustomerID: customer, MandateID: m.ID}
		charged, err := p.CreatePayment(ctx, req)
		if err != nil || charged.Status != c.status || charged.CheckoutURL != "" || charged.MandateID != m.ID {
			t.Fatalf("%s: %+v, %v", c.name, charged, err)
		}
		again, err := p.CreatePayment(ctx, req)
		if err != nil || again.ID != charged.ID {
			t.Fatalf("%s: the same key made %+v, %v; first %s", c.name, again, err, charged.ID)
		}
	}
	if n := len(srv.Payments()); n != 3 {
		t.Fatalf("Mollie holds %d payments, want 3", n)
	}

	if err := p.RevokeMandate(ctx, customer, m.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := p.FetchMandate(ctx, customer, m.ID); !errors.Is(err, billing.ErrMandateNotFound) {
		t.Fatalf("a revoked mandate: %v", err)
	}
	if err := p.RevokeMandate(ctx, customer, m.ID); !errors.Is(err, billing.ErrMandateNotFound) {
		t.Fatalf("revoked twice: %v", err)
	}
	_, err = p.CreatePayment(ctx, billing.PaymentRequest{Amount: amount, Description: "100 credits", Reference: "pay_9",
		SequenceType: billing.SequenceRecurring, CustomerID: customer, MandateID: m.ID})
	if !errors.Is(err, billing.ErrProviderRefused) {
		t.Fatalf("a charge on a revoked mandate: %v", err)
	}
}

// TestRecurringRefusedLocally: ids of the wrong form and sequence types
// Mollie does not know are refused without asking Mollie.
func TestRecurringRefusedLocally(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := mollietest.New(t, testKey)
	p, err := mollie.New(mollie.Config{APIKey: testKey, BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	amount := billing.Money{Minor: 1995, Currency: "EUR"}
	cases := []struct {
		name string
		req  billing.PaymentRequest
	}{
		{"a first payment without a customer", billing.PaymentRequest{SequenceType: billing.SequenceFirst}},
		{"a recurring payment without a mandate", billing.PaymentRequest{SequenceType: billing.SequenceRecurring, CustomerID: "cst_abc"}},
		{"a customer id of another form", billing.PaymentRequest{SequenceType: billing.SequenceRecurring, CustomerID: "../x", MandateID: "mdt_abc"}},
		{"an unknown sequence type", billing.PaymentRequest{SequenceType: "monthly"}},
	}
	for _, c := range cases {
		c.req.Amount, c.req.Description, c.req.RedirectURL = amount, "x", "https://x.example/r"
		if _, err := p.CreatePayment(ctx, c.req); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if n := len(srv.Payments()); n != 0 {
		t.Fatalf("Mollie was asked: %d payments", n)
	}
	for _, ids := range [][2]string{{"cst_a/b", "mdt_x"}, {"cst_a", "../../payments"}, {"", ""}} {
		if _, err := p.FetchMandate(ctx, ids[0], ids[1]); !errors.Is(err, billing.ErrMandateNotFound) {
			t.Errorf("fetch %q: %v", ids, err)
		}
		if err := p.RevokeMandate(ctx, ids[0], ids[1]); !errors.Is(err, billing.ErrMandateNotFound) {
			t.Errorf("revoke %q: %v", ids, err)
		}
	}
}
