package landerpages_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// marketingCast makes, on lustlokaal, the members the brand's marketing must
// tell apart, each most recently active (so each would lead the lists):
// one with a reviewed photo, one whose only photo was uploaded minutes ago
// and not reviewed, a test account and a staff account (both with reviewed
// photos), and one whose reviewed photo comes after a newer unreviewed one
// made the main photo. It answers their ids by role.
func marketingCast(t *testing.T, env *servertest.Env) map[string]int64 {
	t.Helper()
	ids := map[string]int64{}
	for i, role := range []string{"Reviewed", "Unreviewed", "Tester", "Staffer", "Mixed"} {
		m := accountstest.NewMember(t, env.Pool, accountstest.Member{TenantSlug: "lustlokaal", Name: "Honest" + role,
			Gender: "female", Seeking: "male", BirthDate: yearsAgo(30), City: "Amsterdam"})
		ids[role] = m.ID
		env.Exec(t, "UPDATE profiles SET last_active_at = $2 WHERE id = $1", m.ID, time.Now().Add(time.Duration(i)*time.Minute+time.Hour))
		switch role {
		case "Unreviewed":
			env.Exec(t, `INSERT INTO photos (profile_id, filename, thumb_filename, status, width, height)
				VALUES ($1, 'fresh.jpg', 'fresh_t.jpg', 'active', 960, 1280)`, m.ID)
			continue
		case "Tester":
			env.Exec(t, "UPDATE members SET account_kind = 'test' WHERE id = $1", m.ID)
		case "Staffer":
			env.Exec(t, "UPDATE members SET account_kind = 'staff' WHERE id = $1", m.ID)
		}
		photo(t, env, m.ID)
		if role == "Mixed" {
			env.Exec(t, `INSERT INTO photos (profile_id, filename, thumb_filename, status, position, width, height)
				VALUES ($1, 'mixednew.jpg', 'mixednew_t.jpg', 'active', -5, 960, 1280)`, m.ID)
		}
	}
	return ids
}

// The visitor home page, every lander and member landings show only members
// with a photo operators reviewed (and only that photo), never a test or
// staff account; search leaves test and staff accounts out too.
func TestMarketingShowsOnlyReviewedMembers(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ids := marketingCast(t, env)
	c := env.Client(t, "localhost")
	check := func(where, page string) {
		t.Helper()
		for _, shown := range []string{"HonestReviewed", "HonestMixed", fmt.Sprintf("p%dt.jpg", ids["Mixed"])} {
			if !strings.Contains(page, shown) {
				t.Errorf("%s: %s is not shown", where, shown)
			}
		}
		for _, hidden := range []string{"HonestUnreviewed", "HonestTester", "HonestStaffer", "fresh_t.jpg", "mixednew_t.jpg"} {
			if strings.Contains(page, hidden) {
				t.Errorf("%s: %s is shown", where, hidden)
			}
		}
	}
	home := c.Do("GET", "/", nil)
	home.Want(t, http.StatusOK, "")
	check("home page", string(home.Body))
	for _, name := range []string{"gallery", "tinderswipe", "socialnetwork", "video"} {
		res := c.Do("GET", "/landers/"+name+"?niche=2", nil)
		res.Want(t, http.StatusOK, "")
		check("lander "+name, string(res.Body))
	}
	for role, id := range ids {
		res := c.Do("GET", fmt.Sprintf("/api/member-landing.php?id=%d", id), nil)
		want := http.StatusNotFound
		if role == "Reviewed" || role == "Mixed" {
			want = http.StatusOK
		}
		if res.Status != want {
			t.Errorf("member landing of %s: %d, want %d", role, res.Status, want)
		}
		if role == "Mixed" && strings.Contains(string(res.Body), "mixednew") {
			t.Errorf("member landing of Mixed shows the unreviewed photo: %s", res.Body)
		}
	}
	search := c.Do("GET", "/api/members.php?gender=female&per_page=50", nil)
	search.Want(t, http.StatusOK, "")
	for _, hidden := range []string{"HonestTester", "HonestStaffer"} {
		if strings.Contains(string(search.Body), hidden) {
			t.Errorf("search shows %s", hidden)
		}
	}
	if !strings.Contains(string(search.Body), "HonestReviewed") {
		t.Errorf("search lacks HonestReviewed: %.300s", search.Body)
	}
}
