package server_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/server/servertest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// newEngine is the engine's handler on a fresh database with the demo
// tenants imported; the client's country comes from the X-Test-Country header.
func newEngine(t *testing.T) http.Handler {
	t.Helper()
	return servertest.New(t).Handler
}

type scenario struct {
	name       string
	method     string
	host       string
	path       string
	headers    map[string]string
	wantStatus int
	wantCode   string   // the error code of a JSON error answer
	wantBody   []string // substrings of the body
	// wantNoHeader is a header the answer must not carry.
	wantNoHeader string
}

func (s scenario) run(t *testing.T, h http.Handler) *http.Response {
	t.Helper()
	method := s.method
	if method == "" {
		method = http.MethodGet
	}
	r := httptest.NewRequest(method, s.path, nil)
	r.Host = s.host
	for k, v := range s.headers {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	res := w.Result()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != s.wantStatus {
		t.Fatalf("%s: status %d, want %d: %s", s.name, res.StatusCode, s.wantStatus, body)
	}
	if s.wantCode != "" {
		var e struct{ Error, Message string }
		if err := json.Unmarshal(body, &e); err != nil || e.Error != s.wantCode || e.Message == "" {
			t.Fatalf("%s: want error %s with a message, got %s", s.name, s.wantCode, body)
		}
	}
	for _, want := range s.wantBody {
		if !strings.Contains(string(body), want) {
			t.Errorf("%s: body lacks %q: %.300s", s.name, want, body)
		}
	}
	if s.wantNoHeader != "" && res.Header.Get(s.wantNoHeader) != "" {
		t.Errorf("%s: answer carries %s", s.name, s.wantNoHeader)
	}
	if strings.Contains(string(body), "goroutine ") || strings.Contains(string(body), ".go:") {
		t.Errorf("%s: a stack trace reached the client", s.name)
	}
	return res
}

func TestScenarios(t *testing.T) {
	t.Parallel()
	h := newEngine(t)
	scenarios := []scenario{
		{name: "health", path: "/healthz", host: "anything.example", wantStatus: 200},
		{name: "ready", path: "/readyz", host: "anything.example", wantStatus: 200},
		{name: "metrics", path: "/metrics", host: "localhost", headers: map[string]string{"Authorization": "Bearer " + servertest.MetricsToken}, wantStatus: 200, wantBody: []string{"go_goroutines"}},
		{name: "metrics on any host", path: "/metrics", host: "anything.example", headers: map[string]string{"Authorization": "Bearer " + servertest.MetricsToken}, wantStatus: 200, wantBody: []string{"go_goroutines"}},
		{name: "metrics need the token", path: "/metrics", host: "localhost", wantStatus: 401, wantCode: "metrics_unauthorized"},
		{name: "metrics need the right token", path: "/metrics", host: "localhost", headers: map[string]string{"Authorization": "Bearer guess"}, wantStatus: 401, wantCode: "metrics_unauthorized"},
		{name: "assets folder not listed", path: "/assets/", host: "localhost", wantStatus: 404, wantCode: "not_found"},
		{name: "asset", path: "/assets/app-abc123.js", host: "localhost", wantStatus: 200, wantBody: []string{"rendezvous"}},
		{name: "themes folder not listed", path: "/themes/", host: "localhost", wantStatus: 404, wantCode: "not_found"},
		{name: "theme folder not listed", path: "/themes/amber/", host: "localhost", wantStatus: 404, wantCode: "not_found"},
		{name: "theme folder without slash", path: "/themes/amber", host: "localhost", wantStatus: 404, wantCode: "not_found"},
		{name: "HSTS only from a trusted proxy", path: "/healthz", host: "localhost", headers: map[string]string{"X-Forwarded-Proto": "https"}, wantStatus: 200, wantNoHeader: "Strict-Transport-Security"},
		{name: "unknown host api", path: "/api/settings.php", host: "evil.example", wantStatus: 404, wantCode: "unknown_site"},
		{name: "unknown host page", path: "/", host: "evil.example", wantStatus: 404},
		{name: "unknown api call", path: "/api/nothing.php", host: "localhost", wantStatus: 404, wantCode: "not_found"},
		{name: "wrong method", method: "POST", path: "/api/settings.php", host: "localhost", wantStatus: 405, wantCode: "method_not_allowed"},
		{name: "files are read-only", method: "POST", path: "/assets/app-abc123.js", host: "localhost", wantStatus: 405, wantCode: "method_not_allowed"},
		{name: "openapi", path: "/api/openapi.yaml", host: "localhost", wantStatus: 200, wantBody: []string{"openapi: 3.1.0", "/api/messages.php"}},
		{name: "company", path: "/api/companyinfo.php", host: "localhost", wantStatus: 200,
			wantBody: []string{`"name":"Lokaal Media B.V."`, `"kvk":"81234567"`, `"tradenames":["LustLokaal","Lokaal Dates"]`, `"vat_numbers"`, `"support_phone"`, `"delete_discount":50`, `"added":"2024-03-01T09:00:00Z"`, `"address"`, `"city":"Amsterdam"`, `"country":"NL"`}},
		{name: "company of other tenant", path: "/api/companyinfo.php", host: "de.localhost", wantStatus: 200, wantBody: []string{"Herz Digital GmbH"}},
		{name: "interests", path: "/api/interests.php", host: "localhost", wantStatus: 200, wantBody: []string{`"slug":"travel"`}},
		{name: "regions NL", path: "/api/regions.php?country=NL", host: "localhost", wantStatus: 200, wantBody: []string{`"label":"province"`, "Utrecht"}},
		{name: "regions US", path: "/api/regions.php?country=us", host: "us.localhost", wantStatus: 200, wantBody: []string{`"label":"state"`, "Texas"}},
		{name: "regions CH", path: "/api/regions.php?country=CH", host: "de.localhost", wantStatus: 200, wantBody: []string{`"label":"canton"`}},
		{name: "regions default country", path: "/api/regions.php", host: "de.localhost", wantStatus: 200, wantBody: []string{`"country":"DE"`}},
		// label_text is the label in ?lang= (one of the tenant's locales), else the tenant's default.
		{name: "regions label in the tenant's language", path: "/api/regions.php?country=NL", host: "localhost", wantStatus: 200, wantBody: []string{`"label_text":"Provincie"`}},
		{name: "regions label in the asked language", path: "/api/regions.php?country=NL&lang=en", host: "localhost", wantStatus: 200, wantBody: []string{`"label_text":"Province"`}},
		{name: "regions label of Germany in German", path: "/api/regions.php?country=DE", host: "de.localhost", wantStatus: 200, wantBody: []string{`"label_text":"Bundesland"`}},
		{name: "regions label of the US in German", path: "/api/regions.php?country=US", host: "de.localhost", wantStatus: 200, wantBody: []string{`"label_text":"Bundesstaat"`}},
		{name: "regions label in a language the tenant lacks", path: "/api/regions.php?country=CH&lang=fr", host: "de.localhost", wantStatus: 200, wantBody: []string{`"label_text":"Kanton"`}},
		{name: "regions label of Switzerland in English", path: "/api/regions.php?country=CH&lang=en", host: "de.localhost", wantStatus: 200, wantBody: []string{`"label_text":"Canton"`}},
		{name: "regions BE in Dutch", path: "/api/regions.php?country=BE", host: "localhost", wantStatus: 200, wantBody: []string{"Oost-Vlaanderen", "Henegouwen", `"name":"Brussel"`}},
		{name: "regions BE in German", path: "/api/regions.php?country=BE", host: "de.localhost", wantStatus: 200, wantBody: []string{"Ostflandern", "Hennegau", `"name":"Brüssel"`}},
		{name: "regions BE in English", path: "/api/regions.php?country=BE", host: "localhost", headers: map[string]string{"Cookie": "locale=en"}, wantStatus: 200, wantBody: []string{"East Flanders", "Hainaut"}},
		{name: "regions BE names in the asked language", path: "/api/regions.php?country=BE&lang=en", host: "localhost", wantStatus: 200, wantBody: []string{"East Flanders", "Hainaut"}},
		{name: "geocode The Hague in Dutch", path: "/api/geocode.php?lat=52.08&lon=4.31", host: "localhost", wantStatus: 200, wantBody: []string{`"city":"Den Haag"`}},
		{name: "geocode The Hague in English", path: "/api/geocode.php?lat=52.08&lon=4.31", host: "us.localhost", wantStatus: 200, wantBody: []string{`"city":"The Hague"`}},
		{name: "geocode Munich in German", path: "/api/geocode.php?lat=48.1375&lon=11.575", host: "de.localhost", wantStatus: 200, wantBody: []string{`"city":"München"`}},
		{name: "geocode Vienna in German", path: "/api/geocode.php?lat=48.2083&lon=16.3725", host: "de.localhost", wantStatus: 200, wantBody: []string{`"city":"Wien"`}},
		{name: "geocode Cologne in Dutch", path: "/api/geocode.php?lat=50.9364&lon=6.9528", host: "localhost", wantStatus: 200, wantBody: []string{`"city":"Keulen"`}},
		{name: "geocode Brussels in the app's language", path: "/api/geocode.php?lat=50.8467&lon=4.3525", host: "us.localhost", headers: map[string]string{"Accept-Language": "fr"}, wantStatus: 200, wantBody: []string{`"city":"Brussels"`}},
		{name: "places by the start of a name", path: "/api/places.php?country=BE&q=Gen", host: "localhost", wantStatus: 200,
			wantBody: []string{`{"places":[{"country":"BE","region":"Oost-Vlaanderen","region_code":"BE-VOV","city":"Gent"}`}},
		{name: "places in English", path: "/api/places.php?country=BE&q=gh", host: "us.localhost", wantStatus: 200, wantBody: []string{`"city":"Ghent"`, `"region":"East Flanders"`}},
		{name: "places none", path: "/api/places.php?country=NL&q=zzqx", host: "localhost", wantStatus: 200, wantBody: []string{`{"places":[]}`}},
		{name: "places without a query", path: "/api/places.php?country=NL", host: "localhost", wantStatus: 200, wantBody: []string{`{"places":[]}`}},
		{name: "places malformed country", path: "/api/places.php?country=N1&q=A", host: "localhost", wantStatus: 422, wantCode: "country_invalid"},
		{name: "places unknown country", path: "/api/places.php?country=XX&q=A", host: "localhost", wantStatus: 404, wantCode: "country_unknown"},
		{name: "places too long", path: "/api/places.php?country=NL&q=" + strings.Repeat("a", 81), host: "localhost", wantStatus: 422, wantCode: "query_invalid"},
		{name: "regions malformed", path: "/api/regions.php?country=N1", host: "localhost", wantStatus: 422, wantCode: "country_invalid"},
		{name: "regions unknown", path: "/api/regions.php?country=XX", host: "localhost", wantStatus: 404, wantCode: "country_unknown"},
		{name: "geocode Amsterdam", path: "/api/geocode.php?lat=52.3702&lon=4.8952", host: "localhost", wantStatus: 200, wantBody: []string{`"country":"NL"`, "Amsterdam"}},
		{name: "geocode missing", path: "/api/geocode.php?lat=52.37", host: "localhost", wantStatus: 422, wantCode: "coordinates_invalid"},
		{name: "geocode text", path: "/api/geocode.php?lat=abc&lon=4", host: "localhost", wantStatus: 422, wantCode: "coordinates_invalid"},
		{name: "geocode range", path: "/api/geocode.php?lat=95&lon=4", host: "localhost", wantStatus: 422, wantCode: "coordinates_invalid"},
		{name: "geocode NaN", path: "/api/geocode.php?lat=NaN&lon=4", host: "localhost", wantStatus: 422, wantCode: "coordinates_invalid"},
		{name: "geocode ocean", path: "/api/geocode.php?lat=-40&lon=-30", host: "localhost", wantStatus: 404, wantCode: "place_not_found"},
		{name: "manifest", path: "/manifest.webmanifest", host: "de.localhost", wantStatus: 200, wantBody: []string{`"name":"Herzklopfen"`, `"display":"standalone"`, "/themes/midnight/", `{"src":"/themes/midnight/icon-512.png","sizes":"512x512","type":"image/png"`}},
		// Theme drawings drawn as PNG (engine/webapp/icons.go), at the sizes pages use only.
		{name: "theme icon drawn", path: "/themes/midnight/icon-192.png", host: "localhost", wantStatus: 200, wantBody: []string{"\x89PNG\r\n"}},
		{name: "theme logo drawn", path: "/themes/amber/logo-72.png", host: "localhost", wantStatus: 200, wantBody: []string{"\x89PNG\r\n"}},
		{name: "theme icon at another size", path: "/themes/amber/icon-33.png", host: "localhost", wantStatus: 404},
		{name: "theme icon of no theme", path: "/themes/nosuch/icon-32.png", host: "localhost", wantStatus: 404},
		{name: "theme icon of no drawing", path: "/themes/amber/theme-32.png", host: "localhost", wantStatus: 404},
		{name: "page icons", path: "/members/12", host: "de.localhost", wantStatus: 200, wantBody: []string{`<link rel="icon" href="/themes/midnight/icon-32.png" sizes="32x32" type="image/png"><link rel="apple-touch-icon" href="/themes/midnight/icon-180.png">`,
			`"logo":"/themes/midnight/logo-72.png"`, `"logoSrcSet":"/themes/midnight/logo-72.png 2x, /themes/midnight/logo-108.png 3x"`}},
		{name: "theme file", path: "/themes/amber/theme.json", host: "localhost", wantStatus: 200, wantBody: []string{`"colors"`}},
		{name: "theme source hidden", path: "/themes/embed.go", host: "localhost", wantStatus: 404},
		{name: "app route", path: "/members/12", host: "localhost", wantStatus: 200, wantBody: []string{`id="rdv-boot"`}},
		// Landers are the engine's own pages (engine/landerpages), not the app's.
		{name: "lander", path: "/landers/gallery/summer", host: "localhost", wantStatus: 200, wantBody: []string{`data-lander="gallery"`, `data-variant="summer"`, `data-testid="lander-signup"`}},
		{name: "lander unknown", path: "/landers/nosuchlander", host: "localhost", wantStatus: 404, wantBody: []string{`data-testid="lander-not-found"`}},
		{name: "lander too deep", path: "/landers/gallery/a/b", host: "localhost", wantStatus: 404, wantBody: []string{`data-testid="lander-not-found"`}},
		{name: "app info page token", path: "/terms", host: "localhost", wantStatus: 200},
		{name: "app unknown route", path: "/no/such/page", host: "localhost", wantStatus: 404, wantBody: []string{`id="rdv-boot"`}},
	}
	for _, s := range scenarios {
		t.Run(s.name, func(t *testing.T) { s.run(t, h) })
	}
}

func TestSettingsHasEveryField(t *testing.T) {
	t.Parallel()
	h := newEngine(t)
	res := scenario{name: "settings", path: "/api/settings.php?domain=localhost", host: "localhost",
		headers: map[string]string{"X-Test-Country": "BE"}, wantStatus: 200}.run(t, h)
	var got map[string]any
	r := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/api/settings.php", nil)
	req.Host = "localhost"
	req.Header.Set("X-Test-Country", "BE")
	h.ServeHTTP(r, req)
	if err := json.Unmarshal(r.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	// Every field the settings answer must carry.
	fields := []string{"countries", "name", "index_title", "description", "visible_profile_fields",
		"visible_profile_notes", "geoip_country", "geoip_selected_country", "cdn_prefix", "message_credits",
		"photo_credits", "gift_credits", "signup_credits", "message_length", "minimum_message_costs",
		"support_email", "support_phone", "enable_site_entry_popup", "push_public_key", "search_fields",
		"domain", "domain_language", "fictional_warning", "fictional_singular", "fictional_plural",
		"fictional_icon", "refund_days", "signups", "logged_out_search", "logged_out_search_trafficsource",
		"member_resell", "niche", "company_id", "mail_name"}
	for _, f := range fields {
		if _, ok := got[f]; !ok {
			t.Errorf("settings lacks %s", f)
		}
	}
	if got["geoip_country"] != "BE" || got["geoip_selected_country"] != "BE" || got["domain"] != "localhost" || got["name"] != "LustLokaal" {
		t.Errorf("settings: %v", got)
	}
	if got["push_public_key"] == "" {
		t.Error("push_public_key empty")
	}
	costs := got["minimum_message_costs"].(map[string]any)["NL"].(map[string]any)
	if costs["costs"] != 1.49 || costs["currency"] != "EUR" {
		t.Errorf("minimum_message_costs %v", costs)
	}
	// The locale cookie follows domain_language when the visitor has none.
	var cookie *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == "locale" {
			cookie = c
		}
	}
	if cookie == nil || cookie.Value != "nl" || cookie.MaxAge != 365*24*3600 {
		t.Fatalf("locale cookie %+v", cookie)
	}
}

func TestSettingsKeepsChosenLocaleAndCountry(t *testing.T) {
	t.Parallel()
	h := newEngine(t)
	req := httptest.NewRequest("GET", "/api/settings.php", nil)
	req.Host = "us.localhost"
	req.Header.Set("Cookie", "locale=en")
	req.Header.Set("X-Test-Country", "NL")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if len(w.Result().Cookies()) != 0 {
		t.Errorf("a visitor with a locale got a new cookie: %v", w.Result().Cookies())
	}
	var got map[string]any
	_ = json.Unmarshal(w.Body.Bytes(), &got)
	// A Dutch visitor of the US site: the site works for the US.
	if got["geoip_country"] != "NL" || got["geoip_selected_country"] != "US" {
		t.Errorf("countries %v %v", got["geoip_country"], got["geoip_selected_country"])
	}
}

func TestIndexCarriesTenantThemeAndLocale(t *testing.T) {
	t.Parallel()
	h := newEngine(t)
	cases := []struct {
		host, country, lang, theme, name string
		// locales are the language menu's, the visitor's country's first.
		locales []string
	}{
		{"localhost", "", "nl", "amber", "LustLokaal", []string{"nl", "en"}},
		{"de.localhost", "", "de", "midnight", "Herzklopfen", []string{"de", "en"}},
		{"de.localhost", "US", "de", "midnight", "Herzklopfen", []string{"en", "de"}},
		{"de.localhost", "CH", "de", "midnight", "Herzklopfen", []string{"de", "en"}},
		{"us.localhost", "", "en", "rose", "Spark", []string{"en"}},
	}
	for _, c := range cases {
		req := httptest.NewRequest("GET", "/", nil)
		req.Host = c.host
		if c.country != "" {
			req.Header.Set("X-Test-Country", c.country)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		body := w.Body.String()
		if !strings.Contains(body, `<html lang="`+c.lang+`">`) {
			t.Errorf("%s: lang: %.200s", c.host, body)
		}
		start := strings.Index(body, `<script id="rdv-boot" type="application/json">`)
		if start < 0 {
			t.Fatalf("%s: no boot", c.host)
		}
		raw := body[start+len(`<script id="rdv-boot" type="application/json">`):]
		raw = raw[:strings.Index(raw, "</script>")]
		var boot struct {
			Tenant   struct{ Name string }
			Theme    struct{ Name string }
			Settings struct{ Name string }
			User     any
			Locale   string
			Locales  []string
		}
		if err := json.Unmarshal([]byte(raw), &boot); err != nil {
			t.Fatalf("%s: boot: %v", c.host, err)
		}
		if boot.Tenant.Name != c.name || boot.Theme.Name != c.theme || boot.Locale != c.lang || boot.User != nil || !slices.Equal(boot.Locales, c.locales) {
			t.Errorf("%s: boot %+v", c.host, boot)
		}
		if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("%s: csp %q", c.host, csp)
		}
	}
}

func TestHeadersCachingAndCompression(t *testing.T) {
	t.Parallel()
	h := newEngine(t)
	req := httptest.NewRequest("GET", "/assets/app-abc123.js", nil)
	req.Host = "localhost"
	req.Header.Set("Accept-Encoding", "br, gzip")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != 200 {
		t.Fatalf("asset status %d", w.Code)
	}
	if got := w.Header().Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
		t.Errorf("asset cache-control %q", got)
	}
	if got := w.Header().Get("Content-Encoding"); got != "br" {
		t.Errorf("content-encoding %q, want br", got)
	}
	if got := w.Header().Get("X-Content-Type-Options"); got != "nosniff" {
		t.Errorf("nosniff %q", got)
	}
	if w.Header().Get("X-Request-Id") == "" {
		t.Error("no request id")
	}
	req = httptest.NewRequest("GET", "/api/companyinfo.php", nil)
	req.Host = "localhost"
	req.Header.Set("Accept-Encoding", "gzip")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if got := w.Header().Get("Content-Security-Policy"); !strings.Contains(got, "frame-ancestors 'none'") {
		t.Errorf("api csp %q", got)
	}
}

// The logged-in member reaches the first paint in index.html, and nothing a
// member wrote can end the boot script early.
func TestIndexCarriesTheMember(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	hostile := `</script><script>alert(1)</script>`
	c, made := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Evil" + hostile})
	res := c.Do("GET", "/members", nil)
	page := string(res.Body)
	if res.Status != 200 || strings.Contains(page, hostile) {
		t.Fatalf("%d: the member's text broke out of the boot script:\n%s", res.Status, page)
	}
	start := strings.Index(page, `<script id="rdv-boot" type="application/json">`)
	end := strings.Index(page[start:], "</script>")
	if start < 0 || end < 0 {
		t.Fatalf("no boot script:\n%s", page)
	}
	var boot struct {
		User struct {
			ID      int64
			Email   string
			Profile struct{ Name string }
		}
	}
	raw := page[start+len(`<script id="rdv-boot" type="application/json">`) : start+end]
	if err := json.Unmarshal([]byte(raw), &boot); err != nil {
		t.Fatalf("boot: %v\n%s", err, raw)
	}
	if boot.User.ID != made.ID || boot.User.Email != made.Email || boot.User.Profile.Name != "Evil"+hostile {
		t.Fatalf("boot user %+v", boot.User)
	}
}

// bootOf reads the boot state of an app page.
func bootOf(t *testing.T, page string, v any) {
	t.Helper()
	start := strings.Index(page, `<script id="rdv-boot" type="application/json">`)
	if start < 0 {
		t.Fatalf("no boot script:\n%.300s", page)
	}
	raw := page[start+len(`<script id="rdv-boot" type="application/json">`):]
	raw = raw[:strings.Index(raw, "</script>")]
	if err := json.Unmarshal([]byte(raw), v); err != nil {
		t.Fatalf("boot: %v\n%s", err, raw)
	}
}

// The navigation's badges (unread messages, new likes) are in the boot
// state, so the first paint shows them.
func TestIndexCarriesTheNavCounts(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ann, annMade := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Ann", Gender: "female", Seeking: "male"})
	bob, _ := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Bob", Credits: 100})
	type counts struct {
		UnreadMessages int64 `json:"unread_messages"`
		NewLikes       int64 `json:"new_likes"`
	}
	read := func() *counts {
		var boot struct{ Counts *counts }
		res := ann.Do("GET", "/members", nil)
		if res.Status != 200 {
			t.Fatalf("page: %d", res.Status)
		}
		bootOf(t, string(res.Body), &boot)
		return boot.Counts
	}
	if got := read(); got == nil || *got != (counts{}) {
		t.Fatalf("before: counts %+v, want zeros", got)
	}
	for i, text := range []string{"hi", "there"} {
		if res := bob.Do("POST", "/api/messages.php", map[string]any{"profile_id": annMade.ID, "text": text, "client_id": fmt.Sprintf("nav-%d", i)}); res.Status != 201 {
			t.Fatalf("send: %d %s", res.Status, res.Body)
		}
	}
	if res := bob.Do("POST", "/api/like.php", map[string]any{"profile_id": annMade.ID, "source": "profile"}); res.Status != 200 {
		t.Fatalf("like: %d %s", res.Status, res.Body)
	}
	if got := read(); got == nil || *got != (counts{UnreadMessages: 2, NewLikes: 1}) {
		t.Fatalf("after: counts %+v, want 2 unread, 1 new like", got)
	}

	var loggedOut struct{ Counts *counts }
	res := env.Client(t, "localhost").Do("GET", "/members", nil)
	bootOf(t, string(res.Body), &loggedOut)
	if loggedOut.Counts != nil {
		t.Fatalf("logged out: counts %+v", loggedOut.Counts)
	}
}

// A conversation's page carries messages.php's answer in the boot state for
// a member of that conversation only (not another member, a visitor or the
// same session on another brand), and serving it marks it read, so the
// navigation's unread count of that page already says so.
func TestIndexCarriesTheConversation(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ann, annMade := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Ann", Gender: "female", Seeking: "male"})
	bob, _ := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Bob", Credits: 100})
	eve, _ := env.LoggedIn(t, "localhost", accountstest.Member{Name: "Eve", Credits: 100})
	hostile := `</script><script>alert(1)</script>`
	res := bob.Do("POST", "/api/messages.php", map[string]any{"profile_id": annMade.ID, "text": "marker-7f3a " + hostile, "client_id": "boot-1"})
	if res.Status != 201 {
		t.Fatalf("send: %d %s", res.Status, res.Body)
	}
	var sent struct {
		Message struct {
			ConversationID int64 `json:"conversation_id"`
		}
	}
	if err := json.Unmarshal(res.Body, &sent); err != nil || sent.Message.ConversationID == 0 {
		t.Fatalf("sent: %v %s", err, res.Body)
	}
	path := fmt.Sprintf("/chats/%d", sent.Message.ConversationID)
	type boot struct {
		Thread *struct {
			Conversation struct{ ID int64 }
			Profile      struct{ Name string }
			Messages     []struct {
				Text   string
				FromMe bool `json:"from_me"`
			}
		}
		Counts *struct {
			UnreadMessages int64 `json:"unread_messages"`
		}
	}
	read := func(c *servertest.Client) (boot, string) {
		t.Helper()
		res := c.Do("GET", path, nil)
		if res.Status != 200 {
			t.Fatalf("%s: %d", path, res.Status)
		}
		var b boot
		bootOf(t, string(res.Body), &b)
		return b, string(res.Body)
	}
	got, page := read(ann)
	if got.Thread == nil || got.Thread.Conversation.ID != sent.Message.ConversationID || got.Thread.Profile.Name != "Bob" ||
		len(got.Thread.Messages) != 1 || got.Thread.Messages[0].Text != "marker-7f3a "+hostile || got.Thread.Messages[0].FromMe {
		t.Fatalf("ann's boot thread %+v", got.Thread)
	}
	if strings.Contains(page, hostile) {
		t.Fatalf("the message broke out of the boot script:\n%s", page)
	}
	if got.Counts == nil || got.Counts.UnreadMessages != 0 {
		t.Errorf("ann's unread count on the opened conversation %+v, want 0", got.Counts)
	}
	if got, _ := read(bob); got.Thread == nil || len(got.Thread.Messages) != 1 || !got.Thread.Messages[0].FromMe || got.Thread.Profile.Name != "Ann" {
		t.Errorf("bob's boot thread %+v", got.Thread)
	}

	otherBrand := env.Client(t, "de.localhost")
	otherBrand.HTTP = ann.HTTP // ann's session cookie, on another brand's host
	theirs, _ := env.LoggedIn(t, "de.localhost", accountstest.Member{Name: "Dora", TenantSlug: "herzklopfen"})
	for name, c := range map[string]*servertest.Client{
		"another member": eve, "a visitor": env.Client(t, "localhost"), "ann's session on another brand": otherBrand, "a member of another brand": theirs,
	} {
		got, page := read(c)
		if got.Thread != nil || strings.Contains(page, "marker-7f3a") || strings.Contains(page, "data-first-paint-chat") {
			t.Errorf("%s: the conversation is in the page: %+v", name, got.Thread)
		}
	}
}
