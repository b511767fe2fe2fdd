package tenancy

import (
	"encoding/json"
	"fmt"
)

// lookKey is where a brand's look is kept in its stored settings document.
const lookKey = "look"

// Look is how one brand looks beyond its theme, so two brands on one theme
// need not look alike. Every part is optional.
type Look struct {
	// Colors override theme colour tokens by name (primary, onPrimary,
	// background, ...) as #rrggbb; the engine merges them over the theme
	// wherever it sends the theme (the member app, mails, the manifest).
	Colors map[string]string `yaml:"colors,omitempty" json:"colors,omitempty"`
}

// IsZero reports whether the brand looks exactly like its theme (yaml
// leaves such a look out of an exported file).
func (l Look) IsZero() bool { return len(l.Colors) == 0 }

// lookOf reads the look from a stored settings document.
func lookOf(settings json.RawMessage) (Look, error) {
	var doc struct {
		Look Look `json:"look"`
	}
	if len(settings) == 0 {
		return Look{}, nil
	}
	if err := json.Unmarshal(settings, &doc); err != nil {
		return Look{}, fmt.Errorf("read look: %w", err)
	}
	return doc.Look, nil
}
