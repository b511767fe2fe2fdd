package affiliates_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/affiliates"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/server/servertest"
)

// TestTrackingThroughSignupAndOrder follows an affiliate's visitor on a
// running engine: the lander URL's source is remembered, counted as a
// visit (once a day per visitor), kept on the member at signup and on the
// order; the network is called once per event (signup, activation, first
// purchase) however often its first call fails and however often the
// payment's webhook comes; the report counts it all for the source.
func TestTrackingThroughSignupAndOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env := servertest.New(t)
	n := newNetwork(t)
	configure(t, env.Pool, "lustlokaal", n)
	env.Tenants.Invalidate()

	c := env.Client(t, "localhost")
	c.Country = "NL"
	lander := "/landers/video?network=adnet&ref=aff1&sub1=click42&sub2=banner"
	// The brand asks before the affiliate cookie; this visitor accepted.
	c.Do(http.MethodPost, "/api/cookies.php", map[string]any{"choice": "all"}).Want(t, http.StatusNoContent, "")
	c.Do(http.MethodGet, lander, nil).Want(t, http.StatusOK, "")
	c.Do(http.MethodGet, lander, nil).Want(t, http.StatusOK, "") // the same visitor the same day
	other := env.Client(t, "localhost")
	req, _ := http.NewRequest(http.MethodGet, env.URL+lander, nil)
	req.Host = "localhost"
	req.Header.Set("User-Agent", "another browser")
	other.Send(req).Want(t, http.StatusOK, "")
	env.AwaitCount(t, 2, `SELECT count(*) FROM traffic_visits WHERE network = 'adnet' AND sub1 = 'click42'`)

	// The signup comes later, from a page without the source: the cookie
	// remembered it.
	c.Do(http.MethodGet, "/", nil).Want(t, http.StatusOK, "")
	c.Do(http.MethodPost, "/api/signup.php", map[string]any{"email": "affiliate@example.com", "name": "Mila",
		"date_of_birth": "1990-01-02", "password": "secret123", "gender": "female", "seeking": "male", "orientation_consent": true}).Want(t, http.StatusCreated, "")
	var memberID int64
	var tracking string
	if err := env.Pool.QueryRow(ctx, `SELECT id, tracking::text FROM members WHERE email = 'affiliate@example.com'`).Scan(&memberID, &tracking); err != nil {
		t.Fatal(err)
	}
	if tracking != `{"ref": "aff1", "sub1": "click42", "sub2": "banner", "sub3": "", "lander": "video", "network": "adnet"}` {
		t.Fatalf("member's tracking %s", tracking)
	}

	deliverytest.Await(t, env.Pool, "affiliate@example.com", "activation", 0)
	var mails []struct{ Links []string }
	c.Do(http.MethodGet, "/dev/mailbox.json", nil).JSON(t, &mails)
	if len(mails) != 1 || len(mails[0].Links) != 1 {
		t.Fatalf("mailbox %+v", mails)
	}
	link, _ := url.Parse(mails[0].Links[0])
	c.Do(http.MethodGet, link.RequestURI(), nil).Want(t, http.StatusSeeOther, "")
	c.Do(http.MethodGet, link.RequestURI(), nil) // the link opened twice

	co := order(t, c, map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "ideal"})
	decide(t, c, env, co, "paid").Want(t, http.StatusSeeOther, "")
	env.AwaitCount(t, 1, `SELECT count(*) FROM orders WHERE member_id = $1 AND status = 'completed'`, memberID)
	if err := env.Pool.QueryRow(ctx, `SELECT tracking::text FROM orders WHERE id = $1`, co.OrderID).Scan(&tracking); err != nil ||
		!strings.Contains(tracking, `"network": "adnet"`) || !strings.Contains(tracking, `"sub1": "click42"`) {
		t.Fatalf("order's tracking %s %v", tracking, err)
	}

	// Each event's first call fails; River retries it once.
	env.AwaitCount(t, 3, `SELECT count(*) FROM postbacks WHERE member_id = $1 AND status = 'sent'`, memberID)
	// The provider's webhook again: the order is completed, no new postback.
	webhook(t, c, env, "sandbox", sandboxID(co))
	var postbacks, jobs int
	if err := env.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM postbacks), (SELECT count(*) FROM river_job WHERE kind = 'traffic_postback')`).
		Scan(&postbacks, &jobs); err != nil || postbacks != 3 || jobs != 3 {
		t.Fatalf("%d postbacks, %d jobs (%v); want 3 each", postbacks, jobs, err)
	}
	for _, event := range affiliates.Events {
		if got := n.count(event); got != 2 {
			t.Errorf("%s: %d calls, want 2 (a failure and its retry)", event, got)
		}
	}
	if q := n.last("first_purchase"); q.Get("click") != "click42" || q.Get("amount") != "39.95" || q.Get("currency") != "EUR" ||
		q.Get("order") != strconv.FormatInt(co.OrderID, 10) {
		t.Errorf("first purchase call %v", q)
	}
	if q := n.last("signup"); q.Get("ref") != "aff1" || q.Get("m") != strconv.FormatInt(memberID, 10) {
		t.Errorf("signup call %v", q)
	}

	loc, _ := time.LoadLocation("Europe/Amsterdam")
	first, last, err := affiliates.Span("", "", loc, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var tenantID int64
	if err := env.Pool.QueryRow(ctx, `SELECT id FROM tenants WHERE slug = 'lustlokaal'`).Scan(&tenantID); err != nil {
		t.Fatal(err)
	}
	report, err := affiliates.Traffic(ctx, env.Pool, tenantID, loc, first, last)
	if err != nil {
		t.Fatal(err)
	}
	var row *affiliates.Row
	for i := range report.Rows {
		if report.Rows[i].Network == "adnet" {
			row = &report.Rows[i]
		}
	}
	if row == nil || row.Ref != "aff1" || row.Sub1 != "click42" || row.Sub2 != "banner" || row.Visits != 2 || row.Signups != 1 ||
		row.Activations != 1 || row.FirstPurchases != 1 || len(row.Revenue) != 1 || row.Revenue[0] != (affiliates.Money{Currency: "EUR", Amount: 3995}) {
		t.Fatalf("report %+v", report.Rows)
	}
}

type checkout struct {
	OrderID     int64  `json:"order_id"`
	PaymentID   string `json:"payment_id"`
	RedirectURL string `json:"redirect_url"`
}

// order orders a package and returns where to pay.
func order(t *testing.T, c *servertest.Client, body map[string]any) checkout {
	t.Helper()
	res := c.Do(http.MethodPost, "/api/orders.php", body)
	res.Want(t, http.StatusCreated, "")
	var out checkout
	res.JSON(t, &out)
	return out
}

// decide posts the payer's outcome on the sandbox's checkout page.
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

// sandboxID is the provider's payment id in a checkout URL.
func sandboxID(co checkout) string {
	return co.RedirectURL[strings.LastIndex(co.RedirectURL, "/")+1:]
}
