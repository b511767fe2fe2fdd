package tenancy

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/andybalholm/brotli"
)

// maxSettingsAnswers bounds SettingsAnswers: tens of tenants times the
// countries visitors come from and the few each tenant serves stay far
// below it; past it the cache starts again (old tenant versions go too).
const maxSettingsAnswers = 4096

// SettingsAnswers keeps settings.php's answer serialised once per tenant,
// visitor country and selected country, the only parts of the request it
// depends on: the answer is the engine's most frequent call (every page
// load of every visitor), and serialising it anew cost a fifth of the
// engine's time on it (make bench, settings_vs_bare). Beside the JSON it
// keeps the same bytes compressed with brotli and gzip, made once with the
// answer, so a browser's request (which accepts both) is not compressed
// anew every time, and the header values each answer carries.
//
// A tenant is immutable: the Directory replaces the *Tenant when tenancy
// changes (a console edit invalidates this instance's directory at once,
// the tenancy_changed notification every other instance's), so an answer
// keyed by the *Tenant can never outlive the tenant it was made from, and
// no invalidation of its own is needed.
type SettingsAnswers struct {
	mu      sync.RWMutex
	answers map[settingsKey]*settingsAnswer
	// made counts the answers serialised and compressed (tests).
	made atomic.Int64
}

type settingsKey struct {
	tenant            *Tenant
	country, selected string
}

// settingsAnswer is one kept answer: its body in each encoding with its
// Content-Length, and the locale cookie the tenant's domain language
// sets for a visitor without one ("" when it sets none), over HTTP and
// HTTPS.
type settingsAnswer struct {
	plain, br, gzip      encoded
	cookie, secureCookie []string
}

type encoded struct {
	body   []byte
	length []string
}

func encodedOf(body []byte) encoded {
	return encoded{body: body, length: []string{strconv.Itoa(len(body))}}
}

// NewSettingsAnswers returns an empty cache.
func NewSettingsAnswers() *SettingsAnswers {
	return &SettingsAnswers{answers: map[settingsKey]*settingsAnswer{}}
}

// get returns the answer of tenant t for a visitor in country whose site
// works for selected.
func (c *SettingsAnswers) get(t *Tenant, country, selected string) (*settingsAnswer, error) {
	key := settingsKey{t, country, selected}
	c.mu.RLock()
	a, ok := c.answers[key]
	c.mu.RUnlock()
	if ok {
		return a, nil
	}
	a, err := makeSettingsAnswer(t, country, selected)
	if err != nil {
		return nil, err
	}
	c.made.Add(1)
	c.mu.Lock()
	if len(c.answers) >= maxSettingsAnswers {
		clear(c.answers)
	}
	c.answers[key] = a
	c.mu.Unlock()
	return a, nil
}

func makeSettingsAnswer(t *Tenant, country, selected string) (*settingsAnswer, error) {
	body, err := json.Marshal(settingsOf(t, country, selected))
	if err != nil {
		return nil, fmt.Errorf("settings of %s: %w", t.Slug, err)
	}
	// As httpx.WriteJSON writes it (json.Encoder ends with a newline).
	body = append(body, '\n')
	var br, gz bytes.Buffer
	bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
	gw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return nil, fmt.Errorf("settings of %s: gzip: %w", t.Slug, err)
	}
	for _, w := range []interface {
		Write([]byte) (int, error)
		Close() error
	}{bw, gw} {
		if _, err := w.Write(body); err != nil {
			return nil, fmt.Errorf("settings of %s: compress: %w", t.Slug, err)
		}
		if err := w.Close(); err != nil {
			return nil, fmt.Errorf("settings of %s: compress: %w", t.Slug, err)
		}
	}
	a := &settingsAnswer{plain: encodedOf(body), br: encodedOf(br.Bytes()), gzip: encodedOf(gz.Bytes())}
	if dl := DomainLocale(t); dl != "" {
		for _, secure := range []bool{false, true} {
			c := localeCookie(dl, secure).String()
			if secure {
				a.secureCookie = []string{c}
			} else {
				a.cookie = []string{c}
			}
		}
	}
	return a, nil
}

// Values of the headers every settings.php answer carries, built once.
var (
	settingsContentType = []string{"application/json; charset=utf-8"}
	noStore             = []string{"no-store"}
	encodingBr          = []string{"br"}
	encodingGzip        = []string{"gzip"}
)

// write answers r with a: the brotli or gzip body when the client accepts
// it, else the JSON as it is, and the locale cookie for a visitor who has
// none. Every header value is a kept slice: nothing is formatted per
// request.
func (a *settingsAnswer) write(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	if a.cookie != nil {
		if _, err := r.Cookie(LocaleCookie); err == http.ErrNoCookie {
			if r.TLS != nil {
				h["Set-Cookie"] = append(h["Set-Cookie"], a.secureCookie...)
			} else {
				h["Set-Cookie"] = append(h["Set-Cookie"], a.cookie...)
			}
		}
	}
	h["Content-Type"] = settingsContentType[:1:1]
	h["Cache-Control"] = noStore[:1:1]
	addVary(h, "Accept-Encoding")
	out := a.plain
	switch accept := r.Header.Get("Accept-Encoding"); {
	case accepts(accept, "br") && len(a.br.body) < len(out.body):
		out = a.br
		h["Content-Encoding"] = encodingBr[:1:1]
	case accepts(accept, "gzip") && len(a.gzip.body) < len(out.body):
		out = a.gzip
		h["Content-Encoding"] = encodingGzip[:1:1]
	}
	h["Content-Length"] = out.length[:1:1]
	_, _ = w.Write(out.body)
}

// addVary names header in Vary unless it is there already (the
// compression middleware names Accept-Encoding on every answer).
func addVary(h http.Header, header string) {
	for _, v := range h["Vary"] {
		for _, name := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(name), header) {
				return
			}
		}
	}
	h.Add("Vary", header)
}

// accepts tells whether an Accept-Encoding header value accepts coding
// (by name, not by "*"), with a quality above zero.
func accepts(header, coding string) bool {
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
