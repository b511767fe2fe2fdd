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
	// Rest is the rest of the section (layout, logo, icon, copy): the
	// looks package reads and checks it; here it is kept as it is.
	Rest map[string]any `yaml:",inline" json:"-"`
}

// IsZero reports whether the brand looks exactly like its theme (yaml
// leaves such a look out of an exported file).
func (l Look) IsZero() bool { return len(l.Colors) == 0 && len(l.Rest) == 0 }

// MarshalJSON writes the section as one object, the colours beside the
// rest, as the file has it.
func (l Look) MarshalJSON() ([]byte, error) {
	out := make(map[string]any, len(l.Rest)+1)
	for k, v := range l.Rest {
		out[k] = v
	}
	if len(l.Colors) > 0 {
		out["colors"] = l.Colors
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads the section: the colours as such, the rest as it is.
func (l *Look) UnmarshalJSON(b []byte) error {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(b, &doc); err != nil {
		return err
	}
	*l = Look{}
	if raw, ok := doc["colors"]; ok {
		if err := json.Unmarshal(raw, &l.Colors); err != nil {
			return fmt.Errorf("look.colors: %w", err)
		}
		delete(doc, "colors")
	}
	for k, raw := range doc {
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("look.%s: %w", k, err)
		}
		if l.Rest == nil {
			l.Rest = map[string]any{}
		}
		l.Rest[k] = v
	}
	return nil
}

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
