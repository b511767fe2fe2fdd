package accounts_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// fingerprint sums up every account table, to prove a refused request
// changed nothing. Failed logins are left out: a login with a strange
// address is a failed attempt and counts toward the block, as it should.
func fingerprint(t *testing.T, env *servertest.Env) string {
	t.Helper()
	var fp string
	err := env.Pool.QueryRow(context.Background(), `SELECT md5(
		coalesce((SELECT string_agg(m::text, ',' ORDER BY m.id) FROM (SELECT id, email, password_hash, status, credits, language,
			notifications_disabled, notification_types_disabled, session_epoch, tracking, signup_profile_id FROM members) m), '') ||
		coalesce((SELECT string_agg(p::text, ',' ORDER BY p.id) FROM profiles p), '') ||
		(SELECT count(*) FROM account_tokens)::text || '/' || (SELECT count(*) FROM push_subscriptions)::text || '/' ||
		(SELECT count(*) FROM alert_dismissals)::text || '/' || (SELECT count(*) FROM ledger)::text)`).Scan(&fp)
	if err != nil {
		t.Fatal(err)
	}
	return fp
}

// Bad input of every kind to every account call: a clear 4xx with a code
// and a message, and nothing changes.
func TestBadInputChangesNothing(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	calls := []struct{ method, path string }{
		{"POST", "/api/signup.php"}, {"POST", "/api/user.php"}, {"POST", "/api/user.php?push=1"}, {"PUT", "/api/user.php"},
		{"POST", "/api/reset-password.php"}, {"POST", "/api/reset-password.php?do=1"}, {"PUT", "/api/account.php"},
		{"POST", "/api/mail-change.php"}, {"POST", "/api/reactivate.php"}, {"PUT", "/api/notifications.php"},
		{"POST", "/api/alerts.php"}, {"POST", "/hooks/mail/fbl"}, {"POST", "/hooks/mail/bounce"},
	}
	bodies := []struct {
		name   string
		body   string
		status int
		code   string
	}{
		{"malformed", `{"email": "a@b.nl"`, 400, "invalid_json"},
		{"not json", `email=a@b.nl`, 400, "invalid_json"},
		{"empty", ``, 400, "invalid_json"},
		{"trailing data", `{} []`, 400, "invalid_json"},
		{"array", `[1, 2]`, 422, "wrong_type"},
		{"string", `"hello"`, 422, "wrong_type"},
		{"unknown field", `{"is_admin": true}`, 400, "unknown_field"},
		{"huge", `{"email": "` + strings.Repeat("x", 100<<10) + `"}`, 413, "body_too_large"},
		{"sql", `{"email": "' OR 1=1; DROP TABLE members; --"}`, 0, ""},
		{"html", `{"email": "<script>alert(1)</script>@example.com", "token": "<b>", "alert": "<b>", "language": "<b>"}`, 0, ""},
	}
	before := fingerprint(t, env)
	for _, call := range calls {
		for _, b := range bodies {
			res := c.Do(call.method, call.path, b.body)
			var e apiErr
			_ = json.Unmarshal(res.Body, &e)
			if res.Status < 400 || res.Status >= 500 || e.Error == "" || e.Message == "" ||
				(b.status != 0 && (res.Status != b.status || e.Error != b.code)) {
				t.Errorf("%s %s, %s: %d %s", call.method, call.path, b.name, res.Status, res.Body)
			}
		}
		req, _ := http.NewRequest(call.method, env.URL+call.path, strings.NewReader(`<xml/>`))
		req.Host = "localhost"
		req.Header.Set("Content-Type", "application/xml")
		req.Header.Set("X-Request-Type", "client")
		if res := c.Send(req); res.Status != http.StatusUnsupportedMediaType || res.ErrorCode() != "unsupported_media_type" {
			t.Errorf("%s %s, xml: %d %s", call.method, call.path, res.Status, res.Body)
		}
	}
	if after := fingerprint(t, env); after != before {
		t.Fatal("bad input changed the account tables")
	}
	if currentUser(t, c) == nil {
		t.Fatal("bad input ended the session")
	}
}
