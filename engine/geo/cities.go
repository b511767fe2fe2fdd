package geo

import (
	"sort"
	"strings"
)

// Cities lists up to n of the most populous places of country (ISO 3166-1
// alpha-2, any case), biggest first, each with its region as Regions names
// it. It serves demo data and pickers; an unknown country has none.
func Cities(country string, n int) []Place {
	country = strings.ToUpper(country)
	ix := load()
	var found []city
	for _, cell := range ix.cityCells {
		for _, c := range cell {
			if c.country == country {
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
	out := make([]Place, 0, min(n, len(found)))
	seen := map[string]bool{}
	for _, c := range found {
		if len(out) == n {
			break
		}
		if seen[c.name] {
			continue
		}
		p, err := ReverseGeocode(c.lat, c.lon)
		if err != nil || p.Country != country {
			continue
		}
		seen[c.name] = true
		out = append(out, Place{Country: country, Region: p.Region, RegionCode: p.RegionCode, City: c.name})
	}
	return out
}
