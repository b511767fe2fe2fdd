package themes_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"rendezvous/themes"
	"rendezvous/themes/themestest"
)

func TestLoadEmbeddedThemes(t *testing.T) {
	t.Parallel()
	set, err := themes.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	if got := set.Names(); !slices.Equal(got, []string{"amber", "midnight", "rose"}) {
		t.Fatalf("names %v", got)
	}
	// Each embedded theme chooses its own variants.
	homes := map[string]bool{}
	for _, n := range set.Names() {
		th, _ := set.Theme(n)
		homes[th.Layout.Home] = true
		if len(th.Layout.Sections) == 0 || th.Layout.Card == "" || th.Layout.Nav == "" {
			t.Errorf("theme %s: layout %+v not filled", n, th.Layout)
		}
	}
	if len(homes) != 3 {
		t.Errorf("the three themes share home variants: %v", homes)
	}
}

// A theme of the themes directory is added, and one of an embedded
// theme's name replaces it; both are served.
func TestLoadThemesDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	themestest.Write(t, dir, "forest", func(doc map[string]any) {
		doc["layout"] = map[string]any{"home": "grid-first", "card": "row", "nav": "icons", "sections": []string{"how", "teasers"}}
	})
	themestest.Write(t, dir, "rose", func(doc map[string]any) { doc["colors"].(map[string]any)["primary"] = "#a61e4d" })
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("not a theme"), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := themes.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := set.Names(); !slices.Equal(got, []string{"amber", "forest", "midnight", "rose"}) {
		t.Fatalf("names %v", got)
	}
	forest, _ := set.Theme("forest")
	if want := (themes.Layout{Home: "grid-first", Card: "row", Nav: "icons", Sections: []string{"how", "teasers"}}); !equalLayout(forest.Layout, want) {
		t.Errorf("forest layout %+v", forest.Layout)
	}
	rose, _ := fs.ReadFile(set.FS, "rose/theme.json")
	if !strings.Contains(string(rose), "#a61e4d") {
		t.Errorf("rose not replaced by the directory's: %s", rose)
	}
	if _, err := fs.ReadFile(set.FS, "forest/logo.svg"); err != nil {
		t.Errorf("forest's logo not served: %v", err)
	}
	if _, err := fs.ReadFile(set.FS, "amber/logo.svg"); err != nil {
		t.Errorf("amber's logo not served: %v", err)
	}
}

func equalLayout(a, b themes.Layout) bool {
	return a.Home == b.Home && a.Card == b.Card && a.Nav == b.Nav && slices.Equal(a.Sections, b.Sections)
}

// A theme with a pair below its contrast, or an unknown variant, is
// refused with the pair or the field named.
func TestLoadRefusesBadThemes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		edit func(doc map[string]any)
		want string
	}{
		{"pale", func(doc map[string]any) { doc["colors"].(map[string]any)["textMuted"] = "#c8c8c8" },
			"colors.textMuted on colors.border has contrast"},
		{"neon", func(doc map[string]any) { doc["colors"].(map[string]any)["onPrimary"] = "#d05020" },
			"colors.onPrimary on colors.primary has contrast 1.19:1, needs 4.5:1"},
		{"odd", func(doc map[string]any) { doc["layout"] = map[string]any{"home": "carousel"} },
			`layout.home "carousel" is not one of photo-hero, split-signup, grid-first`},
		{"twice", func(doc map[string]any) { doc["layout"] = map[string]any{"sections": []string{"how", "how"}} },
			`layout.sections[1] "how" is listed twice`},
		{"bare", func(doc map[string]any) { doc["colors"].(map[string]any)["link"] = "red" },
			`colors.link "red" is not a #rrggbb colour`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			themestest.Write(t, dir, c.name, c.edit)
			_, err := themes.Load(dir)
			var bad *themes.InvalidThemeError
			if !errors.As(err, &bad) || bad.Name != c.name || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v, want %q", err, c.want)
			}
		})
	}
	if _, err := themes.Load(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("a missing themes directory was taken")
	}
}

// The engine checks the pairs the app's contrast test checks: the two
// lists are one.
func TestColorPairsAreTheApps(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../web/src/theme/contrast.ts")
	if err != nil {
		t.Fatal(err)
	}
	pair := regexp.MustCompile(`\{ fg: '(\w+)', bg: '(\w+)', kind: '(text|ui)', where: '([^']*)' \}`)
	var app []themes.ColorPair
	for _, m := range pair.FindAllStringSubmatch(string(src), -1) {
		app = append(app, themes.ColorPair{Fg: m[1], Bg: m[2], Text: m[3] == "text", Where: m[4]})
	}
	if len(app) < 20 || !slices.Equal(app, themes.ColorPairs) {
		t.Fatalf("contrast.ts lists %d pairs, themes.ColorPairs %d; they differ:\n%v\n%v", len(app), len(themes.ColorPairs), app, themes.ColorPairs)
	}
}
