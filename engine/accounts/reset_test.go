package accounts_test

import (
	"net/http"
	"testing"
	"time"

	"rendezvous/engine/accounts"
	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/server/servertest"
)

func TestPasswordReset(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	clock := withClock(env)
	made := accountstest.NewMember(t, env.Pool, accountstest.Member{Status: "not_confirmed"})
	elsewhere := env.Client(t, "localhost")
	elsewhere.Login(made.Email, made.Password)
	c := env.Client(t, "localhost")

	cases := []struct {
		name    string
		body    any
		status  int
		code    string
		message string
	}{
		{"unknown address", map[string]string{"email": "nobody@example.com"}, 404, "email_not_found", "E-mail address not found"},
		{"invalid address", map[string]string{"email": "nobody"}, 422, "email_invalid", "Invalid email"},
		{"unknown field", map[string]any{"email": made.Email, "x": 1}, 400, "unknown_field", ""},
		{"wrong type", map[string]any{"email": []string{made.Email}}, 422, "wrong_type", ""},
	}
	for _, tc := range cases {
		res := c.Do("POST", "/api/reset-password.php", tc.body)
		if e := errOf(t, res); res.Status != tc.status || e.Error != tc.code || (tc.message != "" && e.Message != tc.message) {
			t.Errorf("%s: %d %s", tc.name, res.Status, res.Body)
		}
	}
	// Three mails a day, then the limit, whatever the letter case.
	var last deliverytest.Mail
	for i := 0; i < accounts.ResetsPerDay; i++ {
		if res := c.Do("POST", "/api/reset-password.php", map[string]string{"email": made.Email}); res.Status != http.StatusNoContent {
			t.Fatalf("reset %d: %d %s", i, res.Status, res.Body)
		}
		last = deliverytest.Await(t, env.Pool, made.Email, "password_reset", last.ID)
	}
	res := c.Do("POST", "/api/reset-password.php", map[string]string{"email": made.Email})
	if e := errOf(t, res); res.Status != 429 || e.Error != "reset_limit" ||
		e.Message != "Too many password reset emails sent, please try again tomorrow." {
		t.Fatalf("over the limit: %d %s", res.Status, res.Body)
	}
	link := last.Path(t, "/reset-password/do?token=")
	token := last.Token(t)
	if link != "/reset-password/do?token="+token {
		t.Fatalf("link %s", link)
	}

	doCases := []struct {
		name    string
		body    any
		status  int
		code    string
		message string
	}{
		{"passwords differ", map[string]string{"token": token, "password": "newpass1", "password_repeat": "newpass2"}, 422,
			"passwords_differ", "The entered passwords are not the same."},
		{"bad token", map[string]string{"token": "abc", "password": "newpass1", "password_repeat": "newpass1"}, 410,
			"link_invalid", "Link expired or invalid, request a new email"},
		{"short password", map[string]string{"token": token, "password": "x", "password_repeat": "x"}, 422, "password_invalid", ""},
		{"malformed", `{"token":`, 400, "invalid_json", ""},
	}
	for _, tc := range doCases {
		res := c.Do("POST", "/api/reset-password.php?do=1", tc.body)
		if e := errOf(t, res); res.Status != tc.status || e.Error != tc.code || (tc.message != "" && e.Message != tc.message) {
			t.Errorf("%s: %d %s", tc.name, res.Status, res.Body)
		}
	}
	if res := c.Do("POST", "/api/reset-password.php?do=1", map[string]string{"token": token, "password": "brand-new-1", "password_repeat": "brand-new-1"}); res.Status != 204 {
		t.Fatalf("reset: %d %s", res.Status, res.Body)
	}
	// Single use; the other sessions ended; the new password works and the
	// link proved the address.
	if res := c.Do("POST", "/api/reset-password.php?do=1", map[string]string{"token": token, "password": "again-new-1", "password_repeat": "again-new-1"}); res.Status != 410 {
		t.Fatalf("second use: %d", res.Status)
	}
	if u := currentUser(t, elsewhere); u != nil {
		t.Fatal("a session survived the password reset")
	}
	if res := c.Do("POST", "/api/user.php", map[string]string{"email": made.Email, "password": made.Password}); res.Status != 401 {
		t.Fatalf("old password: %d", res.Status)
	}
	c.Login(made.Email, "brand-new-1")
	if u := currentUser(t, c); u.Status != "active" || u.Profile.Status != "active" {
		t.Fatalf("after reset %+v", u)
	}

	// Tomorrow (in the tenant's time zone) the limit starts afresh; links
	// expire after a day.
	clock.Advance(24 * time.Hour)
	if res := c.Do("POST", "/api/reset-password.php", map[string]string{"email": made.Email}); res.Status != 204 {
		t.Fatalf("next day: %d %s", res.Status, res.Body)
	}
	fresh := deliverytest.Await(t, env.Pool, made.Email, "password_reset", last.ID)
	clock.Advance(accounts.ResetValidity + time.Minute)
	body := map[string]string{"token": fresh.Token(t), "password": "later-new-1", "password_repeat": "later-new-1"}
	if res := c.Do("POST", "/api/reset-password.php?do=1", body); res.Status != 410 {
		t.Fatalf("expired link: %d", res.Status)
	}
}

// A password reset lifts a login block on the account.
func TestPasswordResetLiftsLoginBlock(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	made := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	c := env.Client(t, "localhost")
	for range accounts.DefaultBlockPolicy.PerAccountAddress {
		c.Do("POST", "/api/user.php", map[string]string{"email": made.Email, "password": "wrong"})
	}
	if res := c.Do("POST", "/api/user.php", map[string]string{"email": made.Email, "password": made.Password}); res.Status != 429 {
		t.Fatalf("not blocked: %d", res.Status)
	}
	c.Do("POST", "/api/reset-password.php", map[string]string{"email": made.Email})
	token := deliverytest.Await(t, env.Pool, made.Email, "password_reset", 0).Token(t)
	c.Do("POST", "/api/reset-password.php?do=1", map[string]string{"token": token, "password": "brand-new-1", "password_repeat": "brand-new-1"})
	c.Login(made.Email, "brand-new-1")
}
