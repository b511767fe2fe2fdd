package webapp_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/webapp"
	"rendezvous/themes"
)

// A bundle served from disk (serve --web-dir) may be rebuilt while the
// engine runs; the built-in one is read once.
func TestLiveIndex(t *testing.T) {
	t.Parallel()
	for _, live := range []bool{false, true} {
		dist := fstest.MapFS{"index.html": {Data: []byte(`<html lang="%RDV_LANG%"><head><!--rdv-title--><!--rdv-boot--></head><body>first</body></html>`)}}
		app, err := webapp.New(dist, themes.FS, tenancy.Locator{}, nil, webapp.Parts{}, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		app.LiveIndex = live
		dist["index.html"] = &fstest.MapFile{Data: []byte(`<html lang="%RDV_LANG%"><head><!--rdv-title--><!--rdv-boot--></head><body>second</body></html>`)}
		r := httptest.NewRequest("GET", "/", nil)
		r = r.WithContext(tenancy.WithTenant(r.Context(), &tenancy.Tenant{Slug: "t", Name: "T", Theme: "amber", Locales: []string{"en"}, DefaultLocale: "en", Countries: []string{"US"}}))
		w := httptest.NewRecorder()
		app.ServeIndex(w, r)
		body := w.Body.String()
		want := map[bool]string{false: "first", true: "second"}[live]
		if w.Code != 200 || !strings.Contains(body, want) || !strings.Contains(body, `id="rdv-boot"`) {
			t.Fatalf("live %v: %d %s", live, w.Code, body)
		}
	}
}

// The page names the app's files (index.html's entry and chunks, then the
// chunks of the page at its address and of the catalogue of its language,
// from the build's preload.json) for the code loader, and none in the head:
// the browser asks for them after the first paint. The route with most fixed
// segments wins, as in the app's router, and an unknown address adds none.
// The loader is the page's only inline script, allowed by its hash.
func TestAppCodeAfterFirstPaint(t *testing.T) {
	t.Parallel()
	dist := fstest.MapFS{
		"index.html": {Data: []byte(`<html lang="%RDV_LANG%"><head><!--rdv-title--><!--rdv-boot-->
    <script type="module" crossorigin src="/assets/main.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
    <link rel="modulepreload" crossorigin href="/assets/shell.js">
  </head><body><div id="root"></div></body></html>`)},
		"preload.json": {Data: []byte(`{"routes": {
			"/": ["/assets/home.js"],
			"/members": ["/assets/members.js", "/assets/card.js"],
			"/members/*": ["/assets/member.js"],
			"/credits/*/?": ["/assets/pay.js"],
			"/credits/repeat-order": ["/assets/repeat.js"]
		}, "locales": {"nl": ["/assets/nl-first.js"], "en": ["/assets/en-first.js"]},
		"restLocales": {"nl": ["/assets/nl-rest.js"], "en": ["/assets/en-rest.js"]},
		"firstRoutes": ["/"]}`)},
	}
	app, err := webapp.New(dist, themes.FS, tenancy.Locator{}, nil, webapp.Parts{}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	always := []string{"/assets/main.js", "/assets/react.js", "/assets/shell.js"}
	codeList := regexp.MustCompile(`<script id="rdv-code" type="application/json">([^<]*)</script>`)
	inline := regexp.MustCompile(`<script>([^<]*)</script>`)
	for _, c := range []struct {
		path, locale string
		want         []string
	}{
		// The home needs only the first part of its language's catalogue,
		// the other pages the rest too; a page the app does not know gets
		// no more than index.html names.
		{"/", "nl", []string{"/assets/home.js", "/assets/nl-first.js"}},
		{"/", "en", []string{"/assets/home.js", "/assets/en-first.js"}},
		{"/members", "en", []string{"/assets/members.js", "/assets/card.js", "/assets/en-first.js", "/assets/en-rest.js"}},
		{"/members/7", "nl", []string{"/assets/member.js", "/assets/nl-first.js", "/assets/nl-rest.js"}},
		{"/credits/repeat-order", "en", []string{"/assets/repeat.js", "/assets/en-first.js", "/assets/en-rest.js"}},
		{"/credits/7/ideal", "en", []string{"/assets/pay.js", "/assets/en-first.js", "/assets/en-rest.js"}},
		{"/no-such-page", "nl", nil},
	} {
		r := httptest.NewRequest("GET", c.path, nil)
		r = r.WithContext(tenancy.WithTenant(r.Context(), &tenancy.Tenant{Slug: "t", Name: "T", Theme: "amber", Locales: []string{c.locale}, DefaultLocale: c.locale, Countries: []string{"NL"}}))
		w := httptest.NewRecorder()
		app.ServeIndex(w, r)
		page := w.Body.String()
		head := page[:strings.Index(page, "</head>")]
		if strings.Contains(head, "modulepreload") || strings.Contains(head, `type="module"`) {
			t.Errorf("%s: the head still asks for code: %s", c.path, head)
		}
		m := codeList.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("%s: no list of the app's files in %s", c.path, page)
		}
		var got []string
		if err := json.Unmarshal([]byte(m[1]), &got); err != nil {
			t.Fatal(err)
		}
		if want := append(slices.Clone(always), c.want...); !slices.Equal(got, want) {
			t.Errorf("%s (%s): the app's files %v, want %v", c.path, c.locale, got, want)
		}
		scripts := inline.FindAllStringSubmatch(page, -1)
		if len(scripts) != 1 {
			t.Fatalf("%s: %d inline scripts, want the loader only", c.path, len(scripts))
		}
		sum := sha256.Sum256([]byte(scripts[0][1]))
		hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' "+hash+";") {
			t.Errorf("%s: CSP %q does not allow the loader (%s) and only it", c.path, csp, hash)
		}
	}
}

// A layout choice drawn by its own chunks (the home's variants) has the
// page name the chunks of the brand's variant (its file's look.layout over
// its theme's), on the routes that draw it (every page when the build names
// none), so the app renders it with no request after its own code.
func TestBrandVariantChunksNamed(t *testing.T) {
	t.Parallel()
	dist := fstest.MapFS{
		"index.html": {Data: []byte(`<html lang="%RDV_LANG%"><head><!--rdv-title--><!--rdv-boot-->
    <script type="module" crossorigin src="/assets/main.js"></script>
  </head><body><div id="root"></div></body></html>`)},
		"preload.json": {Data: []byte(`{"routes": {"/": ["/assets/home.js"], "/members": ["/assets/members.js"]},
		"locales": {"en": ["/assets/en-first.js"]}, "restLocales": {"en": ["/assets/en-rest.js"]}, "firstRoutes": ["/"],
		"layoutVariants": {
			"home": {"routes": ["/"], "chunks": {"photo-hero": ["/assets/photo-hero.js", "/assets/home.js"], "split-signup": ["/assets/split-signup.js"], "grid-first": ["/assets/grid-first.js", "/assets/strip.js"]}},
			"nav": {"chunks": {"labelled": ["/assets/labelled.js"], "floating": ["/assets/floating.js"], "icons": ["/assets/icons.js"]}}
		}}`)},
	}
	app, err := webapp.New(dist, themes.FS, tenancy.Locator{}, nil, webapp.Parts{}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	codeList := regexp.MustCompile(`<script id="rdv-code" type="application/json">([^<]*)</script>`)
	for _, c := range []struct {
		name, theme, look, path string
		want                    []string
	}{
		// amber's layout: the photo hero and the labelled tab bar; a chunk
		// the page names already is not named twice.
		{"theme's variant", "amber", `{}`, "/", []string{"/assets/home.js", "/assets/photo-hero.js", "/assets/labelled.js", "/assets/en-first.js"}},
		{"brand's variant over the theme's", "amber", `{"look":{"layout":{"home":"grid-first","nav":"icons"}}}`, "/",
			[]string{"/assets/home.js", "/assets/grid-first.js", "/assets/strip.js", "/assets/icons.js", "/assets/en-first.js"}},
		{"another theme's variant", "midnight", `{}`, "/", []string{"/assets/home.js", "/assets/split-signup.js", "/assets/floating.js", "/assets/en-first.js"}},
		{"a page without the home", "amber", `{"look":{"layout":{"home":"grid-first"}}}`, "/members",
			[]string{"/assets/members.js", "/assets/labelled.js", "/assets/en-first.js", "/assets/en-rest.js"}},
	} {
		r := httptest.NewRequest("GET", c.path, nil)
		tenant := &tenancy.Tenant{Slug: "t", Name: "T", Theme: c.theme, Locales: []string{"en"}, DefaultLocale: "en", Countries: []string{"NL"}, RawSettings: json.RawMessage(c.look)}
		r = r.WithContext(tenancy.WithTenant(r.Context(), tenant))
		w := httptest.NewRecorder()
		app.ServeIndex(w, r)
		m := codeList.FindStringSubmatch(w.Body.String())
		if m == nil {
			t.Fatalf("%s: no list of the app's files in %s", c.name, w.Body.String())
		}
		var got []string
		if err := json.Unmarshal([]byte(m[1]), &got); err != nil {
			t.Fatal(err)
		}
		if want := append([]string{"/assets/main.js"}, c.want...); !slices.Equal(got, want) {
			t.Errorf("%s: the app's files %v, want %v", c.name, got, want)
		}
	}
}

// teaserShowcase is a Showcase with one teaser with a photo.
type teaserShowcase struct{ webapp.Showcase }

func (teaserShowcase) Teasers(context.Context, *http.Request, *tenancy.Tenant, int) ([]profiles.Card, error) {
	return []profiles.Card{{ID: 7, Name: "Ann", MainImage: &profiles.Image{URL: "/media/ab/ann.jpg", ThumbURL: "/media/ab/ann_t.jpg"}}}, nil
}

// A photo-hero home's largest paint is the first teaser's whole photo,
// which the app draws behind the headline: the page has the browser fetch
// it with the teasers' thumbnails (after them: the first paint shows
// those), not once the app has drawn it. Other home variants show the
// thumbnails only.
func TestPhotoHeroPreloaded(t *testing.T) {
	t.Parallel()
	dist := fstest.MapFS{"index.html": {Data: []byte(`<html lang="%RDV_LANG%"><head><!--rdv-title--><!--rdv-boot--></head><body><div id="root"></div></body></html>`)}}
	app, err := webapp.New(dist, themes.FS, tenancy.Locator{}, nil, webapp.Parts{Showcase: teaserShowcase{}}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	preload := regexp.MustCompile(`<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">`)
	for _, c := range []struct {
		name, theme, look string
		want              []string
	}{
		{"amber's photo hero", "amber", `{}`, []string{"/media/ab/ann_t.jpg", "/media/ab/ann.jpg"}},
		{"a brand's photo hero over rose's grid", "rose", `{"look":{"layout":{"home":"photo-hero"}}}`, []string{"/media/ab/ann_t.jpg", "/media/ab/ann.jpg"}},
		{"rose's grid first", "rose", `{}`, []string{"/media/ab/ann_t.jpg"}},
		{"a brand's split hero over amber's", "amber", `{"look":{"layout":{"home":"split-signup"}}}`, []string{"/media/ab/ann_t.jpg"}},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		tenant := &tenancy.Tenant{Slug: "t", Name: "T", Theme: c.theme, Locales: []string{"en"}, DefaultLocale: "en", Countries: []string{"NL"}, RawSettings: json.RawMessage(c.look)}
		r = r.WithContext(tenancy.WithTenant(r.Context(), tenant))
		w := httptest.NewRecorder()
		app.ServeIndex(w, r)
		var got []string
		for _, m := range preload.FindAllStringSubmatch(w.Body.String(), -1) {
			got = append(got, m[1])
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: photos preloaded %v, want %v", c.name, got, c.want)
		}
	}
}

// A theme drawing the engine cannot draw as PNG stops it at start, with the
// drawing's name, instead of a page without its icon.
func TestUndrawableThemeDrawing(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{
		"index.html":      {Data: []byte(`<html><head><!--rdv-title--><!--rdv-boot--></head><body></body></html>`)},
		"dusk/theme.json": {Data: []byte(`{"name":"dusk"}`)},
		"dusk/icon.svg":   {Data: []byte(`<svg viewBox="0 0 10 10"><rect width="10" height="10" stroke="#000"/></svg>`)},
		"dawn/theme.json": {Data: []byte(`{"name":"dawn"}`)},
		"dawn/logo.svg":   {Data: []byte(`<svg viewBox="0 0 10 10"><rect width="10" height="10" fill="#000"/></svg>`)},
	}
	_, err := webapp.New(fsys, fsys, tenancy.Locator{}, nil, webapp.Parts{}, slog.New(slog.DiscardHandler))
	if err == nil || !strings.Contains(err.Error(), "dusk/icon-32.png") {
		t.Fatalf("an undrawable icon: %v", err)
	}
	delete(fsys, "dusk/icon.svg")
	if _, err := webapp.New(fsys, fsys, tenancy.Locator{}, nil, webapp.Parts{}, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatalf("themes that draw (or have no drawing): %v", err)
	}
}
