package geo

import (
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// displayLanguage is display's language for a site language where they
// differ: display has Norwegian Bokmål ("nb") as "no", and takes "nb" (also
// through a language.Matcher) for Danish.
var displayLanguage = map[string]string{"nb": "no"}

// CountryNames names countries (ISO 3166-1 alpha-2, upper case) in each of
// locales: locale → code → name ("nl" → "BE" → "België"). A site sends
// its own countries' names with its settings, so the member app names
// them without making the browser's Intl.DisplayNames, whose first use
// costs a phone about 50 ms of one task. A code display cannot name is left
// out; the app then asks the browser.
func CountryNames(locales, countries []string) map[string]map[string]string {
	out := make(map[string]map[string]string, len(locales))
	for _, locale := range locales {
		tag := locale
		if alias, ok := displayLanguage[locale]; ok {
			tag = alias
		}
		namer := display.Regions(language.Make(tag))
		names := make(map[string]string, len(countries))
		for _, code := range countries {
			region, err := language.ParseRegion(code)
			if err != nil {
				continue
			}
			if name := namer.Name(region); name != "" {
				names[code] = name
			}
		}
		out[locale] = names
	}
	return out
}
