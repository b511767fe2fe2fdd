package httpx

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/CAFxX/httpcompression"
)

// Compress answers with brotli or gzip when the client accepts them.
// Server-sent event streams are left alone: they must flush every event at
// once and lift the server's deadlines through http.ResponseController,
// which the library's writer does not pass on (it has no Unwrap).
func Compress() (func(http.Handler) http.Handler, error) {
	mw, err := httpcompression.DefaultAdapter(
		httpcompression.MinSize(512),
		httpcompression.ContentTypes([]string{
			"text/html", "text/css", "text/plain", "text/javascript", "application/javascript",
			"application/json", "application/manifest+json", "image/svg+xml", "application/xml",
		}, false),
	)
	if err != nil {
		return nil, fmt.Errorf("compression: %w", err)
	}
	return func(next http.Handler) http.Handler {
		compressed := mw(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
				next.ServeHTTP(w, r)
				return
			}
			compressed.ServeHTTP(w, r)
		})
	}, nil
}
