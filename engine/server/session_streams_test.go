package server_test

import (
	"bufio"
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts"
	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/live"
	"rendezvous/engine/notify"
	"rendezvous/engine/notify/notifytest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
)

// eventStream is an open GET /api/events of one client: the event types it
// receives, and ended, closed when the server ends the stream.
type eventStream struct {
	types chan string
	ended chan struct{}
}

// openEvents opens c's event stream on the engine at base and returns once
// the stream is ready.
func openEvents(t *testing.T, base string, c *servertest.Client) *eventStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/events", nil)
	req.Host = c.Host
	req.Header.Set("Accept", "text/event-stream")
	u, _ := url.Parse("http://" + c.Host + "/")
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		req.AddCookie(ck)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		t.Fatalf("events: %d", res.StatusCode)
	}
	s := &eventStream{types: make(chan string, 16), ended: make(chan struct{})}
	ready := make(chan struct{})
	go func() {
		defer close(s.ended)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			switch line := sc.Text(); {
			case line == ": ready":
				close(ready)
			case strings.HasPrefix(line, "event: "):
				select {
				case s.types <- strings.TrimPrefix(line, "event: "):
				default:
				}
			}
		}
	}()
	select {
	case <-ready:
	case <-s.ended:
		t.Fatal("the stream ended before it was ready")
	case <-time.After(10 * time.Second):
		t.Fatal("the stream did not get ready")
	}
	return s
}

// awaitEnd fails the test unless the server ends s within a few seconds.
func (s *eventStream) awaitEnd(t *testing.T, what string) {
	t.Helper()
	select {
	case <-s.ended:
	case <-time.After(10 * time.Second):
		t.Fatalf("the member's live stream is still open 10 s after %s", what)
	}
}

// awaitEvent fails the test unless s receives an event of typ, or ends.
func (s *eventStream) awaitEvent(t *testing.T, typ string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case got := <-s.types:
			if got == typ {
				return
			}
		case <-s.ended:
			t.Fatalf("the stream ended instead of receiving %s", typ)
		case <-deadline:
			t.Fatalf("no %s event within 10 s", typ)
		}
	}
}

// on is c's session as a client of the engine env: the same cookies,
// another instance.
func on(t *testing.T, env *servertest.Env, c *servertest.Client) *servertest.Client {
	other := env.Client(t, c.Host)
	other.HTTP.Jar = c.HTTP.Jar
	return other
}

// A member's live streams end when their login does, whichever instance
// ends it: two engines on one database, the stream on the first, the
// logout, password reset, ban or deletion on the second. A logout ends
// only the streams of its own session.
func TestStreamsEndWithTheSession(t *testing.T) {
	t.Parallel()
	one := servertest.New(t)
	two := one.Twin(t)
	const host = "localhost"
	cases := []struct {
		name string
		// end ends the login of c's stream, from instance two; c is the
		// streaming session, made its member.
		end func(t *testing.T, c *servertest.Client, made accountstest.Made)
	}{
		{"logout", func(t *testing.T, c *servertest.Client, _ accountstest.Made) {
			on(t, two, c).Do(http.MethodGet, "/api/logout.php", nil).Want(t, http.StatusNoContent, "")
		}},
		{"password reset", func(t *testing.T, _ *servertest.Client, made accountstest.Made) {
			visitor := two.Client(t, host)
			visitor.Do(http.MethodPost, "/api/reset-password.php", map[string]string{"email": made.Email}).Want(t, http.StatusNoContent, "")
			token := notifytest.Await(t, two.Pool, made.Email, notify.PasswordReset, 0).Token(t)
			visitor.Do(http.MethodPost, "/api/reset-password.php?do=1",
				map[string]string{"token": token, "password": "another-secret-9", "password_repeat": "another-secret-9"}).Want(t, http.StatusNoContent, "")
		}},
		{"ban", func(t *testing.T, _ *servertest.Client, made accountstest.Made) {
			err := pgx.BeginFunc(t.Context(), two.Pool, func(tx pgx.Tx) error {
				_, _, err := accounts.BanTx(t.Context(), tx, &tenancy.Tenant{ID: made.TenantID}, made.ID, "Spam", time.Now())
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}},
		{"deletion from another device", func(t *testing.T, _ *servertest.Client, made accountstest.Made) {
			device := two.Client(t, host)
			device.Login(made.Email, made.Password)
			device.Do(http.MethodDelete, "/api/account.php", nil).Want(t, http.StatusAccepted, "")
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, made := one.LoggedIn(t, host, accountstest.Member{})
			stream := openEvents(t, one.URL, c)
			// Another member's stream and, for a logout, the member's other
			// session stay open.
			type kept struct {
				member int64
				stream *eventStream
			}
			bystander, other := one.LoggedIn(t, host, accountstest.Member{})
			stays := []kept{{other.ID, openEvents(t, one.URL, bystander)}}
			if tc.name == "logout" {
				device := one.Client(t, host)
				device.Login(made.Email, made.Password)
				stays = append(stays, kept{made.ID, openEvents(t, one.URL, device)})
			}

			tc.end(t, c, made)
			stream.awaitEnd(t, tc.name)
			for _, s := range stays {
				if err := live.Publish(t.Context(), two.Pool, s.member, live.Event{Type: live.TypeUser}); err != nil {
					t.Fatal(err)
				}
				s.stream.awaitEvent(t, live.TypeUser)
			}
		})
	}
}
