package httpx

import (
	"fmt"
	"net/http"

	"github.com/CAFxX/httpcompression"
)

// Compress answers with brotli or gzip when the client accepts them.
// Server-sent event streams are left alone by the library's content-type
// check, since they must flush every event at once.
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
	return mw, nil
}
