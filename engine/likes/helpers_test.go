package likes_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/likes"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/profiles"
	"rendezvous/engine/server/servertest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// Hosts of the demo tenants.
const (
	nlHost = "localhost"    // lustlokaal, pool benelux, Europe/Amsterdam
	deHost = "de.localhost" // herzklopfen, pool dach
)

// member is a logged-in test member.
type member struct {
	*servertest.Client
	accountstest.Made
}

func hostOf(m accountstest.Member) string {
	if m.TenantSlug == "herzklopfen" {
		return deHost
	}
	return nlHost
}

// login makes a member and logs them in.
func login(t *testing.T, env *servertest.Env, m accountstest.Member) member {
	t.Helper()
	c, made := env.LoggedIn(t, hostOf(m), m)
	return member{Client: c, Made: made}
}

// woman makes a (not logged-in) woman seeking men, with a photo.
func woman(t *testing.T, env *servertest.Env, m accountstest.Member) accountstest.Made {
	t.Helper()
	if m.Gender == "" {
		m.Gender, m.Seeking = "female", "male"
	}
	made := accountstest.NewMember(t, env.Pool, m)
	withPhoto(t, env, made.ID)
	return made
}

// withPhoto gives a profile an active photo row (the blob is not needed).
func withPhoto(t *testing.T, env *servertest.Env, id int64) {
	t.Helper()
	env.Exec(t, "INSERT INTO photos (profile_id, filename, thumb_filename, status, position) VALUES ($1, $2, $3, 'active', 1)",
		id, fmt.Sprintf("p/%d.jpg", id), fmt.Sprintf("p/%d_t.jpg", id))
}

func count(t *testing.T, env *servertest.Env, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := env.Pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

// like posts like.php and returns the answer.
func (m member) like(t *testing.T, id int64, source string) (servertest.Response, likes.Result) {
	t.Helper()
	body := map[string]any{"profile_id": id}
	if source != "" {
		body["source"] = source
	}
	res := m.Do(http.MethodPost, "/api/like.php", body)
	var r likes.Result
	if res.Status == http.StatusOK {
		res.JSON(t, &r)
	}
	return res, r
}

// mustLike likes id from the profile page and fails the test unless it works.
func (m member) mustLike(t *testing.T, id int64) {
	t.Helper()
	res, _ := m.like(t, id, "")
	wantStatus(t, res, http.StatusOK, "")
}

// wantStatus checks an answer's status and error code.
func wantStatus(t *testing.T, r servertest.Response, status int, code string) {
	t.Helper()
	r.Want(t, status, code)
}

func (m member) lists(t *testing.T, typ string) likes.Lists {
	t.Helper()
	path := "/api/likes.php"
	if typ != "" {
		path += "?type=" + typ
	}
	res := m.Do(http.MethodGet, path, nil)
	wantStatus(t, res, http.StatusOK, "")
	var l likes.Lists
	res.JSON(t, &l)
	return l
}

func entryIDs(list []likes.Entry) []int64 {
	out := make([]int64, len(list))
	for i, e := range list {
		out[i] = e.ID
	}
	return out
}

func cardIDs(list []profiles.Card) []int64 {
	out := make([]int64, len(list))
	for i, c := range list {
		out[i] = c.ID
	}
	return out
}
