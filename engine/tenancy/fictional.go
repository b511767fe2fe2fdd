package tenancy

import (
	"fmt"
	"slices"
	"sort"
)

// FictionalText is how a brand marks its house (fictional) profiles in one
// language: the explanation, the tag on one profile and the name of several.
type FictionalText struct {
	Warning  string `json:"warning" yaml:"warning"`
	Singular string `json:"singular" yaml:"singular"`
	Plural   string `json:"plural" yaml:"plural"`
}

// Empty reports whether the brand marks nothing in this language.
func (f FictionalText) Empty() bool { return f.Warning == "" && f.Singular == "" && f.Plural == "" }

// FictionalIn is the brand's fictional-profile markers in language lang:
// its own texts for lang (fictional_texts), else the single strings
// (fictional_warning, fictional_singular, fictional_plural), which a file
// of one language gives alone and which are the default language's.
func (s Settings) FictionalIn(lang string) FictionalText {
	if f, ok := s.FictionalTexts[lang]; ok {
		return f
	}
	return FictionalText{Warning: s.FictionalWarning, Singular: s.FictionalSingular, Plural: s.FictionalPlural}
}

// HasFictional reports whether the brand runs fictional profiles and says
// so (any marker in any language).
func (s Settings) HasFictional() bool {
	if !s.FictionalIn("").Empty() {
		return true
	}
	for _, f := range s.FictionalTexts {
		if !f.Empty() {
			return true
		}
	}
	return false
}

// FictionalByLanguage is every language's markers of a brand in locales,
// which the member app picks from by the reader's language.
func (s Settings) FictionalByLanguage(locales []string) map[string]FictionalText {
	out := make(map[string]FictionalText, len(locales))
	for _, l := range locales {
		out[l] = s.FictionalIn(l)
	}
	return out
}

// CheckFictionalTexts is the brand file's check of its fictional-profile
// markers: a brand that marks them does so in every language it serves,
// each language complete, so no reader is told in another language. The
// single strings stand for the default language; fictional_texts names
// only the brand's languages.
func CheckFictionalTexts(f File) []Problem {
	s := f.Settings
	if !s.HasFictional() {
		return nil
	}
	var problems []Problem
	add := func(field, code, format string, args ...any) {
		problems = append(problems, Problem{Field: field, Code: code, Message: field + " " + fmt.Sprintf(format, args...)})
	}
	langs := make([]string, 0, len(s.FictionalTexts))
	for l := range s.FictionalTexts {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	for _, l := range langs {
		if !slices.Contains(f.Locales, l) {
			add("settings.fictional_texts."+l, ProblemUnsupported, "is not a language of the brand (locales: %v)", f.Locales)
		}
	}
	for _, l := range f.Locales {
		got, own := s.FictionalTexts[l]
		if !own && l != f.DefaultLocale {
			add("settings.fictional_texts."+l, ProblemRequired, "is missing: a brand that marks fictional profiles gives warning, singular and plural in each of its languages")
			continue
		}
		at := func(part string) string { return "settings.fictional_texts." + l + "." + part }
		if !own {
			got = s.FictionalIn(l)
			at = func(part string) string { return "settings.fictional_" + part }
		}
		for _, part := range []struct{ name, text string }{{"warning", got.Warning}, {"singular", got.Singular}, {"plural", got.Plural}} {
			if part.text == "" {
				add(at(part.name), ProblemRequired, "is empty: each language needs warning, singular and plural")
			}
		}
	}
	return problems
}
