package brandfile

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"sync"

	"rendezvous/engine/tenancy"
	"rendezvous/themes"
)

var hexColor = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// themeColors are the colour tokens of every theme the engine serves, by
// theme name, read once.
var themeColors = sync.OnceValues(func() (map[string]map[string]string, error) {
	out := map[string]map[string]string{}
	names, err := fs.Glob(themes.FS, "*/theme.json")
	if err != nil {
		return nil, fmt.Errorf("list themes: %w", err)
	}
	for _, name := range names {
		raw, err := fs.ReadFile(themes.FS, name)
		if err != nil {
			return nil, fmt.Errorf("read theme %s: %w", name, err)
		}
		var doc struct {
			Colors map[string]string `json:"colors"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			return nil, fmt.Errorf("read theme %s: %w", name, err)
		}
		out[path.Dir(name)] = doc.Colors
	}
	return out, nil
})

// colorNames are the colour tokens a brand may override: those of the
// member app's pairs.
func colorNames() []string {
	var names []string
	for _, p := range themes.ColorPairs {
		for _, n := range []string{p.Fg, p.Bg} {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names
}

// checkLook answers the problems of a brand's look.colors: each name a
// colour token, each value #rrggbb, and over the brand's theme every pair
// the override touches at WCAG AA. A short pair is the problem of the
// overridden colour (the foreground when both are), naming the pair and
// its ratio.
func checkLook(f tenancy.File) []tenancy.Problem {
	if len(f.Look.Colors) == 0 {
		return nil
	}
	var problems []tenancy.Problem
	known := colorNames()
	all, err := themeColors()
	if err != nil {
		return []tenancy.Problem{{Field: "theme", Code: tenancy.ProblemInvalid, Message: err.Error()}}
	}
	merged := map[string]string{}
	for k, v := range all[f.Theme] {
		merged[k] = v
	}
	for _, name := range slices.Sorted(maps.Keys(f.Look.Colors)) {
		field := "look.colors." + name
		value := f.Look.Colors[name]
		switch {
		case !slices.Contains(known, name):
			problems = append(problems, tenancy.Problem{Field: field, Code: tenancy.ProblemUnsupported,
				Message: fmt.Sprintf("%s is not a colour of the theme (one of %v)", name, known)})
		case !hexColor.MatchString(value):
			problems = append(problems, tenancy.Problem{Field: field, Code: tenancy.ProblemFormat,
				Message: fmt.Sprintf("%s %q must be a #rrggbb colour", name, value)})
		default:
			merged[name] = value
		}
	}
	if len(problems) > 0 {
		return problems
	}
	reported := map[[2]string]bool{}
	for _, p := range themes.ColorPairs {
		_, fgOwn := f.Look.Colors[p.Fg]
		_, bgOwn := f.Look.Colors[p.Bg]
		fg, bg := merged[p.Fg], merged[p.Bg]
		if (!fgOwn && !bgOwn) || fg == "" || bg == "" || reported[[2]string{p.Fg, p.Bg}] {
			continue
		}
		need := p.Min()
		ratio := themes.Contrast(fg, bg)
		if ratio >= need {
			continue
		}
		reported[[2]string{p.Fg, p.Bg}] = true
		field := "look.colors." + p.Fg
		if !fgOwn {
			field = "look.colors." + p.Bg
		}
		problems = append(problems, tenancy.Problem{Field: field, Code: tenancy.ProblemContrast,
			Message: fmt.Sprintf("%s (%s) on %s (%s) is %.2f:1, under WCAG AA %.1f:1 (%s)", p.Fg, fg, p.Bg, bg, ratio, need, p.Where)})
	}
	return problems
}
