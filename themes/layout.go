package themes

import (
	"fmt"
	"slices"
	"strings"
)

// Layout is how a theme arranges the app, besides its tokens: which
// visitor home, which profile card, which tab bar, which header and which
// footer the one bundle draws, and the order of the home's sections. Every variant is a component of
// the bundle, so a new look needs no code; a brand overrides any of them
// in its file (look.layout).
type Layout struct {
	// Home is the visitor home (HomeVariants).
	Home string `json:"home,omitempty" yaml:"home,omitempty"`
	// Card is the profile card of the search and the lists (CardVariants).
	Card string `json:"card,omitempty" yaml:"card,omitempty"`
	// Nav is the members' tab bar on phones (NavVariants).
	Nav string `json:"nav,omitempty" yaml:"nav,omitempty"`
	// Header is the site's header (HeaderVariants).
	Header string `json:"header,omitempty" yaml:"header,omitempty"`
	// Footer is the site's footer (FooterVariants).
	Footer string `json:"footer,omitempty" yaml:"footer,omitempty"`
	// Sections are the home's sections below its first screen, in order
	// (SectionIDs); the ones left out are not shown.
	Sections []string `json:"sections,omitempty" yaml:"sections,omitempty"`
}

// The variant names a layout may choose; the first of each is the default.
var (
	// HomeVariants: a full-bleed photo hero, a split hero with the signup
	// form beside it, a page that starts with the members' grid.
	HomeVariants = []string{"photo-hero", "split-signup", "grid-first"}
	// CardVariants: a photo-first tile, a list row, a polaroid.
	CardVariants = []string{"tile", "row", "polaroid"}
	// NavVariants: icons over labels on a plain bar, a floating pill
	// with the active tab filled, icons only with the active one
	// underlined (the labels stay for screen readers).
	NavVariants = []string{"labelled", "floating", "icons"}
	// HeaderVariants: the logo on the left of a bar in the brand's
	// colour; the logo centred between the menu and the signup; a plain
	// light bar with the logo on the left and a sign-in link.
	HeaderVariants = []string{"bar", "centered", "minimal"}
	// FooterVariants: the links in a row over the company; the links in
	// columns beside the company; the links and the company in one short
	// line each.
	FooterVariants = []string{"full", "columns", "compact"}
	// SectionIDs are the home's sections: the members' teasers, how it
	// works, safe and discreet, the closing call to sign up.
	SectionIDs = []string{"teasers", "how", "trust", "cta"}
)

// DefaultLayout is the layout of a theme that chooses none.
var DefaultLayout = Layout{Home: HomeVariants[0], Card: CardVariants[0], Nav: NavVariants[0], Header: HeaderVariants[0],
	Footer: FooterVariants[0], Sections: SectionIDs}

// Problem is one thing wrong with a theme or a brand's look: the field as
// written in its file ("layout.home", "look.layout.sections[2]") and
// what is wrong with it.
type Problem struct {
	Field   string
	Message string
}

func (p Problem) String() string { return p.Message }

// Problems lists the unknown names of l, each field named under prefix
// ("layout" in a theme, "look.layout" in a brand file). An empty field is
// not a problem: it takes the theme's (or the default) choice.
func (l Layout) Problems(prefix string) []Problem {
	var out []Problem
	check := func(field, value string, names []string) {
		if value != "" && !slices.Contains(names, value) {
			out = append(out, Problem{Field: prefix + "." + field,
				Message: fmt.Sprintf("%s.%s %q is not one of %s", prefix, field, value, strings.Join(names, ", "))})
		}
	}
	check("home", l.Home, HomeVariants)
	check("card", l.Card, CardVariants)
	check("nav", l.Nav, NavVariants)
	check("header", l.Header, HeaderVariants)
	check("footer", l.Footer, FooterVariants)
	seen := map[string]bool{}
	for i, s := range l.Sections {
		field := fmt.Sprintf("%s.sections[%d]", prefix, i)
		switch {
		case !slices.Contains(SectionIDs, s):
			out = append(out, Problem{Field: field, Message: fmt.Sprintf("%s %q is not one of %s", field, s, strings.Join(SectionIDs, ", "))})
		case seen[s]:
			out = append(out, Problem{Field: field, Message: fmt.Sprintf("%s %q is listed twice", field, s)})
		}
		seen[s] = true
	}
	return out
}

// Over is l with every choice over set replaces: a brand's look.layout
// over its theme's.
func (l Layout) Over(over Layout) Layout {
	if over.Home != "" {
		l.Home = over.Home
	}
	if over.Card != "" {
		l.Card = over.Card
	}
	if over.Nav != "" {
		l.Nav = over.Nav
	}
	if over.Header != "" {
		l.Header = over.Header
	}
	if over.Footer != "" {
		l.Footer = over.Footer
	}
	if over.Sections != nil {
		l.Sections = over.Sections
	}
	return l
}
