package server_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// landingProfile is member-landing.php's profile, with the fields a landing
// shows.
type landingProfile struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Age       int    `json:"age"`
	City      string `json:"city"`
	AboutMe   string `json:"about_me"`
	MainImage *struct {
		URL string `json:"url"`
	} `json:"main_image"`
	Photos       []any `json:"photos"`
	PhotosHidden int   `json:"photos_hidden"`
}

// member-landing.php answers the member an affiliate's landing shows, as a
// visitor may see them on member.php (the main photo only, the tenant's
// visible fields), under the same logged-out rule, and never a member a
// newcomer may not write to first: invisible, hidden or not confirmed
// members, and other pools' members, are not found.
func TestMemberLandingAPI(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ann := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Ann", Gender: "female", City: "Utrecht"})
	withPhoto(t, env, ann.ID, "active")
	withPhoto(t, env, ann.ID, "active")
	shy := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Shy", Gender: "female", Invisible: true})
	waiting := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Waiting", Gender: "female", Status: "not_confirmed"})
	hidden := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Hidden", Gender: "female"})
	if _, err := env.Pool.Exec(context.Background(), `UPDATE profiles SET status = 'hidden', about_me = '' WHERE id = $1`, hidden.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Pool.Exec(context.Background(), `UPDATE profiles SET about_me = 'I like long walks.' WHERE id = $1`, ann.ID); err != nil {
		t.Fatal(err)
	}
	heidi := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Heidi", Gender: "female", TenantSlug: "herzklopfen", Country: "DE"})
	// Each has a reviewed photo, so only the rule named below keeps them off.
	for _, m := range []accountstest.Made{shy, waiting, hidden, heidi} {
		withPhoto(t, env, m.ID, "active")
	}
	unreviewed := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Fresh", Gender: "female"})
	if _, err := env.Pool.Exec(context.Background(), `INSERT INTO photos (profile_id, filename, thumb_filename) VALUES ($1, 'ab/f.jpg', 'ab/f_t.jpg')`, unreviewed.ID); err != nil {
		t.Fatal(err)
	}
	tester := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Tester", Gender: "female"})
	withPhoto(t, env, tester.ID, "active")
	if _, err := env.Pool.Exec(context.Background(), `UPDATE members SET account_kind = 'test' WHERE id = $1`, tester.ID); err != nil {
		t.Fatal(err)
	}
	path := func(id int64) string { return "/api/member-landing.php?id=" + strconv.FormatInt(id, 10) }

	visitor := env.Client(t, "localhost")
	res := visitor.Do(http.MethodGet, path(ann.ID), nil)
	res.Want(t, http.StatusOK, "")
	var got struct{ Profile landingProfile }
	res.JSON(t, &got)
	p := got.Profile
	if p.ID != ann.ID || p.Name != "Ann" || p.Age == 0 || p.City != "Utrecht" || p.AboutMe != "I like long walks." || p.MainImage == nil {
		t.Fatalf("Ann's landing profile %+v: want her name, age, city, about me and photo", p)
	}
	if len(p.Photos) != 1 || p.PhotosHidden != 1 {
		t.Fatalf("a visitor got %d photos and %d hidden, want the main one and 1 hidden", len(p.Photos), p.PhotosHidden)
	}
	for _, secret := range []string{"date_of_birth", "email", `"note"`, "invisible"} {
		if strings.Contains(string(res.Body), secret) {
			t.Errorf("the landing profile carries %s: %s", secret, res.Body)
		}
	}

	// member.php shows the invisible member to a visitor; a landing, which
	// leads to a first message, does not.
	visitor.Do(http.MethodGet, "/api/member.php?id="+strconv.FormatInt(shy.ID, 10), nil).Want(t, http.StatusOK, "")
	for _, c := range []struct {
		name   string
		client *servertest.Client
		path   string
		status int
		code   string
	}{
		{"invisible", visitor, path(shy.ID), http.StatusNotFound, "profile_not_found"},
		{"not confirmed", visitor, path(waiting.ID), http.StatusNotFound, "profile_not_found"},
		{"hidden", visitor, path(hidden.ID), http.StatusNotFound, "profile_not_found"},
		{"another pool", visitor, path(heidi.ID), http.StatusNotFound, "profile_not_found"},
		{"no reviewed photo", visitor, path(unreviewed.ID), http.StatusNotFound, "profile_not_found"},
		{"test account", visitor, path(tester.ID), http.StatusNotFound, "profile_not_found"},
		{"no such member", visitor, path(ann.ID + 100000), http.StatusNotFound, "profile_not_found"},
		{"bad id", visitor, "/api/member-landing.php?id=x", http.StatusUnprocessableEntity, "id_invalid"},
		{"no id", visitor, "/api/member-landing.php", http.StatusUnprocessableEntity, "id_invalid"},
		// Herzklopfen shows members to visitors with a traffic source only.
		{"no traffic source", env.Client(t, "de.localhost"), path(heidi.ID), http.StatusForbidden, "authentication_required"},
		{"traffic source", env.Client(t, "de.localhost"), path(heidi.ID) + "&network=adnet", http.StatusOK, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.client.Do(http.MethodGet, c.path, nil).Want(t, c.status, c.code)
		})
	}

	// A member sees the landing's member too, but not one who blocked them.
	bob, bobMade := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Bob"})
	bob.Do(http.MethodGet, path(ann.ID), nil).Want(t, http.StatusOK, "")
	if _, err := env.Pool.Exec(context.Background(), `INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)`, ann.ID, bobMade.ID); err != nil {
		t.Fatal(err)
	}
	bob.Do(http.MethodGet, path(ann.ID), nil).Want(t, http.StatusForbidden, "blocked")
}

// The three member landings get their member in the boot state for a
// visitor, as member-landing.php answers, with the photo preloaded; none for
// an invisible member or where visitors may not browse; the affiliate link's
// traffic source is remembered and counted as a visit on a landing like on
// any page, slug or not.
func TestMemberLandingBoot(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ann := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Ann", Gender: "female"})
	withPhoto(t, env, ann.ID, "active")
	shy := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Shy", Gender: "female", Invisible: true})
	withPhoto(t, env, shy.ID, "active")
	heidi := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Heidi", Gender: "female", TenantSlug: "herzklopfen", Country: "DE"})
	withPhoto(t, env, heidi.ID, "active")
	read := func(c *servertest.Client, path string) (*landingProfile, string) {
		t.Helper()
		res := c.Do(http.MethodGet, path, nil)
		res.Want(t, http.StatusOK, "")
		var boot struct{ Member *landingProfile }
		bootOf(t, string(res.Body), &boot)
		return boot.Member, string(res.Body)
	}
	const photo = `<link rel="preload" as="image" href="/media/ab/p.jpg" fetchpriority="high">`
	annAt := "/members/" + strconv.FormatInt(ann.ID, 10)
	for _, landing := range []string{"/landing", "/landing2", "/landing2/summer", "/landing3", "/landing3/b/"} {
		got, page := read(env.Client(t, "localhost"), annAt+landing)
		if got == nil || got.ID != ann.ID || got.Name != "Ann" || got.MainImage == nil {
			t.Errorf("%s: the boot state lacks Ann: %+v", landing, got)
		}
		if !strings.Contains(page, photo) {
			t.Errorf("%s: Ann's photo is not preloaded", landing)
		}
	}
	heidiAt := "/members/" + strconv.FormatInt(heidi.ID, 10) + "/landing"
	bob, _ := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Bob"})
	for _, c := range []struct {
		client *servertest.Client
		path   string
	}{
		{env.Client(t, "localhost"), "/members/" + strconv.FormatInt(shy.ID, 10) + "/landing2/summer"}, // invisible
		{env.Client(t, "de.localhost"), heidiAt},                                                       // herzklopfen: visitors need a traffic source
		{env.Client(t, "localhost"), heidiAt},                                                          // another pool
		{env.Client(t, "localhost"), annAt + "/landing4"},                                              // no such page
		{env.Client(t, "localhost"), annAt + "/landing/x"},                                             // no such page
		{bob, annAt + "/landing"},                                                                      // members go to the profile
		{env.Client(t, "localhost"), "/members/0/landing3/"},                                           // no member
	} {
		res := c.client.Do(http.MethodGet, c.path, nil)
		var boot struct{ Member *landingProfile }
		bootOf(t, string(res.Body), &boot)
		if boot.Member != nil || strings.Contains(string(res.Body), photo) {
			t.Errorf("%s%s: a member in the boot state: %+v", c.client.Host, c.path, boot.Member)
		}
	}

	// Herzklopfen follows the European rules: before the visitor accepts
	// cookies the link's page shows Heidi but sets no affiliate cookie.
	asked := env.Client(t, "de.localhost")
	first := asked.Do(http.MethodGet, heidiAt+"?network=asknet&ref=ask1", nil)
	first.Want(t, http.StatusOK, "")
	if strings.Contains(first.Header.Get("Set-Cookie"), "rdv_tracking=") {
		t.Fatal("the affiliate cookie was set before the visitor accepted cookies")
	}

	// An affiliate's link to a landing, cookies accepted: Heidi shows with
	// the source, the source is remembered for the visit's later calls and
	// counted once.
	visitor := env.Client(t, "de.localhost")
	visitor.Do(http.MethodPost, "/api/cookies.php", map[string]any{"choice": "all"}).Want(t, http.StatusNoContent, "")
	res := visitor.Do(http.MethodGet, heidiAt+"?network=memnet&ref=aff7&sub1=s1", nil)
	res.Want(t, http.StatusOK, "")
	if !strings.Contains(res.Header.Get("Set-Cookie"), "rdv_tracking=") {
		t.Fatalf("the landing does not remember the traffic source: %q", res.Header.Get("Set-Cookie"))
	}
	var boot struct{ Member *landingProfile }
	bootOf(t, string(res.Body), &boot)
	if boot.Member == nil || boot.Member.ID != heidi.ID {
		t.Fatalf("herzklopfen landing with a traffic source: boot member %+v, want Heidi", boot.Member)
	}
	visitor.Do(http.MethodGet, "/api/member-landing.php?id="+strconv.FormatInt(heidi.ID, 10), nil).Want(t, http.StatusOK, "")
	env.AwaitCount(t, 1, `SELECT count(*) FROM traffic_visits WHERE network = 'memnet' AND ref = 'aff7' AND sub1 = 's1' AND variant = ''`)
	// A landing's slug is the visit's A/B variant.
	visitor.Do(http.MethodGet, "/members/"+strconv.FormatInt(heidi.ID, 10)+"/landing3/red?network=memnet&ref=aff8", nil).Want(t, http.StatusOK, "")
	env.AwaitCount(t, 1, `SELECT count(*) FROM traffic_visits WHERE network = 'memnet' AND ref = 'aff8' AND variant = 'red'`)
}
