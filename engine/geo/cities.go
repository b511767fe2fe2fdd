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

// Locate is the position of a member's place for distance search: the
// listed place of country named city (any case; the most populous when
// several share the name), else the middle of region's bounding box
// (ISO 3166-2 code), so a member who gave no city is still near their
// province. ok is false when neither is known.
func Locate(country, region, cityName string) (lat, lon float64, ok bool) {
	country = strings.ToUpper(country)
	ix := load()
	if want := strings.ToLower(strings.TrimSpace(cityName)); want != "" {
		if c, ok := ix.places[placeKey(country, want)]; ok {
			return c.lat, c.lon, true
		}
	}
	if region == "" {
		return 0, 0, false
	}
	b, ok := ix.regionBoxes[placeKey(country, region)]
	if !ok {
		return 0, 0, false
	}
	return (float64(b.minLat) + float64(b.maxLat)) / 2 / scale, (float64(b.minLon) + float64(b.maxLon)) / 2 / scale, true
}
