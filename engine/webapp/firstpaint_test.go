package webapp

import (
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"rendezvous/engine/looks"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
	"rendezvous/themes"
)

// The first paint draws the logged-out home, search and a profile from the
// boot state in the page's language, escapes what members wrote, keeps
// a theme's values out of the CSS unless they are colours, fonts or lengths,
// and leaves every other page to the app.
func TestFirstPaint(t *testing.T) {
	t.Parallel()
	texts := firstPaintTexts{
		"en": {"home.title": "Welcome to {{name}}", "home.lead": "Meet singles.", "home.signup": "Sign up", "home.login": "Log in",
			"homePage.teasersTitle": "Members on {{name}}", "homePage.nameAge": "{{name}}, {{age}}", "members.title": "Search members",
			"members.lead": "Find members.", "member.age": "{{age}} years"},
		"nl": {"home.title": "Welkom bij {{name}}", "homePage.nameAge": "{{name}}, {{age}}"},
	}
	theme := json.RawMessage(`{"colors": {"primary": "#c2410c", "text": "red;}</style><script>alert(1)</script>"}, "fonts": {"body": "Georgia, 'Times New Roman', serif"}}`)
	photo := &profiles.Image{URL: "/media/ab/big.jpg", ThumbURL: "/media/ab/big_t.jpg"}
	cards := []profiles.Card{
		{ID: 7, Name: "Anouk <b>", Age: 34, City: "Gent", RegionName: "Oost-Vlaanderen", MainImage: photo},
		{ID: 0, Name: "Sam", MainImage: nil},
	}
	base := Boot{Tenant: bootTenant{Name: "LustLokaal"}, Theme: theme, Locale: "nl"}
	home := base
	home.Teasers = cards
	search := base
	search.Search = &profiles.SearchResult{Profiles: cards}
	member := base
	member.Member = map[string]any{"name": "Esther", "age": 39, "city": "Roeselare", "main_image": photo}
	loggedIn := home
	loggedIn.User = map[string]any{"id": 1}
	for _, c := range []struct {
		name, path string
		boot       Boot
		want, not  []string
	}{
		{"home", "/", home,
			[]string{`<h1>Welkom bij LustLokaal</h1>`, `<p>Meet singles.</p>`, `href="/signup">Sign up</a>`, `<img src="/media/ab/big_t.jpg" alt="" width="300" height="400" fetchpriority="high" decoding="async">`,
				`href="/members/7"><strong>Anouk &lt;b&gt;, 34</strong><span>Gent, Oost-Vlaanderen</span>`, `href="/signup"><strong>Sam</strong>`, `background:#c2410c`,
				`font-family:Georgia, 'Times New Roman', serif`, `color:#212529`},
			[]string{`<b>`, `alert`, `<script`}},
		{"search", "/members", search, []string{`<h1>Search members</h1>`, `class="fp-cards"`, `src="/media/ab/big_t.jpg"`}, []string{`<section class="fp-hero"`}},
		{"profile", "/members/7", member, []string{`<h1>Esther</h1>`, `<img src="/media/ab/big.jpg" alt="" fetchpriority="high" decoding="async">`, `39 years · Roeselare`}, nil},
		{"a profile's landing page", "/members/7/landing", member, nil, nil},
		{"another page", "/signup", home, nil, nil},
		{"a search without results", "/members", base, nil, nil},
	} {
		got := string(firstPaint(texts, c.boot, c.path))
		if c.want == nil {
			if got != "" {
				t.Errorf("%s: a first paint where the app draws the page: %s", c.name, got)
			}
			continue
		}
		if !strings.HasPrefix(got, `<div class="fp" data-first-paint>`) {
			t.Errorf("%s: %s", c.name, got)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %s in %s", c.name, w, got)
			}
		}
		for _, n := range c.not {
			if strings.Contains(got, n) {
				t.Errorf("%s: %s in %s", c.name, n, got)
			}
		}
	}
}

// index.html's #root carries the first paint of the home in the visitor's
// language, from the build's firstpaint.json.
func TestServeIndexFirstPaint(t *testing.T) {
	t.Parallel()
	dist := fstest.MapFS{
		"index.html":      {Data: []byte(`<html lang="%RDV_LANG%"><head><!--rdv-title--><!--rdv-boot--></head><body><div id="root"></div></body></html>`)},
		"firstpaint.json": {Data: []byte(`{"en": {"home.title": "Welcome to {{name}}", "home.lead": "Meet singles."}}`)},
	}
	app, err := New(dist, themes.FS, tenancy.Locator{}, nil, Parts{}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest("GET", "/", nil)
	r = r.WithContext(tenancy.WithTenant(r.Context(), &tenancy.Tenant{Slug: "t", Name: "T", Theme: "amber", Locales: []string{"en"}, DefaultLocale: "en", Countries: []string{"US"}}))
	w := httptest.NewRecorder()
	app.ServeIndex(w, r)
	if body := w.Body.String(); !strings.Contains(body, `<div id="root"><div class="fp" data-first-paint>`) || !strings.Contains(body, `<h1>Welcome to T</h1>`) {
		t.Fatalf("no first paint: %s", body)
	}
}

// A member's first pages paint the header with the brand, a skeleton and
// the tab bar in the page's language; a member's other pages and a
// profile's landing page are left to the app.
func TestMemberFirstPaint(t *testing.T) {
	t.Parallel()
	texts := firstPaintTexts{
		"en": {"nav.tabs.search": "Search", "nav.tabs.swipe": "Swipe", "nav.tabs.likes": "Likes", "nav.tabs.messages": "Messages", "nav.tabs.profile": "Profile"},
		"de": {"nav.tabs.messages": "Nachrichten"},
	}
	theme := json.RawMessage(`{"colors": {"primary": "#9d87ff", "border": "url(x)"}, "type": {"headingSpacing": "0.06em;}body{x"}, "logo": "/themes/midnight/logo-72.png"}`)
	boot := Boot{Tenant: bootTenant{Name: "Herz <b>"}, Theme: theme, Locale: "de", User: map[string]any{"id": 1}}
	for _, p := range []string{"/", "/members", "/members/7", "/likes", "/chats", "/notifications", "/credits", "/profile"} {
		got := string(firstPaint(texts, boot, p))
		for _, w := range []string{`<div class="fp fp-m" data-first-paint data-first-paint-shell>`, `<span>Herz &lt;b&gt;</span>`,
			`<img src="/themes/midnight/logo-72.png" alt="" width="36" height="36">`, `data-skeleton`, `<a href="/chats">Nachrichten</a>`,
			`<a href="/members">Search</a>`, `background:#9d87ff`, `letter-spacing:normal`, `background:#dee2e6`} {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %s in %s", p, w, got)
			}
		}
		if strings.Contains(got, "url(x)") || strings.Contains(got, "body{x") {
			t.Errorf("%s: a theme value that is no colour or length reached the CSS: %s", p, got)
		}
	}
	for _, p := range []string{"/members/7/landing", "/transactions", "/signup", "/lang-config"} {
		if got := firstPaint(texts, boot, p); got != nil {
			t.Errorf("%s: a first paint where the app draws the page: %s", p, got)
		}
	}
}

// The first paint's header is the app's header variant: a minimal header
// (the theme's, or the brand's own choice over it) is a plain light bar
// with the brand's name in its primary colour, so nothing changes colour
// when the app takes over; the others keep the coloured bar.
func TestFirstPaintHeaderVariant(t *testing.T) {
	t.Parallel()
	texts := firstPaintTexts{"en": {"home.title": "Welcome", "members.title": "Search members"}}
	theme := func(header string) json.RawMessage {
		return json.RawMessage(`{"colors": {"primary": "#c2255c", "surface": "#fffefd", "border": "#f5c2d7"}, "layout": {"header": "` + header + `"}}`)
	}
	minimal := `.fp-bar{background:#fffefd;color:#c2255c;box-shadow:none;border-bottom:1px solid #f5c2d7}`
	for _, c := range []struct {
		name  string
		boot  Boot
		path  string
		plain bool
	}{
		{"the theme's minimal header", Boot{Tenant: bootTenant{Name: "Spark"}, Theme: theme("minimal"), Locale: "en"}, "/", true},
		{"a member's page", Boot{Tenant: bootTenant{Name: "Spark"}, Theme: theme("minimal"), Locale: "en", User: map[string]any{"id": 1}}, "/members", true},
		{"the brand's choice over the theme's", Boot{Tenant: bootTenant{Name: "Spark"}, Theme: theme("bar"), Locale: "en",
			Look: looks.Boot{Layout: themes.Layout{Header: "minimal"}}}, "/", true},
		{"a coloured bar", Boot{Tenant: bootTenant{Name: "Spark"}, Theme: theme("centered"), Locale: "en"}, "/", false},
	} {
		got := string(firstPaint(texts, c.boot, c.path))
		if got == "" {
			t.Fatalf("%s: no first paint", c.name)
		}
		if strings.Contains(got, minimal) != c.plain {
			t.Errorf("%s: a plain light bar %v, want %v:\n%.600s", c.name, !c.plain, c.plain, got)
		}
	}
}
