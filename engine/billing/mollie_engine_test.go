package billing_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/billing"
	"rendezvous/engine/billing/mollie"
	"rendezvous/engine/billing/mollie/mollietest"
	"rendezvous/engine/credits"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
)

// mollieKey is the test API key of the tenants sold through the local
// Mollie, in the variable mollieKeyVar as the engine sees its environment.
const (
	mollieKey    = "test_4BBB6H4s2jGi3ajsx4E2KqY5sxSXaRV"
	mollieKeyVar = "MOLLIE_API_KEY_TEST"
)

// mollieEngine starts an engine whose tenant slug sells through a local
// Mollie; keyVar is the variable its billing section names (set only when
// it is mollieKeyVar).
func mollieEngine(t *testing.T, slug, keyVar string) (*servertest.Env, *mollietest.Server) {
	t.Helper()
	mol := mollietest.New(t, mollieKey)
	env := servertest.NewConfigured(t, func(c *config.Config) {
		c.MollieBaseURL = mol.URL
		c.PaymentSandbox = true // the other tenants sell through it
		c.LookupEnv = func(name string) (string, bool) {
			if name == mollieKeyVar {
				return mollieKey, true
			}
			return "", false
		}
	})
	section := `{"provider": "mollie", "api_key_env": "` + keyVar + `",
		"packages": [{"id": "starter", "credits": 100, "prices": {"EUR": 1995}},
		             {"id": "popular", "credits": 250, "prices": {"EUR": 3995}, "badge": "popular"}],
		"countries": {"NL": {"currency": "EUR", "methods": ["ideal", "visa", "creditcard", "paypal", "sct", "blik"]}}}`
	env.ChangeTenants(t, "UPDATE tenants SET settings = jsonb_set(settings, '{billing}', $1::jsonb) WHERE slug = $2", section, slug)
	return env, mol
}

// TestMollieWebhooks: only Mollie's word moves a Mollie order. Webhooks
// naming ids the engine never made, another tenant's host, or the payment
// before Mollie says it is paid change nothing (and ids the engine never
// made are not even asked about); a failed payment is retried with another
// method as a second Mollie payment; fifty webhooks at once after Mollie
// says paid credit the order once.
func TestMollieWebhooks(t *testing.T) {
	t.Parallel()
	env, mol := mollieEngine(t, "lustlokaal", mollieKeyVar)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 7})
	member.Country = "NL"

	var o offer
	res := member.Do(http.MethodGet, "/api/packages.php", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &o)
	// blik is no method of this Mollie profile; visa is a card, and cards
	// it takes.
	if o.Provider != "mollie" || strings.Join(o.Methods, ",") != "ideal,visa,creditcard,paypal,sct" {
		t.Fatalf("offer %+v", o)
	}

	co := orderAt(t, member, map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "visa"})
	first := mol.Payments()[0]
	if first.Method != "creditcard" || first.Value != "39.95" || first.Currency != "EUR" || first.Locale != "nl_NL" ||
		first.Metadata["reference"] != co.PaymentID || co.RedirectURL != "https://www.mollie.com/checkout/select-method/"+strings.TrimPrefix(first.ID, "tr_") {
		t.Fatalf("at Mollie %v %+v, checkout %+v", first, first.Metadata, co)
	}

	other, _ := env.LoggedIn(t, "herzklopfen.localhost", accountstest.Member{TenantSlug: "herzklopfen"})
	forged := []struct {
		name    string
		client  *servertest.Client
		id      string
		askedAt int // how often the webhook makes the engine ask Mollie about id
	}{
		{"an id the engine never made", member, "tr_Forged12345", 0},
		{"a path as id", member, "../methods", 0},
		{"no id", member, "", 0},
		{"a very long id", member, "tr_" + strings.Repeat("a", 5000), 0},
		{"the payment on another tenant's host", other, first.ID, 0},
		{"the payment before Mollie says paid", member, first.ID, 1},
	}
	for _, f := range forged {
		before := mol.Fetches(f.id)
		webhook(t, f.client, env, "mollie", f.id)
		if n := mol.Fetches(f.id) - before; n != f.askedAt {
			t.Fatalf("%s: the webhook made the engine ask Mollie %d times, want %d", f.name, n, f.askedAt)
		}
		if s := paymentState(t, member, co.PaymentID); s.Status != "pending" {
			t.Fatalf("%s: %+v", f.name, s)
		}
		wantBooked(t, env, made.ID, 7, 0, false)
	}

	mol.SetStatus(t, first.ID, billing.StatusFailed)
	webhook(t, member, env, "mollie", first.ID)
	if s := paymentState(t, member, co.PaymentID); s.Status != "failed" || s.Message != billing.MessageFailed {
		t.Fatalf("after Mollie said failed: %+v", s)
	}

	again := orderAt(t, member, map[string]any{"order_id": co.OrderID, "waive_withdrawal": true, "paymentmethod": "sct"})
	at := mol.Payments()
	if again.OrderID != co.OrderID || len(at) != 2 || at[1].Method != "banktransfer" || at[1].Value != "39.95" {
		t.Fatalf("retry %+v, at Mollie %v", again, at)
	}
	second := at[1]
	mol.SetStatus(t, second.ID, billing.StatusPaid)
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() { webhook(t, member, env, "mollie", second.ID) })
	}
	wg.Wait()
	if s := paymentState(t, member, again.PaymentID); s.Status != "completed" || s.Credits != 250 {
		t.Fatalf("after Mollie said paid: %+v", s)
	}
	wantBooked(t, env, made.ID, 257, 1, true)

	// The first payment's late word credits nothing more on a completed
	// order: the member paid twice, and the engine pays the first payment
	// back at Mollie (a job, once however often the webhook comes).
	mol.SetStatus(t, first.ID, billing.StatusPaid)
	webhook(t, member, env, "mollie", first.ID)
	webhook(t, member, env, "mollie", first.ID)
	for deadline := time.Now().Add(15 * time.Second); mol.Refunds(first.ID) == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the second payment was not refunded at Mollie")
		}
	}
	wantBooked(t, env, made.ID, 257, 1, true)
	if n, paidBack := mol.Refunds(second.ID), mol.Payments()[0].Refunded; n != 0 || paidBack != "39.95" {
		t.Fatalf("%d refunds of the order's payment; %s of the late one paid back", n, paidBack)
	}
}

// TestMollieWithoutKey: a tenant whose key variable is not set cannot take
// orders (503 payments_unavailable, nothing asked of Mollie, no order),
// still shows its packages, and other tenants sell on.
func TestMollieWithoutKey(t *testing.T) {
	t.Parallel()
	env, mol := mollieEngine(t, "lustlokaal", "MOLLIE_API_KEY_NOT_SET")
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"
	res := member.Do(http.MethodGet, "/api/packages.php", nil)
	res.Want(t, http.StatusOK, "")
	var o offer
	res.JSON(t, &o)
	if o.Provider != "mollie" || len(o.Packages) != 2 {
		t.Fatalf("offer %+v", o)
	}
	member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"}).
		Want(t, http.StatusServiceUnavailable, "payments_unavailable")
	if at := mol.Payments(); len(at) != 0 {
		t.Fatalf("at Mollie %v", at)
	}
	// serve says so at start, naming the tenant and the variable, never a key.
	tenants, err := tenancy.NewDirectory(env.Pool, slog.New(slog.DiscardHandler)).List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var problems []string
	for _, p := range env.Billing.CheckProviders(tenants) {
		problems = append(problems, p.Error())
	}
	if len(problems) != 1 || !strings.Contains(problems[0], "lustlokaal") || !strings.Contains(problems[0], "MOLLIE_API_KEY_NOT_SET") {
		t.Fatalf("start-up problems %q", problems)
	}
	var orders int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM orders WHERE member_id = $1", made.ID).Scan(&orders); err != nil || orders != 0 {
		t.Fatalf("%d orders, %v", orders, err)
	}
}

// orderAt orders at a tenant whose provider is not the sandbox.
func orderAt(t *testing.T, c *servertest.Client, body map[string]any) checkout {
	t.Helper()
	res := c.Do(http.MethodPost, "/api/orders.php", body)
	res.Want(t, http.StatusCreated, "")
	var out checkout
	res.JSON(t, &out)
	if out.OrderID == 0 || out.PaymentID == "" || out.RedirectURL == "" {
		t.Fatalf("checkout %+v", out)
	}
	return out
}

// TestMollieRefund refunds completed Mollie orders as the operator's
// command does: the money back at Mollie, then the credits; a second
// refund of an order refused without asking Mollie again; a refund Mollie
// already made (an earlier attempt whose booking failed) booked without a
// second one; Mollie's refusal, with its detail, changing nothing.
func TestMollieRefund(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env, mol := mollieEngine(t, "lustlokaal", mollieKeyVar)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 7})
	member.Country = "NL"
	// completed orders a package and has Mollie say it is paid.
	completed := func() (checkout, mollietest.Payment) {
		t.Helper()
		co := orderAt(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
		at := mol.Payments()
		p := at[len(at)-1]
		mol.SetStatus(t, p.ID, billing.StatusPaid)
		webhook(t, member, env, "mollie", p.ID)
		if s := paymentState(t, member, co.PaymentID); s.Status != "completed" {
			t.Fatalf("order %+v", s)
		}
		return co, p
	}
	orderStatus := func(id int64) string {
		t.Helper()
		var status string
		if err := env.Pool.QueryRow(ctx, "SELECT status FROM orders WHERE id = $1", id).Scan(&status); err != nil {
			t.Fatal(err)
		}
		return status
	}

	co, p := completed()
	wantBooked(t, env, made.ID, 107, 1, true)
	res, err := env.Billing.Refund(ctx, co.OrderID, "cli", "asked by the member")
	if err != nil || !strings.HasPrefix(res.ProviderRefundID, "re_") || res.CreditsTaken != 100 || res.Amount != (billing.Money{Minor: 1995, Currency: "EUR"}) {
		t.Fatalf("refund %+v, %v", res, err)
	}
	if mol.Refunds(p.ID) != 1 || mol.Payments()[0].Refunded != "19.95" || orderStatus(co.OrderID) != "refunded" {
		t.Fatalf("at Mollie %d refunds of %v; order %s", mol.Refunds(p.ID), mol.Payments()[0], orderStatus(co.OrderID))
	}
	if _, err := env.Billing.Refund(ctx, co.OrderID, "cli", ""); !errors.Is(err, billing.ErrOrderRefunded) || mol.Refunds(p.ID) != 1 {
		t.Fatalf("second refund: %v, %d at Mollie", err, mol.Refunds(p.ID))
	}

	// Mollie refunded already; the engine's booking of it was lost.
	co, p = completed()
	adapter, err := mollie.New(mollie.Config{APIKey: mollieKey, BaseURL: mol.URL})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := adapter.CreateRefund(ctx, billing.RefundRequest{PaymentID: p.ID, Amount: billing.Money{Minor: 1995, Currency: "EUR"}}); err != nil {
		t.Fatal(err)
	}
	res, err = env.Billing.Refund(ctx, co.OrderID, "cli", "")
	if err != nil || res.ProviderRefundID != "" || res.CreditsTaken != 100 || mol.Refunds(p.ID) != 1 || orderStatus(co.OrderID) != "refunded" {
		t.Fatalf("booking an earlier refund: %+v, %v; %d refunds at Mollie", res, err, mol.Refunds(p.ID))
	}

	// Mollie refuses: the order, the credits and Mollie stay as they were.
	co, p = completed()
	mol.SetStatus(t, p.ID, billing.StatusCanceled)
	_, err = env.Billing.Refund(ctx, co.OrderID, "cli", "")
	if !errors.Is(err, billing.ErrRefundRefused) || !strings.Contains(err.Error(), "The payment cannot be refunded") {
		t.Fatalf("refused refund: %v", err)
	}
	if mol.Refunds(p.ID) != 0 || orderStatus(co.OrderID) != "completed" {
		t.Fatalf("after the refusal: %d refunds at Mollie, order %s", mol.Refunds(p.ID), orderStatus(co.OrderID))
	}
	wantBooked(t, env, made.ID, 107, 3, true)
}

// TestMollieChargeback: a payment the payer's bank takes back at Mollie
// (amountChargedBack, and its chargebacks list) keeps nothing it bought.
// Its webhook takes the order's credits back through the ledger; a member
// who spent some already ends at zero, with the rest recorded as open; the
// order is refunded (no refund can pay it back again), the member blocked
// from direct debit, and the console shows it. A second webhook changes
// nothing.
func TestMollieChargeback(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env, mol := mollieDirectDebitEngine(t)
	cases := []struct {
		name        string
		spent       int64
		balance     int64
		taken, open int64
	}{
		{"credits unspent", 0, 7, 100, 0},
		// 107 less 60 spent: 47 are taken back, 53 stay open.
		{"credits partly spent", 60, 0, 47, 53},
	}
	for i, c := range cases {
		member, made := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 7})
		member.Country = "NL"
		co := orderAt(t, member, map[string]any{"package_id": "starter", "waive_withdrawal": true, "paymentmethod": "ideal"})
		p := mol.Payments()[i]
		mol.SetStatus(t, p.ID, billing.StatusPaid)
		webhook(t, member, env, "mollie", p.ID)
		awaitStatus(t, member, co.PaymentID, "completed")
		if c.spent > 0 {
			err := pgx.BeginFunc(ctx, env.Pool, func(tx pgx.Tx) error {
				_, err := credits.Post(ctx, tx, credits.Entry{MemberID: made.ID, Delta: -c.spent, Kind: credits.Message, Reference: "message:chargeback-test"})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}

		mol.Chargeback(t, p.ID, "MD06", "Disputed authorized transaction")
		webhook(t, member, env, "mollie", p.ID)
		ledger := func() (balance int64, rows int) {
			t.Helper()
			if err := env.Pool.QueryRow(ctx, "SELECT m.credits, (SELECT count(*) FROM ledger l WHERE l.member_id = m.id) FROM members m WHERE m.id = $1",
				made.ID).Scan(&balance, &rows); err != nil {
				t.Fatal(err)
			}
			return balance, rows
		}
		balance, rows := ledger()
		if balance != c.balance {
			t.Fatalf("%s: balance %d after the chargeback, want %d", c.name, balance, c.balance)
		}
		o, err := env.Billing.TenantOrder(ctx, made.TenantID, co.OrderID)
		if err != nil {
			t.Fatal(err)
		}
		cb := o.Chargeback
		if o.Status != "refunded" || cb == nil || cb.Amount != 1995 || cb.Currency != "EUR" || cb.CreditsTaken != c.taken || cb.CreditsOpen != c.open ||
			!strings.HasPrefix(cb.ProviderChargebackID, "chb_") || cb.Reason != "MD06 Disputed authorized transaction" {
			t.Fatalf("%s: order %+v, chargeback %+v", c.name, o, cb)
		}
		// Blocked from direct debit, as an operator's block would.
		member.Do(http.MethodPost, "/api/directdebit.php", ddBody("starter", "06 4400 000"+fmt.Sprint(i))).Want(t, http.StatusForbidden, "dd_blocked")
		if _, err := env.Billing.Refund(ctx, co.OrderID, "cli", ""); !errors.Is(err, billing.ErrOrderRefunded) {
			t.Fatalf("%s: refund of a charged-back order: %v", c.name, err)
		}

		// Mollie's webhook again, and reconciliation: nothing changes.
		webhook(t, member, env, "mollie", p.ID)
		webhook(t, member, env, "mollie", p.ID)
		if again, rowsAgain := ledger(); again != balance || rowsAgain != rows {
			t.Fatalf("%s: a second webhook moved the balance %d -> %d, ledger rows %d -> %d", c.name, balance, again, rows, rowsAgain)
		}
		var chargebacks int
		if err := env.Pool.QueryRow(ctx, "SELECT count(*) FROM chargebacks WHERE order_id = $1", co.OrderID).Scan(&chargebacks); err != nil || chargebacks != 1 {
			t.Fatalf("%s: %d chargebacks recorded (%v)", c.name, chargebacks, err)
		}
	}
}
