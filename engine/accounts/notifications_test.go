package accounts_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts"
	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
)

func TestNotificationSettings(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	var got accounts.NotificationSettings
	c.Do("GET", "/api/notifications.php", nil).JSON(t, &got)
	if len(got.Types) != 8 || len(got.Disabled) != 0 || len(got.EmailDisabled) != 0 {
		t.Fatalf("%+v", got)
	}
	res := c.Do("PUT", "/api/notifications.php", map[string]any{"disabled": []string{"news", "like", "news"}})
	res.JSON(t, &got)
	if res.Status != 200 || strings.Join(got.Disabled, ",") != "like,news" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	cases := []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"unknown type", map[string]any{"disabled": []string{"news", "spam"}}, 422, "notification_type_invalid"},
		{"wrong type", map[string]any{"disabled": "news"}, 422, "wrong_type"},
		{"unknown field", map[string]any{"disabled": []string{}, "enabled": []string{}}, 400, "unknown_field"},
	}
	for _, tc := range cases {
		if res := c.Do("PUT", "/api/notifications.php", tc.body); res.Status != tc.status || res.ErrorCode() != tc.code {
			t.Errorf("%s: %d %s", tc.name, res.Status, res.Body)
		}
	}
	if u := currentUser(t, c); strings.Join(u.NotificationTypesDisabled, ",") != "like,news" {
		t.Fatalf("refused changes changed the settings: %v", u.NotificationTypesDisabled)
	}
}

// notify queues a notification mail the way other areas do.
func notify(t *testing.T, env *servertest.Env, memberID int64, typ string) bool {
	t.Helper()
	ctx := context.Background()
	ten, err := tenancy.NewDirectory(env.Pool, nil).ByHost(ctx, "localhost")
	if err != nil {
		t.Fatal(err)
	}
	var sent bool
	err = pgx.BeginFunc(ctx, env.Pool, func(tx pgx.Tx) error {
		sent, err = env.Accounts.Notify(ctx, tx, ten, memberID, accounts.Notification{
			Type: typ, Data: map[string]any{"Other": "Lotte", "Text": "Nieuws!"}, Path: "/chats",
		}, "http://localhost")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return sent
}

func TestBulkMailUnsubscribeAndWebhooks(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	if !notify(t, env, made.ID, "new_messages") {
		t.Fatal("not sent")
	}
	mail := deliverytest.Await(t, env.Pool, made.Email, "new_messages", 0)
	unsub := mail.Headers["List-Unsubscribe"]
	if mail.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" || !strings.HasPrefix(unsub, "<http://localhost/hooks/mail/unsubscribe?token=") ||
		!strings.Contains(mail.Subject, "Lotte") {
		t.Fatalf("bulk mail %q %v", mail.Subject, mail.Headers)
	}
	// A switched-off type is not sent.
	c.Do("PUT", "/api/notifications.php", map[string]any{"disabled": []string{"news"}})
	if notify(t, env, made.ID, "news") {
		t.Fatal("a disabled type was sent")
	}
	u, _ := url.Parse(strings.Trim(unsub, "<>"))
	path := u.RequestURI()
	// Following the link (or a scanner prefetching it) changes nothing.
	anon := env.Client(t, "localhost")
	if res := anon.Do("GET", path, nil); res.Status != 200 || !strings.Contains(string(res.Body), `method="post"`) {
		t.Fatalf("GET unsubscribe: %d %s", res.Status, res.Body)
	}
	if u := currentUser(t, c); len(u.NotificationsDisabled) != 0 {
		t.Fatal("GET unsubscribed")
	}
	// A forged token changes nothing.
	forged := strings.Replace(path, "token=", "token=1", 1)
	if res := anon.Do("POST", forged, "List-Unsubscribe=One-Click"); res.Status != http.StatusGone {
		t.Fatalf("forged: %d", res.Status)
	}
	if res := env.Client(t, "de.localhost").Do("POST", path, "List-Unsubscribe=One-Click"); res.Status != http.StatusGone {
		t.Fatalf("other tenant: %d", res.Status)
	}
	req, _ := http.NewRequest("POST", env.URL+path, strings.NewReader("List-Unsubscribe=One-Click"))
	req.Host = "localhost"
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if res := anon.Send(req); res.Status != 200 {
		t.Fatalf("one-click: %d %s", res.Status, res.Body)
	}
	got := currentUser(t, c)
	if strings.Join(got.NotificationsDisabled, ",") != "list_unsubscribe" {
		t.Fatalf("after unsubscribe %v", got.NotificationsDisabled)
	}
	if notify(t, env, made.ID, "new_messages") {
		t.Fatal("sent after unsubscribe")
	}
	// The provider's complaint and bounce webhooks add their reasons once.
	for _, hook := range []struct{ kind, body string }{
		{"fbl", `{"email":"` + strings.ToUpper(made.Email) + `"}`},
		{"fbl", `{"email":"` + made.Email + `"}`},
		{"bounce", `{"email":"` + made.Email + `","type":"hard"}`},
	} {
		if res := anon.Do("POST", "/hooks/mail/"+hook.kind, hook.body); res.Status != 204 {
			t.Fatalf("%s: %d %s", hook.kind, res.Status, res.Body)
		}
	}
	var settings accounts.NotificationSettings
	c.Do("GET", "/api/notifications.php", nil).JSON(t, &settings)
	if strings.Join(settings.EmailDisabled, ",") != "list_unsubscribe,fbl,bounce" {
		t.Fatalf("email disabled %v", settings.EmailDisabled)
	}
	// The member switches email back on explicitly.
	c.Do("PUT", "/api/notifications.php", map[string]any{"disabled": []string{}, "enable_email": true})
	if u := currentUser(t, c); len(u.NotificationsDisabled) != 0 || !notify(t, env, made.ID, "like") {
		t.Fatalf("email not back on: %v", u.NotificationsDisabled)
	}
}

func TestMailWebhooks(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	made := accountstest.NewMember(t, env.Pool, accountstest.Member{Status: "not_confirmed"})
	c := env.Client(t, "localhost")
	c.Login(made.Email, made.Password)
	if u := currentUser(t, c); !u.ActivationReminder {
		t.Fatal("no activation reminder")
	}
	cases := []struct {
		name, path, body string
		status           int
		code             string
	}{
		{"soft bounce", "/hooks/mail/bounce", `{"email":"` + made.Email + `","type":"soft"}`, 204, ""},
		{"unknown kind", "/hooks/mail/spam", `{"email":"` + made.Email + `"}`, 404, "not_found"},
		{"no address", "/hooks/mail/fbl", `{}`, 422, "hook_invalid"},
		{"malformed", "/hooks/mail/fbl", `{"email":`, 400, "invalid_json"},
		{"unknown address", "/hooks/mail/fbl", `{"email":"nobody@example.com"}`, 204, ""},
	}
	for _, tc := range cases {
		if res := c.Do("POST", tc.path, tc.body); res.Status != tc.status || res.ErrorCode() != tc.code {
			t.Errorf("%s: %d %s", tc.name, res.Status, res.Body)
		}
	}
	if u := currentUser(t, c); len(u.NotificationsDisabled) != 0 {
		t.Fatalf("disabled by %v", u.NotificationsDisabled)
	}
	// With a secret configured, the hooks need it.
	env.Accounts.HookSecret = "s3cret"
	if res := c.Do("POST", "/hooks/mail/bounce", `{"email":"`+made.Email+`"}`); res.Status != 401 || res.ErrorCode() != "hook_unauthorized" {
		t.Fatalf("without the secret: %d %s", res.Status, res.Body)
	}
	req, _ := http.NewRequest("POST", env.URL+"/hooks/mail/bounce", strings.NewReader(`{"email":"`+made.Email+`"}`))
	req.Host = "localhost"
	req.Header.Set("Authorization", "Bearer s3cret")
	req.Header.Set("Content-Type", "application/json")
	if res := c.Send(req); res.Status != 204 {
		t.Fatalf("with the secret: %d %s", res.Status, res.Body)
	}
	// Email bouncing: no activation reminder, the disabled-notifications
	// alert's data instead.
	u := currentUser(t, c)
	if u.ActivationReminder || strings.Join(u.NotificationsDisabled, ",") != "bounce" {
		t.Fatalf("after bounce %+v", u)
	}
	// A new address has not bounced yet.
	newAddr := newEmail("fresh")
	c.Do("PUT", "/api/account.php", map[string]any{"old_password": made.Password, "email": newAddr})
	c.Do("POST", "/api/mail-change.php", map[string]string{"token": deliverytest.Await(t, env.Pool, newAddr, "mail_change", 0).Token(t)})
	if u := currentUser(t, c); len(u.NotificationsDisabled) != 0 || u.Status != "active" {
		t.Fatalf("after the new address %+v", u)
	}
}

func TestResendActivation(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	clock := withClock(env)
	c := env.Client(t, "localhost")
	email := newEmail("resend")
	c.Do("POST", "/api/signup.php", signupBody(email, nil))
	last := deliverytest.Await(t, env.Pool, email, "activation", 0)
	for i := 1; i < accounts.ActivationsPerDay; i++ {
		if res := c.Do("POST", "/api/activate.php", map[string]any{}); res.Status != 204 {
			t.Fatalf("resend %d: %d %s", i, res.Status, res.Body)
		}
		last = deliverytest.Await(t, env.Pool, email, "activation", last.ID)
	}
	if res := c.Do("POST", "/api/activate.php", map[string]any{}); res.Status != 429 || res.ErrorCode() != "activation_limit" {
		t.Fatalf("over the limit: %d %s", res.Status, res.Body)
	}
	activatedAt := func() *time.Time {
		t.Helper()
		var at *time.Time
		if err := env.Pool.QueryRow(context.Background(), "SELECT activated_at FROM members WHERE email = $1", email).Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	if at := activatedAt(); at != nil {
		t.Fatalf("not confirmed, activated at %v", at)
	}
	clock.Advance(time.Hour)
	if res := c.Do("GET", last.Path(t, "activate.php"), nil); res.Header.Get("Location") != "/activate/done" {
		t.Fatalf("activate: %s", res.Header.Get("Location"))
	}
	// When the address was confirmed is kept (the dashboards' activations).
	if at := activatedAt(); at == nil || at.Sub(clock.Now()).Abs() > time.Millisecond {
		t.Fatalf("activated at %v, the clock says %v", at, clock.Now())
	}
	if res := c.Do("POST", "/api/activate.php", map[string]any{}); res.Status != 409 || res.ErrorCode() != "already_active" {
		t.Fatalf("active: %d %s", res.Status, res.Body)
	}
}

func TestActivationLinkExpires(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	clock := withClock(env)
	c := env.Client(t, "localhost")
	email := newEmail("late")
	c.Do("POST", "/api/signup.php", signupBody(email, nil))
	link := deliverytest.Await(t, env.Pool, email, "activation", 0).Path(t, "activate.php")
	clock.Advance(accounts.ActivationValidity + time.Minute)
	if res := c.Do("GET", link, nil); res.Header.Get("Location") != "/activate/error" {
		t.Fatalf("expired link: %s", res.Header.Get("Location"))
	}
	if u := currentUser(t, c); u.Status != "not_confirmed" || !u.ActivationReminder {
		t.Fatalf("%+v", u)
	}
}
