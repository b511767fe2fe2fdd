package webapp

import (
	"encoding/json"
	"sync"

	"rendezvous/engine/tenancy"
)

// maxBrandThemes bounds brandThemes: a few tenants' looks, each kept until
// the tenant is replaced by an edit; past it the copies are made anew.
const maxBrandThemes = 256

// brandThemes keeps each brand's theme tokens with its own colours merged
// over them, made once per tenant: a tenant is immutable (the directory
// replaces it on a change), so a copy keyed by it never goes stale.
type brandThemes struct {
	mu sync.Mutex
	m  map[*tenancy.Tenant]json.RawMessage
}

// brandTheme is the theme tokens the page of tenant t gets: its theme's,
// with the brand's look.colors over the theme's colours.
func (a *App) brandTheme(t *tenancy.Tenant) json.RawMessage {
	theme := a.theme[t.Theme]
	if theme == nil {
		theme = json.RawMessage("{}")
	}
	if len(t.Look.Colors) == 0 {
		return theme
	}
	a.looks.mu.Lock()
	defer a.looks.mu.Unlock()
	if merged, ok := a.looks.m[t]; ok {
		return merged
	}
	merged := withColors(theme, t.Look.Colors)
	if a.looks.m == nil || len(a.looks.m) >= maxBrandThemes {
		a.looks.m = map[*tenancy.Tenant]json.RawMessage{}
	}
	a.looks.m[t] = merged
	return merged
}

// withColors is theme tokens with colors over their colours; tokens that
// cannot be read stay as they are (the brand file's check refused bad
// colours before they were stored).
func withColors(theme json.RawMessage, colors map[string]string) json.RawMessage {
	var tokens map[string]json.RawMessage
	if err := json.Unmarshal(theme, &tokens); err != nil {
		return theme
	}
	own := map[string]string{}
	if raw, ok := tokens["colors"]; ok {
		if err := json.Unmarshal(raw, &own); err != nil {
			return theme
		}
	}
	for k, v := range colors {
		own[k] = v
	}
	raw, err := json.Marshal(own)
	if err != nil {
		return theme
	}
	tokens["colors"] = raw
	out, err := json.Marshal(tokens)
	if err != nil {
		return theme
	}
	return out
}
