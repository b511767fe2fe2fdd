package affiliates_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/affiliates"
	"rendezvous/engine/server/servertest"
)

// postForm posts a lander's signup form as a browser without the script.
func postForm(t *testing.T, c *servertest.Client, env *servertest.Env, form url.Values, headers map[string]string) servertest.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, env.URL+"/landers/signup", strings.NewReader(form.Encode()))
	req.Host = c.Host
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return c.Send(req)
}

// TestTrackingFromLanderForm follows a visitor from a lander with an A/B
// slug through its signup form (posted without the script) into the app,
// logged in, and on to an order: the visit keeps the variant, the member
// and the order the source, and the report shows the variant's visit.
func TestTrackingFromLanderForm(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env := servertest.New(t)
	c := env.Client(t, "localhost")
	c.Country = "NL"
	lander := "/landers/tinderswipe/milf-b?network=adnet&ref=aff7&sub1=swipe"
	page := c.Do(http.MethodGet, lander, nil)
	page.Want(t, http.StatusOK, "")
	if !strings.Contains(string(page.Body), `data-niche="milf"`) || !strings.Contains(string(page.Body), `action="/landers/signup"`) {
		t.Fatalf("lander: %.300s", page.Body)
	}
	env.AwaitCount(t, 1, `SELECT count(*) FROM traffic_visits WHERE network = 'adnet' AND ref = 'aff7' AND variant = 'milf-b'`)

	// The brand asks before the affiliate cookie: the form carries the
	// link's parameters itself, as the page renders them.
	if page.Header.Get("Set-Cookie") != "" && strings.Contains(page.Header.Get("Set-Cookie"), "rdv_tracking") {
		t.Fatal("the affiliate cookie was set without consent")
	}
	for _, hidden := range []string{`name="network" value="adnet"`, `name="ref" value="aff7"`, `name="sub1" value="swipe"`} {
		if !strings.Contains(string(page.Body), hidden) {
			t.Fatalf("the form does not carry %s", hidden)
		}
	}
	form := url.Values{"gender": {"male"}, "name": {"Swiper"}, "date_of_birth": {"1988-04-03"}, "email": {"swiper@example.com"},
		"password": {"secret123"}, "lander": {"/landers/tinderswipe/milf-b"}, "orientation_consent": {"1"},
		"network": {"adnet"}, "ref": {"aff7"}, "sub1": {"swipe"}}
	// A bad field: the lander again, with the refusal in the form and the
	// entries kept but the password.
	bad := url.Values{}
	for k, v := range form {
		bad[k] = v
	}
	bad.Set("email", "not-an-address")
	res := postForm(t, c, env, bad, nil)
	if res.Status != http.StatusUnprocessableEntity && res.Status != http.StatusBadRequest {
		t.Fatalf("bad email: status %d", res.Status)
	}
	body := string(res.Body)
	if !strings.Contains(body, "Ongeldig e-mailadres") || !strings.Contains(body, `value="Swiper"`) || strings.Contains(body, "secret123") ||
		!strings.Contains(body, `data-lander="tinderswipe"`) {
		t.Errorf("refused form: %s", body)
	}
	// Another site's form is refused before anything happens.
	postForm(t, c, env, form, map[string]string{"Sec-Fetch-Site": "cross-site"}).Want(t, http.StatusForbidden, "cross_origin")

	res = postForm(t, c, env, form, nil)
	res.Want(t, http.StatusSeeOther, "")
	if loc := res.Header.Get("Location"); loc != "/complete-signup" {
		t.Fatalf("after signup: %s", loc)
	}
	var me struct {
		User *struct {
			Profile struct{ Name string } `json:"profile"`
		} `json:"user"`
	}
	c.Do(http.MethodGet, "/api/user.php", nil).JSON(t, &me)
	if me.User == nil || me.User.Profile.Name != "Swiper" {
		t.Fatalf("not logged in after the lander's signup: %+v", me)
	}
	var memberID int64
	var tracking string
	if err := env.Pool.QueryRow(ctx, `SELECT id, tracking::text FROM members WHERE email = 'swiper@example.com'`).Scan(&memberID, &tracking); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tracking, `"network": "adnet"`) || !strings.Contains(tracking, `"ref": "aff7"`) || !strings.Contains(tracking, `"sub1": "swipe"`) {
		t.Fatalf("member's tracking %s", tracking)
	}
	co := order(t, c, map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "ideal"})
	decide(t, c, env, co, "paid").Want(t, http.StatusSeeOther, "")
	env.AwaitCount(t, 1, `SELECT count(*) FROM orders WHERE member_id = $1 AND status = 'completed'`, memberID)
	if err := env.Pool.QueryRow(ctx, `SELECT tracking::text FROM orders WHERE id = $1`, co.OrderID).Scan(&tracking); err != nil ||
		!strings.Contains(tracking, `"ref": "aff7"`) {
		t.Fatalf("order's tracking %s %v", tracking, err)
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
	for _, row := range report.Rows {
		if row.Ref == "aff7" {
			if row.Visits != 1 || row.Signups != 1 || row.FirstPurchases != 1 || len(row.Variants) != 1 ||
				row.Variants[0] != (affiliates.VariantVisits{Variant: "milf-b", Visits: 1}) {
				t.Errorf("report row %+v", row)
			}
			return
		}
	}
	t.Fatalf("no report row for aff7: %+v", report.Rows)
}

// TestLanderSignupsSetting: where signups need a traffic source, a lander
// opened without one says the site is invite-only and its form is
// refused; with one, the form is there and signs up.
func TestLanderSignupsSetting(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	form := url.Values{"gender": {"female"}, "name": {"Ava"}, "date_of_birth": {"1985-02-03"}, "email": {"ava@example.com"}, "orientation_consent": {"1"},
		"password": {"secret123"}, "lander": {"/landers/gallery"}}

	plain := env.Client(t, "us.localhost")
	page := string(plain.Do(http.MethodGet, "/landers/gallery", nil).Body)
	if !strings.Contains(page, `data-testid="signup-closed"`) || strings.Contains(page, `action="/landers/signup"`) {
		t.Errorf("sparkusa without a source: the form is offered")
	}
	res := postForm(t, plain, env, form, nil)
	res.Want(t, http.StatusForbidden, "")
	if !strings.Contains(string(res.Body), "Spark is currently invite-only") && !strings.Contains(string(res.Body), "invite-only") {
		t.Errorf("refusal not shown: %.400s", res.Body)
	}
	env.AwaitCount(t, 0, `SELECT count(*) FROM members WHERE email = 'ava@example.com'`)

	sourced := env.Client(t, "us.localhost")
	page = string(sourced.Do(http.MethodGet, "/landers/gallery?network=adnet&ref=us1", nil).Body)
	if !strings.Contains(page, `action="/landers/signup"`) {
		t.Fatalf("sparkusa with a source: no form")
	}
	postForm(t, sourced, env, form, nil).Want(t, http.StatusSeeOther, "")
	env.AwaitCount(t, 1, `SELECT count(*) FROM members WHERE email = 'ava@example.com' AND tracking->>'ref' = 'us1'`)
}
