package geo

import (
	"errors"
	"math"
	"net/netip"
	"runtime"
	"slices"
	"sync"
	"testing"
)

func TestReverseGeocode(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name                  string
		lat, lon              float64
		country, region, code string
		city                  string
		err                   error
	}{
		{"Amsterdam", 52.37, 4.90, "NL", "Noord-Holland", "NL-NH", "Amsterdam", nil},
		{"Berlin", 52.52, 13.405, "DE", "Berlin", "DE-BE", "Berlin", nil},
		{"Munich", 48.137, 11.575, "DE", "Bayern", "DE-BY", "Munich", nil},
		{"New York", 40.7128, -74.006, "US", "New York", "US-NY", "New York", nil},
		{"Zürich", 47.3769, 8.5417, "CH", "Zürich", "CH-ZH", "Zürich", nil},
		{"Brussels", 50.8503, 4.3517, "BE", "Brussels", "BE-BRU", "Brussels", nil},
		{"Paris", 48.8566, 2.3522, "FR", "Île-de-France", "FR-IDF", "Paris", nil},
		{"Milan", 45.4642, 9.19, "IT", "Lombardia", "IT-25", "Milan", nil},
		{"Barcelona", 41.3874, 2.1686, "ES", "Cataluña", "ES-CT", "Barcelona", nil},
		{"Bergen", 60.39, 5.32, "NO", "Vestland", "NO-46", "Bergen", nil},
		{"Dublin", 53.35, -6.26, "IE", "Dublin", "IE-D", "Dublin", nil},
		{"Vienna", 48.2082, 16.3738, "AT", "Wien", "AT-9", "Vienna", nil},
		{"Sydney", -33.8688, 151.2093, "AU", "New South Wales", "AU-NSW", "Sydney", nil},
		{"Saint-Denis, Réunion", -20.8789, 55.4481, "FR", "La Réunion", "FR-974", "Saint-Denis", nil},
		// Kerkrade borders Aachen: the city must be Dutch.
		{"Kerkrade", 50.8656, 6.055, "NL", "Limburg", "NL-LI", "Kerkrade", nil},
		// Scheveningen beach, on the coastline the simplification moves.
		{"Scheveningen beach", 52.1125, 4.2795, "NL", "Zuid-Holland", "NL-ZH", "", nil},
		{"Atlantic", 35, -40, "", "", "", "", ErrNoPlace},
		{"North Sea", 54.5, 3.5, "", "", "", "", ErrNoPlace},
		{"latitude 91", 91, 0, "", "", "", "", ErrInvalidCoordinates},
		{"longitude -181", 0, -181, "", "", "", "", ErrInvalidCoordinates},
		{"NaN", math.NaN(), 0, "", "", "", "", ErrInvalidCoordinates},
		{"Inf", 0, math.Inf(1), "", "", "", "", ErrInvalidCoordinates},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p, err := ReverseGeocode(c.lat, c.lon)
			if !errors.Is(err, c.err) {
				t.Fatalf("err %v, want %v (place %+v)", err, c.err, p)
			}
			if err != nil {
				return
			}
			if p.Country != c.country || p.Region != c.region || p.RegionCode != c.code {
				t.Errorf("got %+v, want %s / %s / %s", p, c.country, c.region, c.code)
			}
			if c.city != "" && p.City != c.city {
				t.Errorf("city %q, want %q", p.City, c.city)
			}
			if c.city == "" && p.City == "" {
				t.Errorf("no city for %+v", p)
			}
		})
	}
}

// TestReverseGeocodeAgreesWithRegions checks that every region found at a
// position is one Regions lists, so a form can preselect it.
func TestReverseGeocodeAgreesWithRegions(t *testing.T) {
	t.Parallel()
	ix := load()
	for _, r := range ix.regions {
		if r.code == "" {
			continue
		}
		list, err := Regions(r.country)
		if err != nil {
			t.Fatalf("%s: %v", r.country, err)
		}
		if !slices.Contains(list.Items, Region{Code: r.code, Name: r.name}) {
			t.Errorf("%s %s %q not in Regions", r.country, r.code, r.name)
		}
	}
}

func TestReverseGeocodeConcurrent(t *testing.T) {
	t.Parallel()
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			p, err := ReverseGeocode(52.37+float64(i)/1000, 4.90)
			if err != nil || p.Country != "NL" {
				t.Errorf("%+v %v", p, err)
			}
		})
	}
	wg.Wait()
}

func TestRegions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		country string
		count   int
		label   string
		has     Region
	}{
		{"NL", 12, "province", Region{"NL-NH", "Noord-Holland"}},
		{"us", 51, "state", Region{"US-DC", "District of Columbia"}},
		{"DE", 16, "state", Region{"DE-BY", "Bayern"}},
		{"AT", 9, "state", Region{"AT-9", "Wien"}},
		{"CH", 26, "canton", Region{"CH-ZH", "Zürich"}},
		{"BE", 11, "province", Region{"BE-VAN", "Antwerp"}},
		{"FR", 18, "region", Region{"FR-IDF", "Île-de-France"}},
		{"IT", 20, "region", Region{"IT-25", "Lombardia"}},
		{"ES", 19, "autonomous community", Region{"ES-CT", "Cataluña"}},
		{"PL", 16, "province", Region{"PL-MZ", "Mazowieckie"}},
		{"DK", 5, "region", Region{"DK-84", "Hovedstaden"}},
		{"SE", 21, "county", Region{"SE-AB", "Stockholm"}},
		{"NO", 15, "county", Region{"NO-46", "Vestland"}},
		{"FI", 18, "region", Region{"FI-18", "Uusimaa"}},
		{"IE", 26, "county", Region{"IE-D", "Dublin"}},
		{"GB", 0, "county", Region{"GB-LND", "Greater London"}},
		{"CA", 13, "province", Region{"CA-QC", "Québec"}},
		{"AU", 8, "state", Region{"AU-NSW", "New South Wales"}},
	}
	for _, c := range cases {
		t.Run(c.country, func(t *testing.T) {
			t.Parallel()
			got, err := Regions(c.country)
			if err != nil {
				t.Fatal(err)
			}
			if c.count > 0 && len(got.Items) != c.count {
				t.Errorf("%d regions, want %d: %v", len(got.Items), c.count, got.Items)
			}
			if len(got.Items) == 0 {
				t.Error("no regions")
			}
			if got.Label != c.label {
				t.Errorf("label %q, want %q", got.Label, c.label)
			}
			if !slices.Contains(got.Items, c.has) {
				t.Errorf("lacks %+v", c.has)
			}
			codes := map[string]bool{}
			for _, r := range got.Items {
				if codes[r.Code] {
					t.Errorf("code %s twice", r.Code)
				}
				codes[r.Code] = true
			}
		})
	}
	for _, bad := range []string{"XX", "", "N", "NLD", "n1"} {
		if _, err := Regions(bad); !errors.Is(err, ErrUnknownCountry) {
			t.Errorf("%q: %v, want ErrUnknownCountry", bad, err)
		}
	}
	// Sorted in the country's alphabet: Swedish Ö after Z, French Î with I.
	se, _ := Regions("SE")
	if se.Items[len(se.Items)-1].Name != "Östergötland" {
		t.Errorf("SE order: %v", se.Items)
	}
	fr, _ := Regions("FR")
	if i := slices.IndexFunc(fr.Items, func(r Region) bool { return r.Name == "Île-de-France" }); fr.Items[i-1].Name != "Hauts-de-France" {
		t.Errorf("FR order: %v", fr.Items)
	}
}

func TestRegionLabel(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"NL": "province", "be": "province", "US": "state", "DE": "state", "CH": "canton",
		"GB": "county", "FR": "region", "DK": "region", "JP": "prefecture", "XX": "region", "": "region",
	}
	for c, want := range cases {
		if got := RegionLabel(c); got != want {
			t.Errorf("%q: %q, want %q", c, got, want)
		}
	}
}

func TestCountryOfIP(t *testing.T) {
	t.Parallel()
	cases := []struct{ ip, want string }{
		{"8.8.8.8", "US"},              // Google Public DNS
		{"::ffff:8.8.8.8", "US"},       // the same, IPv4-mapped
		{"2001:4860:4860::8888", "US"}, // Google Public DNS over IPv6
		{"81.169.145.1", "DE"},         // Strato, Berlin
		{"194.109.6.66", "NL"},         // XS4ALL, Amsterdam
		{"127.0.0.1", ""},
		{"10.1.2.3", ""},
		{"172.16.0.1", ""},
		{"192.168.1.1", ""},
		{"169.254.1.1", ""},
		{"0.0.0.0", ""},
		{"::1", ""},
		{"fe80::1", ""},
		{"fd00::1", ""},
	}
	for _, c := range cases {
		if got := CountryOfIP(netip.MustParseAddr(c.ip)); got != c.want {
			t.Errorf("%s: %q, want %q", c.ip, got, c.want)
		}
	}
	if got := CountryOfIP(netip.Addr{}); got != "" {
		t.Errorf("zero Addr: %q", got)
	}
}

func TestLanguagesOf(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		"US": {"en", "es"}, "BE": {"nl", "fr", "de"}, "CH": {"de", "it", "fr", "en"}, "nl": {"nl"},
		"DE": {"de"}, "AT": {"de"}, "FR": {"fr"}, "DK": {"da"}, "NO": {"nb"}, "SE": {"sv"},
		"FI": {"fi", "sv"}, "PL": {"pl"}, "ES": {"es"}, "IT": {"it"}, "GB": {"en"}, "IE": {"en"},
		"CA": {"en", "fr"}, "LU": {"fr", "de"}, "ZZ": {"en"}, "": {"en"},
	}
	locales := []string{"da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"}
	for c, want := range cases {
		if got := LanguagesOf(c); !slices.Equal(got, want) {
			t.Errorf("%q: %v, want %v", c, got, want)
		}
	}
	for c, langs := range languages {
		for _, l := range langs {
			if !slices.Contains(locales, l) {
				t.Errorf("%s: %s is not a site locale", c, l)
			}
		}
	}
}

// TestLoadCost logs the heap the loaded data holds, so a change of data set
// that costs much more is seen.
func TestLoadCost(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	Preload()
	runtime.GC()
	runtime.ReadMemStats(&after)
	heap := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("heap after load: %.1f MB (%d regions, %d boundaries)", float64(heap)/1e6, len(loaded.regions), len(loaded.bounds))
	if heap > 150e6 {
		t.Errorf("loaded data holds %d bytes", heap)
	}
}

var benchPlaces = [][2]float64{
	{52.37, 4.90}, {52.52, 13.405}, {40.7128, -74.006}, {47.3769, 8.5417}, {50.8503, 4.3517},
	{48.8566, 2.3522}, {61.5, 105.3}, {64.2, -149.5}, {-33.87, 151.21}, {35, -40},
}

func BenchmarkReverseGeocode(b *testing.B) {
	load()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := benchPlaces[i%len(benchPlaces)]
		_, _ = ReverseGeocode(p[0], p[1])
		i++
	}
}

func BenchmarkReverseGeocodeParallel(b *testing.B) {
	load()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			p := benchPlaces[i%len(benchPlaces)]
			_, _ = ReverseGeocode(p[0], p[1])
			i++
		}
	})
}

func BenchmarkCountryOfIP(b *testing.B) {
	ip := netip.MustParseAddr("81.169.145.1")
	b.ReportAllocs()
	for b.Loop() {
		_ = CountryOfIP(ip)
	}
}

// Every kind of region has a word in every site language, and a country's
// label follows the language's own usage.
func TestRegionLabelIn(t *testing.T) {
	t.Parallel()
	loadRegions()
	if len(regionsBy) < 200 {
		t.Fatalf("%d countries", len(regionsBy))
	}
	locales := []string{"da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"}
	for _, lang := range locales {
		for country := range regionsBy {
			if RegionLabelIn(country, lang) == "" {
				t.Errorf("%s in %s: no label", country, lang)
			}
		}
		if len(regionWords[lang]) != len(regionWords["en"]) {
			t.Errorf("%s has %d words, en %d", lang, len(regionWords[lang]), len(regionWords["en"]))
		}
	}
	cases := []struct{ country, lang, want string }{
		{"NL", "nl", "Provincie"}, {"BE", "fr", "Province"}, {"CH", "de", "Kanton"}, {"CH", "it", "Cantone"},
		{"CH", "fr", "Canton"}, {"US", "en", "State"}, {"US", "es", "Estado"}, {"DE", "de", "Bundesland"},
		{"us", "de", "Bundesstaat"}, {"PL", "pl", "Województwo"}, {"US", "pl", "Stan"}, {"SE", "sv", "Län"},
		{"NO", "nb", "Fylke"}, {"FI", "fi", "Maakunta"}, {"GB", "en", "County"}, {"IE", "da", "Grevskab"},
		{"DK", "da", "Region"}, {"ES", "es", "Comunidad autónoma"}, {"FR", "fr", "Région"}, {"IT", "it", "Regione"},
		{"JP", "fr", "Préfecture"}, {"NL", "pt", "Province"}, {"XX", "nl", "Regio"},
	}
	for _, c := range cases {
		if got := RegionLabelIn(c.country, c.lang); got != c.want {
			t.Errorf("%s in %s: %q, want %q", c.country, c.lang, got, c.want)
		}
	}
}
