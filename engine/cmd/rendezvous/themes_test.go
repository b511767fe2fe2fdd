package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rendezvous/engine/platform/config"
	"rendezvous/engine/tenancy"
)

// Themes as files: serve serves the built-in themes and the themes
// directory's (the folder beside the data directory by default, which may
// be missing; a named one must exist), stops on a theme that fails its
// contrast pairs, and on a brand file naming a theme it does not have.
func TestStartThemes(t *testing.T) {
	t.Parallel()
	set, err := startThemes(&config.Config{DataDir: filepath.Join(t.TempDir(), "var")})
	if err != nil || !slices.Equal(set.Names(), []string{"amber", "midnight", "rose"}) {
		t.Fatalf("the built-in themes: %v %v", set, err)
	}
	if _, err := startThemes(&config.Config{ThemesDir: filepath.Join(t.TempDir(), "missing")}); err == nil {
		t.Error("a missing --themes directory: no error")
	}
	if got, given := (&config.Config{DataDir: "./var"}).ThemeFiles(); got != "themes" || given {
		t.Errorf("default themes dir %q %v", got, given)
	}

	dir := t.TempDir()
	raw, err := os.ReadFile("../../../themes/amber/theme.json")
	if err != nil {
		t.Fatal(err)
	}
	pale := strings.Replace(strings.Replace(string(raw), `"name": "amber"`, `"name": "pale"`, 1), `"textMuted": "#6b5a48"`, `"textMuted": "#d0c8c0"`, 1)
	if err := os.MkdirAll(filepath.Join(dir, "pale"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pale", "theme.json"), []byte(pale), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = startThemes(&config.Config{ThemesDir: dir})
	if err == nil || !strings.HasPrefix(err.Error(), "theme pale: ") || !strings.Contains(err.Error(), "colors.textMuted on colors.background has contrast 1.56:1, needs 4.5:1") {
		t.Fatalf("a theme below its contrast: %v", err)
	}

	if err := themesOf([]tenancy.File{{Slug: "neu", Theme: "forest"}}, set); err == nil || !strings.Contains(err.Error(), `tenant file neu: theme "forest"`) {
		t.Errorf("a brand on a missing theme: %v", err)
	}
	if err := themesOf([]tenancy.File{{Slug: "neu", Theme: "rose"}}, set); err != nil {
		t.Error(err)
	}
}
