package httpx

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/andybalholm/brotli"
)

// A precompressed answer behind Compress is sent as it was kept: the
// middleware sees its Content-Encoding and does not compress it again, and
// every client gets a body that decodes to the original in one step.
func TestPrecompressedPassesThroughCompress(t *testing.T) {
	t.Parallel()
	body := bytes.Repeat([]byte(`{"setting":"value"},`), 200)
	pc, err := Precompress(body)
	if err != nil {
		t.Fatal(err)
	}
	compress, err := Compress()
	if err != nil {
		t.Fatal(err)
	}
	h := compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		pc.Write(w, r)
	}))
	for _, c := range []struct{ accept, encoding string }{
		{"", ""},
		{"gzip", "gzip"},
		{"gzip, deflate, br, zstd", "br"},
		{"br;q=0, gzip", "gzip"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		if c.accept != "" {
			r.Header.Set("Accept-Encoding", c.accept)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if got := w.Header().Values("Content-Encoding"); len(got) > 1 || w.Header().Get("Content-Encoding") != c.encoding {
			t.Errorf("%q: Content-Encoding %q, want %q", c.accept, got, c.encoding)
		}
		var rd io.Reader = w.Body
		switch c.encoding {
		case "gzip":
			if rd, err = gzip.NewReader(w.Body); err != nil {
				t.Fatalf("%q: %v", c.accept, err)
			}
		case "br":
			rd = brotli.NewReader(w.Body)
		}
		if got, err := io.ReadAll(rd); err != nil || !bytes.Equal(got, body) {
			t.Errorf("%q: body of %d bytes (%v), want the original %d", c.accept, len(got), err, len(body))
		}
	}
}
