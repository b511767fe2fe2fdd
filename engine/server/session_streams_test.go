package server_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts"
	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/live"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
)

// openEvents opens c's event stream on the engine at base (openStream).
func openEvents(t *testing.T, base string, c *servertest.Client) *liveStream {
	t.Helper()
	s, ok := openStream(t, base, c)
	if !ok {
		t.Fatal("the event stream did not open")
	}
	return s
}

// awaitEnd fails the test unless the server ends s within a few seconds.
func awaitEnd(t *testing.T, s *liveStream, what string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case _, open := <-s.texts:
			if !open {
				return
			}
		case <-deadline:
			t.Fatalf("the member's live stream is still open 10 s after %s", what)
		}
	}
}

// awaitText fails the test unless s receives a message event with text.
func awaitText(t *testing.T, s *liveStream, text string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case got, open := <-s.texts:
			if !open {
				t.Fatalf("the stream ended instead of receiving %q", text)
			}
			if got == text {
				return
			}
		case <-deadline:
			t.Fatalf("no message %q within 10 s", text)
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
			token := deliverytest.Await(t, two.Pool, made.Email, delivery.PasswordReset, 0).Token(t)
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
				stream *liveStream
			}
			bystander, other := one.LoggedIn(t, host, accountstest.Member{})
			stays := []kept{{other.ID, openEvents(t, one.URL, bystander)}}
			if tc.name == "logout" {
				device := one.Client(t, host)
				device.Login(made.Email, made.Password)
				stays = append(stays, kept{made.ID, openEvents(t, one.URL, device)})
			}

			tc.end(t, c, made)
			awaitEnd(t, stream, tc.name)
			for _, s := range stays {
				still := map[string]any{"message": map[string]string{"text": "still open"}}
				if err := live.Publish(t.Context(), two.Pool, s.member, live.Event{Type: live.TypeMessage, Data: still}); err != nil {
					t.Fatal(err)
				}
				awaitText(t, s.stream, "still open")
			}
		})
	}
}
