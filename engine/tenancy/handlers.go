package tenancy

import (
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/geo"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy/internal/db"
)

// PublicSettings is the answer of settings.php: the stored settings plus
// what follows from the tenant and the visitor.
type PublicSettings struct {
	Settings
	Slug      string   `json:"slug"`
	Name      string   `json:"name"`
	Countries []string `json:"countries"`
	// CountryNames are Countries' names in each of Locales: the app names
	// the site's countries without the browser's Intl.DisplayNames.
	CountryNames         map[string]map[string]string `json:"country_names,omitempty"`
	Locales              []string                     `json:"locales"`
	Theme                string                       `json:"theme"`
	Niche                int                          `json:"niche"`
	CompanyID            int64                        `json:"company_id"`
	Domain               string                       `json:"domain"`
	GeoipCountry         string                       `json:"geoip_country"`
	GeoipSelectedCountry string                       `json:"geoip_selected_country"`
	PushPublicKey        string                       `json:"push_public_key"`
	// EURules, TermsVersion and PrivacyVersion are the brand's privacy
	// rules in effect (Tenant.EURules...), the settings' defaults applied.
	EURules        bool   `json:"eu_rules"`
	TermsVersion   string `json:"terms_version"`
	PrivacyVersion string `json:"privacy_version"`
}

// SettingsFor builds the settings answer for a request to tenant t.
func (l Locator) SettingsFor(r *http.Request, t *Tenant) PublicSettings {
	country := l.Country(r)
	return settingsOf(t, country, selectedCountry(t, country))
}

// settingsOf is the settings answer of tenant t for a visitor in country
// whose site works for selected: nothing else of the request counts.
func settingsOf(t *Tenant, country, selected string) PublicSettings {
	s := t.Settings
	// Every language's fictional-profile markers, complete: the app shows
	// the reader's.
	if s.HasFictional() {
		s.FictionalTexts = s.FictionalByLanguage(t.Locales)
	}
	return PublicSettings{
		Settings:             s,
		Slug:                 t.Slug,
		Name:                 t.Name,
		Countries:            t.Countries,
		CountryNames:         t.CountryNames,
		Locales:              t.Locales,
		Theme:                t.Theme,
		Niche:                t.Niche,
		CompanyID:            t.Company.ID,
		Domain:               t.PrimaryHost,
		GeoipCountry:         country,
		GeoipSelectedCountry: selected,
		PushPublicKey:        t.VAPIDPublicKey,
		EURules:              t.EURules(),
		TermsVersion:         t.TermsVersion(),
		PrivacyVersion:       t.PrivacyVersion(),
	}
}

// Handlers serves the tenant-level calls of the member API.
type Handlers struct {
	Locator Locator
	Pool    *pgxpool.Pool
	// Brands and Links list the company's other brands (brands.php).
	Brands BrandLister
	Links  *Links
	// Answers keeps settings.php's answers serialised; nil serialises
	// each answer anew.
	Answers *SettingsAnswers
}

// Settings answers GET /api/settings.php. It also sets the locale cookie
// from the domain language when the visitor has none.
func (h Handlers) Settings(w http.ResponseWriter, r *http.Request) {
	t := FromContext(r.Context())
	if h.Answers == nil {
		if _, err := r.Cookie(LocaleCookie); errors.Is(err, http.ErrNoCookie) {
			if dl := DomainLocale(t); dl != "" {
				SetLocaleCookie(w, r, dl)
			}
		}
		httpx.WriteJSON(w, http.StatusOK, h.Locator.SettingsFor(r, t))
		return
	}
	country := h.Locator.Country(r)
	a, err := h.Answers.get(t, country, selectedCountry(t, country))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	a.write(w, r)
}

// SetLocaleCookie remembers the visitor's language for 365 days.
func SetLocaleCookie(w http.ResponseWriter, r *http.Request, locale string) {
	http.SetCookie(w, localeCookie(locale, r.TLS != nil))
}

// localeCookie is the cookie SetLocaleCookie sets; settings.php keeps it
// formatted beside its answer.
func localeCookie(locale string, secure bool) *http.Cookie {
	return &http.Cookie{
		Name: LocaleCookie, Value: locale, Path: "/", MaxAge: int((365 * 24 * time.Hour).Seconds()),
		SameSite: http.SameSiteLaxMode, Secure: secure,
	}
}

// CompanyInfo answers GET /api/companyinfo.php.
func (h Handlers) CompanyInfo(w http.ResponseWriter, r *http.Request) {
	httpx.WriteJSON(w, http.StatusOK, FromContext(r.Context()).Company)
}

// Interest is one entry of the interest catalogue; clients translate slug.
type Interest struct {
	ID   int    `json:"id"`
	Slug string `json:"slug"`
}

// Interests answers GET /api/interests.php.
func (h Handlers) Interests(w http.ResponseWriter, r *http.Request) {
	rows, err := db.New(h.Pool).InterestList(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := make([]Interest, len(rows))
	for i, row := range rows {
		out[i] = Interest{ID: int(row.ID), Slug: row.Slug}
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	httpx.WriteJSON(w, http.StatusOK, out)
}

type regionsAnswer struct {
	Country string `json:"country"`
	Label   string `json:"label"`
	// LabelText is Label as the field's label in the asked language.
	LabelText string       `json:"label_text"`
	Regions   []geo.Region `json:"regions"`
}

// countryAsked is the country of a request's ?country= (any case), else
// the visitor's selected country; a malformed one is refused.
func (h Handlers) countryAsked(r *http.Request) (string, error) {
	country := strings.ToUpper(strings.TrimSpace(r.URL.Query().Get("country")))
	if country == "" {
		country = h.Locator.SelectedCountry(r, FromContext(r.Context()))
	}
	if !alpha2.MatchString(country) {
		return "", refusal.New(refusal.Invalid, "country_invalid", "The country must be a two-letter ISO code.").With(map[string]any{"country": country})
	}
	return country, nil
}

// Regions answers GET /api/regions.php?country=: the country's first-level
// regions and what they are called there, in the request's site language
// where names.json knows another name (Belgium's provinces: Oost-Vlaanderen,
// Flandre-Orientale). Without a country it answers for
// the visitor's selected country.
func (h Handlers) Regions(w http.ResponseWriter, r *http.Request) {
	country, err := h.countryAsked(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	// Names in ?lang= when it is one of the tenant's locales, else the
	// request's site language (Vary says which headers that reads).
	nameLang := LanguageFrom(r.Context())
	if l := r.URL.Query().Get("lang"); FromContext(r.Context()).HasLocale(l) {
		nameLang = l
	}
	regions, err := geo.RegionsIn(country, nameLang)
	if errors.Is(err, geo.ErrUnknownCountry) {
		httpx.WriteError(w, r, refusal.New(refusal.NotFound, "country_unknown", "This country is not known.").With(map[string]any{"country": country}))
		return
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	// The label's language comes from the address (?lang=, else the
	// tenant's default), never from cookies, so the answer stays cacheable.
	lang := r.URL.Query().Get("lang")
	if t := FromContext(r.Context()); !t.HasLocale(lang) {
		lang = t.DefaultLocale
	}
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Add("Vary", "Accept-Language, Cookie")
	httpx.WriteJSON(w, http.StatusOK, regionsAnswer{Country: regions.Country, Label: regions.Label,
		LabelText: geo.RegionLabelIn(regions.Country, lang), Regions: regions.Items})
}

type placeAnswer struct {
	Country    string `json:"country"`
	Region     string `json:"region"`
	RegionCode string `json:"region_code"`
	City       string `json:"city"`
}

// errCoordinatesInvalid refuses a position outside the globe.
var errCoordinatesInvalid = refusal.New(refusal.Invalid, "coordinates_invalid", "lat must be -90 to 90 and lon -180 to 180.")

// Geocode answers GET /api/geocode.php?lat=&lon= from embedded data, the
// city and region named in the request's site language (Den Haag, Köln).
func (h Handlers) Geocode(w http.ResponseWriter, r *http.Request) {
	lat, errLat := parseCoordinate(r.URL.Query().Get("lat"), 90)
	lon, errLon := parseCoordinate(r.URL.Query().Get("lon"), 180)
	if errLat != nil || errLon != nil {
		httpx.WriteError(w, r, errCoordinatesInvalid)
		return
	}
	p, err := geo.ReverseGeocode(lat, lon)
	switch {
	case errors.Is(err, geo.ErrNoPlace):
		httpx.WriteError(w, r, refusal.New(refusal.NotFound, "place_not_found", "No place is known at this position."))
		return
	case errors.Is(err, geo.ErrInvalidCoordinates):
		httpx.WriteError(w, r, errCoordinatesInvalid)
		return
	case err != nil:
		httpx.WriteError(w, r, err)
		return
	}
	p = p.In(LanguageFrom(r.Context()))
	httpx.WriteJSON(w, http.StatusOK, placeAnswer{Country: p.Country, Region: p.Region, RegionCode: p.RegionCode, City: p.City})
}

// placesShown is how many places places.php suggests at most.
const placesShown = 8

// placeQueryMax is the longest start of a city places.php takes, in characters.
const placeQueryMax = 80

type placesAnswer struct {
	Places []placeAnswer `json:"places"`
}

// Places answers GET /api/places.php?country=&q=: the country's places whose
// name starts with q (any of their names, case and accents aside), biggest
// first, with their region, named in the request's site language: what a
// member typing their city is offered. Without a country it answers for the
// visitor's selected country; a q of no letters finds none.
func (h Handlers) Places(w http.ResponseWriter, r *http.Request) {
	country, err := h.countryAsked(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if _, err := geo.Regions(country); errors.Is(err, geo.ErrUnknownCountry) {
		httpx.WriteError(w, r, refusal.New(refusal.NotFound, "country_unknown", "This country is not known.").With(map[string]any{"country": country}))
		return
	}
	q := r.URL.Query().Get("q")
	if utf8.RuneCountInString(q) > placeQueryMax {
		httpx.WriteError(w, r, refusal.New(refusal.Invalid, "query_invalid", "The city's start is at most 80 characters.").With(map[string]any{"max": placeQueryMax}))
		return
	}
	out := placesAnswer{Places: []placeAnswer{}}
	for _, p := range geo.FindCities(country, q, LanguageFrom(r.Context()), placesShown) {
		out.Places = append(out.Places, placeAnswer{Country: p.Country, Region: p.Region, RegionCode: p.RegionCode, City: p.City})
	}
	w.Header().Add("Vary", "Accept-Language, Cookie")
	httpx.WriteJSON(w, http.StatusOK, out)
}

var errCoordinate = errors.New("coordinate out of range")

func parseCoordinate(s string, limit float64) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return 0, err
	}
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > limit {
		return 0, errCoordinate
	}
	return v, nil
}
