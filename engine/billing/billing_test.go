package billing_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/billing"
	"rendezvous/engine/billing/mollie/mollietest"
	"rendezvous/engine/credits"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/server/servertest"
)

type offer struct {
	Country   string
	Countries []string
	Currency  string
	Methods   []string
	Provider  string
	Packages  []struct {
		ID       string
		Credits  int64
		Amount   int64
		Currency string
		Badge    *string
	}
}

type checkout struct {
	OrderID     int64  `json:"order_id"`
	PaymentID   string `json:"payment_id"`
	RedirectURL string `json:"redirect_url"`
}

type state struct {
	PaymentID string `json:"payment_id"`
	OrderID   int64  `json:"order_id"`
	Status    string
	Credits   int64
	Amount    int64
	Currency  string
	PackageID string `json:"package_id"`
	Method    string `json:"paymentmethod"`
	Message   string
}

// order orders a package and returns where to pay.
func order(t *testing.T, c *servertest.Client, body map[string]any) checkout {
	t.Helper()
	res := c.Do(http.MethodPost, "/api/orders.php", body)
	res.Want(t, http.StatusCreated, "")
	var out checkout
	res.JSON(t, &out)
	if out.OrderID == 0 || !strings.HasPrefix(out.PaymentID, "pay_") || !strings.Contains(out.RedirectURL, "/sandbox/pay/sb_") {
		t.Fatalf("checkout %+v", out)
	}
	return out
}

// decide posts the payer's outcome on the sandbox's checkout page as its
// form does and returns the answer.
func decide(t *testing.T, c *servertest.Client, env *servertest.Env, co checkout, outcome string) servertest.Response {
	t.Helper()
	u, err := url.Parse(co.RedirectURL)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, env.URL+u.Path, strings.NewReader(url.Values{"outcome": {outcome}}.Encode()))
	req.Host = c.Host
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return c.Send(req)
}

// webhook posts a provider's webhook with form field id.
func webhook(t *testing.T, c *servertest.Client, env *servertest.Env, provider, id string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, env.URL+"/hooks/payments/"+provider, strings.NewReader(url.Values{"id": {id}}.Encode()))
	req.Host = c.Host
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	c.Send(req).Want(t, http.StatusOK, "")
}

func paymentState(t *testing.T, c *servertest.Client, id string) state {
	t.Helper()
	res := c.Do(http.MethodGet, "/api/orders.php?id="+id, nil)
	res.Want(t, http.StatusOK, "")
	var s state
	res.JSON(t, &s)
	return s
}

// awaitStatus waits until the payment's state is want (the webhook job
// runs in the background).
func awaitStatus(t *testing.T, c *servertest.Client, id, want string) state {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		s := paymentState(t, c, id)
		if s.Status == want {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("payment %s is %s, want %s", id, s.Status, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// sandboxID is the provider's payment id in a checkout URL.
func sandboxID(co checkout) string {
	return co.RedirectURL[strings.LastIndex(co.RedirectURL, "/")+1:]
}

// wantBooked checks a member's balance, that it equals the ledger, how many
// purchase rows they have and whether they are premium.
func wantBooked(t *testing.T, env *servertest.Env, member, balance int64, purchases int, premium bool) {
	t.Helper()
	ctx := context.Background()
	got, sum, err := credits.Audit(ctx, env.Pool, member)
	if err != nil {
		t.Fatal(err)
	}
	if got != balance || sum != balance {
		t.Fatalf("balance %d, ledger %d, want %d", got, sum, balance)
	}
	var rows int
	var paid bool
	if err := env.Pool.QueryRow(ctx, "SELECT count(*) FROM ledger WHERE member_id = $1 AND kind = 'purchase'", member).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if err := env.Pool.QueryRow(ctx, "SELECT paid_user FROM members WHERE id = $1", member).Scan(&paid); err != nil {
		t.Fatal(err)
	}
	if rows != purchases || paid != premium {
		t.Fatalf("%d purchases, premium %v; want %d, %v", rows, paid, purchases, premium)
	}
}

func TestPackages(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	cases := []struct {
		name, host, located, query string
		status                     int
		code, country, currency    string
		firstMethod                string
		firstAmount                int64
	}{
		{"located in NL", "localhost", "NL", "", 200, "", "NL", "EUR", "ideal", 1995},
		{"located in BE", "localhost", "BE", "", 200, "", "BE", "EUR", "bancontact", 1995},
		{"picked NL from BE", "localhost", "BE", "?country=nl", 200, "", "NL", "EUR", "ideal", 1995},
		{"located elsewhere", "localhost", "FR", "", 200, "", "NL", "EUR", "ideal", 1995},
		{"CH pays in francs with Twint", "herzklopfen.localhost", "CH", "", 200, "", "CH", "CHF", "twint", 1990},
		{"AT has EPS", "herzklopfen.localhost", "AT", "", 200, "", "AT", "EUR", "eps", 1995},
		{"US in dollars", "sparkusa.localhost", "US", "", 200, "", "US", "USD", "creditcard", 1999},
		{"a country not served", "localhost", "NL", "?country=DE", 422, "country_invalid", "", "", "", 0},
		{"not a country", "localhost", "NL", "?country=Netherlands", 422, "country_invalid", "", "", "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			visitor := env.Client(t, c.host)
			visitor.Country = c.located
			res := visitor.Do(http.MethodGet, "/api/packages.php"+c.query, nil)
			res.Want(t, c.status, c.code)
			if c.status != 200 {
				return
			}
			var o offer
			res.JSON(t, &o)
			if o.Country != c.country || o.Currency != c.currency || o.Methods[0] != c.firstMethod || o.Provider != "sandbox" ||
				len(o.Packages) != 3 || o.Packages[0].Amount != c.firstAmount || o.Packages[0].Currency != c.currency ||
				o.Packages[0].Badge != nil || *o.Packages[1].Badge != "popular" || *o.Packages[2].Badge != "best value" {
				t.Fatalf("%+v", o)
			}
		})
	}
}

// TestOrderStates moves orders through every outcome of the sandbox's
// checkout, with the webhook delivered by its job as in production.
func TestOrderStates(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	cases := []struct {
		outcome, status string
		booked          bool
	}{
		{"paid", "completed", true},
		{"failed", "failed", false},
		{"cancelled", "cancelled", false},
		{"expired", "expired", false},
		{"pending", "pending", false},
	}
	for _, c := range cases {
		t.Run(c.outcome, func(t *testing.T) {
			t.Parallel()
			member, made := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 7})
			member.Country = "BE"
			co := order(t, member, map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "bancontact"})
			if s := paymentState(t, member, co.PaymentID); s.Status != "pending" || s.Credits != 250 || s.Amount != 3995 || s.Currency != "EUR" || s.Method != "bancontact" {
				t.Fatalf("new order %+v", s)
			}
			res := decide(t, member, env, co, c.outcome)
			res.Want(t, http.StatusSeeOther, "")
			if loc := res.Header.Get("Location"); loc != "http://localhost/credits/popular/bancontact?payment_id="+co.PaymentID {
				t.Fatalf("return page %q", loc)
			}
			s := awaitStatus(t, member, co.PaymentID, c.status)
			if failed := c.status != "completed" && c.status != "pending"; failed != (s.Message == billing.MessageFailed) {
				t.Fatalf("message %q for %s", s.Message, c.status)
			}
			if c.booked {
				wantBooked(t, env, made.ID, 257, 1, true)
			} else {
				wantBooked(t, env, made.ID, 7, 0, false)
			}
			// A second outcome changes nothing once settled; pending
			// settles later.
			decide(t, member, env, co, "paid").Want(t, http.StatusSeeOther, "")
			if c.outcome == "pending" {
				awaitStatus(t, member, co.PaymentID, "completed")
				wantBooked(t, env, made.ID, 257, 1, true)
				return
			}
			if s := paymentState(t, member, co.PaymentID); s.Status != c.status {
				t.Fatalf("after a second outcome: %+v", s)
			}
		})
	}
}

// TestRetry: a failed order is paid by a new payment with another method;
// a completed one cannot be retried, nor one still waiting.
func TestRetry(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "herzklopfen.localhost", accountstest.Member{TenantSlug: "herzklopfen"})
	member.Country = "CH"
	co := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "twint"})
	member.Do(http.MethodPost, "/api/orders.php", map[string]any{"order_id": co.OrderID, "waive_withdrawal": true, "paymentmethod": "creditcard"}).Want(t, http.StatusConflict, "order_pending")
	decide(t, member, env, co, "failed")
	awaitStatus(t, member, co.PaymentID, "failed")
	member.Do(http.MethodPost, "/api/orders.php", map[string]any{"order_id": co.OrderID, "waive_withdrawal": true, "paymentmethod": "sofort"}).Want(t, http.StatusUnprocessableEntity, "paymentmethod_invalid")
	again := order(t, member, map[string]any{"order_id": co.OrderID, "waive_withdrawal": true, "paymentmethod": "creditcard"})
	if again.OrderID != co.OrderID || again.PaymentID == co.PaymentID {
		t.Fatalf("retry %+v of %+v", again, co)
	}
	if s := paymentState(t, member, again.PaymentID); s.Status != "pending" || s.Amount != 1990 || s.Currency != "CHF" || s.Method != "creditcard" {
		t.Fatalf("retry %+v", s)
	}
	decide(t, member, env, again, "paid")
	awaitStatus(t, member, again.PaymentID, "completed")
	// The first attempt's page now tells the order is completed.
	if s := paymentState(t, member, co.PaymentID); s.Status != "completed" {
		t.Fatalf("first attempt %+v", s)
	}
	wantBooked(t, env, made.ID, 100, 1, true)
	member.Do(http.MethodPost, "/api/orders.php", map[string]any{"order_id": co.OrderID, "waive_withdrawal": true, "paymentmethod": "twint"}).Want(t, http.StatusConflict, "order_settled")

	// A late failure of the first attempt changes nothing.
	webhook(t, member, env, "sandbox", sandboxID(co))
	var tr struct{ Transactions []billing.Transaction }
	res := member.Do(http.MethodGet, "/api/transactions.php", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &tr)
	if len(tr.Transactions) != 1 || tr.Transactions[0].Status != "completed" || tr.Transactions[0].PaymentID != again.PaymentID ||
		tr.Transactions[0].Method != "creditcard" || tr.Transactions[0].CompletedAt == nil || tr.Transactions[0].Credits != 100 {
		t.Fatalf("transactions %+v", tr)
	}
}

// TestPaidPaymentCompletesAfterLaterFailure: an older attempt that turns
// out paid completes the order although a newer one failed.
func TestPaidPaymentCompletesAfterLaterFailure(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	first := order(t, member, map[string]any{"package_id": "value", "waive_withdrawal": true, "paymentmethod": "ideal"})
	// The member gives up on the first (which the provider expires for
	// them), retries, fails again; then the first turns out paid after all.
	ctx := context.Background()
	if _, err := env.Pool.Exec(ctx, "UPDATE orders SET status = 'expired' WHERE id = $1", first.OrderID); err != nil {
		t.Fatal(err)
	}
	second := order(t, member, map[string]any{"order_id": first.OrderID, "waive_withdrawal": true, "paymentmethod": "paypal"})
	decide(t, member, env, second, "failed")
	awaitStatus(t, member, second.PaymentID, "failed")
	decide(t, member, env, first, "paid")
	awaitStatus(t, member, first.PaymentID, "completed")
	wantBooked(t, env, made.ID, 600, 1, true)
}

func TestTransactions(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, _ := env.LoggedIn(t, "sparkusa.localhost", accountstest.Member{TenantSlug: "sparkusa"})
	member.Country = "US"
	member.Do(http.MethodGet, "/api/transactions.php", nil).Want(t, http.StatusOK, "")
	a := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "visa"})
	b := order(t, member, map[string]any{"package_id": "value", "waive_withdrawal": true, "paymentmethod": "paypal"})
	decide(t, member, env, b, "paid")
	awaitStatus(t, member, b.PaymentID, "completed")
	var list struct{ Transactions []billing.Transaction }
	res := member.Do(http.MethodGet, "/api/transactions.php", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &list)
	if len(list.Transactions) != 2 || list.Transactions[0].ID != b.OrderID || list.Transactions[1].ID != a.OrderID ||
		list.Transactions[1].Status != "pending" || list.Transactions[1].Amount != 1999 || list.Transactions[1].Currency != "USD" ||
		list.Transactions[1].CompletedAt != nil || list.Transactions[1].InvoiceURL != nil {
		t.Fatalf("%+v", list)
	}
	var one struct{ Transaction billing.Transaction }
	res = member.Do(http.MethodGet, fmt.Sprintf("/api/transactions.php?id=%d", b.OrderID), nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &one)
	if one.Transaction.ID != b.OrderID || one.Transaction.Status != "completed" || one.Transaction.Credits != 600 || one.Transaction.PackageID != "value" {
		t.Fatalf("%+v", one)
	}
	// The completion issued its invoice, which the member can open.
	tr := one.Transaction
	if tr.InvoiceNumber == nil || !regexp.MustCompile(`^[A-Z0-9-]+-\d{6}$`).MatchString(*tr.InvoiceNumber) ||
		tr.InvoiceURL == nil || *tr.InvoiceURL != fmt.Sprintf("/api/invoice.php?id=%d", b.OrderID) {
		t.Fatalf("invoice %v %v", tr.InvoiceNumber, tr.InvoiceURL)
	}
	page := member.Do(http.MethodGet, *tr.InvoiceURL, nil)
	page.Want(t, http.StatusOK, "")
	if !strings.Contains(string(page.Body), *tr.InvoiceNumber) {
		t.Fatalf("invoice page lacks %s", *tr.InvoiceNumber)
	}
}

// TestBadInput: every refusal has its status and code and changes nothing.
func TestBadInput(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	co := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	ctx := context.Background()
	count := func() (n int) {
		if err := env.Pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM payments)").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := count()
	cases := []struct {
		name, method, path string
		body               any
		status             int
		code               string
	}{
		{"unknown package", "POST", "/api/orders.php", map[string]any{"package_id": "gold", "waive_withdrawal": true, "paymentmethod": "ideal"}, 422, "package_invalid"},
		{"no package", "POST", "/api/orders.php", map[string]any{"waive_withdrawal": true, "paymentmethod": "ideal"}, 422, "package_invalid"},
		{"method of another country", "POST", "/api/orders.php", map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "twint"}, 422, "paymentmethod_invalid"},
		{"bancontact is not offered in NL", "POST", "/api/orders.php", map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "bancontact", "country": "NL"}, 422, "paymentmethod_invalid"},
		{"no method", "POST", "/api/orders.php", map[string]any{"package_id": "starter"}, 422, "paymentmethod_invalid"},
		{"country not served", "POST", "/api/orders.php", map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "country": "US"}, 422, "country_invalid"},
		{"retry of an unknown order", "POST", "/api/orders.php", map[string]any{"order_id": 999999, "waive_withdrawal": true, "paymentmethod": "ideal"}, 404, "order_not_found"},
		{"retry of a negative order", "POST", "/api/orders.php", map[string]any{"order_id": -1, "waive_withdrawal": true, "paymentmethod": "ideal"}, 404, "order_not_found"},
		{"retry of a pending order", "POST", "/api/orders.php", map[string]any{"order_id": co.OrderID, "waive_withdrawal": true, "paymentmethod": "ideal"}, 409, "order_pending"},
		{"wrong type", "POST", "/api/orders.php", map[string]any{"package_id": 5, "waive_withdrawal": true, "paymentmethod": "ideal"}, 422, "wrong_type"},
		{"unknown field", "POST", "/api/orders.php", map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "amount": 1}, 400, "unknown_field"},
		{"unknown payment", "GET", "/api/orders.php?id=pay_nothing", nil, 404, "order_not_found"},
		{"no payment id", "GET", "/api/orders.php", nil, 404, "order_not_found"},
		{"transaction id not a number", "GET", "/api/transactions.php?id=abc", nil, 422, "id_invalid"},
		{"unknown transaction", "GET", "/api/transactions.php?id=999999", nil, 404, "order_not_found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			member.Do(c.method, c.path, c.body).Want(t, c.status, c.code)
		})
	}
	// The sandbox's form.
	if res := decide(t, member, env, co, "free"); res.Status != 422 || res.ErrorCode() != "outcome_invalid" {
		t.Fatalf("outcome free: %d %s", res.Status, res.Body)
	}
	unknown := checkout{RedirectURL: "http://localhost/sandbox/pay/sb_unknown"}
	decide(t, member, env, unknown, "paid").Want(t, http.StatusNotFound, "not_found")
	env.Client(t, "localhost").Do(http.MethodGet, "/sandbox/pay/sb_unknown", nil).Want(t, http.StatusNotFound, "not_found")
	// Visitors cannot order.
	env.Client(t, "localhost").Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"}).Want(t, http.StatusForbidden, "authentication_required")
	if after := count(); after != before {
		t.Fatalf("refusals changed %d rows", after-before)
	}
	if s := paymentState(t, member, co.PaymentID); s.Status != "pending" {
		t.Fatalf("%+v", s)
	}
}

// TestTenantIsolation: a payment of one tenant does not exist on another's
// host, for the member API, the checkout page and webhooks.
func TestTenantIsolation(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	nl, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	nl.Country = "NL"
	co := order(t, nl, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	de, _ := env.LoggedIn(t, "herzklopfen.localhost", accountstest.Member{TenantSlug: "herzklopfen"})
	de.Do(http.MethodGet, "/api/orders.php?id="+co.PaymentID, nil).Want(t, http.StatusNotFound, "order_not_found")
	de.Do(http.MethodGet, fmt.Sprintf("/api/transactions.php?id=%d", co.OrderID), nil).Want(t, http.StatusNotFound, "order_not_found")
	de.Do(http.MethodPost, "/api/orders.php", map[string]any{"order_id": co.OrderID, "waive_withdrawal": true, "paymentmethod": "sofort"}).Want(t, http.StatusNotFound, "order_not_found")
	de.Do(http.MethodGet, "/sandbox/pay/"+sandboxID(co), nil).Want(t, http.StatusNotFound, "not_found")
	decide(t, de, env, co, "paid").Want(t, http.StatusNotFound, "not_found")
	// Another member of the same tenant does not see it either.
	other, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	other.Do(http.MethodGet, "/api/orders.php?id="+co.PaymentID, nil).Want(t, http.StatusNotFound, "order_not_found")
	if s := paymentState(t, nl, co.PaymentID); s.Status != "pending" {
		t.Fatalf("%+v", s)
	}
}

// TestForgedWebhooks: a webhook is only a hint to ask the provider; ids
// the engine or the provider do not know, of another tenant or of an open
// payment change nothing, and every one answers 200.
func TestForgedWebhooks(t *testing.T) {
	t.Parallel()
	env := servertest.NewIdle(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	co := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	other := env.Client(t, "herzklopfen.localhost")
	for _, id := range []string{sandboxID(co), "sb_forged", "", strings.Repeat("x", 500), "tr_WDqYK6vllg"} {
		webhook(t, member, env, "sandbox", id)
		webhook(t, member, env, "mollie", id)
		webhook(t, other, env, "sandbox", id)
	}
	// Paid at the sandbox, then the forged call on another tenant's host.
	decide(t, member, env, co, "paid").Want(t, http.StatusSeeOther, "")
	webhook(t, other, env, "sandbox", sandboxID(co))
	var status string
	if err := env.Pool.QueryRow(context.Background(), "SELECT status FROM orders WHERE id = $1", co.OrderID).Scan(&status); err != nil || status != "pending" {
		t.Fatalf("order %s %v", status, err)
	}
	wantBooked(t, env, made.ID, 0, 0, false)
	// A body that is not a form answers 200 too.
	req, _ := http.NewRequest(http.MethodPost, env.URL+"/hooks/payments/sandbox", strings.NewReader("%zz"))
	req.Host = "localhost"
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	member.Send(req).Want(t, http.StatusOK, "")
}

// TestExactlyOnce: fifty webhooks and browser returns at once for one paid
// order book its credits once.
func TestExactlyOnce(t *testing.T) {
	t.Parallel()
	env := servertest.NewIdle(t) // the sandbox's own webhook job stays queued
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 3})
	member.Country = "NL"
	co := order(t, member, map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "ideal"})
	decide(t, member, env, co, "paid").Want(t, http.StatusSeeOther, "")
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				webhook(t, member, env, "sandbox", sandboxID(co))
				return
			}
			paymentState(t, member, co.PaymentID)
		}()
	}
	wg.Wait()
	if s := paymentState(t, member, co.PaymentID); s.Status != "completed" {
		t.Fatalf("%+v", s)
	}
	wantBooked(t, env, made.ID, 253, 1, true)
	if _, err := env.Billing.Reconcile(context.Background()); err != nil {
		t.Fatal(err)
	}
	wantBooked(t, env, made.ID, 253, 1, true)
}

// TestReconcileHealsLostWebhooks: the payment is paid at the sandbox but
// its webhook never runs (a crash, a lost call); reconciliation asks the
// provider when the payment is due and books it, once. An open payment
// past the provider's expiry ends expired.
func TestReconcileHealsLostWebhooks(t *testing.T) {
	t.Parallel()
	env := servertest.NewIdle(t)
	ctx := context.Background()
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	paid := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	decide(t, member, env, paid, "paid").Want(t, http.StatusSeeOther, "")
	left := order(t, member, map[string]any{"package_id": "value", "waive_withdrawal": true, "paymentmethod": "paypal"})

	// Not due yet: nothing is asked.
	if n, err := env.Billing.Reconcile(ctx); err != nil || n != 0 {
		t.Fatalf("asked %d %v", n, err)
	}
	// Due: the paid one completes; the open one stays pending and is asked
	// again later (its next check moved on).
	if _, err := env.Pool.Exec(ctx, "UPDATE payments SET check_at = now() - interval '1 second'"); err != nil {
		t.Fatal(err)
	}
	if n, err := env.Billing.Reconcile(ctx); err != nil || n != 2 {
		t.Fatalf("asked %d %v", n, err)
	}
	wantBooked(t, env, made.ID, 100, 1, true)
	var checks int
	var next time.Time
	if err := env.Pool.QueryRow(ctx, "SELECT checks, check_at FROM payments WHERE public_id = $1", left.PaymentID).Scan(&checks, &next); err != nil {
		t.Fatal(err)
	}
	if checks != 1 || time.Until(next) < 50*time.Second {
		t.Fatalf("checks %d, next in %v", checks, time.Until(next))
	}
	// The provider's limit passes: the open one expires.
	if _, err := env.Pool.Exec(ctx, "UPDATE sandbox_payments SET expires_at = now() - interval '1 second' WHERE status = 'open'"); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Pool.Exec(ctx, "UPDATE payments SET check_at = now() - interval '1 second'"); err != nil {
		t.Fatal(err)
	}
	if n, err := env.Billing.Reconcile(ctx); err != nil || n != 1 {
		t.Fatalf("asked %d %v", n, err)
	}
	if s := paymentState(t, member, left.PaymentID); s.Status != "expired" || s.Message != billing.MessageFailed {
		t.Fatalf("%+v", s)
	}
	if s := paymentState(t, member, paid.PaymentID); s.Status != "completed" {
		t.Fatalf("%+v", s)
	}
	wantBooked(t, env, made.ID, 100, 1, true)
}

// TestCheckoutPage: the sandbox's page shows the brand, package, amount and
// method with one labelled button per outcome.
func TestCheckoutPage(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, _ := env.LoggedIn(t, "herzklopfen.localhost", accountstest.Member{TenantSlug: "herzklopfen"})
	member.Country = "CH"
	co := order(t, member, map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "twint"})
	u, _ := url.Parse(co.RedirectURL)
	if u.Host != "herzklopfen.localhost" {
		t.Fatalf("checkout on %s", u.Host)
	}
	res := env.Client(t, "herzklopfen.localhost").Do(http.MethodGet, u.Path, nil)
	res.Want(t, http.StatusOK, "")
	page := string(res.Body)
	// The page's own inline style must not be blocked by the engine's strict default policy.
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "style-src 'unsafe-inline'") || !strings.Contains(csp, "form-action 'self'") {
		t.Errorf("Content-Security-Policy %q blocks the checkout's style or form", csp)
	}
	for _, want := range []string{"Herzklopfen", "250 credits (popular)", "CHF 39.90", "twint", `name="viewport"`, `<legend>`,
		`value="paid"`, `value="failed"`, `value="cancelled"`, `value="pending"`, `value="expired"`, `method="post"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	decide(t, member, env, co, "cancelled")
	awaitStatus(t, member, co.PaymentID, "cancelled")
	res = env.Client(t, "herzklopfen.localhost").Do(http.MethodGet, u.Path, nil)
	if !strings.Contains(string(res.Body), "This payment is settled") || strings.Contains(string(res.Body), `value="paid"`) {
		t.Fatalf("settled page %s", res.Body)
	}
}

// TestSandboxDisabled: without --payment-sandbox nobody pays through it:
// orders answer payments_unavailable and its pages do not exist; the
// packages still show.
func TestSandboxDisabled(t *testing.T) {
	t.Parallel()
	env := servertest.NewConfigured(t, func(c *config.Config) { c.PaymentSandbox = false })
	member, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	member.Do(http.MethodGet, "/api/packages.php", nil).Want(t, http.StatusOK, "")
	member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"}).Want(t, http.StatusServiceUnavailable, "payments_unavailable")
	member.Do(http.MethodGet, "/sandbox/pay/sb_anything", nil).Want(t, http.StatusNotFound, "not_found")
	var n int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM orders").Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d orders %v", n, err)
	}
}

// TestMollieTenant runs a tenant whose provider is Mollie through the
// engine against the local Mollie: the methods narrowed to what Mollie
// takes, the order opened at Mollie with the webhook URL, a webhook before
// the payment is paid changing nothing, the webhook after it completing
// the order once.
func TestMollieTenant(t *testing.T) {
	t.Parallel()
	const key = "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM"
	mol := mollietest.New(t, key)
	env := servertest.NewConfigured(t, func(c *config.Config) {
		c.MollieBaseURL = mol.URL
		c.PaymentSandbox = false
		c.LookupEnv = func(name string) (string, bool) { return key, name == "RDV_TEST_MOLLIE_KEY" }
	})
	section := `{"provider": "mollie", "api_key_env": "RDV_TEST_MOLLIE_KEY",
		"packages": [{"id": "starter", "credits": 100, "prices": {"EUR": 1995}}],
		"countries": {"NL": {"currency": "EUR", "methods": ["ideal", "creditcard", "sdd", "paysafecard"]}}}`
	env.ChangeTenants(t, "UPDATE tenants SET settings = jsonb_set(settings, '{billing}', $1::jsonb) WHERE slug = 'lustlokaal'", section)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	var o offer
	res := member.Do(http.MethodGet, "/api/packages.php", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &o)
	if o.Provider != "mollie" || strings.Join(o.Methods, ",") != "ideal,creditcard" {
		t.Fatalf("offer %+v", o)
	}
	res = member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	res.Want(t, http.StatusCreated, "")
	var co checkout
	res.JSON(t, &co)
	at := mol.Payments()
	if len(at) != 1 || at[0].Value != "19.95" || at[0].WebhookURL != "http://localhost/hooks/payments/mollie" ||
		at[0].RedirectURL != "http://localhost/credits/starter/ideal?payment_id="+co.PaymentID || co.RedirectURL == "" {
		t.Fatalf("at Mollie %v, checkout %+v", at, co)
	}
	webhook(t, member, env, "mollie", at[0].ID)
	if s := paymentState(t, member, co.PaymentID); s.Status != "pending" {
		t.Fatalf("before paying %+v", s)
	}
	mol.SetStatus(t, at[0].ID, billing.StatusPaid)
	webhook(t, member, env, "mollie", at[0].ID)
	webhook(t, member, env, "sandbox", at[0].ID) // the wrong provider's hook knows nothing
	webhook(t, member, env, "mollie", at[0].ID)
	if s := paymentState(t, member, co.PaymentID); s.Status != "completed" {
		t.Fatalf("after paying %+v", s)
	}
	wantBooked(t, env, made.ID, 100, 1, true)
}

// TestReconcileClaimsEachPaymentOnce: two reconciliation rounds at once
// (two engine instances) ask about each due payment once between them.
func TestReconcileClaimsEachPaymentOnce(t *testing.T) {
	t.Parallel()
	env := servertest.NewIdle(t)
	twin := env.Twin(t)
	ctx := context.Background()
	member, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	const orders = 12
	for range orders {
		order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	}
	if _, err := env.Pool.Exec(ctx, "UPDATE payments SET check_at = now() - interval '1 second'"); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	asked := make([]int, 2)
	for i, s := range []*billing.Service{env.Billing, twin.Billing} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := s.Reconcile(ctx)
			if err != nil {
				t.Error(err)
			}
			asked[i] = n
		}()
	}
	wg.Wait()
	var once int
	if err := env.Pool.QueryRow(ctx, "SELECT count(*) FROM payments WHERE checks = 1").Scan(&once); err != nil {
		t.Fatal(err)
	}
	if asked[0]+asked[1] != orders || once != orders {
		t.Fatalf("asked %v, %d payments checked once; want %d in all", asked, once, orders)
	}
}
