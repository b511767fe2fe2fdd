package server_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/landerpages"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
)

// With a read replica (DATABASE_READ_URL), a real streaming standby of the
// primary: search, another member's profile (member.php, an affiliate's
// member landing), the home page's teasers and the landers' members are
// read on the replica, while the member's own profile, the session
// and every write stay on the primary. While the replica's replay is
// paused, what the primary writes shows where the primary is read and not
// where the replica is; once it catches up, it shows everywhere. When the
// replica goes down, the primary answers those reads.
func TestReadsThatTolerateLagGoToTheReplica(t *testing.T) {
	t.Parallel()
	env, replica := servertest.NewReplicated(t)
	const host = "localhost"
	viewer, me := env.LoggedIn(t, host, accountstest.Member{Name: "Viewer"})
	anna := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Anna", Gender: "female", Seeking: "male"})
	withPhoto(t, env, anna.ID, "active")
	replica.CaughtUp(t)

	searchNames := func() []string {
		t.Helper()
		res := viewer.Do(http.MethodGet, "/api/members.php", nil)
		res.Want(t, http.StatusOK, "")
		var out struct {
			Profiles []struct {
				Name string `json:"name"`
			} `json:"profiles"`
		}
		res.JSON(t, &out)
		var names []string
		for _, p := range out.Profiles {
			names = append(names, p.Name)
		}
		slices.Sort(names)
		return names
	}
	profileName := func(id int64) (int, string) {
		t.Helper()
		res := viewer.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(id, 10), nil)
		var out struct {
			Profile struct {
				Name string `json:"name"`
			} `json:"profile"`
		}
		if res.Status == http.StatusOK {
			res.JSON(t, &out)
		}
		return res.Status, out.Profile.Name
	}
	teaserNames := func() []string {
		t.Helper()
		res := env.Client(t, host).Do(http.MethodGet, "/", nil)
		res.Want(t, http.StatusOK, "")
		var boot struct {
			Teasers []teaser `json:"teasers"`
		}
		bootOf(t, string(res.Body), &boot)
		var names []string
		for _, c := range boot.Teasers {
			names = append(names, c.Name)
		}
		slices.Sort(names)
		return names
	}
	tenant, err := tenancy.NewDirectory(env.Pool, nil).ByHost(t.Context(), host)
	if err != nil {
		t.Fatal(err)
	}
	landerNames := func() []string {
		t.Helper()
		members, err := env.Profiles.LanderMembers(t.Context(), tenant, landerpages.Fit{MinAge: 18, MaxAge: 99}, 10)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, m := range members {
			names = append(names, m.Name)
		}
		slices.Sort(names)
		return names
	}
	if got := searchNames(); !slices.Equal(got, []string{"Anna"}) {
		t.Fatalf("search before: %v", got)
	}

	replica.PauseReplay(t)
	// Written on the primary while the replica stands still: a new member
	// with a photo, Anna renamed, the viewer's own name changed.
	bea := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Bea", Gender: "female", Seeking: "male"})
	withPhoto(t, env, bea.ID, "active")
	if _, err := env.Pool.Exec(t.Context(), "UPDATE profiles SET name = 'Annabel' WHERE id = $1", anna.ID); err != nil {
		t.Fatal(err)
	}
	viewer.Do(http.MethodPut, "/api/profile.php", map[string]any{"name": "Viewer Two"}).Want(t, http.StatusOK, "")

	// Lag-tolerant reads: the replica's older state.
	if got := searchNames(); !slices.Equal(got, []string{"Anna"}) {
		t.Errorf("search while the replica lags: %v, want the replica's [Anna]", got)
	}
	if status, name := profileName(anna.ID); status != http.StatusOK || name != "Anna" {
		t.Errorf("Anna's profile while the replica lags: %d %q, want the replica's Anna", status, name)
	}
	if status, _ := profileName(bea.ID); status != http.StatusNotFound {
		t.Errorf("Bea's profile while the replica lags: %d, want 404 (not on the replica yet)", status)
	}
	landing := func(id int64) int {
		return viewer.Do(http.MethodGet, "/api/member-landing.php?id="+strconv.FormatInt(id, 10), nil).Status
	}
	if status := landing(bea.ID); status != http.StatusNotFound {
		t.Errorf("Bea's member landing while the replica lags: %d, want 404 (not on the replica yet)", status)
	}
	if got := teaserNames(); !slices.Equal(got, []string{"Anna"}) {
		t.Errorf("teasers while the replica lags: %v, want the replica's [Anna]", got)
	}
	if got := landerNames(); !slices.Equal(got, []string{"Anna"}) {
		t.Errorf("the landers' members while the replica lags: %v, want the replica's [Anna]", got)
	}
	// The member's own data and session: the primary.
	if status, name := profileName(me.ID); status != http.StatusOK || name != "Viewer Two" {
		t.Errorf("own profile via member.php: %d %q, want the primary's Viewer Two", status, name)
	}
	var own struct {
		Profile struct {
			Name string `json:"name"`
		} `json:"profile"`
	}
	res := viewer.Do(http.MethodGet, "/api/profile.php", nil)
	res.Want(t, http.StatusOK, "")
	res.JSON(t, &own)
	if own.Profile.Name != "Viewer Two" {
		t.Errorf("profile.php: %q, want the primary's Viewer Two", own.Profile.Name)
	}
	// A login writes its session on the primary, replica or not.
	late := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Late"})
	lateClient := env.Client(t, host)
	lateClient.Login(late.Email, late.Password)
	user := lateClient.Do(http.MethodGet, "/api/user.php", nil)
	var u map[string]json.RawMessage
	user.JSON(t, &u)
	if string(u["user"]) == "null" || u["user"] == nil {
		t.Errorf("the new login is not recognised: %s", user.Body)
	}

	replica.ResumeReplay(t)
	replica.CaughtUp(t)
	if got := searchNames(); !slices.Equal(got, []string{"Annabel", "Bea"}) {
		t.Errorf("search once caught up: %v", got)
	}
	if status, name := profileName(bea.ID); status != http.StatusOK || name != "Bea" {
		t.Errorf("Bea's profile once caught up: %d %q", status, name)
	}
	if status := landing(bea.ID); status != http.StatusOK {
		t.Errorf("Bea's member landing once caught up: %d", status)
	}
	if got := teaserNames(); !slices.Equal(got, []string{"Annabel", "Bea"}) {
		t.Errorf("teasers once caught up: %v", got)
	}
	if got := landerNames(); !slices.Equal(got, []string{"Annabel", "Bea"}) {
		t.Errorf("the landers' members once caught up: %v", got)
	}

	replica.StopReplica(t)
	if _, err := env.Pool.Exec(t.Context(), "UPDATE profiles SET name = 'Beatrice' WHERE id = $1", bea.ID); err != nil {
		t.Fatal(err)
	}
	if got := searchNames(); !slices.Equal(got, []string{"Annabel", "Beatrice"}) {
		t.Errorf("search with the replica down: %v, want the primary's [Annabel Beatrice]", got)
	}
	if status, name := profileName(bea.ID); status != http.StatusOK || name != "Beatrice" {
		t.Errorf("Bea's profile with the replica down: %d %q, want the primary's Beatrice", status, name)
	}
	if got := teaserNames(); !slices.Equal(got, []string{"Annabel", "Beatrice"}) {
		t.Errorf("teasers with the replica down: %v", got)
	}
	if got := landerNames(); !slices.Equal(got, []string{"Annabel", "Beatrice"}) {
		t.Errorf("the landers' members with the replica down: %v", got)
	}
}
