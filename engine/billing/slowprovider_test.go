package billing_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/billing"
	"rendezvous/engine/billing/mollie/mollietest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
)

// awaitArrivals waits until n requests hang at the stalled local Mollie.
func awaitArrivals(t *testing.T, arrived <-chan struct{}, n int) {
	t.Helper()
	deadline := time.After(15 * time.Second)
	for range n {
		select {
		case <-arrived:
		case <-deadline:
			t.Fatal("the requests did not reach Mollie")
		}
	}
}

// wantNothingHeld checks, while Mollie hangs, that no pool connection waits
// on it (the engine's pool has at most slack in use: the job workers' own)
// and that no transaction is left open across the call; and that a member
// is served meanwhile.
func wantNothingHeld(t *testing.T, env *servertest.Env, member *servertest.Client) {
	t.Helper()
	// Every call hangs at Mollie by now: a transaction idle since then is
	// one left open across the call.
	hanging := time.Now()
	const slack = 3
	for deadline := time.Now().Add(3 * time.Second); env.Pool.Stat().AcquiredConns() > slack; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d pool connections in use while Mollie hangs", env.Pool.Stat().AcquiredConns(), env.Pool.Stat().MaxConns())
		}
	}
	// A job's transaction may be idle between two statements on a busy
	// machine; one held across the call stays idle until Mollie answers,
	// so it is still there when the deadline passes.
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var open int
		if err := env.Pool.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND state_change <= $1`, hanging).Scan(&open); err != nil {
			t.Fatal(err)
		}
		if open == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d transactions open across the call to Mollie", open)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, env.URL+"/api/repeatorder.php", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = member.Host
	member.Send(req).Want(t, http.StatusOK, "")
}

// mollieCardKept starts an engine selling through a local Mollie with a
// member who bought a package by card keeping it (100 credits): the member,
// their kept card and their tenant, for repeat orders called on the
// service.
func mollieCardKept(t *testing.T) (*servertest.Env, *mollietest.Server, *servertest.Client, accountstest.Made, *billing.Card, *tenancy.Tenant) {
	t.Helper()
	env, mol := mollieEngine(t, "lustlokaal", mollieKeyVar)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	co := orderAt(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "visa", "keep_card": true})
	mol.SetStatus(t, mol.Payments()[0].ID, billing.StatusPaid)
	webhook(t, member, env, "mollie", mol.Payments()[0].ID)
	awaitStatus(t, member, co.PaymentID, "completed")
	tenant, err := tenancy.NewDirectory(env.Pool, slog.New(slog.DiscardHandler)).ByID(context.Background(), made.TenantID)
	if err != nil {
		t.Fatal(err)
	}
	return env, mol, member, made, cardOf(t, member), tenant
}

// TestSlowMollieRepeatOrders: as many repeat orders at once as the pool
// has connections hang at a slow Mollie without holding a connection, and
// members are served meanwhile; released, each click is charged once and
// booked once.
func TestSlowMollieRepeatOrders(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env, mol, member, made, card, tenant := mollieCardKept(t)

	arrived, release := mol.Stall(t, http.MethodPost, "/v2/payments")
	n := int(env.Pool.Config().MaxConns)
	states, errs := make([]billing.PaymentState, n), make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			states[i], errs[i] = env.Billing.Repeat(ctx, tenant, made.ID, "http://localhost", "NL", "nl_NL",
				billing.RepeatRequest{PackageID: "starter", CardID: card.ID, ClientID: fmt.Sprintf("slow-%d", i), WaiveWithdrawal: true})
		})
	}
	awaitArrivals(t, arrived, n)
	wantNothingHeld(t, env, member)
	release()
	wg.Wait()
	for i := range n {
		if errs[i] != nil || states[i].Status != "completed" {
			t.Fatalf("click %d: %+v, %v", i, states[i], errs[i])
		}
	}
	if got := len(mol.Payments()); got != n+1 {
		t.Fatalf("%d payments at Mollie, want %d", got, n+1)
	}
	wantBooked(t, env, made.ID, int64(100*(n+1)), n+1, true)
}

// TestRepeatOrderResumed: a repeat order whose request gave up while Mollie
// hung (Mollie made the charge, the engine never heard) is claimed but not
// recorded; reconciliation asks Mollie again with the click's key and
// records the one charge, and the click retried answers it: charged once,
// booked once.
func TestRepeatOrderResumed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env, mol, _, made, card, tenant := mollieCardKept(t)

	arrived, release := mol.Stall(t, http.MethodPost, "/v2/payments")
	gaveUp, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	req := billing.RepeatRequest{PackageID: "starter", CardID: card.ID, ClientID: "lost-answer", WaiveWithdrawal: true}
	go func() {
		_, err := env.Billing.Repeat(gaveUp, tenant, made.ID, "http://localhost", "NL", "nl_NL", req)
		done <- err
	}()
	awaitArrivals(t, arrived, 1)
	cancel()
	if err := <-done; err == nil {
		t.Fatal("a request that gave up answered an order")
	}
	release()
	// Mollie went on and charged (its handler ran after the caller left).
	for deadline := time.Now().Add(5 * time.Second); len(mol.Payments()) < 2; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("Mollie made no charge")
		}
	}
	var claimed int
	if err := env.Pool.QueryRow(ctx, "SELECT count(*) FROM orders WHERE member_id = $1 AND opening_id IS NOT NULL", made.ID).Scan(&claimed); err != nil || claimed != 1 {
		t.Fatalf("%d claimed orders (%v)", claimed, err)
	}
	wantBooked(t, env, made.ID, 100, 1, true)

	// Within its grace, reconciliation leaves it to the member's retry.
	if _, err := env.Billing.Reconcile(ctx); err != nil {
		t.Fatal(err)
	}
	wantBooked(t, env, made.ID, 100, 1, true)
	if _, err := env.Pool.Exec(ctx, "UPDATE orders SET created_at = created_at - interval '3 minutes' WHERE member_id = $1 AND opening_id IS NOT NULL", made.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Billing.Reconcile(ctx); err != nil {
		t.Fatal(err)
	}
	wantBooked(t, env, made.ID, 200, 2, true)
	st, err := env.Billing.Repeat(ctx, tenant, made.ID, "http://localhost", "NL", "nl_NL", req)
	if err != nil || st.Status != "completed" {
		t.Fatalf("the click retried: %+v, %v", st, err)
	}
	if got := len(mol.Payments()); got != 2 {
		t.Fatalf("%d payments at Mollie, want 2", got)
	}
	wantBooked(t, env, made.ID, 200, 2, true)
}

// TestSlowMollieDirectDebit: a direct debit's confirmation hangs at a slow
// Mollie without holding a connection or the member's confirmation
// locked; released, the order is placed once.
func TestSlowMollieDirectDebit(t *testing.T) {
	t.Parallel()
	env, mol := mollieDirectDebitEngine(t)
	ctx := context.Background()
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 3})
	member.Country = "NL"
	ddStart(t, member, ddBody("popular", "06 4300 0001"))
	code := codeOf(t, awaitSMS(t, env, made.TenantID, "+31643000001", 1))
	tenant, err := tenancy.NewDirectory(env.Pool, slog.New(slog.DiscardHandler)).ByID(ctx, made.TenantID)
	if err != nil {
		t.Fatal(err)
	}

	arrived, release := mol.Stall(t, http.MethodPost, "/v2/customers")
	var co billing.Checkout
	done := make(chan error, 1)
	go func() {
		var err error
		co, err = env.Billing.ConfirmDirectDebit(ctx, tenant, made.ID, "http://localhost", "NL", "nl_NL", code)
		done <- err
	}()
	awaitArrivals(t, arrived, 1)
	wantNothingHeld(t, env, member)
	// A new start meanwhile is refused: the confirmation is being placed.
	member.Do(http.MethodPost, "/api/directdebit.php", ddBody("popular", "06 4300 0001")).Want(t, http.StatusConflict, "dd_pending")
	release()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if pays := mol.Payments(); len(pays) != 1 || pays[0].Method != "directdebit" || pays[0].Status != "pending" {
		t.Fatalf("payments %+v", pays)
	}
	if s := paymentState(t, member, co.PaymentID); s.Status != "pending" || s.Method != "sdd" {
		t.Fatalf("the order %+v", s)
	}
	// The confirmation is used up with the recorded payment.
	ddConfirm(member, code).Want(t, http.StatusGone, "sms_code_expired")
}

// TestSlowMollieRefund: a refund hangs at a slow Mollie without holding a
// connection or the order's lock; released, it is refunded and booked once.
func TestSlowMollieRefund(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env, mol := mollieEngine(t, "lustlokaal", mollieKeyVar)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 7})
	member.Country = "NL"
	co := orderAt(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	p := mol.Payments()[0]
	mol.SetStatus(t, p.ID, billing.StatusPaid)
	webhook(t, member, env, "mollie", p.ID)
	awaitStatus(t, member, co.PaymentID, "completed")

	arrived, release := mol.Stall(t, http.MethodPost, "/v2/payments/"+p.ID+"/refunds")
	type result struct {
		res billing.RefundResult
		err error
	}
	done := make(chan result, 2)
	for range 2 {
		go func() {
			res, err := env.Billing.Refund(ctx, co.OrderID, "cli", "slow")
			done <- result{res, err}
		}()
	}
	awaitArrivals(t, arrived, 2)
	wantNothingHeld(t, env, member)
	// Mollie's webhook about the payment is not kept waiting either.
	webhook(t, member, env, "mollie", p.ID)
	release()
	ok := 0
	for range 2 {
		r := <-done
		switch {
		case r.err == nil:
			ok++
		case !errors.Is(r.err, billing.ErrOrderRefunded):
			t.Fatal(r.err)
		}
	}
	if ok != 1 || mol.Refunds(p.ID) != 1 {
		t.Fatalf("%d refunds booked, %d at Mollie", ok, mol.Refunds(p.ID))
	}
	wantBooked(t, env, made.ID, 7, 1, true)
}
