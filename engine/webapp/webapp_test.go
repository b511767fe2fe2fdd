package webapp_test

import (
	"log/slog"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

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
		app, err := webapp.New(dist, themes.FS, tenancy.Locator{}, nil, slog.New(slog.DiscardHandler))
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

// index.html names the chunks of the page at its address and of the
// catalogue of its language (the build's preload.json), so the browser
// fetches them with the app's code; the route with most fixed segments wins,
// as in the app's router, and an unknown address names none.
func TestPreloadedChunks(t *testing.T) {
	t.Parallel()
	dist := fstest.MapFS{
		"index.html": {Data: []byte(`<html lang="%RDV_LANG%"><head><!--rdv-title--><!--rdv-boot--></head><body></body></html>`)},
		"preload.json": {Data: []byte(`{"routes": {
			"/": ["/assets/home.js"],
			"/members": ["/assets/members.js", "/assets/card.js"],
			"/members/*": ["/assets/member.js"],
			"/credits/*/?": ["/assets/pay.js"],
			"/credits/repeat-order": ["/assets/repeat.js"]
		}, "locales": {"nl": ["/assets/nl-shell.js", "/assets/nl-members.js"]}}`)},
	}
	app, err := webapp.New(dist, themes.FS, tenancy.Locator{}, nil, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path, locale string
		want         []string
	}{
		{"/", "nl", []string{"/assets/home.js", "/assets/nl-shell.js", "/assets/nl-members.js"}},
		{"/members", "en", []string{"/assets/members.js", "/assets/card.js"}},
		{"/members/7", "en", []string{"/assets/member.js"}},
		{"/credits/repeat-order", "en", []string{"/assets/repeat.js"}},
		{"/credits/7/ideal", "en", []string{"/assets/pay.js"}},
		{"/no-such-page", "nl", nil},
	} {
		r := httptest.NewRequest("GET", c.path, nil)
		r = r.WithContext(tenancy.WithTenant(r.Context(), &tenancy.Tenant{Slug: "t", Name: "T", Theme: "amber", Locales: []string{c.locale}, DefaultLocale: c.locale, Countries: []string{"NL"}}))
		w := httptest.NewRecorder()
		app.ServeIndex(w, r)
		var got []string
		for _, m := range regexp.MustCompile(`<link rel="modulepreload" crossorigin href="([^"]+)">`).FindAllStringSubmatch(w.Body.String(), -1) {
			got = append(got, m[1])
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s (%s): modulepreload %v, want %v", c.path, c.locale, got, c.want)
		}
	}
}
