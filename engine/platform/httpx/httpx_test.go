package httpx

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"rendezvous/engine/platform/refusal"
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
		{"charset", `{"name":"Anna"}`, "application/json; charset=utf-8", 0, ""},
		{"text/plain", `{"name":"Anna"}`, "text/plain;charset=UTF-8", 415, "unsupported_media_type"},
		{"no content type", `{"name":"Anna"}`, "", 415, "unsupported_media_type"},
		{"NUL", `{"name":"An\u0000na"}`, "application/json", 422, "text_invalid"},
		{"invalid UTF-8", "{\"name\":\"An\xffna\"}", "application/json", 422, "text_invalid"},
		{"escaped backslash is no NUL", `{"name":"An\\u0000na"}`, "application/json", 0, ""},
		{"empty", ``, "application/json", 400, "invalid_json"},
		{"malformed", `{"name":`, "application/json", 400, "invalid_json"},
		{"syntax", `{"name" "x"}`, "application/json", 400, "invalid_json"},
		{"wrong type", `{"age":"old"}`, "application/json", 422, "wrong_type"},
		{"array body", `[]`, "application/json", 422, "wrong_type"},
		{"string body", `"x"`, "application/json", 422, "wrong_type"},
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
		e, ok := err.(*refusal.Error)
		if !ok || Status(e.Kind) != c.status || e.Code != c.code || strings.Contains(e.Error(), "field  ") {
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
	WriteError(w, httptest.NewRequest("GET", "/", nil),
		fmt.Errorf("login: %w", refusal.New(refusal.TooMany, "login_blocked", "Too many, {minutes} min.").With(map[string]any{"minutes": 15})))
	_ = json.Unmarshal(w.Body.Bytes(), &got)
	if w.Code != 429 || got["error"] != "login_blocked" || got["minutes"] != float64(15) || got["message"] != "Too many, 15 min." {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
}

// TestStatusOfEachKind pins the one mapping of refusal kinds to HTTP
// statuses that every area's errors go through.
func TestStatusOfEachKind(t *testing.T) {
	t.Parallel()
	for kind, want := range map[refusal.Kind]int{
		refusal.Invalid:          422,
		refusal.Malformed:        400,
		refusal.Unauthorized:     401,
		refusal.PaymentRequired:  402,
		refusal.Forbidden:        403,
		refusal.NotFound:         404,
		refusal.MethodNotAllowed: 405,
		refusal.Conflict:         409,
		refusal.Gone:             410,
		refusal.TooLarge:         413,
		refusal.UnsupportedMedia: 415,
		refusal.TooMany:          429,
		refusal.Unavailable:      503,
		refusal.Kind(0):          422, // a forgotten kind still answers 4xx
	} {
		if got := Status(kind); got != want {
			t.Errorf("Status(%v) = %d, want %d", kind, got, want)
		}
		w := httptest.NewRecorder()
		WriteError(w, httptest.NewRequest("GET", "/", nil), refusal.New(kind, "some_code", "Some text."))
		if w.Code != want {
			t.Errorf("WriteError of a %v refusal answered %d, want %d", kind, w.Code, want)
		}
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

// TestTextInvalidNamesTheField: NUL and invalid UTF-8 anywhere in a body,
// nested or in a key, are refused with the path of the field.
func TestTextInvalidNamesTheField(t *testing.T) {
	t.Parallel()
	cases := []struct{ body, field string }{
		{`{"text":"a\u0000"}`, "text"},
		{`{"a":1,"b":[true,"x",{"c":"\u0000"}]}`, "b[2].c"},
		{`{"a":{"b":"ok"},"c":"\u0000"}`, "c"},
		{"{\"order\":[1,\"\xc3\x28\"]}", "order[1]"},
		{`"\u0000"`, "body"},
		{`{"k\u0000":1}`, "body"},
		{`[{"x":1},{"y":"\u0000"}]`, "[1].y"},
	}
	for _, c := range cases {
		err := checkText([]byte(c.body))
		e, ok := err.(*refusal.Error)
		if !ok || e.Code != "text_invalid" || Status(e.Kind) != 422 || e.Params["field"] != c.field {
			t.Errorf("%q: got %v %v, want text_invalid %s", c.body, err, e, c.field)
		}
	}
	for _, ok := range []string{`{"a":"\\u0000"}`, `{"a":"ünïcødé ✓"}`, `not json \u0000 at all`} {
		if err := checkText([]byte(ok)); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
}

// TestValidQuery: query parameters with NUL or invalid UTF-8 never reach a
// handler.
func TestValidQuery(t *testing.T) {
	t.Parallel()
	h := ValidQuery(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) }))
	for q, want := range map[string]int{"": 204, "?email=a%40b.c&x=%C3%BC": 204, "?email=a%00b": 422, "?t=%ff": 422, "?%00=1": 422,
		"?domain=localhost": 204, "?q=a+b&r=": 204} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/api/x"+q, nil))
		if w.Code != want {
			t.Errorf("%q: %d, want %d", q, w.Code, want)
		}
	}
}

// TestHSTSOnlyFromTrustedProxies: X-Forwarded-Proto is believed only from a
// trusted proxy.
func TestHSTSOnlyFromTrustedProxies(t *testing.T) {
	t.Parallel()
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	h := SecurityHeaders(trusted)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	for peer, want := range map[string]bool{"10.1.2.3:4000": true, "203.0.113.9:4000": false} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = peer
		r.Header.Set("X-Forwarded-Proto", "https")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if got := w.Header().Get("Strict-Transport-Security") != ""; got != want {
			t.Errorf("peer %s: HSTS %v, want %v", peer, got, want)
		}
	}
}

func TestID(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"42", 42, true}, {"1", 1, true}, {"9223372036854775807", 9223372036854775807, true},
		{"", 0, false}, {"0", 0, false}, {"-3", 0, false}, {"4.5", 0, false}, {"12a", 0, false}, {" 7", 0, false},
		{"9223372036854775808", 0, false},
	} {
		got, ok := ID(c.in)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("ID(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
