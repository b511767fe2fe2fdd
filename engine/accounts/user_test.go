package accounts_test

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts"
	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

func pushSubscription(endpoint string) map[string]any {
	key := make([]byte, 65)
	key[0] = 4
	return map[string]any{"endpoint": endpoint, "expirationTime": nil, "keys": map[string]string{
		"p256dh": base64.RawURLEncoding.EncodeToString(key), "auth": base64.RawURLEncoding.EncodeToString(make([]byte, 16)),
	}}
}

func TestLanguageChange(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	res := c.Do("PUT", "/api/user.php", map[string]string{"language": "en"})
	var got struct{ User user }
	res.JSON(t, &got)
	if res.Status != 200 || got.User.Language != "en" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	if !strings.Contains(strings.Join(res.Header.Values("Set-Cookie"), ";"), "locale=en") {
		t.Fatalf("no locale cookie: %v", res.Header.Values("Set-Cookie"))
	}
	for _, body := range []any{map[string]string{"language": "fr"}, map[string]string{"language": "<b>"}, map[string]int{"language": 1}} {
		if res := c.Do("PUT", "/api/user.php", body); res.Status != 422 {
			t.Errorf("%v: %d %s", body, res.Status, res.Body)
		}
	}
	if u := currentUser(t, c); u.Language != "en" {
		t.Fatalf("language %s", u.Language)
	}
	// State-changing user.php calls need X-Request-Type: client.
	req, _ := http.NewRequest("PUT", env.URL+"/api/user.php", strings.NewReader(`{"language":"nl"}`))
	req.Host = "localhost"
	if res := c.Send(req); res.Status != 403 || res.ErrorCode() != "request_type_required" {
		t.Fatalf("without the header: %d %s", res.Status, res.Body)
	}
}

func TestPushSubscription(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	other, otherMade := env.LoggedIn(t, "localhost", accountstest.Member{})
	cases := []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"subscription", map[string]any{"subscription": pushSubscription("https://push.example.com/a")}, 204, ""},
		{"again", map[string]any{"subscription": pushSubscription("https://push.example.com/a")}, 204, ""},
		{"null", map[string]any{"subscription": nil}, 204, ""},
		{"denied", map[string]any{"subscription": "denied"}, 204, ""},
		{"http endpoint", map[string]any{"subscription": pushSubscription("http://push.example.com/a")}, 422, "subscription_invalid"},
		{"bad keys", map[string]any{"subscription": map[string]any{"endpoint": "https://push.example.com/b", "keys": map[string]string{"p256dh": "x", "auth": "y"}}}, 422, "subscription_invalid"},
		{"a number", map[string]any{"subscription": 5}, 422, "subscription_invalid"},
		{"unknown field", map[string]any{"subscription": nil, "user_id": 1}, 400, "unknown_field"},
	}
	for _, tc := range cases {
		res := c.Do("POST", "/api/user.php?push=1", tc.body)
		if res.Status != tc.status || res.ErrorCode() != tc.code {
			t.Errorf("%s: %d %s", tc.name, res.Status, res.Body)
		}
	}
	if n := count(t, env.Pool, "SELECT count(*) FROM push_subscriptions WHERE member_id = $1", made.ID); n != 1 {
		t.Fatalf("%d subscriptions", n)
	}
	// The browser's endpoint follows whoever saved it last.
	other.Do("POST", "/api/user.php?push=1", map[string]any{"subscription": pushSubscription("https://push.example.com/a")})
	mine := count(t, env.Pool, "SELECT count(*) FROM push_subscriptions WHERE member_id = $1", made.ID)
	theirs := count(t, env.Pool, "SELECT count(*) FROM push_subscriptions WHERE member_id = $1", otherMade.ID)
	if mine != 0 || theirs != 1 {
		t.Fatalf("subscriptions after the other login saved the endpoint: %d mine, %d theirs", mine, theirs)
	}
}

// TestPushSubscriptionOutbound: an endpoint the engine may not call (a
// private, link-local, metadata or unspecified address) is refused when
// saved; a member keeps at most push.MaxSubscriptions browsers, a new one
// replacing the one saved longest ago.
func TestPushSubscriptionOutbound(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	for _, endpoint := range []string{"https://169.254.169.254/latest/meta-data/", "https://10.1.2.3/push", "https://[::ffff:192.168.0.1]/push",
		"https://0.0.0.0:9090/push", "https://[fd00:ec2::254]/push"} {
		res := c.Do("POST", "/api/user.php?push=1", map[string]any{"subscription": pushSubscription(endpoint)})
		if res.Status != 422 || res.ErrorCode() != "subscription_invalid" {
			t.Errorf("%s: %d %s", endpoint, res.Status, res.Body)
		}
	}
	if n := count(t, env.Pool, "SELECT count(*) FROM push_subscriptions WHERE member_id = $1", made.ID); n != 0 {
		t.Fatalf("%d forbidden subscriptions saved", n)
	}
	const saved = 12
	for i := range saved {
		c.Do("POST", "/api/user.php?push=1", map[string]any{"subscription": pushSubscription(fmt.Sprintf("https://push.example.com/%d", i))}).
			Want(t, http.StatusNoContent, "")
	}
	if n := count(t, env.Pool, "SELECT count(*) FROM push_subscriptions WHERE member_id = $1", made.ID); n != 10 {
		t.Fatalf("%d subscriptions kept of %d saved, want 10", n, saved)
	}
	if n := count(t, env.Pool, "SELECT count(*) FROM push_subscriptions WHERE member_id = $1 AND endpoint IN ('https://push.example.com/0', 'https://push.example.com/1')", made.ID); n != 0 {
		t.Fatalf("the oldest subscriptions were kept (%d)", n)
	}
}

func TestAlertDismissals(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	if u := currentUser(t, c); len(u.DismissedAlerts) != 0 {
		t.Fatalf("dismissed %v", u.DismissedAlerts)
	}
	for _, a := range []string{"time_bonus", "profile_photo", "push", "notifications_disabled"} {
		if res := c.Do("POST", "/api/alerts.php", map[string]string{"alert": a}); res.Status != 204 {
			t.Fatalf("%s: %d %s", a, res.Status, res.Body)
		}
	}
	if res := c.Do("POST", "/api/alerts.php", map[string]string{"alert": "everything"}); res.Status != 422 || res.ErrorCode() != "alert_invalid" {
		t.Fatalf("unknown alert: %d %s", res.Status, res.Body)
	}
	u := currentUser(t, c)
	if len(u.DismissedAlerts) != 4 || u.DismissedAlerts["push"].IsZero() {
		t.Fatalf("dismissed %v", u.DismissedAlerts)
	}
}

func TestPageHidden(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	if res := env.Client(t, "localhost").Do("POST", "/api/page-hidden.php", map[string]any{}); res.Status != 204 {
		t.Fatalf("visitor: %d %s", res.Status, res.Body)
	}
	c, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	// Within the minute in which requests do not refresh it themselves.
	if _, err := env.Pool.Exec(t.Context(), "UPDATE members SET last_seen_at = now() - interval '40 seconds' WHERE id = $1", made.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Pool.Exec(t.Context(), "UPDATE profiles SET last_active_at = now() - interval '1 day' WHERE id = $1", made.ID); err != nil {
		t.Fatal(err)
	}
	if res := c.Do("POST", "/api/page-hidden.php", map[string]any{}); res.Status != 204 {
		t.Fatalf("member: %d %s", res.Status, res.Body)
	}
	if n := count(t, env.Pool, "SELECT count(*) FROM members WHERE id = $1 AND last_seen_at > now() - interval '20 seconds'", made.ID); n != 1 {
		t.Fatal("the beacon must mark the moment the member left")
	}
	// Search and the match finder rank by the profile's last activity.
	if n := count(t, env.Pool, "SELECT count(*) FROM profiles WHERE id = $1 AND last_active_at > now() - interval '20 seconds'", made.ID); n != 1 {
		t.Fatal("the profile's last activity must follow")
	}
}

// Every request of a logged-in member records the visit, the account's
// last visit and the profile's last activity together, but at most once a
// minute.
func TestRequestsMarkTheVisitOnceAMinute(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	clock := withClock(env)
	for _, tc := range []struct {
		lastSeen string
		marked   bool
	}{
		{"40 seconds", false},
		{"2 minutes", true},
	} {
		if _, err := env.Pool.Exec(t.Context(), "UPDATE members SET last_seen_at = now() - $2::interval WHERE id = $1", made.ID, tc.lastSeen); err != nil {
			t.Fatal(err)
		}
		if _, err := env.Pool.Exec(t.Context(), "UPDATE profiles SET last_active_at = now() - interval '1 day' WHERE id = $1", made.ID); err != nil {
			t.Fatal(err)
		}
		// The instance reads the session, and the visit it records,
		// again once what it keeps in memory is old.
		clock.Advance(accounts.SessionCacheTTL + time.Second)
		if res := c.Do("GET", "/api/user.php", nil); res.Status != 200 {
			t.Fatalf("user.php: %d %s", res.Status, res.Body)
		}
		seen := count(t, env.Pool, "SELECT count(*) FROM members WHERE id = $1 AND last_seen_at > now() - interval '20 seconds'", made.ID)
		active := count(t, env.Pool, "SELECT count(*) FROM profiles WHERE id = $1 AND last_active_at > now() - interval '20 seconds'", made.ID)
		if want := map[bool]int{true: 1}[tc.marked]; seen != want || active != want {
			t.Errorf("last seen %s ago: member marked %d, profile marked %d; want %d", tc.lastSeen, seen, active, want)
		}
	}
}
