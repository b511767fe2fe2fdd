package server_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"mime/multipart"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/limits"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/server"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/tenancy/tenancytest"
	"rendezvous/themes"
)

// testClock is a clock the test moves, for the limiter.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *testClock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// wantLimited fails unless res is 429 rate_limited with the seconds to
// wait in retry_after and Retry-After.
func wantLimited(t *testing.T, res servertest.Response) {
	t.Helper()
	res.Want(t, http.StatusTooManyRequests, limits.Code)
	var body struct {
		RetryAfter int `json:"retry_after"`
	}
	res.JSON(t, &body)
	if body.RetryAfter < 1 || res.Header.Get("Retry-After") != strconv.Itoa(body.RetryAfter) {
		t.Fatalf("retry_after %d, Retry-After %q: %s", body.RetryAfter, res.Header.Get("Retry-After"), res.Body)
	}
}

func signupBody(n int) map[string]any {
	return map[string]any{"email": fmt.Sprintf("limit%d-%d@example.com", n, time.Now().UnixNano()), "name": "Sanne",
		"date_of_birth": "1995-04-12", "password": "secret123", "gender": "female", "seeking": "male", "orientation_consent": true}
}

// Every limited call of the route table answers 429 rate_limited once its
// rule's count is used up, and the refused call does nothing.
func TestAbuseLimits(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	profile := accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "female", Seeking: "male"})
	cases := []struct {
		name string
		rule string
		// call makes one request of the limited kind; n numbers them.
		call func(t *testing.T, n int) servertest.Response
	}{
		{"signups per address", limits.Signup, func(t *testing.T, n int) servertest.Response {
			return env.Client(t, "localhost").Do(http.MethodPost, "/api/signup.php", signupBody(n))
		}},
		{"complaints per address", limits.Complaint, func(t *testing.T, n int) servertest.Response {
			return env.Client(t, "localhost").Do(http.MethodPost, "/api/complaints.php",
				map[string]any{"email": "v@example.com", "name": "V", "message": "Asks for money outside the site.", "category": "payment"})
		}},
		{"reset mails per address", limits.ResetMail, func(t *testing.T, n int) servertest.Response {
			return env.Client(t, "localhost").Do(http.MethodPost, "/api/reset-password.php",
				map[string]any{"email": fmt.Sprintf("stranger%d@example.com", n)})
		}},
		{"activation mails per address", limits.ActivationMail, func(t *testing.T, n int) servertest.Response {
			c, _ := env.LoggedIn(t, "localhost", accountstest.Member{Status: "not_confirmed"})
			return c.Do(http.MethodPost, "/api/activate.php", map[string]any{})
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env.Limits.Set(tc.rule, limits.Rule{Max: 2, Window: time.Hour})
			for n := range 2 {
				if res := tc.call(t, n); res.Status == http.StatusTooManyRequests || res.Status >= 500 {
					t.Fatalf("call %d: %d %s", n+1, res.Status, res.Body)
				}
			}
			wantLimited(t, tc.call(t, 2))
		})
	}
	t.Run("no member is made by a refused signup", func(t *testing.T) {
		var n int
		if err := env.Pool.QueryRow(t.Context(), "SELECT count(*) FROM members WHERE email LIKE 'limit%'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 2 {
			t.Fatalf("%d members signed up, want 2", n)
		}
	})
	t.Run("setting a new password is not a reset mail", func(t *testing.T) {
		res := env.Client(t, "localhost").Do(http.MethodPost, "/api/reset-password.php?do=1",
			map[string]any{"token": "nosuchtoken", "password": "secret123", "password_repeat": "secret123"})
		if res.Status == http.StatusTooManyRequests {
			t.Fatalf("?do=1 was limited: %s", res.Body)
		}
	})

	memberCases := []struct {
		name string
		rule string
		call func(c *servertest.Client) servertest.Response
	}{
		{"messages per member", limits.Message, func(c *servertest.Client) servertest.Response {
			return c.Do(http.MethodPost, "/api/messages.php", map[string]any{"profile_id": profile.ID, "text": "hi"})
		}},
		// A send counts in its own transaction; one refused (no such
		// profile) rolls back and counts all the same.
		{"refused messages count too", limits.Message, func(c *servertest.Client) servertest.Response {
			return c.Do(http.MethodPost, "/api/messages.php", map[string]any{"profile_id": 1 << 40, "text": "hi"})
		}},
		// An upload counts on its route, before its photo is read.
		{"photos uploaded in chat per member", limits.Message, func(c *servertest.Client) servertest.Response {
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			_ = mw.WriteField("profile_id", strconv.FormatInt(profile.ID, 10))
			fw, _ := mw.CreateFormFile("photo", "me.jpg")
			_, _ = fw.Write([]byte("no image"))
			_ = mw.Close()
			req, _ := http.NewRequest(http.MethodPost, env.URL+"/api/messages.php", &buf)
			req.Host = c.Host
			req.Header.Set("Content-Type", mw.FormDataContentType())
			return c.Send(req)
		}},
		{"likes per member", limits.Like, func(c *servertest.Client) servertest.Response {
			return c.Do(http.MethodPost, "/api/like.php", map[string]any{"profile_id": profile.ID, "source": "profile"})
		}},
		{"swipes count as likes", limits.Like, func(c *servertest.Client) servertest.Response {
			return c.Do(http.MethodPost, "/api/swipe.php", map[string]any{"profile_id": profile.ID, "action": "like"})
		}},
		{"profile notes per member", limits.Note, func(c *servertest.Client) servertest.Response {
			return c.Do(http.MethodPut, "/api/note.php", map[string]any{"profile_id": profile.ID, "text": "met at the fair"})
		}},
	}
	for _, tc := range memberCases {
		t.Run(tc.name, func(t *testing.T) {
			env.Limits.Set(tc.rule, limits.Rule{Max: 2, Window: time.Minute})
			me, made := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 100})
			for n := range 2 {
				if res := tc.call(me); res.Status == http.StatusTooManyRequests || res.Status >= 500 {
					t.Fatalf("call %d: %d %s", n+1, res.Status, res.Body)
				}
			}
			wantLimited(t, tc.call(me))
			// A send over the limit keeps nothing.
			var sent int
			if err := env.Pool.QueryRow(t.Context(), "SELECT count(*) FROM messages WHERE sender_id = $1", made.ID).Scan(&sent); err != nil {
				t.Fatal(err)
			}
			if want := map[string]int{"messages per member": 2}[tc.name]; sent != want {
				t.Fatalf("%d messages kept, want %d", sent, want)
			}
			// Another member on the same address is not limited.
			other, _ := env.LoggedIn(t, "localhost", accountstest.Member{Credits: 100})
			if res := tc.call(other); res.Status == http.StatusTooManyRequests {
				t.Fatalf("another member was limited: %s", res.Body)
			}
		})
	}
}

// Two engines on one database share the counters, and a window that ends
// lets the address sign up again.
func TestAbuseLimitsSharedByInstancesUntilTheWindowEnds(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	twin := env.Twin(t)
	clock := &testClock{now: time.Now()}
	for _, e := range []*servertest.Env{env, twin} {
		e.Limits.Set(limits.Signup, limits.Rule{Max: 2, Window: time.Hour})
		e.Limits.Now = clock.Now
	}
	env.Client(t, "localhost").Do(http.MethodPost, "/api/signup.php", signupBody(0)).Want(t, http.StatusCreated, "")
	twin.Client(t, "localhost").Do(http.MethodPost, "/api/signup.php", signupBody(1)).Want(t, http.StatusCreated, "")
	wantLimited(t, env.Client(t, "localhost").Do(http.MethodPost, "/api/signup.php", signupBody(2)))
	wantLimited(t, twin.Client(t, "localhost").Do(http.MethodPost, "/api/signup.php", signupBody(3)))
	// Counters are per tenant: another site of the engine still signs up.
	twin.Client(t, "de.localhost").Do(http.MethodPost, "/api/signup.php", signupBody(4)).Want(t, http.StatusCreated, "")

	clock.Advance(time.Hour)
	twin.Client(t, "localhost").Do(http.MethodPost, "/api/signup.php", signupBody(5)).Want(t, http.StatusCreated, "")
}

// Without RATE_LIMITS the engine runs with the safe defaults.
func TestAbuseLimitDefaults(t *testing.T) {
	t.Parallel()
	e, err := newEngineErr(t, "")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range limits.Defaults() {
		if got, ok := e.Limits.Rule(name); !ok || got != want {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
	if _, err := newEngineErr(t, "signup=lots"); err == nil {
		t.Error("a bad RATE_LIMITS started the engine")
	}
}

// newEngineErr builds (and does not start) an engine with RATE_LIMITS spec.
func newEngineErr(t *testing.T, spec string) (*server.Engine, error) {
	t.Helper()
	pool := tenancytest.Pool(t)
	log := slog.New(slog.DiscardHandler)
	return server.New(server.Deps{Config: &config.Config{DataDir: t.TempDir(), RateLimits: spec, MailDisabled: true}, Log: log, Pool: pool,
		Directory: tenancy.NewDirectory(pool, log), Dist: fstest.MapFS{"index.html": {Data: []byte(servertest.TestIndex)}}, Themes: themes.FS})
}
