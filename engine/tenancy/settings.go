package tenancy

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"

	"rendezvous/engine/platform/httpx"
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
// keeps the same bytes compressed (httpx.Precompressed), made once with
// the answer, so a browser's request is not compressed anew every time,
// and the header values each answer carries.
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

// settingsAnswer is one kept answer: its body, kept compressed, and the
// locale cookie the tenant's domain language
// sets for a visitor without one ("" when it sets none), over HTTP and
// HTTPS.
type settingsAnswer struct {
	body                 *httpx.Precompressed
	cookie, secureCookie []string
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
	pc, err := httpx.Precompress(body)
	if err != nil {
		return nil, fmt.Errorf("settings of %s: %w", t.Slug, err)
	}
	a := &settingsAnswer{body: pc}
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
)

// write answers r with a (compressed as the client accepts) and the
// locale cookie for a visitor who has none. Every header value is a kept
// slice: nothing is formatted per request.
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
	a.body.Write(w, r)
}
