package server_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// A logged-in member's request reads the session and the member in one
// statement (accounts.SessionStore): one round trip fewer on every call
// that loads the session (the message path). A session written before the
// member was recorded beside it is still read, in two.
func TestSessionAndMemberInOneStatement(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	names := &servertest.QueryNames{}
	twin := tracedTwin(t, env, names)
	made := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	c := twin.Client(t, "localhost")
	c.Login(made.Email, made.Password)
	chats := func() []string {
		t.Helper()
		names.Take()
		c.Do(http.MethodGet, "/api/chats.php", nil).Want(t, http.StatusOK, "")
		return names.Take()
	}
	got := chats()
	if !slices.Contains(got, "SessionWithMember") || slices.Contains(got, "MemberByID") || slices.ContainsFunc(got, isPgxstoreFind) {
		t.Errorf("a member's call ran %v, want SessionWithMember and neither MemberByID nor pgxstore's read", got)
	}
	// A session from before migration 01750: no member beside it.
	if _, err := env.Pool.Exec(context.Background(), "UPDATE sessions SET member_id = NULL WHERE member_id = $1", made.ID); err != nil {
		t.Fatal(err)
	}
	got = chats()
	if !slices.Contains(got, "MemberByID") || !slices.ContainsFunc(got, isPgxstoreFind) {
		t.Errorf("a call with an older session ran %v, want pgxstore's read and MemberByID", got)
	}
	// Logged out, the session no longer names a member.
	c.Do(http.MethodGet, "/api/logout.php", nil).Want(t, http.StatusNoContent, "")
	var n int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM sessions WHERE member_id = $1", made.ID).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d sessions still name the member after logout (%v)", n, err)
	}
	c.Do(http.MethodGet, "/api/chats.php", nil).Want(t, http.StatusForbidden, "authentication_required")
}

func isPgxstoreFind(name string) bool { return strings.HasPrefix(name, "SELECT data FROM sessions") }
