package server_test

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// teaser is a member card of the home page's boot state, with its raw JSON
// to check what it must not carry.
type teaser struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Age       int    `json:"age"`
	MainImage *struct {
		Filename string `json:"filename"`
	} `json:"main_image"`
}

// withPhoto adds a photo in status to a member; an active one as
// operators reviewed it (the brand's marketing shows only those).
func withPhoto(t *testing.T, env *servertest.Env, id int64, status string) {
	t.Helper()
	if _, err := env.Pool.Exec(context.Background(), `INSERT INTO photos (profile_id, filename, thumb_filename, status, reviewed_at)
		VALUES ($1, 'ab/p.jpg', 'ab/p_t.jpg', $2, CASE WHEN $2 = 'active' THEN now() END)`, id, status); err != nil {
		t.Fatal(err)
	}
}

// The logged-out home page gets its member teasers in the boot state: only
// the tenant's pool, only active visible members with an active photo, as a
// visitor may see them; no teasers for members or on other pages.
func TestHomeBootTeasers(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member := func(m accountstest.Member, photo string) accountstest.Made {
		made := accountstest.NewMember(t, env.Pool, m)
		if photo != "" {
			withPhoto(t, env, made.ID, photo)
		}
		return made
	}
	ann := member(accountstest.Member{Name: "Ann", Gender: "female"}, "active")
	member(accountstest.Member{Name: "Pending", Gender: "female"}, "pending")
	member(accountstest.Member{Name: "Faceless", Gender: "female"}, "")
	member(accountstest.Member{Name: "Hidden", Gender: "female", Invisible: true}, "active")
	member(accountstest.Member{Name: "Disabled", Gender: "female", Status: "not_confirmed"}, "active")
	member(accountstest.Member{Name: "Sue", Gender: "female", TenantSlug: "sparkusa", Country: "US"}, "active")
	heidi := member(accountstest.Member{Name: "Heidi", Gender: "female", TenantSlug: "herzklopfen", Country: "DE"}, "active")

	read := func(c *servertest.Client, path string) ([]teaser, string) {
		t.Helper()
		res := c.Do("GET", path, nil)
		if res.Status != 200 {
			t.Fatalf("%s %s: %d", c.Host, path, res.Status)
		}
		var boot struct {
			Teasers json.RawMessage `json:"teasers"`
		}
		bootOf(t, string(res.Body), &boot)
		var list []teaser
		if err := json.Unmarshal(boot.Teasers, &list); err != nil {
			t.Fatalf("teasers %s: %v", boot.Teasers, err)
		}
		// The first teaser photos load with the page, not after the app starts.
		preload := strings.Contains(string(res.Body), `<link rel="preload" as="image" href="/media/ab/p_t.jpg" fetchpriority="high">`)
		if preload != (len(list) > 0) {
			t.Errorf("%s %s: teaser photo preloaded %v with %d teasers", c.Host, path, preload, len(list))
		}
		return list, string(boot.Teasers)
	}
	names := func(list []teaser) []string {
		var out []string
		for _, x := range list {
			out = append(out, x.Name)
		}
		return out
	}

	list, raw := read(env.Client(t, "localhost"), "/")
	if got := names(list); !slices.Equal(got, []string{"Ann"}) {
		t.Fatalf("lustlokaal teasers %v, want only Ann (its pool, active, visible, with a photo)", got)
	}
	if list[0].ID != ann.ID || list[0].Age == 0 || list[0].MainImage == nil || list[0].MainImage.Filename == "" {
		t.Fatalf("Ann's teaser %+v: want her id (logged-out search is on), age and photo", list[0])
	}
	for _, secret := range []string{"date_of_birth", "email", "photos"} {
		if strings.Contains(raw, `"`+secret+`"`) {
			t.Errorf("a teaser carries %s: %s", secret, raw)
		}
	}
	if list, _ := read(env.Client(t, "sparkusa.localhost"), "/"); !slices.Equal(names(list), []string{"Sue"}) {
		t.Fatalf("sparkusa teasers %v, want only Sue", names(list))
	}
	// Herzklopfen lets visitors browse members only with a traffic source:
	// without one the faces show but no profile can be opened.
	list, _ = read(env.Client(t, "de.localhost"), "/")
	if !slices.Equal(names(list), []string{"Heidi"}) || list[0].ID != 0 {
		t.Fatalf("herzklopfen teasers %+v, want Heidi without an id", list)
	}
	list, _ = read(env.Client(t, "de.localhost"), "/?network=mail&ref=42")
	if len(list) != 1 || list[0].ID != heidi.ID {
		t.Fatalf("herzklopfen teasers with a traffic source %+v, want Heidi's id", list)
	}
	// Other pages and members get none.
	if list, raw := read(env.Client(t, "localhost"), "/pages/faq"); list != nil {
		t.Fatalf("teasers on an info page: %s", raw)
	}
	bob, _ := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Bob"})
	if list, raw := read(bob, "/"); list != nil {
		t.Fatalf("teasers for a member: %s", raw)
	}
}

var (
	robotsMeta = regexp.MustCompile(`<meta name="robots" content="([^"]+)">`)
	canonical  = regexp.MustCompile(`<link rel="canonical" href="([^"]+)">`)
	hreflang   = regexp.MustCompile(`<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">`)
	htmlLang   = regexp.MustCompile(`<html lang="([^"]+)">`)
)

// Public pages are indexable with a canonical address on the brand's
// primary host, hreflang links between its languages and Open Graph tags;
// member-only pages stay noindex. All of it is in the served HTML.
func TestPageHeadsForSearchEngines(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	type tc struct {
		host, path string
		status     int
		index      bool
		canonical  string
		lang       string
		hreflang   []string // "lang href" pairs
	}
	nlAlts := func(p string) []string {
		return []string{"nl http://localhost" + p, "en http://localhost" + p + "?lang=en", "x-default http://localhost" + p}
	}
	cases := []tc{
		{host: "localhost", path: "/", status: 200, index: true, canonical: "http://localhost/", lang: "nl", hreflang: nlAlts("/")},
		{host: "nl.localhost", path: "/", status: 200, index: true, canonical: "http://localhost/", lang: "nl", hreflang: nlAlts("/")},
		{host: "localhost", path: "/?lang=en", status: 200, index: true, canonical: "http://localhost/?lang=en", lang: "en", hreflang: nlAlts("/")},
		{host: "localhost", path: "/?lang=xx", status: 200, index: true, canonical: "http://localhost/", lang: "nl", hreflang: nlAlts("/")},
		{host: "localhost", path: "/members", status: 200, index: true, canonical: "http://localhost/members", lang: "nl", hreflang: nlAlts("/members")},
		{host: "localhost", path: "/members?gender=female&page=2", status: 200, index: true, canonical: "http://localhost/members", lang: "nl", hreflang: nlAlts("/members")},
		{host: "localhost", path: "/pages/faq", status: 200, index: true, canonical: "http://localhost/pages/faq", lang: "nl", hreflang: nlAlts("/pages/faq")},
		{host: "localhost", path: "/terms", status: 200, index: true, canonical: "http://localhost/pages/terms", lang: "nl", hreflang: nlAlts("/pages/terms")},
		{host: "de.localhost", path: "/", status: 200, index: true, canonical: "http://herzklopfen.localhost/", lang: "de",
			hreflang: []string{"de http://herzklopfen.localhost/", "en http://herzklopfen.localhost/?lang=en", "x-default http://herzklopfen.localhost/"}},
		{host: "de.localhost", path: "/?lang=en", status: 200, index: true, canonical: "http://herzklopfen.localhost/?lang=en", lang: "en",
			hreflang: []string{"de http://herzklopfen.localhost/", "en http://herzklopfen.localhost/?lang=en", "x-default http://herzklopfen.localhost/"}},
		// One language: no hreflang.
		{host: "us.localhost", path: "/", status: 200, index: true, canonical: "http://sparkusa.localhost/", lang: "en"},
		// Logged-out search off: the search is not a public page.
		{host: "de.localhost", path: "/members", status: 200, lang: "de"},
		// Landers per the tenant's index_landers.
		{host: "us.localhost", path: "/landers/video", status: 200, index: true, canonical: "http://sparkusa.localhost/landers/video", lang: "en"},
		{host: "localhost", path: "/landers/video", status: 200, lang: "nl"},
		{host: "us.localhost", path: "/landers/video/some-slug", status: 200, lang: "en"},
		{host: "us.localhost", path: "/landers/tinderswipe", status: 200, index: true, canonical: "http://sparkusa.localhost/landers/tinderswipe", lang: "en"},
		{host: "de.localhost", path: "/landers/tinderswipe", status: 200, lang: "de"},
		{host: "de.localhost", path: "/landers/tinderswipe?lang=en", status: 200, lang: "en"},
		{host: "us.localhost", path: "/landers/nosuchlander", status: 404, lang: "en"},
		// Member pages, forms and profiles never.
		{host: "localhost", path: "/chats", status: 200, lang: "nl"},
		{host: "localhost", path: "/profile", status: 200, lang: "nl"},
		{host: "localhost", path: "/likes", status: 200, lang: "nl"},
		{host: "localhost", path: "/members/12", status: 200, lang: "nl"},
		{host: "localhost", path: "/signup", status: 200, lang: "nl"},
		{host: "localhost", path: "/credits", status: 200, lang: "nl"},
		{host: "localhost", path: "/no-such-page", status: 404, lang: "nl"},
	}
	for _, c := range cases {
		res := env.Client(t, c.host).Do("GET", c.path, nil)
		if res.Status != c.status {
			t.Fatalf("%s%s: status %d, want %d", c.host, c.path, res.Status, c.status)
		}
		page := string(res.Body)
		head := page[:strings.Index(page, "</head>")]
		robots := robotsMeta.FindAllStringSubmatch(head, -1)
		want := map[bool]string{true: "index, follow", false: "noindex, nofollow"}[c.index]
		if len(robots) != 1 || robots[0][1] != want {
			t.Errorf("%s%s: robots %v, want one %q", c.host, c.path, robots, want)
		}
		var gotCanonical string
		if m := canonical.FindStringSubmatch(head); m != nil {
			gotCanonical = m[1]
		}
		if gotCanonical != strings.ReplaceAll(c.canonical, "&", "&amp;") {
			t.Errorf("%s%s: canonical %q, want %q", c.host, c.path, gotCanonical, c.canonical)
		}
		var alts []string
		for _, m := range hreflang.FindAllStringSubmatch(head, -1) {
			alts = append(alts, m[1]+" "+m[2])
		}
		if !slices.Equal(alts, c.hreflang) {
			t.Errorf("%s%s: hreflang %v, want %v", c.host, c.path, alts, c.hreflang)
		}
		if m := htmlLang.FindStringSubmatch(page); m == nil || m[1] != c.lang {
			t.Errorf("%s%s: html lang %v, want %s", c.host, c.path, m, c.lang)
		}
		if !strings.Contains(head, `<meta name="description" content="`) {
			t.Errorf("%s%s: no description", c.host, c.path)
		}
		hasOG := strings.Contains(head, `<meta property="og:url" content="`+c.canonical+`">`)
		if c.index && (!hasOG || !strings.Contains(head, `<meta property="og:title"`) || !regexp.MustCompile(`<meta property="og:image" content="http://[^"]+/icon-512\.png">`).MatchString(head)) {
			t.Errorf("%s%s: Open Graph tags missing: %s", c.host, c.path, head)
		}
		if !c.index && strings.Contains(head, `property="og:`) {
			t.Errorf("%s%s: Open Graph tags on a page that is not indexed", c.host, c.path)
		}
	}
	// The tenant's description, escaped, in its own language.
	res := env.Client(t, "de.localhost").Do("GET", "/", nil)
	if !strings.Contains(string(res.Body), `<meta name="description" content="Lerne Frauen in deiner Nähe kennen, chatte und verabrede dich.">`) {
		t.Errorf("herzklopfen's description missing: %.600s", res.Body)
	}
}

type sitemap struct {
	URLs []struct {
		Loc   string `xml:"loc"`
		Links []struct {
			Hreflang string `xml:"hreflang,attr"`
			Href     string `xml:"href,attr"`
		} `xml:"link"`
	} `xml:"url"`
}

// Each tenant has its own sitemap.xml of its public pages on its primary
// host, every language listed with its alternates, and a robots.txt naming it.
func TestSitemapPerTenant(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	info := []string{"/pages/faq", "/pages/service", "/pages/terms", "/pages/privacy", "/pages/cookies", "/pages/return-policy", "/pages/ban"}
	cases := []struct {
		host, origin string
		langs        []string
		has, hasNot  []string
	}{
		{host: "nl.localhost", origin: "http://localhost", langs: []string{"nl", "en"}, has: append([]string{"/", "/members"}, info...), hasNot: []string{"/landers/video"}},
		{host: "de.localhost", origin: "http://herzklopfen.localhost", langs: []string{"de", "en"}, has: append([]string{"/"}, info...), hasNot: []string{"/members", "/landers/video"}},
		{host: "us.localhost", origin: "http://sparkusa.localhost", langs: []string{"en"}, has: append([]string{"/", "/members", "/landers/tinderswipe", "/landers/alonetonight", "/landers/collagelanding",
			"/landers/gallery", "/landers/iconslanding", "/landers/maplanding", "/landers/socialnetwork", "/landers/transitionsvideolanding", "/landers/video"}, info...)},
	}
	others := []string{"http://localhost/", "http://herzklopfen.localhost/", "http://sparkusa.localhost/"}
	for _, c := range cases {
		res := env.Client(t, c.host).Do("GET", "/sitemap.xml", nil)
		res.Want(t, 200, "")
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/xml") {
			t.Fatalf("%s: content type %s", c.host, ct)
		}
		var sm sitemap
		if err := xml.Unmarshal(res.Body, &sm); err != nil {
			t.Fatalf("%s: sitemap is not XML: %v", c.host, err)
		}
		locs := map[string]int{}
		for _, u := range sm.URLs {
			locs[u.Loc] = len(u.Links)
			for _, o := range others {
				if !strings.HasPrefix(o, c.origin) && strings.HasPrefix(u.Loc, o) {
					t.Errorf("%s: another tenant's page %s", c.host, u.Loc)
				}
			}
		}
		for _, p := range c.has {
			for i, l := range c.langs {
				loc := c.origin + p
				if i > 0 {
					loc += "?lang=" + l
				}
				links, ok := locs[loc]
				if !ok {
					t.Errorf("%s: sitemap lacks %s", c.host, loc)
				}
				if want := map[bool]int{true: len(c.langs) + 1, false: 0}[len(c.langs) > 1]; links != want {
					t.Errorf("%s: %s has %d alternates, want %d", c.host, loc, links, want)
				}
			}
		}
		for _, p := range c.hasNot {
			if _, ok := locs[c.origin+p]; ok {
				t.Errorf("%s: sitemap lists %s", c.host, p)
			}
		}
		if want := len(c.has) * len(c.langs); len(sm.URLs) != want {
			t.Errorf("%s: %d entries, want %d", c.host, len(sm.URLs), want)
		}
		robots := env.Client(t, c.host).Do("GET", "/robots.txt", nil)
		robots.Want(t, 200, "")
		for _, want := range []string{"Sitemap: " + c.origin + "/sitemap.xml", "Disallow: /api/", "Disallow: /chats"} {
			if !strings.Contains(string(robots.Body), want) {
				t.Errorf("%s: robots.txt lacks %q:\n%s", c.host, want, robots.Body)
			}
		}
	}
}

// The search page's first results come in the boot state, run as
// members.php would for that address and viewer; none where members.php
// would refuse.
func TestSearchPageBootResults(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ann := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Ann", Gender: "female", BirthDate: time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC)})
	withPhoto(t, env, ann.ID, "active")
	accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Heidi", Gender: "female", TenantSlug: "herzklopfen", Country: "DE"})
	type result struct {
		Profiles []teaser `json:"profiles"`
		Search   struct {
			Gender  string `json:"gender"`
			PerPage int    `json:"per_page"`
		} `json:"search"`
	}
	read := func(c *servertest.Client, path string) *result {
		t.Helper()
		res := c.Do("GET", path, nil)
		if res.Status != 200 {
			t.Fatalf("%s %s: %d", c.Host, path, res.Status)
		}
		var boot struct{ Search *result }
		bootOf(t, string(res.Body), &boot)
		return boot.Search
	}
	got := read(env.Client(t, "localhost"), "/members?gender=female")
	if got == nil || len(got.Profiles) != 1 || got.Profiles[0].ID != ann.ID || got.Search.PerPage != 12 || got.Search.Gender != "female" {
		t.Fatalf("lustlokaal search in the boot state: %+v", got)
	}
	if got := read(env.Client(t, "localhost"), "/members?gender=male"); got == nil || len(got.Profiles) != 0 {
		t.Fatalf("the boot's search follows the address's filters: %+v", got)
	}
	res := env.Client(t, "localhost").Do("GET", "/members?gender=female", nil)
	if !strings.Contains(string(res.Body), `<link rel="preload" as="image" href="/media/ab/p_t.jpg" fetchpriority="high">`) {
		t.Errorf("the first result's photo is not preloaded")
	}
	for _, c := range []struct{ host, path string }{
		{"de.localhost", "/members"},        // visitors may not browse herzklopfen
		{"localhost", "/members?min_age=3"}, // members.php refuses the filter
		{"localhost", "/members/" + "1"},    // not the search page
		{"localhost", "/?gender=female"},    // nor the home
	} {
		if got := read(env.Client(t, c.host), c.path); got != nil {
			t.Errorf("%s%s: a search in the boot state: %+v", c.host, c.path, got)
		}
	}
	// A member's search leaves the member out, as members.php does.
	eve, eveMade := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Eve", Gender: "female"})
	for _, p := range read(eve, "/members?gender=female").Profiles {
		if p.ID == eveMade.ID {
			t.Fatalf("the member finds herself")
		}
	}
}

// A member's page gets the profile in the boot state for a logged-out
// visitor, as member.php would answer, with its main photo preloaded; none
// where member.php would refuse the visitor, and none for members (member.php
// clears the like of a profile they open).
func TestMemberPageBootProfile(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ann := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Ann", Gender: "female"})
	withPhoto(t, env, ann.ID, "active")
	heidi := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Heidi", Gender: "female", TenantSlug: "herzklopfen", Country: "DE"})
	read := func(c *servertest.Client, path string) (*teaser, string) {
		t.Helper()
		res := c.Do("GET", path, nil)
		var boot struct{ Member *teaser }
		bootOf(t, string(res.Body), &boot)
		return boot.Member, string(res.Body)
	}
	annPage := "/members/" + strconv.FormatInt(ann.ID, 10)
	got, page := read(env.Client(t, "localhost"), annPage)
	if got == nil || got.ID != ann.ID || got.Name != "Ann" || got.MainImage == nil {
		t.Fatalf("the visitor's boot state lacks Ann's profile: %+v", got)
	}
	if !strings.Contains(page, `<link rel="preload" as="image" href="/media/ab/p.jpg" fetchpriority="high">`) {
		t.Errorf("the profile's main photo is not preloaded")
	}
	eve, _ := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Eve", Gender: "female"})
	for _, c := range []struct {
		client *servertest.Client
		path   string
	}{
		{env.Client(t, "de.localhost"), "/members/" + strconv.FormatInt(heidi.ID, 10)}, // visitors may not browse herzklopfen
		{env.Client(t, "localhost"), "/members/" + strconv.FormatInt(heidi.ID, 10)},    // another pool's member does not exist here
		{env.Client(t, "localhost"), "/members/0"},
		{env.Client(t, "localhost"), "/members/x"},
		{env.Client(t, "localhost"), annPage + "/signup"},
		{eve, annPage},
	} {
		if got, page := read(c.client, c.path); got != nil || strings.Contains(page, `href="/media/ab/p.jpg"`) {
			t.Errorf("%s%s: a profile in the boot state: %+v", c.client.Host, c.path, got)
		}
	}
}

// Landers are entered from ad networks' pages and show nothing of a member,
// so they go without Cross-Origin-Opener-Policy (which makes the browser
// start the page in a fresh process, a cold first layout that costs a
// phone a tenth of a second); the member site and the console keep it.
func TestOpenerPolicyOffOnlyOnLanders(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	cases := []struct {
		host, path, want string
	}{
		{"us.localhost", "/landers/tinderswipe", ""},
		{"localhost", "/landers/video/some-slug", ""},
		{"localhost", "/landers/nosuchlander", ""},
		{"localhost", "/", "same-origin"},
		{"localhost", "/members", "same-origin"},
		{"localhost", "/chats", "same-origin"},
		{"localhost", "/api/settings.php", ""}, // JSON, not a page
	}
	for _, c := range cases {
		res := env.Client(t, c.host).Do("GET", c.path, nil)
		if got := res.Header.Get("Cross-Origin-Opener-Policy"); got != c.want {
			t.Errorf("%s%s: Cross-Origin-Opener-Policy %q, want %q", c.host, c.path, got, c.want)
		}
	}
}
