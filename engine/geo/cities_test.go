package geo

import (
	"math"
	"strings"
	"testing"
)

func TestCities(t *testing.T) {
	t.Parallel()
	cases := []struct {
		country, first, firstRegion string
	}{
		{"NL", "Amsterdam", "NL-NH"},
		{"de", "Berlin", "DE-BE"},
		{"US", "New York", "US-NY"},
	}
	for _, tc := range cases {
		got := Cities(tc.country, 10)
		if len(got) != 10 || got[0].City != tc.first || got[0].RegionCode != tc.firstRegion {
			t.Errorf("Cities(%s): %v", tc.country, got)
		}
		for _, p := range got {
			if p.RegionCode == "" || p.Region == "" {
				t.Errorf("Cities(%s): %v has no region", tc.country, p)
			}
		}
	}
	if got := Cities("XX", 5); len(got) != 0 {
		t.Errorf("Cities(XX) = %v", got)
	}
}

func TestLocateFindsCitiesAndFallsBackToTheRegion(t *testing.T) {
	t.Parallel()
	lat, lon, ok := Locate("nl", "NL-NH", "amsterdam")
	if !ok || math.Abs(lat-52.37) > 0.1 || math.Abs(lon-4.89) > 0.1 {
		t.Errorf("Amsterdam = %v,%v %v; want about 52.37,4.89", lat, lon, ok)
	}
	lat, lon, ok = Locate("NL", "NL-GR", "")
	if !ok || lat < 53 || lat > 53.6 || lon < 6.1 || lon > 7.3 {
		t.Errorf("Groningen province = %v,%v %v; want its middle", lat, lon, ok)
	}
	if _, _, ok := Locate("NL", "", "Nowhere-on-Sea"); ok {
		t.Error("an unknown city without a region was located")
	}
}

// Locate answers from its maps what a scan of every city and boundary
// finds (the most populous city of a name, the union of a region's
// boundaries), for cities across the data and every region.
func TestLocateAnswersAsAScan(t *testing.T) {
	t.Parallel()
	ix := load()
	scanCity := func(country, want string) (lat, lon float64, ok bool) {
		best := -1
		for _, cell := range ix.cityCells {
			for _, c := range cell {
				if c.country == country && c.population > best && strings.ToLower(c.name) == want {
					best, lat, lon = c.population, c.lat, c.lon
				}
			}
		}
		return lat, lon, best >= 0
	}
	checked, seen := 0, 0
	for _, cell := range ix.cityCells {
		for _, c := range cell {
			// Every 97th city with a name: a scan per city of all of them
			// takes minutes.
			if seen++; seen%97 != 0 || strings.TrimSpace(c.name) == "" {
				continue
			}
			wantLat, wantLon, _ := scanCity(c.country, strings.ToLower(c.name))
			if lat, lon, ok := Locate(c.country, "", c.name); !ok || lat != wantLat || lon != wantLon {
				t.Fatalf("Locate(%s, %s) = %v,%v %v; the scan finds %v,%v", c.country, c.name, lat, lon, ok, wantLat, wantLon)
			}
			checked++
		}
	}
	for _, r := range ix.regions {
		if r.code == "" {
			continue // no code, nothing to ask Locate for
		}
		minLat, minLon := int32(math.MaxInt32), int32(math.MaxInt32)
		maxLat, maxLon := int32(math.MinInt32), int32(math.MinInt32)
		for _, b := range ix.bounds {
			if o := ix.regions[b.region]; o.country == r.country && o.code == r.code {
				minLat, maxLat = min(minLat, b.minLat), max(maxLat, b.maxLat)
				minLon, maxLon = min(minLon, b.minLon), max(maxLon, b.maxLon)
			}
		}
		if minLat > maxLat {
			continue
		}
		wantLat, wantLon := (float64(minLat)+float64(maxLat))/2/scale, (float64(minLon)+float64(maxLon))/2/scale
		if lat, lon, ok := Locate(r.country, r.code, ""); !ok || lat != wantLat || lon != wantLon {
			t.Fatalf("Locate(%s, %s) = %v,%v %v; the scan finds %v,%v", r.country, r.code, lat, lon, ok, wantLat, wantLon)
		}
		checked++
	}
	if checked < 500 {
		t.Fatalf("only %d places checked", checked)
	}
}

// BenchmarkLocate is a member's place found by their region (the common
// case: a member without a city) and by their city: map lookups, where a
// scan of every boundary took most of a distance search's engine time.
func BenchmarkLocate(b *testing.B) {
	load()
	for b.Loop() {
		Locate("NL", "NL-NH", "")
		Locate("NL", "NL-NH", "Haarlem")
	}
}
