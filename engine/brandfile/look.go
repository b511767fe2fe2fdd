package brandfile

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"rendezvous/engine/tenancy"
	"rendezvous/themes"
)

var hexColor = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// themeColors are the colour tokens of every theme of set, by theme
// name: the colours a brand's look.colors are merged over.
func themeColors(set *themes.Set) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, name := range set.Names() {
		th, _ := set.Theme(name)
		out[name] = th.Colors
	}
	return out
}

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

// checkLook answers the problems of a brand's theme and look.colors: the
// theme one of set's (the engine's, built-in or from the themes
// directory); each colour's name a colour token, each value #rrggbb, and
// over the brand's theme every pair the override touches at WCAG AA. A
// short pair is the problem of the overridden colour (the foreground when
// both are), naming the pair and its ratio.
func checkLook(f tenancy.File, set *themes.Set) []tenancy.Problem {
	theme, ok := set.Theme(f.Theme)
	if !ok {
		return []tenancy.Problem{{Field: "theme", Code: tenancy.ProblemUnsupported,
			Message: fmt.Sprintf("theme %q is not one of the engine's themes (%s)", f.Theme, strings.Join(set.Names(), ", "))}}
	}
	if len(f.Look.Colors) == 0 {
		return nil
	}
	var problems []tenancy.Problem
	known := colorNames()
	merged := maps.Clone(theme.Colors)
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
