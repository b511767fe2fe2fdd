package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts"
	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
)

// An instance answers a member's sessions from memory for a few seconds,
// and a session ended on another instance is refused on it at once: a
// logout ends the one session, an operator's "end sessions" (the session
// epoch, as a ban, a suspension or a deletion moves it) every session, and
// so does a ban that reaches the database without the epoch.
func TestSessionEndedOnOneInstanceIsRefusedOnTheOther(t *testing.T) {
	t.Parallel()
	one := servertest.New(t)
	reads := &queryCounter{only: "name: SessionWithMember"}
	two := one.TwinOn(t, tracedPool(t, one, reads))
	<-two.Live.Ready()
	const host = "localhost"

	// onTwo is a client of the second instance with c's session.
	onTwo := func(c *servertest.Client) *servertest.Client {
		u, _ := url.Parse("http://" + host + "/")
		other := two.Client(t, host)
		other.HTTP.Jar.SetCookies(u, c.HTTP.Jar.Cookies(u))
		return other
	}
	// refusedWithin polls the second instance until c's session no longer
	// counts there, for less than the time a session is kept in memory.
	refusedWithin := func(c *servertest.Client, what string) {
		t.Helper()
		deadline := time.Now().Add(accounts.SessionCacheTTL / 2)
		for {
			res := c.Do(http.MethodGet, "/api/block.php", nil)
			if res.Status == http.StatusForbidden && res.ErrorCode() == "authentication_required" {
				return
			}
			if res.Status != http.StatusOK {
				t.Fatalf("after %s: %d %s", what, res.Status, res.Body)
			}
			if time.Now().After(deadline) {
				t.Fatalf("after %s the second instance still takes the session", what)
			}
		}
	}

	ann, annMade := one.LoggedIn(t, host, accountstest.Member{Name: "Ann"})
	annTwo := onTwo(ann)
	annTwo.Do(http.MethodGet, "/api/block.php", nil).Want(t, http.StatusOK, "")
	before := reads.n.Load()
	for range 3 {
		annTwo.Do(http.MethodGet, "/api/block.php", nil).Want(t, http.StatusOK, "")
	}
	if n := reads.n.Load() - before; n != 0 {
		t.Fatalf("the second instance read the session %d times for 3 requests within seconds, want 0 (from memory)", n)
	}
	// The account handlers read still see the database's account: a
	// balance changed elsewhere shows at once.
	if _, err := one.Pool.Exec(t.Context(), `UPDATE members SET credits = 4321 WHERE id = $1`, annMade.ID); err != nil {
		t.Fatal(err)
	}
	res := annTwo.Do(http.MethodGet, "/api/user.php", nil)
	res.Want(t, http.StatusOK, "")
	if !strings.Contains(string(res.Body), `"credits":4321`) {
		t.Fatalf("user.php on the second instance shows a balance a moment old: %s", res.Body)
	}

	ann.Do(http.MethodGet, "/api/logout.php", nil).Want(t, http.StatusNoContent, "")
	refusedWithin(annTwo, "a logout on the first instance")

	bea, beaMade := one.LoggedIn(t, host, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male"})
	beaTwo := onTwo(bea)
	beaTwo.Do(http.MethodGet, "/api/block.php", nil).Want(t, http.StatusOK, "")
	beaTwo.Do(http.MethodGet, "/api/block.php", nil).Want(t, http.StatusOK, "")
	if err := pgx.BeginFunc(t.Context(), one.Pool, func(tx pgx.Tx) error {
		_, err := accounts.EndSessionsTx(t.Context(), tx, &tenancy.Tenant{ID: beaMade.TenantID}, beaMade.ID)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	refusedWithin(beaTwo, "an operator ended the member's sessions")

	// A ban written straight to the database, the epoch left alone.
	cy, cyMade := one.LoggedIn(t, host, accountstest.Member{Name: "Cy"})
	cyTwo := onTwo(cy)
	cyTwo.Do(http.MethodGet, "/api/block.php", nil).Want(t, http.StatusOK, "")
	cyTwo.Do(http.MethodGet, "/api/block.php", nil).Want(t, http.StatusOK, "")
	if _, err := one.Pool.Exec(t.Context(), `UPDATE members SET banned_at = now() WHERE id = $1`, cyMade.ID); err != nil {
		t.Fatal(err)
	}
	refusedWithin(cyTwo, "a ban written to the database")
}
