package webapp_test

import (
	"log/slog"
	"net/http/httptest"
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
