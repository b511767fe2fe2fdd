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
	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/server/servertest"
)

// codeRow is a discount code as a test makes it; zero fields are left out
// (the column's default or null).
type codeRow struct {
	tenant      string // slug, default lustlokaal
	code        string
	kind        string
	percentage  int
	minimum     int64
	currency    string
	country     string
	methods     []string
	from, until time.Time
	window      time.Duration
	firstOnly   bool
	member      int64
	inactive    bool
}

// newCode inserts a code with plain SQL (a test factory, not the engine)
// and returns its id.
func newCode(t *testing.T, env *servertest.Env, c codeRow) int64 {
	t.Helper()
	if c.tenant == "" {
		c.tenant = "lustlokaal"
	}
	if c.kind == "" {
		c.kind = "code"
	}
	if c.methods == nil {
		c.methods = []string{}
	}
	null := func(ok bool, v any) any {
		if ok {
			return v
		}
		return nil
	}
	from := time.Now().Add(-time.Hour)
	if !c.from.IsZero() {
		from = c.from
	}
	var id int64
	err := env.Pool.QueryRow(context.Background(), `
		INSERT INTO discount_codes (tenant_id, code, kind, percentage, minimum_order_value, currency, country,
			payment_methods, valid_from, valid_until, signup_window_seconds, first_purchase_only, member_id, active)
		SELECT id, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14 FROM tenants WHERE slug = $1
		RETURNING id`,
		c.tenant, c.code, c.kind, c.percentage, null(c.minimum != 0, c.minimum), null(c.currency != "", c.currency),
		null(c.country != "", c.country), c.methods, from, null(!c.until.IsZero(), c.until),
		null(c.window != 0, int(c.window/time.Second)), c.firstOnly, null(c.member != 0, c.member), !c.inactive).Scan(&id)
	if err != nil {
		t.Fatalf("insert code %s: %v", c.code, err)
	}
	return id
}

// codeView is GET discountcode.php's answer.
type codeView struct {
	Code              string
	ValuePercentage   int        `json:"value_percentage"`
	MinimumOrderValue *int64     `json:"minimum_order_value"`
	Currency          *string    `json:"currency"`
	Country           *string    `json:"country"`
	PaymentMethods    []string   `json:"paymentmethods"`
	UserID            *int64     `json:"user_id"`
	Expires           *time.Time `json:"expires"`
	Validity          *int64     `json:"validity"`
	Expired           bool
	Status            string
}

// redemptions counts a member's redemptions of a code: held (an order
// waiting) and used (paid).
func redemptions(t *testing.T, env *servertest.Env, code, member int64) (held, used int) {
	t.Helper()
	err := env.Pool.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE used_at IS NULL), count(*) FILTER (WHERE used_at IS NOT NULL)
		FROM discount_redemptions WHERE code_id = $1 AND member_id = $2`, code, member).Scan(&held, &used)
	if err != nil {
		t.Fatal(err)
	}
	return held, used
}

func ordersOf(t *testing.T, env *servertest.Env, member int64) int {
	t.Helper()
	var n int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM orders WHERE member_id = $1", member).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// sandboxAmount is what the sandbox provider was asked to charge.
func sandboxAmount(t *testing.T, env *servertest.Env, co checkout) (int64, string) {
	t.Helper()
	var amount int64
	var currency string
	if err := env.Pool.QueryRow(context.Background(), "SELECT amount, currency FROM sandbox_payments WHERE id = $1", sandboxID(co)).Scan(&amount, &currency); err != nil {
		t.Fatal(err)
	}
	return amount, currency
}

// TestDiscountCodeLookup: GET discountcode.php answers a code's conditions
// to a member who may use it, 404 code_not_found for what they may not
// (unknown, deactivated, not yet valid, another tenant's, another member's
// personal code) and 409 code_used once they hold or used it.
func TestDiscountCodeLookup(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	// The server's clock stands still, so the seconds left are exact
	// however slow the machine.
	now := time.Now().Truncate(time.Second)
	env.Billing.Now = func() time.Time { return now }
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{SignupDate: now.Add(-time.Hour)})
	paid, _ := env.LoggedIn(t, "localhost", accountstest.Member{PaidUser: true})
	late, _ := env.LoggedIn(t, "localhost", accountstest.Member{SignupDate: now.Add(-5 * time.Hour)})
	someone := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	until := now.Add(48 * time.Hour)

	newCode(t, env, codeRow{code: "SPRING25", percentage: 25, minimum: 3000, currency: "EUR", country: "NL", methods: []string{"ideal", "paypal"}, until: until})
	newCode(t, env, codeRow{code: "OPEN10", percentage: 10})
	newCode(t, env, codeRow{code: "OFF20", percentage: 20, inactive: true})
	newCode(t, env, codeRow{code: "SOON30", percentage: 30, from: time.Now().Add(time.Hour)})
	newCode(t, env, codeRow{code: "PAST15", percentage: 15, from: time.Now().Add(-48 * time.Hour), until: time.Now().Add(-time.Hour)})
	newCode(t, env, codeRow{tenant: "herzklopfen", code: "HERZ50", percentage: 50})
	newCode(t, env, codeRow{code: "MINE40", percentage: 40, member: made.ID})
	newCode(t, env, codeRow{code: "YOURS40", percentage: 40, member: someone.ID})
	if err := discounts.EnsureTimeBonus(ctx, env.Pool, made.TenantID); err != nil {
		t.Fatal(err)
	}
	used := newCode(t, env, codeRow{code: "USED5", percentage: 5})
	var order int64
	if err := env.Pool.QueryRow(ctx, `INSERT INTO orders (tenant_id, member_id, package_id, credits, amount, currency, country)
		VALUES ($1, $2, 'starter', 100, 1995, 'EUR', 'NL') RETURNING id`, made.TenantID, made.ID).Scan(&order); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Pool.Exec(ctx, "INSERT INTO discount_redemptions (code_id, member_id, order_id) VALUES ($1, $2, $3)", used, made.ID, order); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name   string
		client *servertest.Client
		query  string
		status int
		code   string
		check  func(codeView) bool
	}{
		{"every condition", member, "?code=SPRING25", 200, "", func(v codeView) bool {
			return v.Code == "SPRING25" && v.ValuePercentage == 25 && *v.MinimumOrderValue == 3000 && *v.Currency == "EUR" &&
				*v.Country == "NL" && strings.Join(v.PaymentMethods, ",") == "ideal,paypal" && v.Expires.Equal(until) &&
				*v.Validity == 48*3600 && !v.Expired && v.Status == "active" && v.UserID == nil
		}},
		{"typed in lower case", member, "?code=%20spring25", 200, "", func(v codeView) bool { return v.Code == "SPRING25" }},
		{"without conditions", member, "?code=OPEN10", 200, "", func(v codeView) bool {
			return v.MinimumOrderValue == nil && v.Currency == nil && v.Country == nil && len(v.PaymentMethods) == 0 &&
				v.Expires == nil && v.Validity == nil && !v.Expired && v.Status == "active"
		}},
		{"expired", member, "?code=PAST15", 200, "", func(v codeView) bool { return v.Expired && v.Status == "expired" && *v.Validity == 0 }},
		{"own personal code", member, "?code=MINE40", 200, "", func(v codeView) bool { return *v.UserID == made.ID }},
		{"time bonus in the member's window", member, "?code=TIMEBONUS25", 200, "", func(v codeView) bool {
			return !v.Expired && v.Status == "active" && *v.Validity == 3*3600 && v.Expires.Equal(now.Add(3*time.Hour)) && v.ValuePercentage == 25
		}},
		{"time bonus after the member's window", late, "?code=TIMEBONUS25", 200, "", func(v codeView) bool { return v.Expired && v.Status == "expired" }},
		{"time bonus of a member who bought", paid, "?code=TIMEBONUS25", 409, "code_used", nil},
		{"used", member, "?code=USED5", 409, "code_used", nil},
		{"unknown", member, "?code=NOPE99", 404, "code_not_found", nil},
		{"no code", member, "", 404, "code_not_found", nil},
		{"not a code", member, "?code=%27%3B--", 404, "code_not_found", nil},
		{"deactivated", member, "?code=OFF20", 404, "code_not_found", nil},
		{"not yet valid", member, "?code=SOON30", 404, "code_not_found", nil},
		{"another tenant's", member, "?code=HERZ50", 404, "code_not_found", nil},
		{"another member's personal code", member, "?code=YOURS40", 404, "code_not_found", nil},
		{"no welcome code", late, "?welcome=true", 404, "code_not_found", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			res := c.client.Do(http.MethodGet, "/api/discountcode.php"+c.query, nil)
			res.Want(t, c.status, c.code)
			if c.status == 404 && !strings.Contains(string(res.Body), `"Code not found"`) ||
				c.status == 409 && !strings.Contains(string(res.Body), `"Code already used"`) {
				t.Fatalf("text %s", res.Body)
			}
			if c.check != nil {
				var v codeView
				res.JSON(t, &v)
				if !c.check(v) {
					t.Fatalf("%s", res.Body)
				}
			}
		})
	}

	// A visitor has no codes; the welcome code is the member's own.
	env.Client(t, "localhost").Do(http.MethodGet, "/api/discountcode.php?code=OPEN10", nil).Want(t, http.StatusForbidden, "authentication_required")
	newCode(t, env, codeRow{code: "WELCOME-ABC", kind: "welcome", percentage: 25, member: made.ID, until: until})
	res := member.Do(http.MethodGet, "/api/discountcode.php?welcome=true", nil)
	res.Want(t, http.StatusOK, "")
	var v codeView
	res.JSON(t, &v)
	if v.Code != "WELCOME-ABC" || v.ValuePercentage != 25 || *v.UserID != made.ID || !v.Expires.Equal(until) {
		t.Fatalf("welcome %s", res.Body)
	}
	late.Do(http.MethodGet, "/api/discountcode.php?welcome=true", nil).Want(t, http.StatusNotFound, "code_not_found")
}

// TestDiscountCodeRefusals: an order whose code does not apply is refused
// with the code's reason and changes nothing: no order, no payment at the
// provider, the code not taken.
func TestDiscountCodeRefusals(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	someone := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	newCode(t, env, codeRow{code: "BIG20", percentage: 20, minimum: 3995, currency: "EUR"})
	newCode(t, env, codeRow{code: "DOLLAR20", percentage: 20, currency: "USD"})
	newCode(t, env, codeRow{code: "BELGIUM20", percentage: 20, country: "BE"})
	newCode(t, env, codeRow{code: "IDEAL20", percentage: 20, methods: []string{"ideal"}})
	newCode(t, env, codeRow{code: "GONE20", percentage: 20, from: time.Now().Add(-48 * time.Hour), until: time.Now().Add(-time.Second)})
	newCode(t, env, codeRow{code: "BONUS25", kind: "time_bonus", percentage: 25, window: 4 * time.Hour, firstOnly: true})
	newCode(t, env, codeRow{code: "OFF20", percentage: 20, inactive: true})
	newCode(t, env, codeRow{code: "THEIRS20", percentage: 20, member: someone.ID})
	newCode(t, env, codeRow{tenant: "herzklopfen", code: "HERZ20", percentage: 20})

	cases := []struct {
		name, code, pkg, method, country string
		member                           accountstest.Member
		status                           int
		error                            string
	}{
		{"below the minimum", "BIG20", "starter", "ideal", "NL", accountstest.Member{}, 422, "code_minimum_order_value"},
		{"another currency", "DOLLAR20", "value", "ideal", "NL", accountstest.Member{}, 422, "code_currency_invalid"},
		{"another country", "BELGIUM20", "value", "ideal", "NL", accountstest.Member{}, 422, "code_country_invalid"},
		{"another method", "IDEAL20", "value", "paypal", "NL", accountstest.Member{}, 422, "code_paymentmethod_invalid"},
		{"expired", "GONE20", "value", "ideal", "NL", accountstest.Member{}, 422, "code_expired"},
		{"after the member's window", "BONUS25", "value", "ideal", "NL", accountstest.Member{SignupDate: time.Now().Add(-4*time.Hour - time.Second)}, 422, "code_expired"},
		{"first purchase only, bought before", "BONUS25", "value", "ideal", "NL", accountstest.Member{PaidUser: true}, 409, "code_used"},
		{"deactivated", "OFF20", "value", "ideal", "NL", accountstest.Member{}, 404, "code_not_found"},
		{"another member's personal code", "THEIRS20", "value", "ideal", "NL", accountstest.Member{}, 404, "code_not_found"},
		{"another tenant's code", "HERZ20", "value", "ideal", "NL", accountstest.Member{}, 404, "code_not_found"},
		{"unknown", "NOPE20", "value", "ideal", "NL", accountstest.Member{}, 404, "code_not_found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			member, made := env.LoggedIn(t, "localhost", c.member)
			var before int
			if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM sandbox_payments").Scan(&before); err != nil {
				t.Fatal(err)
			}
			res := member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": c.pkg, "waive_withdrawal": true, "paymentmethod": c.method, "country": c.country, "discount_code": c.code})
			res.Want(t, c.status, c.error)
			var redeemed int
			if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM discount_redemptions WHERE member_id = $1", made.ID).Scan(&redeemed); err != nil {
				t.Fatal(err)
			}
			if n := ordersOf(t, env, made.ID); n != 0 || redeemed != 0 {
				t.Fatalf("%d orders, %d redemptions after a refusal", n, redeemed)
			}
			// Without the code the same order is fine.
			order(t, member, map[string]any{"package_id": c.pkg, "waive_withdrawal": true, "paymentmethod": c.method, "country": c.country})
		})
	}
}

// TestDiscountCodeOrderPaid: the code's price reaches the provider, rounded
// half up to the cent; the order records the code and the price before it;
// paying uses the code for good (also for later orders and lookups); the
// transactions and the invoice show the discount.
func TestDiscountCodeOrderPaid(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	id := newCode(t, env, codeRow{code: "SPRING25", percentage: 25, minimum: 3000, currency: "EUR", country: "NL", methods: []string{"ideal", "paypal"}})

	co := order(t, member, map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": "spring25"})
	// 39.95 less 25% is 29.9625: 29.96.
	if amount, currency := sandboxAmount(t, env, co); amount != 2996 || currency != "EUR" {
		t.Fatalf("the provider was asked for %d %s", amount, currency)
	}
	if s := paymentState(t, member, co.PaymentID); s.Amount != 2996 || s.Credits != 250 {
		t.Fatalf("%+v", s)
	}
	if held, used := redemptions(t, env, id, made.ID); held != 1 || used != 0 {
		t.Fatalf("held %d used %d", held, used)
	}
	// While the order waits the code is held, not spent: it still answers.
	member.Do(http.MethodGet, "/api/discountcode.php?code=SPRING25", nil).Want(t, http.StatusOK, "")

	decide(t, member, env, co, "paid")
	awaitStatus(t, member, co.PaymentID, "completed")
	wantBooked(t, env, made.ID, 250, 1, true)
	if held, used := redemptions(t, env, id, made.ID); held != 0 || used != 1 {
		t.Fatalf("held %d used %d", held, used)
	}
	member.Do(http.MethodGet, "/api/discountcode.php?code=SPRING25", nil).Want(t, http.StatusConflict, "code_used")

	var one struct{ Transaction billing.Transaction }
	res := member.Do(http.MethodGet, fmt.Sprintf("/api/transactions.php?id=%d", co.OrderID), nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &one)
	tr := one.Transaction
	if tr.Amount != 2996 || tr.ListAmount == nil || *tr.ListAmount != 3995 || tr.DiscountCode == nil || *tr.DiscountCode != "SPRING25" || tr.InvoiceURL == nil {
		t.Fatalf("%+v", tr)
	}
	page := member.Do(http.MethodGet, *tr.InvoiceURL, nil)
	page.Want(t, http.StatusOK, "")
	// A LustLokaal member reads the invoice in Dutch.
	for _, want := range []string{"€\u00a039,95", "Kortingscode SPRING25 (25%)", "€\u00a0-9,99", "€\u00a029,96"} {
		if !strings.Contains(string(page.Body), want) {
			t.Fatalf("invoice without %q: %s", want, page.Body)
		}
	}
	pdf := member.Do(http.MethodGet, *tr.InvoiceURL+"&format=pdf", nil)
	pdf.Want(t, http.StatusOK, "")

	// An order without a code records none.
	plain := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
	if amount, _ := sandboxAmount(t, env, plain); amount != 1995 {
		t.Fatalf("plain order charged %d", amount)
	}
	res = member.Do(http.MethodGet, fmt.Sprintf("/api/transactions.php?id=%d", plain.OrderID), nil)
	res.JSON(t, &one)
	if one.Transaction.ListAmount != nil || one.Transaction.DiscountCode != nil {
		t.Fatalf("%+v", one.Transaction)
	}
}

// TestDiscountCodeReleased: an order that fails, is cancelled or expires
// gives its code back; the retry of such an order takes it again (with its
// conditions checked for the new method), also over from another open
// order; a spent code is refused.
func TestDiscountCodeReleased(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	for _, outcome := range []string{"failed", "cancelled", "expired"} {
		t.Run(outcome, func(t *testing.T) {
			t.Parallel()
			member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
			member.Country = "NL"
			code := "BACK" + strings.ToUpper(outcome)
			id := newCode(t, env, codeRow{code: code, percentage: 10, methods: []string{"ideal", "creditcard"}})
			first := order(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": code})
			decide(t, member, env, first, outcome)
			awaitStatus(t, member, first.PaymentID, outcome)
			if held, used := redemptions(t, env, id, made.ID); held != 0 || used != 0 {
				t.Fatalf("after %s: held %d used %d", outcome, held, used)
			}
			member.Do(http.MethodGet, "/api/discountcode.php?code="+code, nil).Want(t, http.StatusOK, "")

			// The retry with a method the code does not take is refused;
			// with one it takes, the order holds the code again at its price.
			member.Do(http.MethodPost, "/api/orders.php", map[string]any{"order_id": first.OrderID, "waive_withdrawal": true, "paymentmethod": "paypal"}).
				Want(t, http.StatusUnprocessableEntity, "code_paymentmethod_invalid")
			again := order(t, member, map[string]any{"order_id": first.OrderID, "waive_withdrawal": true, "paymentmethod": "creditcard"})
			// 19.95 less 10% is 17.955: 17.96 (half up).
			if amount, _ := sandboxAmount(t, env, again); amount != 1796 {
				t.Fatalf("retry charged %d", amount)
			}
			if held, _ := redemptions(t, env, id, made.ID); held != 1 {
				t.Fatalf("the retry holds %d", held)
			}
			decide(t, member, env, again, outcome)
			awaitStatus(t, member, again.PaymentID, outcome)

			// Another order takes the code; while its payment is open the
			// old order's retry takes it back, and the other is cancelled.
			other := order(t, member, map[string]any{"package_id": "value", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": code})
			back := order(t, member, map[string]any{"order_id": first.OrderID, "waive_withdrawal": true, "paymentmethod": "ideal"})
			if status, by := orderRow(t, env, other.OrderID); status != billing.OrderCancelled || by == nil || *by != first.OrderID {
				t.Fatalf("the other order is %s, superseded by %v", status, by)
			}
			decide(t, member, env, back, "paid")
			awaitStatus(t, member, back.PaymentID, "completed")
			if held, used := redemptions(t, env, id, made.ID); held != 0 || used != 1 {
				t.Fatalf("held %d used %d", held, used)
			}
			wantBooked(t, env, made.ID, 100, 1, true)
			// Once spent, the code is refused.
			member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "value", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": code}).
				Want(t, http.StatusConflict, "code_used")
		})
	}
}

// TestDiscountCodeAtMollie: the discounted amount is what Mollie is asked
// to charge.
func TestDiscountCodeAtMollie(t *testing.T) {
	t.Parallel()
	env, mol := mollieEngine(t, "lustlokaal", mollieKeyVar)
	member, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	newCode(t, env, codeRow{code: "MOLLIE15", percentage: 15})
	orderAt(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": "MOLLIE15"})
	// 19.95 less 15% is 16.9575: 16.96.
	if p := mol.Payments()[0]; p.Value != "16.96" || p.Currency != "EUR" {
		t.Fatalf("at Mollie %+v", p)
	}
}
