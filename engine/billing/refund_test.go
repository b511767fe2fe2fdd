package billing_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/billing"
	"rendezvous/engine/credits"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/server/servertest"
)

// paid is an order a member paid through the sandbox: 250 credits for
// €39.95 (lustlokaal's popular package).
type paid struct {
	order  int64
	member accountstest.Made
	client *servertest.Client
}

func paidOrder(t *testing.T, env *servertest.Env) paid {
	t.Helper()
	c, m := env.LoggedIn(t, "localhost", accountstest.Member{})
	co := order(t, c, map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "ideal"})
	decide(t, c, env, co, "paid")
	awaitStatus(t, c, co.PaymentID, "completed")
	return paid{order: co.OrderID, member: m, client: c}
}

// refundState is what a refund changes: the order's status, the refunds
// row, the money refunded at the sandbox and the member's balance.
type refundState struct {
	status   string
	refunds  int
	refunded int64
	balance  int64
}

func stateOf(t *testing.T, env *servertest.Env, p paid) refundState {
	t.Helper()
	ctx := context.Background()
	var s refundState
	if err := env.Pool.QueryRow(ctx, `SELECT o.status, (SELECT count(*) FROM refunds r WHERE r.order_id = o.id),
			(SELECT coalesce(sum(sp.refunded), 0) FROM payments p JOIN sandbox_payments sp ON sp.id = p.provider_payment_id WHERE p.order_id = o.id)::bigint
		FROM orders o WHERE o.id = $1`, p.order).Scan(&s.status, &s.refunds, &s.refunded); err != nil {
		t.Fatal(err)
	}
	balance, sum, err := credits.Audit(ctx, env.Pool, p.member.ID)
	if err != nil || balance != sum {
		t.Fatalf("balance %d, ledger %d (%v)", balance, sum, err)
	}
	s.balance = balance
	return s
}

// A refund pays the order back at the provider, takes its credits back
// (what is left of them: spent credits are recorded as spent), marks the
// order refunded and keeps the member premium.
func TestRefund(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name         string
		spend        int64
		taken, spent int64
	}{
		{"nothing spent", 0, 250, 0},
		{"part spent", 100, 150, 100},
		{"all spent", 250, 0, 250},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			env := servertest.New(t)
			ctx := context.Background()
			p := paidOrder(t, env)
			if c.spend > 0 {
				tx, _ := env.Pool.Begin(ctx)
				if _, err := credits.Charge(ctx, tx, p.member.ID, c.spend, credits.Message, "message:1"); err != nil {
					t.Fatal(err)
				}
				_ = tx.Commit(ctx)
			}
			res, err := env.Billing.Refund(ctx, p.order, "cli", "asked by mail")
			if err != nil {
				t.Fatal(err)
			}
			if res.CreditsTaken != c.taken || res.CreditsSpent != c.spent || res.Amount != (billing.Money{Minor: 3995, Currency: "EUR"}) || res.ProviderRefundID == "" {
				t.Fatalf("refund %+v", res)
			}
			if s := stateOf(t, env, p); s != (refundState{status: "refunded", refunds: 1, refunded: 3995, balance: 0}) {
				t.Fatalf("after the refund: %+v", s)
			}
			var taken, spent int64
			var by, reason string
			if err := env.Pool.QueryRow(ctx, "SELECT credits_taken, credits_spent, requested_by, reason FROM refunds WHERE order_id = $1", p.order).
				Scan(&taken, &spent, &by, &reason); err != nil || taken != c.taken || spent != c.spent || by != "cli" || reason != "asked by mail" {
				t.Fatalf("refunds row %d %d %q %q (%v)", taken, spent, by, reason, err)
			}
			var refundRows int
			_ = env.Pool.QueryRow(ctx, "SELECT count(*) FROM ledger WHERE member_id = $1 AND kind = 'refund' AND reference = $2 AND delta = $3",
				p.member.ID, fmt.Sprintf("refund:order:%d", p.order), -c.taken).Scan(&refundRows)
			if want := map[bool]int{true: 1, false: 0}[c.taken > 0]; refundRows != want {
				t.Fatalf("%d refund ledger rows, want %d", refundRows, want)
			}
			wantBooked(t, env, p.member.ID, 0, 1, true)
			// The invoice stays, and says so.
			page := p.client.Do(http.MethodGet, fmt.Sprintf("/api/invoice.php?id=%d", p.order), nil)
			page.Want(t, http.StatusOK, "")
			if !strings.Contains(string(page.Body), "Deze bestelling is terugbetaald.") { // in the member's Dutch
				t.Fatal("the invoice of a refunded order does not say so")
			}
		})
	}
}

// An order is refunded once, even when operators ask at the same time.
func TestRefundOnce(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	p := paidOrder(t, env)
	var wg sync.WaitGroup
	errs := make([]error, 5)
	for i := range errs {
		wg.Go(func() { _, errs[i] = env.Billing.Refund(ctx, p.order, "cli", "") })
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, billing.ErrOrderRefunded):
			t.Fatal(err)
		}
	}
	if ok != 1 {
		t.Fatalf("%d refunds went through", ok)
	}
	if _, err := env.Billing.Refund(ctx, p.order, "cli", ""); !errors.Is(err, billing.ErrOrderRefunded) {
		t.Fatalf("again: %v", err)
	}
	if s := stateOf(t, env, p); s != (refundState{status: "refunded", refunds: 1, refunded: 3995, balance: 0}) {
		t.Fatalf("after refunds at once: %+v", s)
	}
}

// Refunds are possible for refund_days (14 on lustlokaal) from completion.
func TestRefundWindow(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		ago  string
		err  error
	}{
		{"just completed", "0 days", nil},
		{"day 13", "13 days 23 hours", nil},
		{"day 15", "14 days 1 hour", billing.ErrRefundWindowOver},
		{"long ago", "200 days", billing.ErrRefundWindowOver},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			env := servertest.New(t)
			p := paidOrder(t, env)
			env.Exec(t, "UPDATE orders SET completed_at = now() - $2::interval WHERE id = $1", p.order, c.ago)
			before := stateOf(t, env, p)
			_, err := env.Billing.Refund(context.Background(), p.order, "cli", "")
			if !errors.Is(err, c.err) {
				t.Fatalf("refund: %v, want %v", err, c.err)
			}
			if c.err != nil {
				if after := stateOf(t, env, p); after != before {
					t.Fatalf("a refused refund changed %+v to %+v", before, after)
				}
				if !strings.Contains(err.Error(), "14 days") {
					t.Fatalf("refusal %q does not name the refund days", err)
				}
			}
		})
	}
}

// Orders that are not completed cannot be refunded; unknown ones are not
// found.
func TestRefundNeedsCompletedOrder(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	pending := order(t, c, map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "ideal"})
	failed := order(t, c, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	decide(t, c, env, failed, "failed")
	awaitStatus(t, c, failed.PaymentID, "failed")
	for _, o := range []int64{pending.OrderID, failed.OrderID} {
		if _, err := env.Billing.Refund(context.Background(), o, "cli", ""); !errors.Is(err, billing.ErrOrderNotCompleted) {
			t.Fatalf("order %d: %v", o, err)
		}
	}
	_, err := env.Billing.Refund(context.Background(), 999999, "cli", "")
	if e := refusal.As(err); e == nil || e.Code != "order_not_found" {
		t.Fatalf("unknown order: %v", err)
	}
}

// A provider that refuses the refund changes nothing.
func TestRefundProviderRefusal(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	p := paidOrder(t, env)
	// Part of the payment was refunded at the provider (its dashboard), so
	// it refuses a refund of the whole amount.
	env.Exec(t, "UPDATE sandbox_payments SET refunded = 100 WHERE id = (SELECT provider_payment_id FROM payments WHERE order_id = $1)", p.order)
	before := stateOf(t, env, p)
	_, err := env.Billing.Refund(context.Background(), p.order, "cli", "")
	if !errors.Is(err, billing.ErrRefundRefused) {
		t.Fatalf("refund: %v", err)
	}
	if after := stateOf(t, env, p); after != before || after.status != "completed" || after.refunded != 100 || after.balance != 250 {
		t.Fatalf("a refused refund changed %+v to %+v", before, after)
	}
}

// When the booking fails after the provider refunded, nothing of it is
// kept, and running the refund again books it without refunding twice.
func TestRefundRetryAfterBookingFailed(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	p := paidOrder(t, env)
	// The database refuses the refund's record once (as a lost connection
	// or a crash would end the transaction).
	env.Exec(t, `CREATE FUNCTION refuse_refund() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN RAISE EXCEPTION 'the booking fails'; END $$`)
	env.Exec(t, "CREATE TRIGGER refuse_refund BEFORE INSERT ON refunds FOR EACH ROW EXECUTE FUNCTION refuse_refund()")
	if _, err := env.Billing.Refund(ctx, p.order, "cli", ""); err == nil || !strings.Contains(err.Error(), "the booking fails") {
		t.Fatalf("first attempt: %v", err)
	}
	if s := stateOf(t, env, p); s != (refundState{status: "completed", refunds: 0, refunded: 3995, balance: 250}) {
		t.Fatalf("after the failed booking: %+v", s)
	}
	env.Exec(t, "DROP TRIGGER refuse_refund ON refunds")
	res, err := env.Billing.Refund(ctx, p.order, "cli", "")
	if err != nil || res.CreditsTaken != 250 || res.ProviderRefundID != "" {
		t.Fatalf("retry: %+v %v", res, err)
	}
	if s := stateOf(t, env, p); s != (refundState{status: "refunded", refunds: 1, refunded: 3995, balance: 0}) {
		t.Fatalf("after the retry: %+v", s)
	}
}

// A payment the provider refunded already (an earlier attempt whose
// booking was lost) is booked even after the window: the money went back
// within it, and the books must follow.
func TestRefundBooksAnEarlierProviderRefundAfterTheWindow(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	p := paidOrder(t, env)
	var sb string
	if err := env.Pool.QueryRow(ctx, "SELECT provider_payment_id FROM payments WHERE order_id = $1", p.order).Scan(&sb); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Sandbox.CreateRefund(ctx, billing.RefundRequest{PaymentID: sb, Amount: billing.Money{Minor: 3995, Currency: "EUR"}}); err != nil {
		t.Fatal(err)
	}
	env.Exec(t, "UPDATE orders SET completed_at = now() - interval '30 days' WHERE id = $1", p.order)
	res, err := env.Billing.Refund(ctx, p.order, "cli", "booking lost")
	if err != nil || res.ProviderRefundID != "" || res.CreditsTaken != 250 {
		t.Fatalf("refund: %+v %v", res, err)
	}
	if s := stateOf(t, env, p); s != (refundState{status: "refunded", refunds: 1, refunded: 3995, balance: 0}) {
		t.Fatalf("after the refund: %+v", s)
	}
}
