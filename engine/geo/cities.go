package geo

import (
	"math"
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
		best := -1
		for _, cell := range ix.cityCells {
			for _, c := range cell {
				if c.country == country && c.population > best && strings.ToLower(c.name) == want {
					best, lat, lon = c.population, c.lat, c.lon
				}
			}
		}
		if best >= 0 {
			return lat, lon, true
		}
	}
	if region == "" {
		return 0, 0, false
	}
	minLat, minLon := int32(math.MaxInt32), int32(math.MaxInt32)
	maxLat, maxLon := int32(math.MinInt32), int32(math.MinInt32)
	for _, b := range ix.bounds {
		if r := ix.regions[b.region]; r.country == country && r.code == region {
			minLat, maxLat = min(minLat, b.minLat), max(maxLat, b.maxLat)
			minLon, maxLon = min(minLon, b.minLon), max(maxLon, b.maxLon)
		}
	}
	if minLat > maxLat {
		return 0, 0, false
	}
	return (float64(minLat) + float64(maxLat)) / 2 / scale, (float64(minLon) + float64(maxLon)) / 2 / scale, true
}
