package accounts_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/netip"
	"testing"
	"time"

	"rendezvous/engine/accounts"
	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/server/servertest"
)

func TestLoginBlockPerAccount(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	clock := withClock(env)
	made := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	other := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	c := env.Client(t, "localhost")
	login := func(email, password string) servertest.Response {
		return c.Do("POST", "/api/user.php", map[string]string{"email": email, "password": password})
	}
	for i := 1; i < accounts.DefaultBlockPolicy.PerAccountAddress; i++ {
		if res := login(made.Email, "wrong"); res.Status != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d %s", i, res.Status, res.Body)
		}
	}
	// The attempt that reaches the limit is told at once.
	res := login(made.Email, "wrong")
	e := errOf(t, res)
	if res.Status != http.StatusTooManyRequests || e.Error != "login_blocked" || e.Minutes != 15 ||
		e.Message != "Too many incorrect attempts, account blocked for 15 min." {
		t.Fatalf("blocking attempt: %d %s", res.Status, res.Body)
	}
	// Even the right password is refused while blocked.
	clock.Advance(5 * time.Minute)
	res = login(made.Email, made.Password)
	if e := errOf(t, res); res.Status != 429 || e.Minutes != 10 || e.Message != "Too many incorrect attempts, account blocked for 10 min." {
		t.Fatalf("right password while blocked: %d %s", res.Status, res.Body)
	}
	// Another account from the same address is not blocked.
	if res := login(other.Email, other.Password); res.Status != 200 {
		t.Fatalf("other account: %d %s", res.Status, res.Body)
	}
	clock.Advance(10*time.Minute + time.Second)
	if res := login(made.Email, made.Password); res.Status != 200 {
		t.Fatalf("after the block: %d %s", res.Status, res.Body)
	}
	// A successful login starts the count afresh.
	for i := 1; i < accounts.DefaultBlockPolicy.PerAccountAddress; i++ {
		if res := login(made.Email, "wrong"); res.Status != http.StatusUnauthorized {
			t.Fatalf("fresh attempt %d: %d", i, res.Status)
		}
	}
}

func TestLoginBlockPerClientAddress(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	clock := withClock(env)
	env.Accounts.Block = accounts.BlockPolicy{PerAccountAddress: 100, PerIP: 4, Window: 15 * time.Minute, Duration: 30 * time.Minute}
	c := env.Client(t, "localhost")
	var made []accountstest.Made
	for range 4 {
		made = append(made, accountstest.NewMember(t, env.Pool, accountstest.Member{}))
	}
	// Wrong passwords for many accounts (and for addresses with none) from
	// one client add up.
	for i, email := range []string{made[0].Email, made[1].Email, "nobody@example.com"} {
		if res := c.Do("POST", "/api/user.php", map[string]string{"email": email, "password": "wrong"}); res.Status != 401 {
			t.Fatalf("attempt %d: %d", i, res.Status)
		}
	}
	res := c.Do("POST", "/api/user.php", map[string]string{"email": made[2].Email, "password": "wrong"})
	if e := errOf(t, res); res.Status != 429 || e.Minutes != 30 {
		t.Fatalf("fourth attempt: %d %s", res.Status, res.Body)
	}
	if res := c.Do("POST", "/api/user.php", map[string]string{"email": made[3].Email, "password": made[3].Password}); res.Status != 429 {
		t.Fatalf("right password from a blocked address: %d %s", res.Status, res.Body)
	}
	// Failures older than the window do not count.
	clock.Advance(31 * time.Minute)
	if res := c.Do("POST", "/api/user.php", map[string]string{"email": made[3].Email, "password": made[3].Password}); res.Status != 200 {
		t.Fatalf("after the block: %d %s", res.Status, res.Body)
	}
}

// loginFrom logs in on c as the client address addr, which the engine
// believes from X-Forwarded-For because the test's own address is a
// trusted proxy (newBehindProxy).
func loginFrom(t *testing.T, env *servertest.Env, c *servertest.Client, addr, email, password string) servertest.Response {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req, err := http.NewRequest(http.MethodPost, env.URL+"/api/user.php", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Host = c.Host
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-Type", "client")
	req.Header.Set("X-Forwarded-For", addr)
	return c.Send(req)
}

// newBehindProxy is an engine that takes the client address from
// X-Forwarded-For of requests from this machine.
func newBehindProxy(t *testing.T) *servertest.Env {
	return servertest.NewConfigured(t, func(c *config.Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128")}
	})
}

// Wrong passwords from one address block the account from that address
// only: whoever guesses is slowed down, the owner logs in from their own
// address (another client) all the while.
func TestLoginBlockKeepsTheOwnerIn(t *testing.T) {
	t.Parallel()
	env := newBehindProxy(t)
	made := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	const attacker, owner = "203.0.113.7", "198.51.100.20"
	guesser, member := env.Client(t, "localhost"), env.Client(t, "localhost")
	for i := 1; i < 5; i++ {
		loginFrom(t, env, guesser, attacker, made.Email, "wrong").Want(t, http.StatusUnauthorized, "login_failed")
	}
	loginFrom(t, env, guesser, attacker, made.Email, "wrong").Want(t, http.StatusTooManyRequests, "login_blocked")
	// The guessing address is blocked for the account, even with the right password.
	loginFrom(t, env, guesser, attacker, made.Email, made.Password).Want(t, http.StatusTooManyRequests, "login_blocked")
	// The owner, from another address, logs in; their success does not
	// lift the guesser's block.
	loginFrom(t, env, member, owner, made.Email, made.Password).Want(t, http.StatusOK, "")
	if u := currentUser(t, member); u == nil || u.ID != made.ID {
		t.Fatalf("the owner is not logged in: %+v", u)
	}
	loginFrom(t, env, guesser, attacker, made.Email, made.Password).Want(t, http.StatusTooManyRequests, "login_blocked")
	// Guessing on from yet another address starts its own count there.
	for i := 1; i < 5; i++ {
		loginFrom(t, env, guesser, "203.0.113.8", made.Email, "wrong").Want(t, http.StatusUnauthorized, "login_failed")
	}
	loginFrom(t, env, member, owner, made.Email, made.Password).Want(t, http.StatusOK, "")
}
