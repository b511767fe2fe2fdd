package billing_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/billing"
	"rendezvous/engine/server/servertest"
)

// orderRow is an order's state and the order that took its code over.
func orderRow(t *testing.T, env *servertest.Env, id int64) (status string, supersededBy *int64) {
	t.Helper()
	if err := env.Pool.QueryRow(context.Background(), "SELECT status, superseded_by FROM orders WHERE id = $1", id).Scan(&status, &supersededBy); err != nil {
		t.Fatal(err)
	}
	return status, supersededBy
}

// holderOf is the order holding (or having used) a code for a member.
func holderOf(t *testing.T, env *servertest.Env, code, member int64) int64 {
	t.Helper()
	var id int64
	if err := env.Pool.QueryRow(context.Background(), "SELECT order_id FROM discount_redemptions WHERE code_id = $1 AND member_id = $2", code, member).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// await polls cond (what the local Mollie has seen) until it holds or the
// deadline passes.
func await(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited in vain for %s", what)
		}
	}
}

// sandboxStatus is a sandbox payment's state at the provider.
func sandboxStatus(t *testing.T, env *servertest.Env, co checkout) string {
	t.Helper()
	var s string
	if err := env.Pool.QueryRow(context.Background(), "SELECT status FROM sandbox_payments WHERE id = $1", sandboxID(co)).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// awaitPaymentStatus waits until the engine records a payment (by its
// public id) in status.
func awaitPaymentStatus(t *testing.T, env *servertest.Env, publicID, status string) {
	t.Helper()
	env.AwaitCount(t, 1, "SELECT count(*) FROM payments WHERE public_id = $1 AND status = $2", publicID, status)
}

// TestDiscountCodeForgives: a member opens the checkout with TIMEBONUS25
// and comes back without paying. The open order holds the code but has not
// spent it: the code still answers (with the time bonus's own deadline),
// and a new order with it takes it over, priced with the discount; the
// older order is cancelled, at the provider too. Paying the new order
// spends the code, once.
func TestDiscountCodeForgives(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	code := timeBonusRow(t, env)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"

	lookup := func() codeView {
		t.Helper()
		res := member.Do(http.MethodGet, "/api/discountcode.php?code=TIMEBONUS25", nil)
		res.Want(t, http.StatusOK, "")
		var v codeView
		res.JSON(t, &v)
		if v.Expires == nil || v.Expired || v.ValuePercentage != 25 {
			t.Fatalf("%+v", v)
		}
		return v
	}
	before := lookup()

	first := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": "TIMEBONUS25"})
	if held, used := redemptions(t, env, code, made.ID); held != 1 || used != 0 {
		t.Fatalf("held %d used %d", held, used)
	}
	// Back from the checkout without paying: the code is still there, its
	// deadline unchanged.
	if v := lookup(); !v.Expires.Equal(*before.Expires) {
		t.Fatalf("the time bonus ends %v, before the order %v", v.Expires, before.Expires)
	}

	second := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "creditcard", "discount_code": "TIMEBONUS25"})
	// 19.95 less 25% is 14.9625: 14.96.
	if amount, _ := sandboxAmount(t, env, second); amount != 1496 {
		t.Fatalf("the second order charges %d", amount)
	}
	if got := holderOf(t, env, code, made.ID); got != second.OrderID {
		t.Fatalf("order %d holds the code, want %d", got, second.OrderID)
	}
	if status, by := orderRow(t, env, first.OrderID); status != billing.OrderCancelled || by == nil || *by != second.OrderID {
		t.Fatalf("the first order is %s, superseded by %v", status, by)
	}
	env.AwaitCount(t, 1, "SELECT count(*) FROM sandbox_payments WHERE id = $1 AND status = 'canceled'", sandboxID(first))
	if s := paymentState(t, member, first.PaymentID); s.Status != billing.OrderCancelled {
		t.Fatalf("the first payment is %s", s.Status)
	}
	if v := lookup(); !v.Expires.Equal(*before.Expires) {
		t.Fatalf("the time bonus ends %v after the takeover, before %v", v.Expires, before.Expires)
	}

	decide(t, member, env, second, "paid")
	awaitStatus(t, member, second.PaymentID, "completed")
	wantBooked(t, env, made.ID, 100, 1, true)
	if held, used := redemptions(t, env, code, made.ID); held != 0 || used != 1 {
		t.Fatalf("held %d used %d", held, used)
	}
	member.Do(http.MethodGet, "/api/discountcode.php?code=TIMEBONUS25", nil).Want(t, http.StatusConflict, "code_used")
	member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": "TIMEBONUS25"}).
		Want(t, http.StatusConflict, "code_used")
}

// TestDiscountCodeNotTakenFromPaymentUnderWay: an order whose payment is
// under way (the payer chose pending at the checkout) keeps its code; a
// new order with it is refused code_used.
func TestDiscountCodeNotTakenFromPaymentUnderWay(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	code := newCode(t, env, codeRow{code: "UNDERWAY10", percentage: 10})
	first := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": "UNDERWAY10"})
	decide(t, member, env, first, "pending")
	awaitPaymentStatus(t, env, first.PaymentID, "pending")
	member.Do(http.MethodGet, "/api/discountcode.php?code=UNDERWAY10", nil).Want(t, http.StatusConflict, "code_used")
	member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": "UNDERWAY10"}).
		Want(t, http.StatusConflict, "code_used")
	if got := holderOf(t, env, code, made.ID); got != first.OrderID {
		t.Fatalf("order %d holds the code", got)
	}
	if status, by := orderRow(t, env, first.OrderID); status != billing.OrderPending || by != nil {
		t.Fatalf("the first order is %s, superseded by %v", status, by)
	}
}

// TestDiscountCodeTakeoverAtMollie: the older order's payment is cancelled
// at Mollie (DELETE /v2/payments/{id} reaches it). A payment of the older
// order that Mollie still lets through is refunded: the code is spent once
// and the credits are booked once.
func TestDiscountCodeTakeoverAtMollie(t *testing.T) {
	t.Parallel()
	env, mol := mollieEngine(t, "lustlokaal", mollieKeyVar)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	code := newCode(t, env, codeRow{code: "MOLLIEBACK", percentage: 20})

	first := orderAt(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": "MOLLIEBACK"})
	orderAt(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": "MOLLIEBACK"})
	at := mol.Payments()
	if len(at) != 2 || at[0].Value != "15.96" || at[1].Value != "15.96" {
		t.Fatalf("at Mollie %v", at)
	}
	await(t, "the cancel at Mollie", func() bool { return mol.Cancels(at[0].ID) == 1 && mol.Payments()[0].Status == billing.StatusCanceled })
	if mol.Cancels(at[1].ID) != 0 {
		t.Fatal("the new order's payment was cancelled")
	}
	if status, _ := orderRow(t, env, first.OrderID); status != billing.OrderCancelled {
		t.Fatalf("the first order is %s", status)
	}
	awaitPaymentStatus(t, env, first.PaymentID, "canceled")

	// A third order takes it over from the second while Mollie is slow to
	// cancel; the second's payment is paid at Mollie meanwhile.
	arrived, release := mol.Stall(t, http.MethodDelete, "/v2/payments/")
	third := orderAt(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": "MOLLIEBACK"})
	<-arrived
	mol.SetStatus(t, at[1].ID, billing.StatusPaid)
	webhook(t, member, env, "mollie", at[1].ID)
	await(t, "the refund of the superseded order's payment", func() bool { return mol.Refunds(at[1].ID) == 1 })
	release()
	wantBooked(t, env, made.ID, 0, 0, false)

	// The third is paid: the code is spent by it alone.
	p3 := mol.Payments()[2]
	mol.SetStatus(t, p3.ID, billing.StatusPaid)
	webhook(t, member, env, "mollie", p3.ID)
	awaitStatus(t, member, third.PaymentID, "completed")
	wantBooked(t, env, made.ID, 100, 1, true)
	if held, used := redemptions(t, env, code, made.ID); held != 0 || used != 1 || holderOf(t, env, code, made.ID) != third.OrderID {
		t.Fatalf("held %d used %d", held, used)
	}
	if mol.Refunds(p3.ID) != 0 {
		t.Fatal("the paid order's payment was refunded")
	}
}

// TestDiscountCodeParallelOrders: twenty orders at once by one member with
// one code: in the end one order holds the code and every other one made
// was cancelled in its favour (or refused code_used); paying them all books
// the credits once and uses the code once.
func TestDiscountCodeParallelOrders(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	id := newCode(t, env, codeRow{code: "ONCE50", percentage: 50})

	const n = 20
	var wg sync.WaitGroup
	results := make([]servertest.Response, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "value", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": "ONCE50"})
		}()
	}
	wg.Wait()
	var answered []checkout
	for _, res := range results {
		switch res.Status {
		case http.StatusCreated:
			var co checkout
			res.JSON(t, &co)
			answered = append(answered, co)
		case http.StatusConflict:
			res.Want(t, http.StatusConflict, "code_used")
		default:
			t.Fatalf("status %d: %s", res.Status, res.Body)
		}
	}
	if got := ordersOf(t, env, made.ID); got != len(answered) {
		t.Fatalf("%d orders recorded, %d answered", got, len(answered))
	}
	holder := holderOf(t, env, id, made.ID)
	var winner checkout
	for _, co := range answered {
		status, by := orderRow(t, env, co.OrderID)
		switch {
		case co.OrderID == holder:
			winner = co
			if status != billing.OrderPending {
				t.Fatalf("the holder is %s", status)
			}
		case status != billing.OrderCancelled || by == nil:
			t.Fatalf("order %d is %s, superseded by %v", co.OrderID, status, by)
		}
	}
	if winner.OrderID == 0 {
		t.Fatal("no order answered holds the code")
	}
	if amount, _ := sandboxAmount(t, env, winner); amount != 3998 { // 79.95 / 2 = 39.975: 39.98
		t.Fatalf("charged %d", amount)
	}
	// Every payment is paid at once; the cancelled ones are refused at the
	// sandbox or, paid before their cancellation reached it, refunded.
	for _, co := range answered {
		wg.Add(1)
		go func() {
			defer wg.Done()
			decide(t, member, env, co, "paid")
		}()
	}
	wg.Wait()
	awaitStatus(t, member, winner.PaymentID, "completed")
	for _, co := range answered {
		if co.OrderID != winner.OrderID && sandboxStatus(t, env, co) == "paid" {
			awaitRefunded(t, env, sandboxID(co), 3998)
		}
	}
	wantBooked(t, env, made.ID, 600, 1, true)
	if held, used := redemptions(t, env, id, made.ID); held != 0 || used != 1 {
		t.Fatalf("held %d used %d", held, used)
	}
}

// payNow posts Pay now for an order, click being the click's key.
func payNow(c *servertest.Client, orderID int64, click string) servertest.Response {
	return c.Do(http.MethodPost, "/api/paynow.php", map[string]any{"order_id": orderID, "client_id": click})
}

// paymentsOfOrder counts an order's payments.
func paymentsOfOrder(t *testing.T, env *servertest.Env, orderID int64) int {
	t.Helper()
	var n int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM payments WHERE order_id = $1", orderID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestPayNow: an order that still waits gets a new payment of its own
// price (its discount code kept) with its method; repeated or parallel
// requests answer that one payment; only the member's own order on its
// own tenant; a paid order is 409 order_settled, a cancelled one 409
// order_not_pending.
func TestPayNow(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	code := newCode(t, env, codeRow{code: "PAYNOW10", percentage: 10})
	first := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "creditcard", "discount_code": "PAYNOW10"})

	res := payNow(member, first.OrderID, "click-1")
	res.Want(t, http.StatusCreated, "")
	var again checkout
	res.JSON(t, &again)
	if again.OrderID != first.OrderID || again.PaymentID == first.PaymentID || sandboxID(again) == sandboxID(first) {
		t.Fatalf("pay now %+v, first %+v", again, first)
	}
	// 19.95 less 10% is 17.955: 17.96, with the order's method.
	if amount, _ := sandboxAmount(t, env, again); amount != 1796 {
		t.Fatalf("pay now charges %d", amount)
	}
	if s := paymentState(t, member, again.PaymentID); s.Method != "creditcard" || s.Status != "pending" {
		t.Fatalf("%+v", s)
	}

	// Repeated and parallel requests answer the same payment.
	var wg sync.WaitGroup
	answers := make([]servertest.Response, 6)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = payNow(member, first.OrderID, "click-1")
		}()
	}
	wg.Wait()
	for _, res := range answers {
		res.Want(t, http.StatusCreated, "")
		var co checkout
		res.JSON(t, &co)
		if co != again {
			t.Fatalf("repeated pay now %+v, first %+v", co, again)
		}
	}
	if n := paymentsOfOrder(t, env, first.OrderID); n != 2 {
		t.Fatalf("%d payments", n)
	}
	payNow(member, first.OrderID, "").Want(t, http.StatusUnprocessableEntity, "client_id_invalid")

	// Only the member's own order, on its own tenant.
	other, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	payNow(other, first.OrderID, "click-2").Want(t, http.StatusNotFound, "order_not_found")
	elsewhere, _ := env.LoggedIn(t, "herzklopfen.localhost", accountstest.Member{TenantSlug: "herzklopfen"})
	payNow(elsewhere, first.OrderID, "click-2").Want(t, http.StatusNotFound, "order_not_found")
	payNow(member, 0, "click-2").Want(t, http.StatusNotFound, "order_not_found")
	payNow(member, 1<<40, "click-2").Want(t, http.StatusNotFound, "order_not_found")
	if n := paymentsOfOrder(t, env, first.OrderID); n != 2 {
		t.Fatalf("%d payments after refusals", n)
	}

	decide(t, member, env, again, "paid")
	awaitStatus(t, member, again.PaymentID, "completed")
	wantBooked(t, env, made.ID, 100, 1, true)
	if held, used := redemptions(t, env, code, made.ID); held != 0 || used != 1 {
		t.Fatalf("held %d used %d", held, used)
	}
	payNow(member, first.OrderID, "click-3").Want(t, http.StatusConflict, "order_settled")

	cancelled := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	decide(t, member, env, cancelled, "cancelled")
	awaitStatus(t, member, cancelled.PaymentID, "cancelled")
	payNow(member, cancelled.OrderID, "click-4").Want(t, http.StatusConflict, "order_not_pending")
	if n := paymentsOfOrder(t, env, cancelled.OrderID); n != 1 {
		t.Fatalf("%d payments of the cancelled order", n)
	}
	wantBooked(t, env, made.ID, 100, 1, true)
}
