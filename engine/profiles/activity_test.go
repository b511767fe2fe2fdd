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
)

// Others see whether a member is online and, to the minute, when they were
// last active, on the profile and on search cards; never for an invisible
// member or a house profile.
func TestActivityAsOthersSeeIt(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	viewer, _ := env.LoggedIn(t, nlHost, accountstest.Member{Name: "Viewer", Gender: "male", Seeking: "female"})
	type want struct {
		online bool
		ago    time.Duration // 0: no last_active_at
	}
	cases := []struct {
		name   string
		member accountstest.Member
		active string
		want   want
	}{
		{"online", accountstest.Member{Name: "Online"}, "1 minute", want{true, time.Minute}},
		{"away", accountstest.Member{Name: "Away"}, "3 hours", want{false, 3 * time.Hour}},
		{"invisible", accountstest.Member{Name: "Hidden", Invisible: true}, "1 minute", want{}},
		{"house", accountstest.Member{Name: "House", IsHouse: true}, "1 minute", want{}},
	}
	ids := map[string]int64{}
	for _, tc := range cases {
		tc.member.Gender, tc.member.Seeking = "female", "male"
		made := accountstest.NewMember(t, env.Pool, tc.member)
		if _, err := env.Pool.Exec(context.Background(), "UPDATE profiles SET last_active_at = now() - $2::interval WHERE id = $1", made.ID, tc.active); err != nil {
			t.Fatal(err)
		}
		ids[tc.name] = made.ID
	}
	check := func(t *testing.T, where string, w want, a profiles.Activity) {
		t.Helper()
		if a.Online != w.online {
			t.Errorf("%s: online %v, want %v", where, a.Online, w.online)
		}
		switch {
		case w.ago == 0 && a.LastActiveAt != nil:
			t.Errorf("%s: last_active_at %v, want null", where, a.LastActiveAt)
		case w.ago != 0 && a.LastActiveAt == nil:
			t.Errorf("%s: last_active_at null, want %s ago", where, w.ago)
		case w.ago != 0:
			if ago := time.Since(*a.LastActiveAt); ago < w.ago || ago > w.ago+2*time.Minute || a.LastActiveAt.Second() != 0 {
				t.Errorf("%s: last_active_at %v (%s ago), want %s ago to the minute", where, a.LastActiveAt, ago, w.ago)
			}
		}
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := viewer.Do(http.MethodGet, fmt.Sprintf("/api/member.php?id=%d", ids[tc.name]), nil)
			var got struct {
				Profile profiles.Activity `json:"profile"`
			}
			res.Want(t, http.StatusOK, "")
			res.JSON(t, &got)
			check(t, "member.php", tc.want, got.Profile)
		})
	}
	// Search lists the visible ones (the invisible member is not found at all).
	res := viewer.Do(http.MethodGet, "/api/members.php?gender=female&per_page=60", nil)
	res.Want(t, http.StatusOK, "")
	var found profiles.SearchResult
	res.JSON(t, &found)
	seen := map[int64]profiles.Card{}
	for _, c := range append(found.Profiles, found.Similar...) {
		seen[c.ID] = c
	}
	for _, tc := range cases {
		c, ok := seen[ids[tc.name]]
		if tc.name == "invisible" {
			if ok {
				t.Errorf("search shows the invisible member")
			}
			continue
		}
		if !ok {
			t.Errorf("search lacks %s", tc.name)
			continue
		}
		check(t, "search "+tc.name, tc.want, c.Activity)
	}
}

func TestActivityOf(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 24, 12, 0, 30, 0, time.UTC)
	for _, tc := range []struct {
		name             string
		last             time.Time
		house, invisible bool
		online           bool
		shown            bool
	}{
		{"just now", now.Add(-10 * time.Second), false, false, true, true},
		{"edge of online", now.Add(-profiles.OnlineFor + time.Second), false, false, true, true},
		{"gone", now.Add(-profiles.OnlineFor), false, false, false, true},
		{"never", time.Time{}, false, false, false, false},
		{"house", now, true, false, false, false},
		{"invisible", now, false, true, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := profiles.ActivityOf(tc.last, tc.house, tc.invisible, now)
			if a.Online != tc.online || (a.LastActiveAt != nil) != tc.shown {
				t.Fatalf("%+v, want online %v shown %v", a, tc.online, tc.shown)
			}
			if a.LastActiveAt != nil && !a.LastActiveAt.Equal(tc.last.Truncate(time.Minute)) {
				t.Fatalf("last active %v, want %v", a.LastActiveAt, tc.last.Truncate(time.Minute))
			}
		})
	}
}
