package billing_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/billing"
	"rendezvous/engine/credits"
	"rendezvous/engine/server/servertest"
)

// awaitRefunded waits until the sandbox records want refunded of a payment
// (the refund job runs in the background).
func awaitRefunded(t *testing.T, env *servertest.Env, sandboxID string, want int64) {
	t.Helper()
	env.AwaitCount(t, int(want), "SELECT refunded FROM sandbox_payments WHERE id = $1", sandboxID)
}

// refundJobs counts the refund jobs of payments and how many of them
// completed.
func refundJobs(t *testing.T, env *servertest.Env) (all, completed int) {
	t.Helper()
	err := env.Pool.QueryRow(context.Background(),
		"SELECT count(*), count(*) FILTER (WHERE state = 'completed') FROM river_job WHERE kind = 'billing_refund_payment'").Scan(&all, &completed)
	if err != nil {
		t.Fatal(err)
	}
	return all, completed
}

// TestSecondPaymentRefunded: an order paid by a retry, whose first (pending
// bank) payment settles paid afterwards, is credited once and the second
// money is refunded at the provider, once, however often its webhook comes.
func TestSecondPaymentRefunded(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	first := order(t, member, map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "sct"})
	decide(t, member, env, first, "pending").Want(t, http.StatusSeeOther, "")
	// The member gives up waiting (the order expires for them) and pays
	// again with iDEAL.
	if _, err := env.Pool.Exec(ctx, "UPDATE orders SET status = 'expired' WHERE id = $1", first.OrderID); err != nil {
		t.Fatal(err)
	}
	second := order(t, member, map[string]any{"order_id": first.OrderID, "waive_withdrawal": true, "paymentmethod": "ideal"})
	decide(t, member, env, second, "paid").Want(t, http.StatusSeeOther, "")
	awaitStatus(t, member, second.PaymentID, "completed")
	wantBooked(t, env, made.ID, 250, 1, true)

	// The bank transfer arrives after all; its webhook comes, and again.
	decide(t, member, env, first, "paid").Want(t, http.StatusSeeOther, "")
	for range 3 {
		webhook(t, member, env, "sandbox", sandboxID(first))
	}
	awaitRefunded(t, env, sandboxID(first), 3995)
	deadline := time.Now().Add(15 * time.Second)
	for {
		all, done := refundJobs(t, env)
		if all != 1 {
			t.Fatalf("%d refund jobs, want 1", all)
		}
		if done == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the refund job did not complete")
		}
		time.Sleep(20 * time.Millisecond)
	}
	for range 2 {
		webhook(t, member, env, "sandbox", sandboxID(first))
	}
	if all, _ := refundJobs(t, env); all != 1 {
		t.Fatalf("%d refund jobs after more webhooks, want 1", all)
	}
	awaitRefunded(t, env, sandboxID(first), 3995)
	awaitRefunded(t, env, sandboxID(second), 0)
	wantBooked(t, env, made.ID, 250, 1, true)
	if s := paymentState(t, member, first.PaymentID); s.Status != "completed" {
		t.Fatalf("first attempt %+v", s)
	}
}

// TestMismatchedPaymentRefunded: a payment the provider says is paid with
// another amount than its order's leaves the order pending and uncredited,
// and is refunded at the provider.
func TestMismatchedPaymentRefunded(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	co := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	if _, err := env.Pool.Exec(ctx, "UPDATE sandbox_payments SET amount = 995 WHERE id = $1", sandboxID(co)); err != nil {
		t.Fatal(err)
	}
	decide(t, member, env, co, "paid").Want(t, http.StatusSeeOther, "")
	webhook(t, member, env, "sandbox", sandboxID(co))
	awaitRefunded(t, env, sandboxID(co), 995)
	var status string
	if err := env.Pool.QueryRow(ctx, "SELECT status FROM orders WHERE id = $1", co.OrderID).Scan(&status); err != nil || status != "pending" {
		t.Fatalf("order %s %v", status, err)
	}
	wantBooked(t, env, made.ID, 0, 0, false)
	if all, _ := refundJobs(t, env); all != 1 {
		t.Fatalf("%d refund jobs, want 1", all)
	}
}

// TestPollingAsksTheProviderSeldom: a member's page polling an unsettled
// payment asks the provider at most once per few seconds; the webhook
// always asks.
func TestPollingAsksTheProviderSeldom(t *testing.T) {
	t.Parallel()
	env := servertest.NewIdle(t) // no webhook job: only polls and explicit webhooks ask
	ctx := context.Background()
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	co := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	if s := paymentState(t, member, co.PaymentID); s.Status != "pending" {
		t.Fatalf("%+v", s)
	}
	// Paid at the provider just after the page asked: the next polls in the
	// same few seconds answer what is recorded, without asking.
	decide(t, member, env, co, "paid").Want(t, http.StatusSeeOther, "")
	for range 5 {
		if s := paymentState(t, member, co.PaymentID); s.Status != "pending" {
			t.Fatalf("a poll asked the provider again: %+v", s)
		}
	}
	wantBooked(t, env, made.ID, 0, 0, false)
	// The gap passes: the next poll asks and completes the order.
	if _, err := env.Pool.Exec(ctx, "UPDATE payments SET asked_at = now() - interval '1 minute' WHERE public_id = $1", co.PaymentID); err != nil {
		t.Fatal(err)
	}
	if s := paymentState(t, member, co.PaymentID); s.Status != "completed" {
		t.Fatalf("%+v", s)
	}
	wantBooked(t, env, made.ID, 100, 1, true)

	// The webhook is not held back by a recent poll.
	again := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	if s := paymentState(t, member, again.PaymentID); s.Status != "pending" {
		t.Fatalf("%+v", s)
	}
	decide(t, member, env, again, "paid").Want(t, http.StatusSeeOther, "")
	webhook(t, member, env, "sandbox", sandboxID(again))
	if s := paymentState(t, member, again.PaymentID); s.Status != "completed" {
		t.Fatalf("%+v", s)
	}
	wantBooked(t, env, made.ID, 200, 2, true)
}

// TestTransactionsLedger: the transactions list carries the member's credit
// ledger, newest first: what they were given, bought and spent, without
// the operators' references and notes, and only their own.
func TestTransactionsLedger(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 5})
	member.Country = "NL"
	co := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	decide(t, member, env, co, "paid").Want(t, http.StatusSeeOther, "")
	awaitStatus(t, member, co.PaymentID, "completed")
	tx, err := env.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := credits.Charge(ctx, tx, made.ID, 2, credits.Gift, "gift:test"); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	other, _ := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 7})

	res := member.Do(http.MethodGet, "/api/transactions.php", nil)
	res.Want(t, http.StatusOK, "")
	if strings.Contains(string(res.Body), "gift:test") || strings.Contains(string(res.Body), "reference") {
		t.Fatalf("the ledger shows references: %s", res.Body)
	}
	var got struct {
		Transactions []billing.Transaction
		Ledger       []billing.LedgerEntry
	}
	res.JSON(t, &got)
	want := []struct {
		delta, after int64
		kind         credits.Kind
	}{{-2, 103, credits.Gift}, {100, 105, credits.Purchase}, {5, 5, credits.Correction}}
	if len(got.Transactions) != 1 || len(got.Ledger) != len(want) {
		t.Fatalf("%+v", got)
	}
	for i, w := range want {
		e := got.Ledger[i]
		if e.Delta != w.delta || e.BalanceAfter != w.after || e.Kind != w.kind || e.ID == 0 || e.CreatedAt.IsZero() {
			t.Fatalf("entry %d: %+v, want %+v", i, e, w)
		}
	}
	// One order asked for is the order alone.
	one := member.Do(http.MethodGet, fmt.Sprintf("/api/transactions.php?id=%d", co.OrderID), nil)
	one.Want(t, http.StatusOK, "")
	if strings.Contains(string(one.Body), "ledger") {
		t.Fatalf("%s", one.Body)
	}
	// Another member sees only their own.
	var theirs struct{ Ledger []billing.LedgerEntry }
	res = other.Do(http.MethodGet, "/api/transactions.php", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &theirs)
	if len(theirs.Ledger) != 1 || theirs.Ledger[0].Delta != 7 {
		t.Fatalf("%+v", theirs)
	}
}
