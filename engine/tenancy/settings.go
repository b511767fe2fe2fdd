package tenancy

import (
	"encoding/json"
	"fmt"
	"sync"
)

// maxSettingsAnswers bounds SettingsAnswers: tens of tenants times the
// countries visitors come from and the few each tenant serves stay far
// below it; past it the cache starts again (old tenant versions go too).
const maxSettingsAnswers = 4096

// SettingsAnswers keeps settings.php's answer serialised once per tenant,
// visitor country and selected country, the only parts of the request it
// depends on: the answer is the engine's most frequent call (every page
// load of every visitor), and serialising it anew cost a fifth of the
// engine's time on it (make bench, settings_vs_bare).
//
// A tenant is immutable: the Directory replaces the *Tenant when tenancy
// changes (a console edit invalidates this instance's directory at once,
// the tenancy_changed notification every other instance's), so an answer
// keyed by the *Tenant can never outlive the tenant it was made from, and
// no invalidation of its own is needed.
type SettingsAnswers struct {
	mu      sync.RWMutex
	answers map[settingsKey][]byte
}

type settingsKey struct {
	tenant            *Tenant
	country, selected string
}

// NewSettingsAnswers returns an empty cache.
func NewSettingsAnswers() *SettingsAnswers {
	return &SettingsAnswers{answers: map[settingsKey][]byte{}}
}

// get returns the answer of tenant t for a visitor in country whose site
// works for selected, as the JSON body settings.php writes.
func (c *SettingsAnswers) get(t *Tenant, country, selected string) ([]byte, error) {
	key := settingsKey{t, country, selected}
	c.mu.RLock()
	body, ok := c.answers[key]
	c.mu.RUnlock()
	if ok {
		return body, nil
	}
	body, err := json.Marshal(settingsOf(t, country, selected))
	if err != nil {
		return nil, fmt.Errorf("settings of %s: %w", t.Slug, err)
	}
	// As httpx.WriteJSON writes it (json.Encoder ends with a newline).
	body = append(body, '\n')
	c.mu.Lock()
	if len(c.answers) >= maxSettingsAnswers {
		clear(c.answers)
	}
	c.answers[key] = body
	c.mu.Unlock()
	return body, nil
}
