package webapp_test

import (
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"rendezvous/engine/tenancy"
	"rendezvous/engine/webapp"
	"rendezvous/themes/themestest"
)

// The app a member installs is the brand's: the colours of its theme (one
// of the install's themes directory here) and its own uploaded icon, or
// else its theme's icon drawn at the sizes a home screen asks for.
func TestManifestIsTheBrandsOwn(t *testing.T) {
	t.Parallel()
	set := themestest.Load(t, "forest", themestest.Colors(map[string]string{"primary": "#2f6b3a", "background": "#eef5ea"}))
	dist := fstest.MapFS{"index.html": {Data: []byte(`<html><head><!--rdv-title--><!--rdv-boot--></head><body></body></html>`)}}
	app, err := webapp.New(dist, set.FS, tenancy.Locator{}, nil, webapp.Parts{}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	type icon struct{ Src, Sizes, Type string }
	manifest := func(ten *tenancy.Tenant) (m struct {
		ThemeColor      string `json:"theme_color"`
		BackgroundColor string `json:"background_color"`
		Icons           []icon `json:"icons"`
	}) {
		r := httptest.NewRequest("GET", "/manifest.webmanifest", nil)
		r = r.WithContext(tenancy.WithTenant(r.Context(), ten))
		w := httptest.NewRecorder()
		app.Manifest(w, r)
		if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
			t.Fatalf("manifest %d %s: %v", w.Code, w.Body, err)
		}
		return m
	}
	own := &tenancy.Tenant{Slug: "wald", Name: "Wald", Theme: "forest", DefaultLocale: "de",
		RawSettings: json.RawMessage(`{"look":{"icon":"/media/ab/ab12-icon.png"}}`)}
	m := manifest(own)
	if m.ThemeColor != "#2f6b3a" || m.BackgroundColor != "#eef5ea" {
		t.Errorf("colours %s on %s, want the forest theme's", m.ThemeColor, m.BackgroundColor)
	}
	if len(m.Icons) != 1 || m.Icons[0] != (icon{"/media/ab/ab12-icon.png", "512x512", "image/png"}) {
		t.Errorf("icons %+v, want the brand's own", m.Icons)
	}
	theirs := &tenancy.Tenant{Slug: "wald", Name: "Wald", Theme: "forest", DefaultLocale: "de"}
	m = manifest(theirs)
	want := []icon{{"/themes/forest/icon.svg", "any", "image/svg+xml"}, {"/themes/forest/icon-192.png", "192x192", "image/png"}, {"/themes/forest/icon-512.png", "512x512", "image/png"}}
	if len(m.Icons) != len(want) || m.Icons[0] != want[0] || m.Icons[1] != want[1] || m.Icons[2] != want[2] {
		t.Errorf("icons %+v, want the theme's %+v", m.Icons, want)
	}
}
