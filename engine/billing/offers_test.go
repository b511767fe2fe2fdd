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

// stillClock stands the engine's discount clock (billing's, which both
// discountcode.php and orders.php use) at a whole second, so a window's
// edges are met exactly, however slow the machine.
func stillClock(env *servertest.Env) time.Time {
	now := time.Now().Truncate(time.Second)
	env.Billing.Now = func() time.Time { return now }
	return now
}

// timeBonusRow makes sure lustlokaal has its TIMEBONUS25 (the import and
// the console's new brand make it; signups do not) and returns its id.
func timeBonusRow(t *testing.T, env *servertest.Env) int64 {
	t.Helper()
	ctx := context.Background()
	var tenant, id int64
	if err := env.Pool.QueryRow(ctx, "SELECT id FROM tenants WHERE slug = 'lustlokaal'").Scan(&tenant); err != nil {
		t.Fatal(err)
	}
	if err := discounts.EnsureTimeBonus(ctx, env.Pool, tenant); err != nil {
		t.Fatal(err)
	}
	// A second call keeps the one row.
	if err := discounts.EnsureTimeBonus(ctx, env.Pool, tenant); err != nil {
		t.Fatal(err)
	}
	if err := env.Pool.QueryRow(ctx, `SELECT id FROM discount_codes WHERE tenant_id = $1 AND code = 'TIMEBONUS25'
		AND kind = 'time_bonus' AND percentage = 25 AND signup_window_seconds = 14400 AND first_purchase_only AND active`, tenant).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestTimeBonusWindow: TIMEBONUS25 is the member's for the first 14400
// seconds after their signup by the server's clock: a second before the end
// it is offered with 1 second left and an order gets 25% off at the provider;
// at the end and after it the lookup says expired and an order is refused
// code_expired; a member who has bought is refused code_used.
func TestTimeBonusWindow(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	now := stillClock(env)
	timeBonusRow(t, env)
	cases := []struct {
		name     string
		age      time.Duration
		paid     bool
		validity int64
		expired  bool
		status   int
		error    string
	}{
		{"just signed up", 0, false, 14400, false, 201, ""},
		{"a second before the end", 14399 * time.Second, false, 1, false, 201, ""},
		{"at the end", 14400 * time.Second, false, 0, true, 422, "code_expired"},
		{"a second after the end", 14401 * time.Second, false, 0, true, 422, "code_expired"},
		{"a day after", 24 * time.Hour, false, 0, true, 422, "code_expired"},
		{"a paid member in the window", time.Minute, true, 0, false, 409, "code_used"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			member, _ := env.LoggedIn(t, "localhost", accountstest.Member{SignupDate: now.Add(-c.age), PaidUser: c.paid})
			res := member.Do(http.MethodGet, "/api/discountcode.php?code=timebonus25", nil)
			if c.paid {
				res.Want(t, http.StatusConflict, "code_used")
			} else {
				res.Want(t, http.StatusOK, "")
				var v codeView
				res.JSON(t, &v)
				end := now.Add(-c.age).Add(14400 * time.Second)
				if v.Code != "TIMEBONUS25" || v.ValuePercentage != 25 || v.Validity == nil || *v.Validity != c.validity ||
					v.Expired != c.expired || !v.Expires.Equal(end) || v.UserID != nil {
					t.Fatalf("lookup %s", res.Body)
				}
			}
			res = member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "ideal", "country": "NL", "discount_code": "TIMEBONUS25"})
			res.Want(t, c.status, c.error)
			if c.status != http.StatusCreated {
				return
			}
			var co checkout
			res.JSON(t, &co)
			// 39.95 less 25% is 29.9625: 29.96 at the provider.
			if amount, currency := sandboxAmount(t, env, co); amount != 2996 || currency != "EUR" {
				t.Fatalf("the provider was asked for %d %s", amount, currency)
			}
		})
	}
}

// TestTimeBonusOncePerMember: the time bonus is used once: while an open
// order holds it the lookup answers it and a second order takes it over;
// paying
// books the package's credits for the discounted amount, and afterwards
// the member (now paid) is refused it for good.
func TestTimeBonusOncePerMember(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	now := stillClock(env)
	code := timeBonusRow(t, env)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{SignupDate: now.Add(-time.Hour)})
	body := map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal", "country": "NL", "discount_code": "TIMEBONUS25"}

	co := order(t, member, body)
	// 19.95 less 25% is 14.9625: 14.96.
	if amount, _ := sandboxAmount(t, env, co); amount != 1496 {
		t.Fatalf("the provider was asked for %d", amount)
	}
	// Back from the checkout without paying the code still answers, and a
	// second order takes it over from the first, which is cancelled.
	member.Do(http.MethodGet, "/api/discountcode.php?code=TIMEBONUS25", nil).Want(t, http.StatusOK, "")
	first := co
	co = order(t, member, body)
	if status, _ := orderRow(t, env, first.OrderID); status != billing.OrderCancelled {
		t.Fatalf("the first order is %s", status)
	}
	if held, used := redemptions(t, env, code, made.ID); held != 1 || used != 0 {
		t.Fatalf("held %d used %d", held, used)
	}

	decide(t, member, env, co, "paid")
	s := awaitStatus(t, member, co.PaymentID, "completed")
	if s.Amount != 1496 || s.Credits != 100 {
		t.Fatalf("%+v", s)
	}
	wantBooked(t, env, made.ID, 100, 1, true)
	if held, used := redemptions(t, env, code, made.ID); held != 0 || used != 1 {
		t.Fatalf("held %d used %d", held, used)
	}
	res := member.Do(http.MethodGet, "/api/discountcode.php?code=TIMEBONUS25", nil)
	res.Want(t, http.StatusConflict, "code_used")
	if !strings.Contains(string(res.Body), `"Code already used"`) {
		t.Fatalf("text %s", res.Body)
	}
	member.Do(http.MethodPost, "/api/orders.php", body).Want(t, http.StatusConflict, "code_used")
	if n := ordersOf(t, env, made.ID); n != 2 {
		t.Fatalf("%d orders", n)
	}
}

// TestWelcomeCodeAtSignup: a signup issues the new member's personal
// welcome code in its transaction, 25% off until the tenant's
// welcome_discount_hours after the signup (LustLokaal 168, Herzklopfen 72,
// Spark 48), and gives the tenant its time bonus; the welcome code is the
// member's alone, and an order with it reaches the provider discounted.
func TestWelcomeCodeAtSignup(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	now := stillClock(env)
	env.Accounts.Now = func() time.Time { return now }
	cases := []struct {
		host, slug, country, currency string
		hours                         int64
		list                          int64
	}{
		{"localhost", "lustlokaal", "NL", "EUR", 168, 3995},
		{"de.localhost", "herzklopfen", "DE", "EUR", 72, 3995},
		{"us.localhost", "sparkusa", "US", "USD", 48, 3999},
	}
	for i, c := range cases {
		t.Run(c.host, func(t *testing.T) {
			t.Parallel()
			member := env.Client(t, c.host)
			member.Country = c.country
			email := fmt.Sprintf("welcome%d@example.com", i)
			res := member.Do(http.MethodPost, "/api/signup.php", map[string]any{"email": email, "name": "Mila",
				"date_of_birth": "1990-01-02", "password": "secret123", "gender": "female", "orientation_consent": true,
				// Spark takes signups with a traffic source only.
				"tracking": map[string]any{"network": "aff1"}})
			res.Want(t, http.StatusCreated, "")
			var made struct{ User struct{ ID int64 } }
			res.JSON(t, &made)

			res = member.Do(http.MethodGet, "/api/discountcode.php?welcome=true", nil)
			res.Want(t, http.StatusOK, "")
			var v codeView
			res.JSON(t, &v)
			if !strings.HasPrefix(v.Code, "WELCOME-") || len(v.Code) != 16 || v.ValuePercentage != 25 || v.UserID == nil || *v.UserID != made.User.ID ||
				!v.Expires.Equal(now.Add(time.Duration(c.hours)*time.Hour)) || *v.Validity != c.hours*3600 || v.Expired {
				t.Fatalf("welcome code %s", res.Body)
			}
			// The brand's time bonus is there, its window the member's own.
			res = member.Do(http.MethodGet, "/api/discountcode.php?code=TIMEBONUS25", nil)
			res.Want(t, http.StatusOK, "")
			var bonus codeView
			res.JSON(t, &bonus)
			if *bonus.Validity != 14400 || bonus.Expired {
				t.Fatalf("time bonus %s", res.Body)
			}
			// Nobody else may use the welcome code.
			other, _ := env.LoggedIn(t, c.host, accountstest.Member{TenantSlug: c.slug})
			other.Do(http.MethodGet, "/api/discountcode.php?code="+v.Code, nil).Want(t, http.StatusNotFound, "code_not_found")

			co := order(t, member, map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "creditcard", "country": c.country, "discount_code": v.Code})
			if amount, currency := sandboxAmount(t, env, co); amount != discounts.Discounted(c.list, 25) || currency != c.currency {
				t.Fatalf("the provider was asked for %d %s", amount, currency)
			}
		})
	}
}

// TestWelcomeCodeOnePerMember: issuing the signup's offers again for a
// member (a retried job, a second call) leaves one welcome code and one
// time bonus.
func TestWelcomeCodeOnePerMember(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	made := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	signup := time.Now().Truncate(time.Second)
	for range 2 {
		tx, err := env.Pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := discounts.IssueSignupOffers(ctx, tx, made.TenantID, made.ID, signup, 24*time.Hour); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
	}
	var welcome, bonus int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE kind = 'welcome' AND member_id = $2),
		count(*) FILTER (WHERE kind = 'time_bonus') FROM discount_codes WHERE tenant_id = $1`, made.TenantID, made.ID).Scan(&welcome, &bonus); err != nil {
		t.Fatal(err)
	}
	if welcome != 1 || bonus != 1 {
		t.Fatalf("%d welcome codes, %d time bonuses", welcome, bonus)
	}
	// The console lists the brand's codes, the time bonus among them; the
	// members' own welcome codes (one per signup) would crowd them out.
	list, err := discounts.List(ctx, env.Pool, made.TenantID)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, c := range list {
		kinds = append(kinds, c.Kind+" "+c.Code)
	}
	if len(list) != 1 || list[0].Code != "TIMEBONUS25" || list[0].Kind != "time_bonus" || list[0].SignupWindowSeconds == nil || *list[0].SignupWindowSeconds != 14400 {
		t.Fatalf("the console lists %v", kinds)
	}
}
