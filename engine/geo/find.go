package geo

import (
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// FindCities lists up to n places of country (ISO 3166-1 alpha-2, any case)
// whose name starts with prefix, biggest first: what a member typing their
// city is offered. The name may be the data's or any the site languages use
// (Gent or Ghent, Köln or Keulen); case and accents do not count (koln finds
// Köln). Each place comes with its region and is named as lang names it. A
// prefix of no letters finds nothing, as does an unknown country.
func FindCities(country, prefix, lang string, n int) []Place {
	country = strings.ToUpper(country)
	want := fold(prefix)
	if want == "" || n <= 0 {
		return nil
	}
	loadNames()
	names := namesBy[country]
	starts := func(c city) bool {
		if strings.HasPrefix(fold(c.name), want) {
			return true
		}
		if p, ok := names[strings.ToLower(c.name)]; ok {
			for _, other := range p.names {
				if strings.HasPrefix(fold(other), want) {
					return true
				}
			}
		}
		return false
	}
	ix := load()
	var found []city
	for _, cell := range ix.cityCells {
		for _, c := range cell {
			if c.country == country && starts(c) {
				found = append(found, c)
			}
		}
	}
	sort.Slice(found, func(i, j int) bool {
		if found[i].population != found[j].population {
			return found[i].population > found[j].population
		}
		return found[i].name < found[j].name
	})
	var out []Place
	seen := map[string]bool{}
	for _, c := range found {
		if len(out) == n {
			break
		}
		p, err := ReverseGeocode(c.lat, c.lon)
		if err != nil || p.Country != country {
			continue
		}
		p = Place{Country: country, Region: p.Region, RegionCode: p.RegionCode, City: c.name}.In(lang)
		if key := p.City + "\x00" + p.RegionCode; !seen[key] {
			seen[key] = true
			out = append(out, p)
		}
	}
	return out
}

// fold is s in lower case without accents and surrounding spaces, for
// comparing what a member types with places' names.
func fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, strings.ToLower(strings.TrimSpace(s)))
	if err != nil {
		return strings.ToLower(strings.TrimSpace(s))
	}
	return out
}
