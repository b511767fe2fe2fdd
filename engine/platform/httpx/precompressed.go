package httpx

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
)

// Precompressed is a body kept with its brotli and gzip forms, made once,
// for an answer that is asked for far more often than it changes (the
// settings answer: every page load of every visitor). Compress would
// compress it anew on every request, which cost more than everything else
// the engine does for it; it leaves alone an answer that already names its
// Content-Encoding, so the two do not compress twice.
type Precompressed struct {
	plain, br, gzip encoded
}

type encoded struct {
	body   []byte
	length []string
}

func encodedOf(body []byte) encoded {
	return encoded{body: body, length: []string{strconv.Itoa(len(body))}}
}

// Precompress compresses body with brotli and gzip at their best levels.
func Precompress(body []byte) (*Precompressed, error) {
	var br, gz bytes.Buffer
	bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
	gw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return nil, fmt.Errorf("precompress: gzip: %w", err)
	}
	for _, w := range []interface {
		Write([]byte) (int, error)
		Close() error
	}{bw, gw} {
		if _, err := w.Write(body); err != nil {
			return nil, fmt.Errorf("precompress: %w", err)
		}
		if err := w.Close(); err != nil {
			return nil, fmt.Errorf("precompress: %w", err)
		}
	}
	return &Precompressed{plain: encodedOf(body), br: encodedOf(br.Bytes()), gzip: encodedOf(gz.Bytes())}, nil
}

// Header values of the encodings, built once: nothing is formatted per
// request.
var (
	encodingBr   = []string{"br"}
	encodingGzip = []string{"gzip"}
)

// Write answers r with the brotli or gzip body when the client accepts it
// and it is smaller, else the body as it is, with its Content-Length and
// Vary: Accept-Encoding. The caller sets the other headers first.
func (p *Precompressed) Write(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	addVary(h, "Accept-Encoding")
	out := p.plain
	switch accept := r.Header.Get("Accept-Encoding"); {
	case acceptsCoding(accept, "br") && len(p.br.body) < len(out.body):
		out = p.br
		h["Content-Encoding"] = encodingBr[:1:1]
	case acceptsCoding(accept, "gzip") && len(p.gzip.body) < len(out.body):
		out = p.gzip
		h["Content-Encoding"] = encodingGzip[:1:1]
	}
	h["Content-Length"] = out.length[:1:1]
	_, _ = w.Write(out.body)
}

// addVary names header in Vary unless it is there already (Compress names
// Accept-Encoding on every answer).
func addVary(h http.Header, header string) {
	for _, v := range h["Vary"] {
		for v != "" {
			var name string
			name, v, _ = strings.Cut(v, ",")
			if strings.EqualFold(strings.TrimSpace(name), header) {
				return
			}
		}
	}
	h.Add("Vary", header)
}

// acceptsCoding tells whether an Accept-Encoding header value accepts
// coding (by name, not by "*"), with a quality above zero.
func acceptsCoding(header, coding string) bool {
	for header != "" {
		var part string
		part, header, _ = strings.Cut(header, ",")
		name, params, _ := strings.Cut(part, ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		q, ok := strings.CutPrefix(strings.TrimSpace(params), "q=")
		if !ok {
			return true
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(q), 64)
		return err == nil && f > 0
	}
	return false
}
