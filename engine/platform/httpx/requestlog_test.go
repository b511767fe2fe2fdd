package httpx

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The request's logger carries its id first on every line it writes, also
// through With and WithGroup, and the request's own line ends the request.
func TestRequestLogCarriesTheRequestID(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	base := slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}))
	h := RequestLog(base)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l := Logger(r.Context())
		l.Info("plain", "k", 1)
		l.With("area", "chat").Warn("with")
		l.WithGroup("g").Error("group", "k", 2)
	}))
	req := httptest.NewRequest("GET", "/api/x", nil)
	req.Header.Set("X-Request-Id", "abc123")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if got := w.Header().Get("X-Request-Id"); got != "abc123" {
		t.Errorf("X-Request-Id %q", got)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		`level=INFO msg=plain request_id=abc123 k=1`,
		`level=WARN msg=with request_id=abc123 area=chat`,
		`level=ERROR msg=group request_id=abc123 g.k=2`,
	}
	if len(lines) != 4 {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d: %s, want %s", i, lines[i], w)
		}
	}
	if !strings.HasPrefix(lines[3], `level=INFO msg=request request_id=abc123 method=GET host=example.com path=/api/x status=200`) {
		t.Errorf("request line: %s", lines[3])
	}
}
