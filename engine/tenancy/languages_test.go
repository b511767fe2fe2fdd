package tenancy_test

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"rendezvous/engine/tenancy"
)

// The language menu offers the visitor's country's languages first, in the
// country's order, then the tenant's other locales; never a language the
// tenant lacks.
func TestOfferedLocales(t *testing.T) {
	t.Parallel()
	all := &tenancy.Tenant{Locales: []string{"en", "de", "fr", "it", "nl", "es"}}
	nl := &tenancy.Tenant{Locales: []string{"nl", "en"}}
	cases := []struct {
		name    string
		tenant  *tenancy.Tenant
		country string
		want    []string
	}{
		{"Belgium: nl, fr, de", all, "BE", []string{"nl", "fr", "de", "en", "it", "es"}},
		{"Switzerland: de, it, fr, en", all, "CH", []string{"de", "it", "fr", "en", "nl", "es"}},
		{"United States: en, es", all, "US", []string{"en", "es", "de", "fr", "it", "nl"}},
		{"lower-case country", all, "us", []string{"en", "es", "de", "fr", "it", "nl"}},
		{"only the tenant's locales", nl, "BE", []string{"nl", "en"}},
		{"a country none of whose languages the tenant has", nl, "PL", []string{"nl", "en"}},
		{"a country outside the map gets English first", nl, "JP", []string{"en", "nl"}},
		{"unknown country keeps the tenant's order", all, "", []string{"en", "de", "fr", "it", "nl", "es"}},
	}
	for _, c := range cases {
		if got := tenancy.OfferedLocales(c.tenant, c.country); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	// The tenant's list is not touched.
	if !slices.Equal(all.Locales, []string{"en", "de", "fr", "it", "nl", "es"}) {
		t.Errorf("tenant locales changed: %v", all.Locales)
	}
}

// settings.php sets the locale cookie (365 days) from the first two letters
// of domain_language when they name one of the tenant's locales and the
// visitor has no locale cookie yet; otherwise it sets none.
func TestSettingsSetsLocaleCookieFromDomainLanguage(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name           string
		domainLanguage string
		locales        []string
		cookie         string
		want           string // "" means no cookie is set
	}{
		{"nl_NL on a Dutch site", "nl_NL", []string{"nl", "en"}, "", "nl"},
		{"upper case and a dash", "DE-at", []string{"de", "en"}, "", "de"},
		{"two letters only", "sv", []string{"sv", "en"}, "", "sv"},
		{"Norwegian Bokmål", "nb_NO", []string{"nb", "en"}, "", "nb"},
		{"Norwegian as no is the site's nb", "no_NO", []string{"nb", "en"}, "", "nb"},
		{"the visitor's own cookie stays", "nl_NL", []string{"nl", "en"}, "en", ""},
		{"not a supported locale", "pt_BR", []string{"nl", "en"}, "", ""},
		{"a locale the tenant does not offer", "fr_FR", []string{"nl", "en"}, "", ""},
		{"too short", "n", []string{"nl", "en"}, "", ""},
		{"empty", "", []string{"nl", "en"}, "", ""},
	}
	// Serialised per request and from the kept answers alike.
	for _, h := range []tenancy.Handlers{{}, {Answers: tenancy.NewSettingsAnswers()}} {
		for _, c := range cases {
			tn := &tenancy.Tenant{Slug: "t", Name: "T", Locales: c.locales, DefaultLocale: c.locales[0], Countries: []string{"NL"},
				Settings: tenancy.Settings{DomainLanguage: c.domainLanguage}}
			r := httptest.NewRequest("GET", "/api/settings.php?domain=example.com", nil)
			if c.cookie != "" {
				r.Header.Set("Cookie", tenancy.LocaleCookie+"="+c.cookie)
			}
			r = r.WithContext(tenancy.WithTenant(r.Context(), tn))
			w := httptest.NewRecorder()
			h.Settings(w, r)
			if w.Code != http.StatusOK {
				t.Fatalf("%s: status %d", c.name, w.Code)
			}
			var got *http.Cookie
			for _, ck := range w.Result().Cookies() {
				if ck.Name == tenancy.LocaleCookie {
					got = ck
				}
			}
			switch {
			case c.want == "" && got != nil:
				t.Errorf("%s: set %q", c.name, got.Value)
			case c.want != "" && (got == nil || got.Value != c.want || got.MaxAge != 365*24*3600 || got.Path != "/"):
				t.Errorf("%s: cookie %+v, want %s for 365 days", c.name, got, c.want)
			}
		}
	}
}
