package accounts_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/server/servertest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestLoginLogoutAndCurrentUser(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	made := accountstest.NewMember(t, env.Pool, accountstest.Member{Email: "Anna@Example.com", Name: "Anna", Credits: 30})
	c := env.Client(t, "localhost")

	var anon struct{ User any }
	c.Do("GET", "/api/user.php", nil).JSON(t, &anon)
	if anon.User != nil {
		t.Fatalf("logged out user %v", anon.User)
	}

	cases := []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"wrong password", map[string]string{"email": made.Email, "password": "nope"}, 401, "login_failed"},
		{"unknown email", map[string]string{"email": "nobody@example.com", "password": made.Password}, 401, "login_failed"},
		{"malformed json", `{"email":`, 400, "invalid_json"},
		{"unknown field", map[string]any{"email": made.Email, "password": made.Password, "admin": true}, 400, "unknown_field"},
		{"wrong type", map[string]any{"email": 5, "password": made.Password}, 422, "wrong_type"},
	}
	for _, tc := range cases {
		res := c.Do("POST", "/api/user.php", tc.body)
		if res.Status != tc.status || res.ErrorCode() != tc.code {
			t.Errorf("%s: %d %s, want %d %s", tc.name, res.Status, res.Body, tc.status, tc.code)
		}
	}
	var failed struct{ Message string }
	c.Do("POST", "/api/user.php", map[string]string{"email": made.Email, "password": "nope"}).JSON(t, &failed)
	if failed.Message != "Login failed, please try again" {
		t.Errorf("message %q", failed.Message)
	}

	// Email is matched regardless of letter case.
	c.Login("anna@EXAMPLE.com", made.Password)
	var got struct {
		User struct {
			ID       int64
			Email    string
			Status   string
			Credits  int64
			PaidUser bool `json:"paid_user"`
			Profile  struct {
				Name      string
				MainImage any `json:"main_image"`
			}
		}
	}
	c.Do("GET", "/api/user.php", nil).JSON(t, &got)
	if got.User.ID != made.ID || got.User.Credits != 30 || got.User.Profile.Name != "Anna" || got.User.Profile.MainImage != nil {
		t.Fatalf("user %+v", got.User)
	}

	if res := c.Do("GET", "/api/logout.php", nil); res.Status != http.StatusNoContent {
		t.Fatalf("logout %d", res.Status)
	}
	c.Do("GET", "/api/user.php", nil).JSON(t, &anon)
	if anon.User != nil {
		t.Fatal("still logged in after logout")
	}
}

func TestLoginNeedsClientHeader(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	made := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	body := `{"email":"` + made.Email + `","password":"` + made.Password + `"}`
	req, _ := http.NewRequest("POST", env.URL+"/api/user.php", strings.NewReader(body))
	req.Host = "localhost"
	c := env.Client(t, "localhost")
	res := c.Send(req)
	if res.Status != http.StatusForbidden || res.ErrorCode() != "request_type_required" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	var got struct{ User any }
	c.Do("GET", "/api/user.php", nil).JSON(t, &got)
	if got.User != nil {
		t.Fatal("a login without X-Request-Type logged in")
	}
}

// GET logout.php is a GET by the API contract, so the cross-origin guard
// (which spares GETs) does not cover it: an image on another site would log
// the member out. The client header, which such a request cannot carry, does.
func TestLogoutNeedsClientHeader(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	req, _ := http.NewRequest("GET", env.URL+"/api/logout.php", nil)
	req.Host = "localhost"
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	res := c.Send(req)
	if res.Status != http.StatusForbidden || res.ErrorCode() != "request_type_required" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	var got struct{ User any }
	c.Do("GET", "/api/user.php", nil).JSON(t, &got)
	if got.User == nil {
		t.Fatal("a cross-site logout ended the session")
	}
}

// A session made on one tenant is worthless on another, and a member of one
// tenant cannot log in on another.
func TestSessionsAreBoundToTheirTenant(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	nl, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	res := env.Client(t, "de.localhost").Do("POST", "/api/user.php", map[string]string{"email": made.Email, "password": made.Password})
	if res.Status != http.StatusUnauthorized {
		t.Fatalf("member logged in on another tenant: %d", res.Status)
	}
	// Replay the Dutch session cookie on the German host.
	de := env.Client(t, "de.localhost")
	req, _ := http.NewRequest("GET", env.URL+"/api/user.php", nil)
	for _, ck := range nl.HTTP.Jar.Cookies(mustURL("http://localhost/")) {
		req.AddCookie(ck)
	}
	req.Host = "de.localhost"
	var got struct{ User any }
	de.Send(req).JSON(t, &got)
	if got.User != nil {
		t.Fatal("a session of one tenant worked on another")
	}
}

func TestPendingDeletionCannotLogIn(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	made := accountstest.NewMember(t, env.Pool, accountstest.Member{Status: "deletion_pending"})
	res := env.Client(t, "localhost").Do("POST", "/api/user.php", map[string]string{"email": made.Email, "password": made.Password})
	if res.Status != http.StatusForbidden || res.ErrorCode() != "account_pending_deletion" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// The session cookie lives 30 days, is out of scripts' reach, is not sent by
// cross-site forms, and a login issues a new token (no session fixation).
func TestSessionCookie(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	made := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	c := env.Client(t, "localhost")
	// A visitor's session gets its token once something is stored in it;
	// plant one to see that login replaces it.
	c.HTTP.Jar.SetCookies(&url.URL{Scheme: "http", Host: "localhost"}, []*http.Cookie{{Name: "rdv_session", Value: "planted-token"}})
	res := c.Do("POST", "/api/user.php", map[string]string{"email": made.Email, "password": made.Password})
	if res.Status != 200 {
		t.Fatalf("login: %d %s", res.Status, res.Body)
	}
	var session *http.Cookie
	for _, ck := range (&http.Response{Header: res.Header}).Cookies() {
		if ck.Name == "rdv_session" {
			session = ck
		}
	}
	if session == nil {
		t.Fatalf("no session cookie: %v", res.Header.Values("Set-Cookie"))
	}
	if session.Value == "planted-token" || !session.HttpOnly || session.SameSite != http.SameSiteLaxMode ||
		session.MaxAge < 29*24*3600 && session.Expires.Before(time.Now().Add(29*24*time.Hour)) {
		t.Fatalf("session cookie %+v", session)
	}
}
