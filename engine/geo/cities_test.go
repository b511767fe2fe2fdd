package geo

import (
	"math"
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
