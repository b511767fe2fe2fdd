package tenancy

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/text/language"

	"rendezvous/engine/geo"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
)

// siteKey is the context key of the request's site: its tenant and the
// language it is answered in, in one value so that the middleware every
// request passes adds one context layer, not two.
type siteKey struct{}

type site struct {
	tenant   *Tenant
	language string
}

func siteFrom(ctx context.Context) site {
	s, _ := ctx.Value(siteKey{}).(*site)
	if s == nil {
		return site{}
	}
	return *s
}

// LocaleCookie holds the visitor's chosen language for 365 days.
const LocaleCookie = "locale"

// DevCountryCookie overrides the visitor's country when the engine runs with
// --dev-country-override, so browser tests can be Dutch, German or American.
const DevCountryCookie = "rdv_country"

// FromContext returns the request's tenant. Every route behind Middleware
// has one.
func FromContext(ctx context.Context) *Tenant {
	return siteFrom(ctx).tenant
}

// WithTenant stores t in ctx; tests and jobs use it to act for a tenant.
func WithTenant(ctx context.Context, t *Tenant) context.Context {
	s := siteFrom(ctx)
	s.tenant = t
	return context.WithValue(ctx, siteKey{}, &s)
}

// WithLanguage stores the site language the request is answered in.
func WithLanguage(ctx context.Context, lang string) context.Context {
	s := siteFrom(ctx)
	s.language = lang
	return context.WithValue(ctx, siteKey{}, &s)
}

// LanguageFrom is the site language of the request (one of its tenant's
// locales, negotiated as NegotiateLocale does without the member's saved
// language: the app sends its own language as Accept-Language), so answers
// can name places and things in it; the tenant's default without one.
func LanguageFrom(ctx context.Context) string {
	s := siteFrom(ctx)
	if s.language != "" {
		return s.language
	}
	if s.tenant != nil && s.tenant.DefaultLocale != "" {
		return s.tenant.DefaultLocale
	}
	return "en"
}

// Middleware resolves the tenant from the Host. A host no tenant owns gets
// 404, never another tenant's site.
func Middleware(res Resolver) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			t, err := res.ByHost(r.Context(), r.Host)
			if err == ErrNotFound {
				if httpx.IsAPIPath(r.URL.Path) {
					httpx.WriteError(w, r, refusal.New(refusal.NotFound, "unknown_site", "This site does not exist."))
					return
				}
				w.Header().Set("Content-Type", "text/plain; charset=utf-8")
				w.WriteHeader(http.StatusNotFound)
				_, _ = w.Write([]byte("This site does not exist.\n"))
				return
			}
			if err != nil {
				httpx.WriteError(w, r, err)
				return
			}
			ctx := context.WithValue(r.Context(), siteKey{}, &site{tenant: t, language: NegotiateLocale(r, t, "", "")})
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// Locator tells where a visitor is.
type Locator struct {
	// CountryHeader is a header set by a trusted CDN with the visitor's
	// country (e.g. CF-IPCountry); empty means the IP table decides.
	CountryHeader string
	// DevOverride honours DevCountryCookie; never on in production.
	DevOverride bool
}

var alpha2 = regexp.MustCompile(`^[A-Z]{2}$`)

// Country is the visitor's ISO country code, "" when unknown.
func (l Locator) Country(r *http.Request) string {
	if l.DevOverride {
		if c, err := r.Cookie(DevCountryCookie); err == nil && alpha2.MatchString(strings.ToUpper(c.Value)) {
			return strings.ToUpper(c.Value)
		}
	}
	if l.CountryHeader != "" {
		if v := strings.ToUpper(strings.TrimSpace(r.Header.Get(l.CountryHeader))); alpha2.MatchString(v) {
			return v
		}
	}
	return geo.CountryOfIP(httpx.ClientIP(r))
}

// SelectedCountry is the country the site works for this visitor: where
// they are when the tenant serves it, else the tenant's first country.
// (No cookie chooses it: the site offers no country picker, and the
// cookie page lists only cookies the engine sets.)
func (l Locator) SelectedCountry(r *http.Request, t *Tenant) string {
	return selectedCountry(t, l.Country(r))
}

// selectedCountry is SelectedCountry for a visitor in country, which the
// caller has looked up already.
func selectedCountry(t *Tenant, country string) string {
	if t.HasCountry(country) {
		return country
	}
	return t.Countries[0]
}

// NegotiateLocale picks the visitor's language among the tenant's locales:
// the locale cookie, the member's saved language, the domain language, the
// browser's Accept-Language, the languages of the visitor's country, and
// finally the tenant's default.
func NegotiateLocale(r *http.Request, t *Tenant, memberLanguage, country string) string {
	if c, err := r.Cookie(LocaleCookie); err == nil && t.HasLocale(c.Value) {
		return c.Value
	}
	if t.HasLocale(memberLanguage) {
		return memberLanguage
	}
	if dl := DomainLocale(t); dl != "" {
		return dl
	}
	if accept := r.Header.Get("Accept-Language"); accept != "" {
		if tags, _, err := language.ParseAcceptLanguage(accept); err == nil {
			for _, tag := range tags {
				base, _ := tag.Base()
				code := base.String()
				if code == "no" {
					code = "nb"
				}
				if t.HasLocale(code) {
					return code
				}
			}
		}
	}
	for _, l := range geo.LanguagesOf(country) {
		if t.HasLocale(l) {
			return l
		}
	}
	return t.DefaultLocale
}

// DomainLocale is the first two letters of the tenant's domain_language when
// they name one of its locales ("no", Norwegian, is the site's nb).
func DomainLocale(t *Tenant) string {
	dl := strings.ToLower(t.Settings.DomainLanguage)
	if len(dl) < 2 {
		return ""
	}
	l := dl[:2]
	if l == "no" {
		l = "nb"
	}
	if t.HasLocale(l) {
		return l
	}
	return ""
}

// OfferedLocales are the languages the site offers a visitor from country:
// the tenant's locales, those spoken in the country first in the country's
// order of preference (geo.LanguagesOf: BE nl, fr, de; CH de, it, fr, en),
// then the tenant's others in its own order, so a visitor abroad can still
// pick any of them. An unknown country ("") keeps the tenant's order. The
// result is a new slice.
func OfferedLocales(t *Tenant, country string) []string {
	out := make([]string, 0, len(t.Locales))
	if country != "" {
		for _, l := range geo.LanguagesOf(country) {
			if t.HasLocale(l) && !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
	}
	for _, l := range t.Locales {
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}
