package mollie_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"rendezvous/engine/billing"
	"rendezvous/engine/billing/mollie"
	"rendezvous/engine/billing/mollie/mollietest"
)

// TestPaymentLife runs a payment's life against the stateful local Mollie
// the engine's tests use: created open with a checkout, paid at the
// checkout, fetched paid, refunded; the methods for its amount.
func TestPaymentLife(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := mollietest.New(t, testKey)
	p, err := mollie.New(mollie.Config{APIKey: testKey, BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	created, err := p.CreatePayment(ctx, billing.PaymentRequest{
		Amount: billing.Money{Minor: 3995, Currency: "EUR"}, Method: "bancontact", Description: "250 credits",
		RedirectURL: "https://x.example/r", WebhookURL: "https://x.example/hooks/payments/mollie", Reference: "pay_1",
	})
	if err != nil {
		t.Fatal(err)
	}
	if created.Status != billing.StatusOpen || created.CheckoutURL == "" || created.Amount != (billing.Money{Minor: 3995, Currency: "EUR"}) || created.Method != "bancontact" {
		t.Fatalf("created %+v", created)
	}
	if got := srv.Payments(); len(got) != 1 || got[0].Value != "39.95" || got[0].Method != "bancontact" || got[0].Metadata["reference"] != "pay_1" {
		t.Fatalf("Mollie holds %v", got)
	}

	srv.SetStatus(t, created.ID, billing.StatusPaid)
	paid, err := p.FetchPayment(ctx, created.ID)
	if err != nil || paid.Status != billing.StatusPaid || paid.CheckoutURL != "" || paid.Refunded != (billing.Money{Currency: "EUR"}) {
		t.Fatalf("fetched %+v, %v", paid, err)
	}

	refund, err := p.CreateRefund(ctx, billing.RefundRequest{PaymentID: created.ID, Amount: billing.Money{Minor: 3995, Currency: "EUR"}, Description: "refund"})
	if err != nil || refund.ID == "" || refund.Amount.Minor != 3995 {
		t.Fatalf("refund %+v, %v", refund, err)
	}
	if after, err := p.FetchPayment(ctx, created.ID); err != nil || after.Refunded.Minor != 3995 || after.Status != billing.StatusPaid {
		t.Fatalf("after the refund %+v, %v", after, err)
	}

	if _, err := p.FetchPayment(ctx, "tr_Unknown1234"); !errors.Is(err, billing.ErrPaymentNotFound) || srv.Fetches("tr_Unknown1234") != 1 {
		t.Errorf("an unknown payment: %v", err)
	}

	methods, err := p.Methods(ctx, billing.Money{Minor: 3995, Currency: "EUR"})
	if err != nil || !slices.Contains(methods, "visa") || !slices.Contains(methods, "sct") || !slices.Contains(methods, "applepay") || slices.Contains(methods, "blik") {
		t.Errorf("methods %q, %v", methods, err)
	}
}

// TestChargebackAndRefundKey: a paid payment the payer's bank took back
// reports its amountChargedBack, and its chargebacks list names the
// chargeback and the bank's reason; a refund retried with the same
// idempotency key answers the first refund and pays back once.
func TestChargebackAndRefundKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := mollietest.New(t, testKey)
	p, err := mollie.New(mollie.Config{APIKey: testKey, BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	open := func() billing.Payment {
		t.Helper()
		created, err := p.CreatePayment(ctx, billing.PaymentRequest{Amount: billing.Money{Minor: 1995, Currency: "EUR"}, Description: "100 credits",
			RedirectURL: "https://x.example/r", Reference: "pay_" + t.Name() + string(rune('a'+len(srv.Payments())))})
		if err != nil {
			t.Fatal(err)
		}
		srv.SetStatus(t, created.ID, billing.StatusPaid)
		return created
	}

	charged := open()
	if list, err := p.Chargebacks(ctx, charged.ID); err != nil || len(list) != 0 {
		t.Fatalf("chargebacks before any: %+v, %v", list, err)
	}
	srv.Chargeback(t, charged.ID, "MD06", "Disputed authorized transaction")
	at, err := p.FetchPayment(ctx, charged.ID)
	if err != nil || at.Status != billing.StatusPaid || at.ChargedBack != (billing.Money{Minor: 1995, Currency: "EUR"}) {
		t.Fatalf("charged back %+v, %v", at, err)
	}
	list, err := p.Chargebacks(ctx, charged.ID)
	if err != nil || len(list) != 1 || len(list[0].ID) < 5 || list[0].ID[:4] != "chb_" || list[0].Amount != (billing.Money{Minor: 1995, Currency: "EUR"}) ||
		list[0].Reason != "MD06 Disputed authorized transaction" {
		t.Fatalf("chargebacks %+v, %v", list, err)
	}

	refunded := open()
	req := billing.RefundRequest{PaymentID: refunded.ID, Amount: billing.Money{Minor: 1995, Currency: "EUR"}, IdempotencyKey: "refund:order:1"}
	first, err := p.CreateRefund(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := p.CreateRefund(ctx, req)
	if err != nil || again.ID != first.ID || srv.Refunds(refunded.ID) != 1 {
		t.Fatalf("the refund retried: %+v (first %+v), %v; %d refunds", again, first, err, srv.Refunds(refunded.ID))
	}
}
