package geo

import (
	"errors"
	"math"
	"net/netip"
	"testing"
)

func TestReverseGeocode(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		lat, lon float64
		country  string
		region   string
		city     string
		err      error
	}{
		{"Amsterdam", 52.3702, 4.8952, "NL", "Noord-Holland", "Amsterdam", nil},
		{"Berlin", 52.52, 13.405, "DE", "Berlin", "Berlin", nil},
		{"New York", 40.7128, -74.006, "US", "New York", "New York", nil},
		{"Zürich", 47.3769, 8.5417, "CH", "", "Zürich", nil},
		{"Brussels", 50.8503, 4.3517, "BE", "", "Brussels", nil},
		{"South Atlantic", -40, -30, "", "", "", ErrNoPlace},
		{"latitude 91", 91, 0, "", "", "", ErrInvalidCoordinates},
		{"longitude -181", 0, -181, "", "", "", ErrInvalidCoordinates},
		{"NaN", math.NaN(), 0, "", "", "", ErrInvalidCoordinates},
	}
	for _, c := range cases {
		p, err := ReverseGeocode(c.lat, c.lon)
		if !errors.Is(err, c.err) {
			t.Errorf("%s: err %v, want %v", c.name, err, c.err)
			continue
		}
		if err != nil {
			continue
		}
		if p.Country != c.country || p.City != c.city || (c.region != "" && p.Region != c.region) {
			t.Errorf("%s: got %+v", c.name, p)
		}
	}
	if p, _ := ReverseGeocode(52.3702, 4.8952); p.RegionCode != "NH" {
		t.Errorf("Amsterdam region code %q, want NH", p.RegionCode)
	}
}

func TestRegions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		country string
		count   int
		label   string
		has     string
	}{
		{"NL", 12, "province", "Noord-Holland"},
		{"us", 51, "state", "District of Columbia"},
		{"DE", 16, "state", "Bayern"},
		{"CH", 26, "canton", "Zürich"},
		{"BE", 0, "province", ""},
		{"GB", 0, "county", ""},
	}
	for _, c := range cases {
		got, err := Regions(c.country)
		if err != nil {
			t.Fatalf("%s: %v", c.country, err)
		}
		if c.count > 0 && len(got.Items) != c.count {
			t.Errorf("%s: %d regions, want %d", c.country, len(got.Items), c.count)
		}
		if len(got.Items) == 0 {
			t.Errorf("%s: no regions", c.country)
		}
		if got.Label != c.label {
			t.Errorf("%s: label %q, want %q", c.country, got.Label, c.label)
		}
		found := c.has == ""
		for i, r := range got.Items {
			if r.Name == c.has {
				found = true
			}
			if i > 0 && got.Items[i-1].Name > r.Name {
				t.Errorf("%s: not sorted at %s", c.country, r.Name)
			}
		}
		if !found {
			t.Errorf("%s: lacks %s", c.country, c.has)
		}
	}
	if _, err := Regions("XX"); !errors.Is(err, ErrUnknownCountry) {
		t.Errorf("XX: %v", err)
	}
}

func TestCountryOfIP(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"8.8.8.8":        "US",
		"127.0.0.1":      "",
		"10.1.2.3":       "",
		"192.168.1.1":    "",
		"::1":            "",
		"::ffff:8.8.8.8": "US",
	}
	for ip, want := range cases {
		if got := CountryOfIP(netip.MustParseAddr(ip)); got != want {
			t.Errorf("%s: %q, want %q", ip, got, want)
		}
	}
	// A public address resolves to some country.
	if got := CountryOfIP(netip.MustParseAddr("81.169.145.1")); len(got) != 2 {
		t.Errorf("81.169.145.1: %q", got)
	}
}

func TestLanguagesOf(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{"US": {"en", "es"}, "BE": {"nl", "fr", "de"}, "CH": {"de", "it", "fr", "en"}, "ZZ": {"en"}}
	for c, want := range cases {
		got := LanguagesOf(c)
		if len(got) != len(want) {
			t.Fatalf("%s: %v", c, got)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: %v, want %v", c, got, want)
			}
		}
	}
}

func BenchmarkReverseGeocode(b *testing.B) {
	loadCities()
	for i := 0; i < b.N; i++ {
		_, _ = ReverseGeocode(52.37, 4.89)
	}
}
