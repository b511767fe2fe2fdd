package httpx

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"
)

// The middleware every request passes formats and allocates nothing of its
// own for the common request (settings_vs_bare): the security headers are
// kept values, a query without escapes is not parsed into a map.
//
// Not parallel: testing.AllocsPerRun refuses to run in a parallel test.
func TestPerRequestMiddlewareAllocatesNothing(t *testing.T) {
	noop := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})
	cases := []struct {
		name string
		h    http.Handler
		url  string
	}{
		{"security headers", SecurityHeaders(nil)(noop), "/api/settings.php"},
		{"plain query", ValidQuery(noop), "/api/settings.php?domain=localhost&x=a+b"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", c.url, nil)
		w := httptest.NewRecorder()
		c.h.ServeHTTP(w, r) // the header map gets its keys
		if n := testing.AllocsPerRun(100, func() { c.h.ServeHTTP(w, r) }); n != 0 {
			t.Errorf("%s: %.0f allocations per request, want 0", c.name, n)
		}
	}
}

// The security headers' values are shared between requests: a handler
// adding to one gets its own copy, and the next answer still carries only
// the kept value.
func TestSecurityHeadersAreNotSharedWritably(t *testing.T) {
	t.Parallel()
	h := SecurityHeaders(nil)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("add") {
			w.Header().Add("X-Frame-Options", "SAMEORIGIN")
		}
	}))
	for _, q := range []string{"?add=1", "", "?add=1", ""} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/"+q, nil))
		want := []string{"DENY"}
		if q != "" {
			want = append(want, "SAMEORIGIN")
		}
		got := w.Header().Values("X-Frame-Options")
		if len(got) != len(want) || got[0] != want[0] || got[len(got)-1] != want[len(want)-1] {
			t.Errorf("%q: X-Frame-Options %q, want %q", q, got, want)
		}
		if w.Header().Get("X-Content-Type-Options") != "nosniff" || w.Header().Get("Content-Security-Policy") == "" {
			t.Errorf("%q: headers %v", q, w.Header())
		}
	}
}

// A new request id is 16 hex digits, different for every request.
func TestRequestIDsAreNew(t *testing.T) {
	t.Parallel()
	h := RequestLog(slog.New(slog.NewTextHandler(io.Discard, nil)))(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	hex16 := regexp.MustCompile(`^[0-9a-f]{16}$`)
	seen := map[string]bool{}
	for range 1000 {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
		id := w.Header().Get("X-Request-Id")
		if !hex16.MatchString(id) || seen[id] {
			t.Fatalf("request id %q (seen before: %v)", id, seen[id])
		}
		seen[id] = true
	}
}

// Pages carry every security header; the JSON APIs only those that act on
// an answer that is not a page (settings_vs_bare: fewer headers per API
// answer).
func TestAPIAnswersCarryOnlyTheAPISecurityHeaders(t *testing.T) {
	t.Parallel()
	h := SecurityHeaders(nil)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	always := []string{"X-Content-Type-Options", "Content-Security-Policy", "X-Frame-Options"}
	documentOnly := []string{"Referrer-Policy", "Cross-Origin-Opener-Policy", "Permissions-Policy"}
	cases := []struct {
		path     string
		document bool
	}{
		{"/", true},
		{"/members/12", true},
		{"/admin/tenants", true},
		{"/apiary", true},
		{"/api/settings.php", false},
		{"/api/chats/1/messages", false},
		{"/admin/api/tenants", false},
	}
	for _, c := range cases {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", c.path, nil))
		for _, name := range always {
			if w.Header().Get(name) == "" {
				t.Errorf("%s: no %s", c.path, name)
			}
		}
		for _, name := range documentOnly {
			if got := w.Header().Get(name) != ""; got != c.document {
				t.Errorf("%s: %s present %v, want %v", c.path, name, got, c.document)
			}
		}
	}
}
