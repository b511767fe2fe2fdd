package geo

import "testing"

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
