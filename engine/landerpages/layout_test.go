package landerpages_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"strings"
	"testing"

	"rendezvous/engine/server/servertest"
	"rendezvous/landers"
)

var languages = []string{"da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"}

func catalogue(t *testing.T, fsys fs.FS, name string) map[string]any {
	t.Helper()
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]any{}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

// The landers' catalogue has every text in all 11 languages, and the
// layout's legal texts (entry warnings, US footer) are the app's own.
func TestLanderTextsInEveryLanguage(t *testing.T) {
	t.Parallel()
	en := catalogue(t, landers.FS, "texts/en.json")
	web := os.DirFS("../../web/src/i18n/locales")
	for _, l := range languages {
		own := catalogue(t, landers.FS, "texts/"+l+".json")
		for k := range en {
			if s, _ := own[k].(string); strings.TrimSpace(s) == "" {
				t.Errorf("%s: %s missing", l, k)
			}
		}
		app := catalogue(t, web, l+".json")
		for _, section := range []string{"entryWarning", "usFooter"} {
			for k, v := range app[section].(map[string]any) {
				if own[section+"."+k] != v {
					t.Errorf("%s: %s.%s is %q on landers, %q in the app", l, section, k, own[section+"."+k], v)
				}
			}
		}
	}
}

// The lander layout: entry warnings for visitors from NL and DE, the US
// footer in English only, the logo bar and the footer, on every lander.
func TestLanderLayoutWarnings(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	cases := []struct {
		host, country, path string
		warning             string
		usFooter            bool
	}{
		{host: "localhost", country: "NL", path: "/landers/tinderswipe", warning: `data-country="NL"`},
		{host: "de.localhost", country: "DE", path: "/landers/gallery", warning: `data-country="DE"`},
		{host: "de.localhost", country: "AT", path: "/landers/video"},
		{host: "us.localhost", country: "US", path: "/landers/tinderswipe", usFooter: true},
		{host: "us.localhost", country: "NL", path: "/landers/tinderswipe", warning: `data-country="NL"`, usFooter: true},
		{host: "de.localhost", country: "US", path: "/landers/tinderswipe?lang=en", usFooter: true},
		{host: "de.localhost", country: "US", path: "/landers/tinderswipe"},
		{host: "localhost", country: "BE", path: "/landers/nosuchlander"},
	}
	for _, c := range cases {
		client := env.Client(t, c.host)
		client.Country = c.country
		page := string(client.Do("GET", c.path, nil).Body)
		if got := strings.Contains(page, `data-testid="entry-warning"`); got != (c.warning != "") || !strings.Contains(page, c.warning) {
			t.Errorf("%s%s from %s: entry warning %v, want %q", c.host, c.path, c.country, got, c.warning)
		}
		if got := strings.Contains(page, `data-testid="us-footer"`); got != c.usFooter {
			t.Errorf("%s%s from %s: US footer %v, want %v", c.host, c.path, c.country, got, c.usFooter)
		}
		for _, part := range []string{`data-testid="site-header"`, `data-testid="site-footer"`, `href="/pages/terms"`} {
			if !strings.Contains(page, part) {
				t.Errorf("%s%s: %s missing", c.host, c.path, part)
			}
		}
	}
}
