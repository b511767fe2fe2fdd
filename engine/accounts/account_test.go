package accounts_test

import (
	"net/http"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/server/servertest"
)

func TestChangeEmail(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, made := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Bram"})
	other := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	newAddr := newEmail("bram-new")
	cases := []struct {
		name    string
		body    any
		status  int
		code    string
		message string
	}{
		{"wrong old password", map[string]any{"old_password": "nope", "email": newAddr}, 403, "old_password", "Please check your old password."},
		{"invalid new address", map[string]any{"old_password": made.Password, "email": "bram@"}, 422, "new_email_invalid", "New email adress is invalid."},
		{"address of another account", map[string]any{"old_password": made.Password, "email": strings.ToUpper(other.Email)}, 409,
			"email_exists", "An account with this e-mail address already exists"},
		{"nothing to change", map[string]any{"old_password": made.Password, "email": made.Email}, 422, "nothing_to_change", ""},
		{"wrong type", map[string]any{"old_password": made.Password, "email": true}, 422, "wrong_type", ""},
		{"unknown field", map[string]any{"old_password": made.Password, "status": "active"}, 400, "unknown_field", ""},
	}
	for _, tc := range cases {
		res := c.Do("PUT", "/api/account.php", tc.body)
		if e := errOf(t, res); res.Status != tc.status || e.Error != tc.code || (tc.message != "" && e.Message != tc.message) {
			t.Errorf("%s: %d %s", tc.name, res.Status, res.Body)
		}
	}
	if n := deliverytest.Count(t, env.Pool, newAddr); n != 0 {
		t.Fatalf("refused changes mailed %d times", n)
	}
	res := c.Do("PUT", "/api/account.php", map[string]any{"old_password": made.Password, "email": newAddr})
	var got struct{ User user }
	res.JSON(t, &got)
	if res.Status != 200 || got.User.Email != made.Email || got.User.PendingEmail != newAddr {
		t.Fatalf("change: %d %s", res.Status, res.Body)
	}
	// The link goes to the new address only.
	mail := deliverytest.Await(t, env.Pool, newAddr, "mail_change", 0)
	if !strings.Contains(mail.Text, newAddr) || deliverytest.Count(t, env.Pool, made.Email) != 0 {
		t.Fatalf("mail %s", mail.Text)
	}
	link := mail.Path(t, "/mail-change/do?token=")
	if !strings.HasPrefix(link, "/mail-change/do?token=") {
		t.Fatal(link)
	}
	if res := env.Client(t, "de.localhost").Do("POST", "/api/mail-change.php", map[string]string{"token": mail.Token(t)}); res.Status != 410 {
		t.Fatalf("another tenant used the link: %d", res.Status)
	}
	res = c.Do("POST", "/api/mail-change.php", map[string]string{"token": mail.Token(t)})
	var done struct {
		Email string
		User  *user
	}
	res.JSON(t, &done)
	if res.Status != 200 || done.Email != newAddr || done.User == nil || done.User.Email != newAddr || done.User.PendingEmail != "" {
		t.Fatalf("confirm: %d %s", res.Status, res.Body)
	}
	if res := c.Do("POST", "/api/mail-change.php", map[string]string{"token": mail.Token(t)}); res.Status != 410 || res.ErrorCode() != "link_invalid" {
		t.Fatalf("second use: %d %s", res.Status, res.Body)
	}
	fresh := env.Client(t, "localhost")
	if res := fresh.Do("POST", "/api/user.php", map[string]string{"email": made.Email, "password": made.Password}); res.Status != 401 {
		t.Fatalf("old address still logs in: %d", res.Status)
	}
	fresh.Login(newAddr, made.Password)
}

// An address taken between the request and the click is not stolen.
func TestChangeEmailToAnAddressTakenMeanwhile(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	newAddr := newEmail("contested")
	c.Do("PUT", "/api/account.php", map[string]any{"old_password": made.Password, "email": newAddr})
	mail := deliverytest.Await(t, env.Pool, newAddr, "mail_change", 0)
	accountstest.NewMember(t, env.Pool, accountstest.Member{Email: newAddr})
	if res := c.Do("POST", "/api/mail-change.php", map[string]string{"token": mail.Token(t)}); res.Status != 409 || res.ErrorCode() != "email_exists" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	if u := currentUser(t, c); u.Email != made.Email {
		t.Fatalf("email now %s", u.Email)
	}
}

func TestChangePasswordEndsOtherSessions(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	phone := env.Client(t, "localhost")
	phone.Login(made.Email, made.Password)
	cases := []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"wrong old password", map[string]any{"old_password": "nope", "password": "new-secret"}, 403, "old_password"},
		{"too short", map[string]any{"old_password": made.Password, "password": "abc"}, 422, "password_invalid"},
		{"repeat differs", map[string]any{"old_password": made.Password, "password": "new-secret", "password_repeat": "new-secreT"}, 422, "passwords_differ"},
	}
	for _, tc := range cases {
		res := c.Do("PUT", "/api/account.php", tc.body)
		if res.Status != tc.status || res.ErrorCode() != tc.code {
			t.Errorf("%s: %d %s", tc.name, res.Status, res.Body)
		}
	}
	if currentUser(t, phone) == nil {
		t.Fatal("a refused change ended a session")
	}
	if res := c.Do("PUT", "/api/account.php", map[string]any{"old_password": made.Password, "password": "new-secret"}); res.Status != http.StatusOK {
		t.Fatalf("change: %d %s", res.Status, res.Body)
	}
	if currentUser(t, c) == nil {
		t.Fatal("the session that changed the password ended")
	}
	if currentUser(t, phone) != nil {
		t.Fatal("another session survived the password change")
	}
	phone.Login(made.Email, "new-secret")
}

func TestAccountCallsNeedLogin(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c := env.Client(t, "localhost")
	calls := []struct{ method, path string }{
		{"PUT", "/api/account.php"}, {"DELETE", "/api/account.php"}, {"GET", "/api/notifications.php"},
		{"PUT", "/api/notifications.php"}, {"POST", "/api/alerts.php"}, {"PUT", "/api/user.php"},
		{"POST", "/api/user.php?push=1"}, {"POST", "/api/activate.php"},
	}
	for _, call := range calls {
		res := c.Do(call.method, call.path, map[string]any{})
		if res.Status != http.StatusForbidden || res.ErrorCode() != "authentication_required" {
			t.Errorf("%s %s: %d %s", call.method, call.path, res.Status, res.Body)
		}
	}
}
