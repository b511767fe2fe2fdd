package brandfile

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"path"
	"regexp"
	"slices"
	"strconv"
	"sync"

	"rendezvous/engine/tenancy"
	"rendezvous/themes"
)

// colorPair is one colour the member app draws on another; text needs
// 4.5:1 (WCAG AA body text), a mark that is not text (focus ring, field
// outline) 3:1.
type colorPair struct {
	fg, bg string
	text   bool
	where  string
}

// colorPairs are the member app's colour pairs, the same the app's own
// theme test holds every theme to (a test keeps the two lists alike), so a
// brand's colours pass where its theme's do.
var colorPairs = []colorPair{
	{"text", "background", true, "page text"},
	{"text", "surface", true, "cards, forms, modals, menus"},
	{"text", "border", true, "avatars, hovered conversation"},
	{"textMuted", "border", true, "photo placeholder, day separator"},
	{"textMuted", "background", true, "footer notes, disclaimer"},
	{"textMuted", "surface", true, "hints, card details"},
	{"link", "background", true, "links"},
	{"link", "surface", true, "links on cards, skip link"},
	{"background", "text", true, "18+ entry warning"},
	{"surface", "text", true, "package ribbon"},
	{"onPrimary", "primary", true, "header, primary Button, badges, pagination, hero"},
	{"primary", "background", true, "secondary Button, error page"},
	{"primary", "surface", true, "logo, toggles, hero button"},
	{"onSecondary", "secondary", true, "offer banner"},
	{"onWarning", "warning", true, "warning banner, badges, tags"},
	{"onInfo", "info", true, "info banner, notices, online pill"},
	{"onSuccess", "success", true, "success notices, tags"},
	{"onDanger", "danger", true, "error notices, badges"},
	{"danger", "surface", true, "form errors"},
	{"danger", "background", true, "errors on the page"},
	{"success", "surface", true, "swipe like stamp, online"},
	{"success", "background", true, "online on the profile page"},
	{"control", "surface", false, "form field outlines (text fields, selects, text areas)"},
	{"onPrimary", "primary", false, "logo mark and icons in the header"},
	{"primary", "background", false, "secondary Button outline, selected borders on the page"},
	{"secondary", "background", false, "focus ring"},
	{"onPrimary", "primary", false, "focus ring on the coloured header"},
	{"primary", "surface", false, "outlines, selected borders"},
	{"primary", "surface", true, "the active tab of the phone tab bar"},
	{"textMuted", "surface", true, "the other tabs of the phone tab bar"},
	{"secondary", "surface", false, "focus ring in the phone tab bar"},
}

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
	for _, p := range colorPairs {
		for _, n := range []string{p.fg, p.bg} {
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
	for _, p := range colorPairs {
		_, fgOwn := f.Look.Colors[p.fg]
		_, bgOwn := f.Look.Colors[p.bg]
		fg, bg := merged[p.fg], merged[p.bg]
		if (!fgOwn && !bgOwn) || fg == "" || bg == "" || reported[[2]string{p.fg, p.bg}] {
			continue
		}
		need := 3.0
		if p.text {
			need = 4.5
		}
		ratio := contrastRatio(fg, bg)
		if ratio >= need {
			continue
		}
		reported[[2]string{p.fg, p.bg}] = true
		field := "look.colors." + p.fg
		if !fgOwn {
			field = "look.colors." + p.bg
		}
		problems = append(problems, tenancy.Problem{Field: field, Code: tenancy.ProblemContrast,
			Message: fmt.Sprintf("%s (%s) on %s (%s) is %.2f:1, under WCAG AA %.1f:1 (%s)", p.fg, fg, p.bg, bg, ratio, need, p.where)})
	}
	return problems
}

// contrastRatio is WCAG 2.x's contrast ratio of two #rrggbb colours.
func contrastRatio(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// luminance is WCAG 2.x's relative luminance of a #rrggbb colour.
func luminance(hex string) float64 {
	v, _ := strconv.ParseUint(hex[1:], 16, 32)
	channel := func(c uint64) float64 {
		s := float64(c) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*channel(v>>16&0xff) + 0.7152*channel(v>>8&0xff) + 0.0722*channel(v&0xff)
}
