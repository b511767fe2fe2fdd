package accounts_test

import (
	"context"
	"net/http"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/limits"
	"rendezvous/engine/server/servertest"
)

// engineMemoryLimit is what the engine's memory must stay under in any
// burst of password calls. The tests that measure it measure this
// process's memory, so they do not run in parallel: a sequential test runs
// while every parallel one waits.
const engineMemoryLimit = 400 << 20

// peakMemory runs burst and returns the most memory the Go runtime held
// from the operating system meanwhile (mapped, less what it gave back),
// sampled every millisecond: the engine's memory, since the test serves
// the engine in this process.
func peakMemory(t *testing.T, burst func()) uint64 {
	t.Helper()
	samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	read := func() uint64 {
		metrics.Read(samples)
		return samples[0].Value.Uint64() - samples[1].Value.Uint64()
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var peak uint64
	wg.Go(func() {
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			peak = max(peak, read())
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	})
	burst()
	cancel()
	wg.Wait()
	return max(peak, read())
}

// parallel sends n requests at once from c and returns their answers.
func parallel(c *servertest.Client, n int, method, path string, body func(i int) any) []servertest.Response {
	results := make([]servertest.Response, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { results[i] = c.Do(method, path, body(i)) })
	}
	wg.Wait()
	return results
}

// A burst of 100 parallel resets with made-up links, with the production
// hash parameters: the links are looked up before any hashing, so none
// costs a hash, and past the per-address limit the answer is 429
// rate_limited. The engine stays under 400 MB.
func TestJunkResetBurst(t *testing.T) {
	env := servertest.New(t)
	env.Accounts.HashParams = argon2id.DefaultParams
	env.Limits.Set("new_password", limits.Rule{Max: 10, Window: time.Hour})
	c := env.Client(t, "localhost")
	var results []servertest.Response
	peak := peakMemory(t, func() {
		results = parallel(c, 100, http.MethodPost, "/api/reset-password.php?do=1", func(i int) any {
			return map[string]string{"token": "made-up-" + strings.Repeat("x", i%40), "password": "brand-new-1", "password_repeat": "brand-new-1"}
		})
	})
	codes := map[string]int{}
	for _, res := range results {
		switch res.Status {
		case http.StatusGone, http.StatusTooManyRequests:
		default:
			t.Fatalf("status %d: %s", res.Status, res.Body)
		}
		codes[res.ErrorCode()]++
		if res.Status == http.StatusTooManyRequests && res.Header.Get("Retry-After") == "" {
			t.Fatalf("429 without Retry-After: %s", res.Body)
		}
	}
	if codes["link_invalid"] != 10 || codes["rate_limited"] != 90 {
		t.Fatalf("answers %v, want 10 link_invalid and 90 rate_limited", codes)
	}
	if peak > engineMemoryLimit {
		t.Fatalf("the engine took %d MB", peak>>20)
	}
	t.Logf("peak %d MB", peak>>20)
}

// Password hashes wait for a slot: 40 parallel logins (unknown addresses,
// each compared with a 64 MiB hash) keep the engine under 400 MB, and each
// still gets its answer.
func TestParallelHashesAreBounded(t *testing.T) {
	env := servertest.New(t)
	env.Accounts.HashParams = argon2id.DefaultParams
	env.Accounts.Block.PerIP = 1000
	c := env.Client(t, "localhost")
	var results []servertest.Response
	peak := peakMemory(t, func() {
		results = parallel(c, 40, http.MethodPost, "/api/user.php", func(int) any {
			return map[string]string{"email": "nobody@example.com", "password": "wrong-password"}
		})
	})
	for _, res := range results {
		res.Want(t, http.StatusUnauthorized, "login_failed")
	}
	if peak > engineMemoryLimit {
		t.Fatalf("the engine took %d MB", peak>>20)
	}
	t.Logf("peak %d MB", peak>>20)
}

// A parallel burst of wrong passwords for one account from one address is
// counted before any is hashed: only the five the limit allows are
// checked (answered login_failed, or login_blocked by the one that
// imposes the block); the rest are refused as blocked without a hash.
func TestLoginBurstIsCountedBeforeHashing(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	made := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	c := env.Client(t, "localhost")
	results := parallel(c, 30, http.MethodPost, "/api/user.php", func(int) any {
		return map[string]string{"email": made.Email, "password": "wrong"}
	})
	failed := 0
	for _, res := range results {
		switch res.Status {
		case http.StatusUnauthorized:
			failed++
		case http.StatusTooManyRequests:
			res.Want(t, http.StatusTooManyRequests, "login_blocked")
		default:
			t.Fatalf("status %d: %s", res.Status, res.Body)
		}
	}
	if failed > 5 {
		t.Fatalf("%d wrong passwords checked, the limit allows 5", failed)
	}
	if res := c.Do(http.MethodPost, "/api/user.php", map[string]string{"email": made.Email, "password": made.Password}); res.Status != http.StatusTooManyRequests {
		t.Fatalf("right password after the burst: %d %s", res.Status, res.Body)
	}
}

// PUT account.php checks the old password; the checks are counted per
// member, so a session left open cannot be used to guess it.
func TestOldPasswordChecksAreLimited(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	env.Limits.Set("account_change", limits.Rule{Max: 3, Window: time.Hour})
	c, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	change := func(old string) servertest.Response {
		return c.Do(http.MethodPut, "/api/account.php", map[string]string{"old_password": old, "password": "brand-new-1"})
	}
	for range 3 {
		change("wrong").Want(t, http.StatusForbidden, "old_password")
	}
	change(made.Password).Want(t, http.StatusTooManyRequests, "rate_limited")
	// Another member is not limited by it.
	other, otherMade := env.LoggedIn(t, "localhost", accountstest.Member{})
	other.Do(http.MethodPut, "/api/account.php", map[string]string{"old_password": otherMade.Password, "password": "brand-new-1"}).
		Want(t, http.StatusOK, "")
}
