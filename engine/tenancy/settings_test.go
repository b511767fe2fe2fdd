package tenancy_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"

	"github.com/andybalholm/brotli"

	"rendezvous/engine/tenancy"
)

// settings.php's kept answer is compressed once, when it is made: every
// client gets the encoding it accepts (brotli first, then gzip, else the
// JSON as it is) with a matching Content-Length, all the same JSON, and
// repeating the requests makes no new answer (settings_vs_bare).
func TestSettingsAnswerCompressedOncePerAnswer(t *testing.T) {
	t.Parallel()
	tn := &tenancy.Tenant{Slug: "t", Name: "T", Locales: []string{"nl", "en"}, DefaultLocale: "nl",
		Countries: []string{"NL", "BE"}, Settings: tenancy.Settings{DomainLanguage: "nl_NL"}}
	h := tenancy.Handlers{Locator: tenancy.Locator{CountryHeader: "CF-IPCountry"}, Answers: tenancy.NewSettingsAnswers()}
	get := func(country, acceptEncoding string) *httptest.ResponseRecorder {
		t.Helper()
		r := httptest.NewRequest("GET", "/api/settings.php?domain=example.com", nil)
		r.Header.Set("CF-IPCountry", country)
		if acceptEncoding != "" {
			r.Header.Set("Accept-Encoding", acceptEncoding)
		}
		r = r.WithContext(tenancy.WithTenant(r.Context(), tn))
		w := httptest.NewRecorder()
		h.Settings(w, r)
		if w.Code != http.StatusOK {
			t.Fatalf("%s %q: status %d", country, acceptEncoding, w.Code)
		}
		return w
	}
	want := get("NL", "").Body.Bytes()
	cases := []struct{ accept, encoding string }{
		{"", ""},
		{"identity", ""},
		{"gzip", "gzip"},
		{"br", "br"},
		{"gzip, deflate, br, zstd", "br"},
		{"br;q=0, gzip", "gzip"},
		{"BR;q=0.5", "br"},
		{"gzip;q=0", ""},
		{"*", ""},
	}
	for range 3 {
		for _, c := range cases {
			w := get("NL", c.accept)
			if got := w.Header().Get("Content-Encoding"); got != c.encoding {
				t.Errorf("%q: Content-Encoding %q, want %q", c.accept, got, c.encoding)
			}
			if got := w.Header().Get("Content-Length"); got != strconv.Itoa(w.Body.Len()) {
				t.Errorf("%q: Content-Length %s for %d bytes", c.accept, got, w.Body.Len())
			}
			if !slices.Contains(w.Header().Values("Vary"), "Accept-Encoding") {
				t.Errorf("%q: Vary %q", c.accept, w.Header().Values("Vary"))
			}
			if w.Header().Get("Content-Type") != "application/json; charset=utf-8" || w.Header().Get("Cache-Control") != "no-store" {
				t.Errorf("%q: headers %v", c.accept, w.Header())
			}
			var body io.Reader = w.Body
			switch c.encoding {
			case "gzip":
				zr, err := gzip.NewReader(w.Body)
				if err != nil {
					t.Fatalf("%q: %v", c.accept, err)
				}
				body = zr
			case "br":
				body = brotli.NewReader(w.Body)
			}
			got, err := io.ReadAll(body)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%q: body %q (%v), want %q", c.accept, got, err, want)
			}
		}
	}
	if n := h.Answers.Made(); n != 1 {
		t.Errorf("%d answers made for one tenant and country, want 1", n)
	}
	// Another visitor country is another answer, made once too.
	get("BE", "br")
	get("BE", "gzip")
	if n := h.Answers.Made(); n != 2 {
		t.Errorf("%d answers made for two countries, want 2", n)
	}
}
