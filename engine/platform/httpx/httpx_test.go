package httpx

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
)

func TestDecodeJSON(t *testing.T) {
	t.Parallel()
	type body struct {
		Name string `json:"name"`
		Age  int    `json:"age"`
	}
	cases := []struct {
		name, body, contentType string
		status                  int
		code                    string
	}{
		{"ok", `{"name":"Anna","age":30}`, "application/json", 0, ""},
		{"beacon text/plain", `{"name":"Anna"}`, "text/plain;charset=UTF-8", 0, ""},
		{"empty", ``, "application/json", 400, "invalid_json"},
		{"malformed", `{"name":`, "application/json", 400, "invalid_json"},
		{"syntax", `{"name" "x"}`, "application/json", 400, "invalid_json"},
		{"wrong type", `{"age":"old"}`, "application/json", 422, "wrong_type"},
		{"unknown field", `{"name":"A","role":"admin"}`, "application/json", 400, "unknown_field"},
		{"trailing data", `{"name":"A"} {"name":"B"}`, "application/json", 400, "invalid_json"},
		{"too large", `{"name":"` + strings.Repeat("a", MaxJSONBody) + `"}`, "application/json", 413, "body_too_large"},
		{"form", `name=A`, "application/x-www-form-urlencoded", 415, "unsupported_media_type"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("POST", "/", strings.NewReader(c.body))
		r.Header.Set("Content-Type", c.contentType)
		var b body
		err := DecodeJSON(httptest.NewRecorder(), r, &b)
		if c.status == 0 {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		e, ok := err.(*Error)
		if !ok || e.Status != c.status || e.Code != c.code {
			t.Errorf("%s: got %v, want %d %s", c.name, err, c.status, c.code)
		}
	}
}

func TestWriteErrorHidesInternals(t *testing.T) {
	t.Parallel()
	w := httptest.NewRecorder()
	WriteError(w, httptest.NewRequest("GET", "/", nil), errSecret{})
	var got map[string]any
	_ = json.Unmarshal(w.Body.Bytes(), &got)
	if w.Code != 500 || got["error"] != "internal" || strings.Contains(w.Body.String(), "password") {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	w = httptest.NewRecorder()
	WriteError(w, httptest.NewRequest("GET", "/", nil), NewError(429, "login_blocked", "Too many", map[string]any{"minutes": 15}))
	_ = json.Unmarshal(w.Body.Bytes(), &got)
	if w.Code != 429 || got["error"] != "login_blocked" || got["minutes"] != float64(15) || got["message"] != "Too many" {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
}

type errSecret struct{}

func (errSecret) Error() string { return "connect to postgres://admin:password@db failed" }

func TestRecoverAnswers500WithoutStack(t *testing.T) {
	t.Parallel()
	h := Recover(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom at handler.go:12") }))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	if w.Code != 500 || strings.Contains(w.Body.String(), "boom") || strings.Contains(w.Body.String(), ".go") {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
}

func TestRealIPTrustsOnlyConfiguredProxies(t *testing.T) {
	t.Parallel()
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	cases := []struct {
		name, remote, xff, want string
	}{
		{"direct client ignores header", "203.0.113.5:1234", "1.2.3.4", "203.0.113.5"},
		{"trusted proxy", "10.0.0.2:80", "198.51.100.7", "198.51.100.7"},
		{"forged left part ignored", "10.0.0.2:80", "1.2.3.4, 198.51.100.7, 10.0.0.9", "198.51.100.7"},
		{"garbage header", "10.0.0.2:80", "not-an-ip", "10.0.0.2"},
	}
	for _, c := range cases {
		var got string
		h := RealIP(trusted)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = ClientIP(r).String() }))
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.remote
		r.Header.Set("X-Forwarded-For", c.xff)
		h.ServeHTTP(httptest.NewRecorder(), r)
		if got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
