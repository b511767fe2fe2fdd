package themes

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
)

// ColorPair is one foreground colour on one background the app draws.
// Text needs 4.5:1 (WCAG AA body text), a mark (focus ring, outline, form
// field border) 3:1.
type ColorPair struct {
	Fg, Bg string
	Text   bool
	Where  string
}

// Min is the contrast the pair needs.
func (p ColorPair) Min() float64 {
	if p.Text {
		return 4.5
	}
	return 3
}

// ColorPairs are the pairs web/src/theme/contrast.ts lists, which the app's
// tests hold the embedded themes to; a theme read from a directory is held
// to the same pairs when the engine reads it (contrast_test.go keeps the two
// lists one).
var ColorPairs = []ColorPair{
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

// luminance is WCAG 2.x's relative luminance of a #rrggbb colour.
func luminance(hex string) float64 {
	n, _ := strconv.ParseUint(hex[1:], 16, 32)
	channel := func(c uint64) float64 {
		s := float64(c) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*channel(n>>16&255) + 0.7152*channel(n>>8&255) + 0.0722*channel(n&255)
}

// Contrast is WCAG 2.x's contrast ratio of two #rrggbb colours, 1 to 21.
func Contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// ContrastProblems checks colors (a theme's colours by token name) against
// ColorPairs: a colour that is missing or not #rrggbb, and every pair below
// its minimum, named ("colors.textMuted on colors.surface").
func ContrastProblems(colors map[string]string) []Problem {
	var out []Problem
	bad := map[string]bool{}
	for _, p := range ColorPairs {
		for _, name := range []string{p.Fg, p.Bg} {
			if !hexColor.MatchString(colors[name]) && !bad[name] {
				bad[name] = true
				out = append(out, Problem{Field: "colors." + name, Message: fmt.Sprintf("colors.%s %q is not a #rrggbb colour", name, colors[name])})
			}
		}
	}
	seen := map[ColorPair]bool{}
	for _, p := range ColorPairs {
		key := ColorPair{Fg: p.Fg, Bg: p.Bg, Text: p.Text}
		if bad[p.Fg] || bad[p.Bg] || seen[key] {
			continue
		}
		seen[key] = true
		if r := Contrast(colors[p.Fg], colors[p.Bg]); r < p.Min() {
			out = append(out, Problem{Field: "colors." + p.Fg,
				Message: fmt.Sprintf("colors.%s on colors.%s has contrast %.2f:1, needs %.1f:1 (%s)", p.Fg, p.Bg, math.Floor(r*100)/100, p.Min(), p.Where)})
		}
	}
	return out
}
