package themestest

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"rendezvous/themes"
)

// Write puts the theme folder name into dir: amber's tokens and drawings,
// named name and changed by edit (nil changes nothing else).
func Write(tb testing.TB, dir, name string, edit func(doc map[string]any)) {
	tb.Helper()
	raw, err := fs.ReadFile(themes.FS, "amber/theme.json")
	if err != nil {
		tb.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		tb.Fatal(err)
	}
	doc["name"] = name
	doc["logo"], doc["icon"] = "/themes/"+name+"/logo.svg", "/themes/"+name+"/icon.svg"
	if edit != nil {
		edit(doc)
	}
	out, err := json.Marshal(doc)
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name, "theme.json"), out, 0o644); err != nil {
		tb.Fatal(err)
	}
	for _, svg := range []string{"logo.svg", "icon.svg"} {
		data, err := fs.ReadFile(themes.FS, "amber/"+svg)
		if err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name, svg), data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// Colors sets colours of a theme's document (an edit for Write).
func Colors(over map[string]string) func(doc map[string]any) {
	return func(doc map[string]any) {
		colors := doc["colors"].(map[string]any)
		for k, v := range over {
			colors[k] = v
		}
	}
}

// Load is the engine's themes with the theme name of a fresh themes
// directory (Write), as --themes loads them.
func Load(tb testing.TB, name string, edit func(doc map[string]any)) *themes.Set {
	tb.Helper()
	dir := tb.TempDir()
	Write(tb, dir, name, edit)
	set, err := themes.Load(dir)
	if err != nil {
		tb.Fatal(err)
	}
	return set
}

// BuiltIn is the themes built into the engine (themes.Embedded).
func BuiltIn(tb testing.TB) *themes.Set {
	tb.Helper()
	set, err := themes.Embedded()
	if err != nil {
		tb.Fatal(err)
	}
	return set
}
