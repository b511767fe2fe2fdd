package server_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/server"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/tenancy/tenancytest"
	"rendezvous/themes"
)

var signup = map[string]any{"email": "mailbox@example.com", "name": "Mila", "date_of_birth": "1990-01-02",
	"password": "secret123", "gender": "female", "seeking": "male", "orientation_consent": true}

// Without SMTP every mail lands in the tenant's development mailbox.
func TestDevelopmentMailbox(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c := env.Client(t, "localhost")
	if res := c.Do("POST", "/api/signup.php", signup); res.Status != 201 {
		t.Fatalf("signup %d %s", res.Status, res.Body)
	}
	deliverytest.Await(t, env.Pool, "mailbox@example.com", "activation", 0)
	c.Do("POST", "/api/reset-password.php", map[string]string{"email": "mailbox@example.com"})
	deliverytest.Await(t, env.Pool, "mailbox@example.com", "password_reset", 0)

	var mails []struct {
		To, Subject, Text, HTML string
		Links                   []string
		SentAt                  time.Time `json:"sent_at"`
	}
	c.Do("GET", "/dev/mailbox.json", nil).JSON(t, &mails)
	if len(mails) != 2 || !strings.Contains(mails[0].Subject, "wachtwoord") || !strings.Contains(mails[1].Subject, "e-mailadres") {
		t.Fatalf("mailbox %+v", mails)
	}
	m := mails[1]
	if m.To != "mailbox@example.com" || m.Text == "" || !strings.Contains(m.HTML, "<a href=") || len(m.Links) != 1 ||
		!strings.HasPrefix(m.Links[0], "http://localhost/api/activate.php?token=") || m.SentAt.IsZero() || mails[0].SentAt.Before(m.SentAt) {
		t.Fatalf("mail %+v", m)
	}
	res := c.Do("GET", "/dev/mailbox", nil)
	if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(string(res.Body), `<a href="`+strings.ReplaceAll(m.Links[0], "&", "&amp;")+`">`) {
		t.Fatalf("mailbox page %d %s", res.Status, res.Body)
	}
	// Each tenant sees its own mail only.
	var other []any
	env.Client(t, "de.localhost").Do("GET", "/dev/mailbox.json", nil).JSON(t, &other)
	if len(other) != 0 {
		t.Fatalf("another tenant's mailbox shows %d mails", len(other))
	}
}

// In development mode a push queued for a member is kept beside the
// mailbox, in the member's language, at /dev/push.json of its tenant.
func TestDevelopmentPushSink(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	liked, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	liker, likerMade := env.LoggedIn(t, "localhost", accountstest.Member{})
	key := make([]byte, 65)
	key[0] = 4
	liked.Do("POST", "/api/user.php?push=1", map[string]any{"subscription": map[string]any{
		"endpoint": "https://push.example/sink", "keys": map[string]string{
			"p256dh": base64.RawURLEncoding.EncodeToString(key), "auth": base64.RawURLEncoding.EncodeToString(make([]byte, 16)),
		}}}).Want(t, http.StatusNoContent, "")
	liker.Do("POST", "/api/like.php", map[string]any{"profile_id": made.ID}).Want(t, http.StatusOK, "")

	var pushes []struct {
		MemberID                             int64 `json:"member_id"`
		To, Type, Language, Title, Body, URL string
		QueuedAt                             time.Time `json:"queued_at"`
	}
	liked.Do("GET", "/dev/push.json", nil).JSON(t, &pushes)
	if len(pushes) != 1 {
		t.Fatalf("push sink %+v", pushes)
	}
	p := pushes[0]
	if p.MemberID != made.ID || p.To != made.Email || p.Type != "like" || p.Language != "nl" || p.Title != likerMade.Name ||
		p.Body != likerMade.Name+" vindt je leuk." || p.URL != fmt.Sprintf("/members/%d", likerMade.ID) || p.QueuedAt.IsZero() {
		t.Fatalf("push %+v", p)
	}
	// Each tenant sees its own pushes only.
	var other []any
	env.Client(t, "de.localhost").Do("GET", "/dev/push.json", nil).JSON(t, &other)
	if len(other) != 0 {
		t.Fatalf("another tenant's push sink shows %d pushes", len(other))
	}
}

// With SMTP configured mail goes to the server and neither the mailbox nor
// the push sink exists.
func TestSMTPDelivery(t *testing.T) {
	t.Parallel()
	smtp := deliverytest.NewSMTPServer(t)
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	log := slog.New(slog.DiscardHandler)
	cfg := &config.Config{DataDir: t.TempDir(), SMTPURL: "smtp://mailer:pw@" + smtp.Addr + "?tls=none", MailFrom: "hello@lustlokaal.example"}
	e, err := server.New(server.Deps{Config: cfg, Log: log, Pool: pool, Directory: tenancy.NewDirectory(pool, log),
		Dist: fstest.MapFS{"index.html": {Data: []byte(servertest.TestIndex)}}, Themes: themes.FS})
	if err != nil {
		t.Fatal(err)
	}
	e.Accounts.HashParams = accountstest.FastHash
	if err := e.Jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.Jobs.Stop(context.Background()) })
	srv := httptest.NewServer(e.Handler)
	t.Cleanup(srv.Close)

	post := func(path, body string) *http.Response {
		req, _ := http.NewRequest("POST", srv.URL+path, strings.NewReader(body))
		req.Host = "localhost"
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	if res := post("/api/signup.php", `{"email":"smtp@example.com","name":"Mila","date_of_birth":"1990-01-02","password":"secret123","gender":"female","orientation_consent":true}`); res.StatusCode != 201 {
		t.Fatalf("signup %d", res.StatusCode)
	}
	got := smtp.Await(t, 1)
	if got.Auth != "\x00mailer\x00pw" || got.From != "hello@lustlokaal.example" || len(got.To) != 1 || got.To[0] != "smtp@example.com" {
		t.Fatalf("envelope %+v", got)
	}
	for _, want := range []string{"From: \"LustLokaal\" <hello@lustlokaal.example>", "To: <smtp@example.com>", "Subject: Bevestig je e-mailadres voor LustLokaal",
		"multipart/alternative", "Content-Type: text/html; charset=UTF-8", "activate.php?token=3D"} {
		if !strings.Contains(got.Data, want) {
			t.Errorf("message lacks %q:\n%s", want, got.Data)
		}
	}
	for _, path := range []string{"/dev/mailbox", "/dev/mailbox.json", "/dev/push.json"} {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Host = "localhost"
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d with SMTP configured", path, res.StatusCode)
		}
	}
	// Unauthenticated bounce webhooks are refused when mail is real.
	if res := post("/hooks/mail/bounce", `{"email":"smtp@example.com"}`); res.StatusCode == http.StatusNoContent {
		t.Fatalf("webhook without a secret accepted: %d", res.StatusCode)
	}
}

// startWith builds and starts an engine on a fresh database with cfg.
func startWith(t *testing.T, cfg *config.Config) (*server.Engine, *httptest.Server, error) {
	t.Helper()
	pool := tenancytest.Pool(t)
	log := slog.New(slog.DiscardHandler)
	e, err := server.New(server.Deps{Config: cfg, Log: log, Pool: pool, Directory: tenancy.NewDirectory(pool, log),
		Dist: fstest.MapFS{"index.html": {Data: []byte(servertest.TestIndex)}}, Themes: themes.FS})
	if err != nil {
		return nil, nil, err
	}
	e.Accounts.HashParams = accountstest.FastHash
	if err := e.Jobs.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.Jobs.Stop(context.Background()) })
	srv := httptest.NewServer(e.Handler)
	t.Cleanup(srv.Close)
	return e, srv, nil
}

// Outside development mode the mailbox never exists: an engine told
// neither SMTP_URL nor MAIL_DISABLED nor --dev-mailbox does not start, and
// with mail disabled every mail is dropped, the mailbox is 404 and the
// mail hooks are closed to callers without the secret.
func TestMailboxOnlyInDevelopment(t *testing.T) {
	t.Parallel()
	if _, _, err := startWith(t, &config.Config{DataDir: t.TempDir()}); !errors.Is(err, config.ErrNoMail) {
		t.Fatalf("no mail configured: %v, want ErrNoMail", err)
	}
	e, srv, err := startWith(t, &config.Config{DataDir: t.TempDir(), MailDisabled: true})
	if err != nil {
		t.Fatal(err)
	}
	if e.Mailbox != nil {
		t.Fatal("a mailbox with mail disabled")
	}
	do := func(method, path, body string) int {
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		req.Host = "localhost"
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if got := do("POST", "/api/signup.php", `{"email":"dropped@example.com","name":"Mila","date_of_birth":"1990-01-02","password":"secret123","gender":"female","orientation_consent":true}`); got != 201 {
		t.Fatalf("signup %d", got)
	}
	pool := e.Accounts.Pool
	deadline := time.Now().Add(15 * time.Second)
	for {
		var done int
		if err := pool.QueryRow(t.Context(), "SELECT count(*) FROM river_job WHERE kind = 'notify_send_mail' AND state = 'completed'").Scan(&done); err != nil {
			t.Fatal(err)
		}
		if done == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the activation mail's job never completed")
		}
		time.Sleep(20 * time.Millisecond)
	}
	var kept int
	if err := pool.QueryRow(t.Context(), "SELECT count(*) FROM mailbox").Scan(&kept); err != nil || kept != 0 {
		t.Fatalf("%d mails kept (%v)", kept, err)
	}
	for _, path := range []string{"/dev/mailbox", "/dev/mailbox.json", "/dev/push.json"} {
		if got := do("GET", path, ""); got != http.StatusNotFound {
			t.Errorf("%s: %d with mail disabled", path, got)
		}
	}
	for _, kind := range []string{"fbl", "bounce"} {
		if got := do("POST", "/hooks/mail/"+kind, `{"email":"dropped@example.com"}`); got == http.StatusNoContent {
			t.Errorf("%s hook accepted without a secret: %d", kind, got)
		}
	}
}

// Without METRICS_TOKEN /metrics is not on the public address at all; the
// operations address serves it with health, readiness and Go's profiles,
// which the public address never serves.
func TestMetricsOnTheOperationsAddress(t *testing.T) {
	t.Parallel()
	e, srv, err := startWith(t, &config.Config{DataDir: t.TempDir(), MailDisabled: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, host := range []string{"localhost", "anything.example"} {
		for _, path := range []string{"/metrics", "/debug/pprof/", "/debug/pprof/goroutine"} {
			req, _ := http.NewRequest("GET", srv.URL+path, nil)
			req.Host = host
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if strings.Contains(string(body), "go_goroutines") || strings.Contains(string(body), "goroutine profile") ||
				(res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusOK) {
				t.Errorf("public %s on %s: %d %.200s", path, host, res.StatusCode, body)
			}
		}
	}
	ops := httptest.NewServer(e.Ops)
	t.Cleanup(ops.Close)
	for path, want := range map[string]string{"/metrics": "go_goroutines", "/healthz": "ok", "/readyz": "ready",
		"/debug/pprof/goroutine?debug=1": "goroutine profile"} {
		res, err := http.Get(ops.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("operations %s: %d %.200s", path, res.StatusCode, body)
		}
	}
}

// Mailed links are built from the tenant's own host and the engine's
// public port, never the request's raw Host header: a signup sent with
// "Host: localhost:1" mails a link to http://localhost/.
func TestMailedLinksIgnoreTheHostHeaderPort(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	for i, host := range []string{"localhost:1", "NL.localhost:65535"} {
		email := []string{"port1@example.com", "port2@example.com"}[i]
		body := map[string]any{"email": email, "name": "Mila", "date_of_birth": "1990-01-02", "password": "secret123", "gender": "female", "orientation_consent": true}
		if res := env.Client(t, host).Do("POST", "/api/signup.php", body); res.Status != 201 {
			t.Fatalf("signup on %s: %d %s", host, res.Status, res.Body)
		}
		m := deliverytest.Await(t, env.Pool, email, "activation", 0)
		want := []string{"http://localhost/api/activate.php?token=", "http://nl.localhost/api/activate.php?token="}[i]
		if len(m.Links) != 1 || !strings.HasPrefix(m.Links[0], want) {
			t.Errorf("Host %s: links %v, want %s...", host, m.Links, want)
		}
	}
}
