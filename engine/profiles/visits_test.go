package profiles_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/profiles"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
)

// visits counts the rows of profile_visits of a visited profile.
func visits(t *testing.T, env *servertest.Env, visited int64) int {
	t.Helper()
	var n int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM profile_visits WHERE visited_id = $1", visited).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Opening another member's profile on member.php is a visit, once a day
// per visitor; one's own profile, a visitor who is not logged in, a profile
// that is not found and a house profile leave none.
func TestMemberViewRecordsVisits(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	_, visited := env.LoggedIn(t, nlHost, accountstest.Member{Name: "Anna"})
	path := fmt.Sprintf("/api/member.php?id=%d", visited.ID)
	self := env.Client(t, nlHost)
	self.Login(visited.Email, visited.Password)
	self.Do(http.MethodGet, path, nil).Want(t, http.StatusOK, "")
	env.Client(t, nlHost).Do(http.MethodGet, path, nil).Want(t, http.StatusOK, "") // logged out (logged_out_search)
	if n := visits(t, env, visited.ID); n != 0 {
		t.Fatalf("%d visits after the member's own look and a visitor's", n)
	}

	bob, bobMade := env.LoggedIn(t, nlHost, accountstest.Member{Name: "Bob"})
	bob.Do(http.MethodGet, path, nil).Want(t, http.StatusOK, "")
	bob.Do(http.MethodGet, path, nil).Want(t, http.StatusOK, "")
	carl, _ := env.LoggedIn(t, nlHost, accountstest.Member{Name: "Carl"})
	carl.Do(http.MethodGet, path, nil).Want(t, http.StatusOK, "")
	carl.Do(http.MethodGet, "/api/member.php?id=99999999", nil).Want(t, http.StatusNotFound, "profile_not_found")
	if n := visits(t, env, visited.ID); n != 2 {
		t.Fatalf("%d visits, want 2 (Bob once however often, Carl)", n)
	}

	// The day is the tenant's (Europe/Amsterdam): 23:30 and 23:50 UTC on
	// 24 November are 25 November there, one day; the next evening another.
	tenant, err := tenancy.NewDirectory(env.Pool, nil).ByID(ctx, visited.TenantID)
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, time.November, 24, 23, 30, 0, 0, time.UTC)
	s := &profiles.Service{Pool: env.Pool, Now: func() time.Time { return clock }}
	other := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	for _, at := range []time.Time{clock, clock.Add(20 * time.Minute), clock.Add(-time.Hour), clock.Add(24 * time.Hour)} {
		clock = at
		if err := s.RecordVisit(ctx, tenant, bobMade.ID, other.ID); err != nil {
			t.Fatal(err)
		}
	}
	if n := visits(t, env, other.ID); n != 3 {
		t.Fatalf("%d visits over 24 (22:30 UTC), 25 and 26 November in Amsterdam, want 3", n)
	}
	// A house profile (an operator answering as it) leaves no visit, nor
	// does a member on their own profile.
	house := accountstest.NewMember(t, env.Pool, accountstest.Member{IsHouse: true})
	if err := s.RecordVisit(ctx, tenant, house.ID, other.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordVisit(ctx, tenant, other.ID, other.ID); err != nil {
		t.Fatal(err)
	}
	if n := visits(t, env, other.ID); n != 3 {
		t.Fatalf("%d visits after a house profile's and the member's own, want 3", n)
	}

	// Bob's purge takes the visits he made.
	bob.Do(http.MethodDelete, "/api/account.php", nil).Want(t, http.StatusAccepted, "")
	if _, err := env.Pool.Exec(ctx, "UPDATE members SET deletion_requested_at = now() - interval '15 days' WHERE id = $1", bobMade.ID); err != nil {
		t.Fatal(err)
	}
	env.Purge(t, bobMade.ID)
	var left int
	if err := env.Pool.QueryRow(ctx, "SELECT count(*) FROM profile_visits WHERE visitor_id = $1 OR visited_id = $1", bobMade.ID).Scan(&left); err != nil || left != 0 {
		t.Fatalf("%d visits of Bob after his purge (%v)", left, err)
	}
	if n := visits(t, env, visited.ID); n != 1 {
		t.Fatalf("%d visits of Anna after Bob's purge, want Carl's", n)
	}
}

// The daily trim deletes the visits older than VisitRetention and keeps
// the rest, however many batches that takes.
func TestTrimVisits(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	visitor := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	visited := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	tenant, err := tenancy.NewDirectory(env.Pool, nil).ByID(ctx, visited.TenantID)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, time.November, 24, 12, 0, 0, 0, time.UTC)
	clock := now
	s := &profiles.Service{Pool: env.Pool, Now: func() time.Time { return clock }}
	// One visit a day for 40 days: 30 days and younger stay.
	for d := range 40 {
		clock = now.Add(-time.Duration(d) * 24 * time.Hour)
		if err := s.RecordVisit(ctx, tenant, visitor.ID, visited.ID); err != nil {
			t.Fatal(err)
		}
	}
	// Many old visits by other members, more than one batch's worth.
	if _, err := env.Pool.Exec(ctx, `INSERT INTO profile_visits (visited_id, visitor_id, day, visited_at)
		SELECT $1, $2, d::date, d FROM generate_series($3::timestamptz - interval '6000 days', $3::timestamptz - interval '41 days', interval '1 day') d`,
		visitor.ID, visited.ID, now); err != nil {
		t.Fatal(err)
	}
	clock = now
	n, err := s.TrimVisits(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n != 5960+9 {
		t.Fatalf("trimmed %d visits, want %d (5960 of the old ones, 9 of the 40 days)", n, 5960+9)
	}
	if left := visits(t, env, visited.ID); left != 31 {
		t.Fatalf("%d visits left, want 31 (today and the 30 days before)", left)
	}
	if n, err := s.TrimVisits(ctx); err != nil || n != 0 {
		t.Fatalf("a second trim took %d visits (%v), want none", n, err)
	}
}
