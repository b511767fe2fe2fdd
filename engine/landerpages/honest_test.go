package landerpages_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/landerpages"
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

// invented are what landers once said of a member without the member
// saying it: a live badge, a video's progress and captions in the member's
// voice, posts in the member's name.
var invented = []string{`class="badge"`, `class="chrome"`, "0:42", "Hoi, ik ben", "Hi, I'm", "drankje vanavond", "drink tonight",
	"Nieuwe foto!", "New photo!", "Net klaar met werken", "Just finished work", `class="line"`}

// Landers show members' real data only: no live state, video or words
// invented for a member; a fictional (house) profile carries the brand's
// tag and the footer the brand's disclosure, each in the page's language.
func TestLandersAttributeNothingInvented(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	real := fitting(t, env, "lustlokaal", 1)
	house := accountstest.NewMember(t, env.Pool, accountstest.Member{TenantSlug: "lustlokaal", Name: "HouseHanna", Gender: "female",
		Seeking: "male", BirthDate: yearsAgo(29), IsHouse: true})
	photo(t, env, house.ID)
	tags := map[string]string{"nl": "Fictief profiel", "en": "Fictional profile"}
	warnings := map[string]string{"nl": "Sommige profielen op deze site zijn fictief", "en": "Some profiles on this site are fictional"}
	for _, name := range landerpages.Names {
		for _, lang := range []string{"nl", "en"} {
			address := "/landers/" + name + "?niche=1&lang=" + lang
			res := env.Client(t, "localhost").Do("GET", address, nil)
			res.Want(t, http.StatusOK, "")
			page := string(res.Body)
			if !strings.Contains(page, real) || !strings.Contains(page, "HouseHanna") {
				t.Errorf("%s: the members %s and HouseHanna are not both shown", address, real)
			}
			for _, lie := range invented {
				if strings.Contains(page, lie) {
					t.Errorf("%s: shows %q", address, lie)
				}
			}
			if !strings.Contains(page, `data-testid="fictional-tag">`+tags[lang]+`<`) {
				t.Errorf("%s: the house profile lacks the tag %q", address, tags[lang])
			}
			other := tags["en"]
			if lang == "en" {
				other = tags["nl"]
			}
			if strings.Contains(page, other) {
				t.Errorf("%s: a marker in another language (%q)", address, other)
			}
			if !strings.Contains(page, `data-testid="fictional-warning">`+warnings[lang]) {
				t.Errorf("%s: the footer lacks the brand's disclosure in %s", address, lang)
			}
		}
	}
}

// The feature-icons lander agrees with the brand's disclosure: on a brand
// with fictional profiles it claims no checked, real profiles and says the
// brand's own words on them; no other lander calls its members real.
func TestIconsLandingAgreesWithTheDisclosure(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	for _, name := range landerpages.Names {
		for _, copy := range landerpages.CopyVariants {
			for lang, claim := range map[string]string{"en": "Real members", "nl": "Echte leden"} {
				page := string(env.Client(t, "localhost").Do("GET", "/landers/"+name+"/"+copy+"?lang="+lang, nil).Body)
				if strings.Contains(page, claim) {
					t.Errorf("%s/%s in %s: claims %q", name, copy, lang, claim)
				}
			}
		}
	}
	for lang, c := range map[string]struct{ claims, own []string }{
		"en": {[]string{"Real profiles", "Every profile is checked"}, []string{"Open about profiles", "Some profiles on this site are fictional and run by staff."}},
		"nl": {[]string{"Echte profielen", "Elk profiel wordt door ons team gecontroleerd"}, []string{"Open over profielen", "Sommige profielen op deze site zijn fictief"}},
	} {
		page := string(env.Client(t, "localhost").Do("GET", "/landers/iconslanding?lang="+lang, nil).Body)
		grid := section(page, `data-testid="icon-grid"`)
		for _, claim := range c.claims {
			if strings.Contains(page, claim) {
				t.Errorf("%s: claims %q", lang, claim)
			}
		}
		for _, own := range c.own {
			if !strings.Contains(grid, own) {
				t.Errorf("%s: the icons lack %q", lang, own)
			}
		}
	}
}

// The lander's signup asks the date of birth in day, month and year fields
// as the app does (no native date field), and the form posted without the
// script is taken with them: a date that does not exist is refused with the
// fields kept, a real one signs up.
func TestLanderSignupDayMonthYear(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c := env.Client(t, "localhost")
	page := string(c.Do("GET", "/landers/gallery?lang=en", nil).Body)
	if strings.Contains(page, `type="date"`) {
		t.Error("the signup has a native date field")
	}
	for _, field := range []string{`<select name="day" required aria-label="Day">`, `<select name="month" required aria-label="Month">`,
		`<select name="year" required aria-label="Year">`, `<option value="2">February</option>`} {
		if !strings.Contains(page, field) {
			t.Errorf("the signup lacks %s", field)
		}
	}
	thisYear := time.Now().Year()
	if !strings.Contains(page, fmt.Sprintf(`<option value="%d">`, thisYear-18)) || strings.Contains(page, fmt.Sprintf(`<option value="%d">`, thisYear-17)) {
		t.Error("the years do not start at the youngest allowed age")
	}
	post := func(day, month, year string) servertest.Response {
		form := url.Values{"gender": {"male"}, "orientation_consent": {"1"}, "name": {"Dater" + day}, "day": {day}, "month": {month}, "year": {year},
			"email": {"dater" + day + "@example.com"}, "password": {"secret123"}, "lander": {"/landers/gallery"}}
		req, _ := http.NewRequest(http.MethodPost, env.URL+"/landers/signup", strings.NewReader(form.Encode()))
		req.Host = c.Host
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		return env.Client(t, "localhost").Send(req)
	}
	bad := post("31", "2", "1990")
	if bad.Status != http.StatusUnprocessableEntity && bad.Status != http.StatusBadRequest {
		t.Fatalf("31 February: status %d", bad.Status)
	}
	for _, kept := range []string{`<option value="31" selected>`, `<option value="1990" selected>`} {
		if !strings.Contains(string(bad.Body), kept) {
			t.Errorf("31 February: the refused form lost %s", kept)
		}
	}
	good := post("7", "3", "1990")
	if good.Status != http.StatusSeeOther || good.Header.Get("Location") != "/complete-signup" {
		t.Fatalf("7 March 1990: status %d to %q: %.300s", good.Status, good.Header.Get("Location"), good.Body)
	}
	env.AwaitCount(t, 1, "SELECT count(*) FROM profiles WHERE name = 'Dater7' AND date_of_birth = '1990-03-07'")
}

// A logged-out visitor from one of the brand's countries meets the
// adults-only question over the lander (a dialog, the page inert beneath,
// without the app's bundle) until they answered it; visitors from elsewhere,
// members (the session cookie) and brands that ask nobody never do.
// Answering without the script sets the app's cookie and returns to the
// lander, never to another site.
func TestSiteEntryOnLanders(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	visit := func(host, country, cookie string) string {
		c := env.Client(t, host)
		c.Country = country
		req, _ := http.NewRequest(http.MethodGet, env.URL+"/landers/gallery/milf?niche=6", nil)
		req.Host = host
		req.Header.Set(servertest.CountryHeader, country)
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		res := c.Send(req)
		res.Want(t, http.StatusOK, "")
		return string(res.Body)
	}
	asked := func(page string) bool {
		return strings.Contains(page, `<div class="gate" data-testid="site-entry-modal">`)
	}
	page := visit("localhost", "NL", "")
	if !asked(page) {
		t.Fatal("a Dutch visitor of lustlokaal is not asked")
	}
	for _, want := range []string{`role="dialog" aria-modal="true" aria-labelledby="gate-title"`, `<div class="page" inert>`,
		`data-testid="site-entry-enter" autofocus>`, "Alleen voor volwassenen", `name="back" value="/landers/gallery/milf?niche=6"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the question lacks %s", want)
		}
	}
	if strings.Contains(page, "<script src") || strings.Contains(page, "/assets/") {
		t.Error("the lander loads the app's bundle")
	}
	if !asked(visit("localhost", "BE", "")) {
		t.Error("a Belgian visitor of lustlokaal is not asked")
	}
	for what, page := range map[string]string{
		"a visitor from elsewhere": visit("localhost", "US", ""),
		"an answered visitor":      visit("localhost", "NL", landerpages.SiteEntryCookie+"=1"),
		"a member":                 visit("localhost", "NL", "rdv_session=abc"),
		"a brand that asks nobody": visit("us.localhost", "US", ""),
	} {
		if asked(page) {
			t.Errorf("%s is asked", what)
		}
	}
	enter := func(back string) servertest.Response {
		req, _ := http.NewRequest(http.MethodPost, env.URL+"/landers/enter", strings.NewReader(url.Values{"back": {back}}.Encode()))
		req.Host = "localhost"
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		return env.Client(t, "localhost").Send(req)
	}
	res := enter("/landers/gallery/milf?niche=6")
	if res.Status != http.StatusSeeOther || res.Header.Get("Location") != "/landers/gallery/milf?niche=6" ||
		!strings.Contains(res.Header.Get("Set-Cookie"), landerpages.SiteEntryCookie+"=1") {
		t.Fatalf("entering: %d to %q, cookie %q", res.Status, res.Header.Get("Location"), res.Header.Get("Set-Cookie"))
	}
	for _, away := range []string{"https://evil.example/landers/gallery", "//evil.example/landers/gallery", "/pages/terms"} {
		if got := enter(away).Header.Get("Location"); got != "/landers/tinderswipe" {
			t.Errorf("back %q leads to %q", away, got)
		}
	}
}
