package geo

import (
	"slices"
	"testing"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// siteLanguages are the 11 site locales; names.json may name places only in them.
var siteLanguages = []string{"da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"}

// TestPlaceName: the data's English exonyms read in the site's language, and
// a name in any language reads in any other.
func TestPlaceName(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ country, name, lang, want string }{
		{"NL", "The Hague", "nl", "Den Haag"},
		{"NL", "The Hague", "de", "Den Haag"},
		{"NL", "The Hague", "fr", "La Haye"},
		{"NL", "The Hague", "en", "The Hague"},
		{"NL", "Den Haag", "en", "The Hague"},
		{"nl", "den haag", "fr", "La Haye"},
		{"BE", "Brussels", "nl", "Brussel"},
		{"BE", "Brussels", "fr", "Bruxelles"},
		{"BE", "Brussels", "de", "Brüssel"},
		{"BE", "Bruxelles", "nl", "Brussel"},
		{"BE", "Antwerp", "nl", "Antwerpen"},
		{"BE", "Gent", "en", "Ghent"},
		{"BE", "East Flanders", "nl", "Oost-Vlaanderen"},
		{"DE", "Cologne", "de", "Köln"},
		{"DE", "Cologne", "nl", "Keulen"},
		{"DE", "Cologne", "fi", "Köln"},
		{"DE", "Köln", "en", "Cologne"},
		{"DE", "Munich", "de", "München"},
		{"DE", "Munich", "it", "Monaco di Baviera"},
		{"DE", "Hannover", "en", "Hanover"},
		{"DE", "Hannover", "de", "Hannover"},
		{"AT", "Vienna", "de", "Wien"},
		{"AT", "Vienna", "nl", "Wenen"},
		{"CH", "Geneva", "de", "Genf"},
		{"CH", "Zürich", "en", "Zurich"},
		{"DE", "Berlin", "de", "Berlin"},
		{"DE", "Wanne-Eickel", "nl", "Wanne-Eickel"},
		{"US", "Cologne", "de", "Cologne"}, // Cologne, Minnesota is not Köln
		{"XX", "The Hague", "nl", "The Hague"},
	} {
		if got := PlaceName(c.country, c.name, c.lang); got != c.want {
			t.Errorf("PlaceName(%s, %s, %s) = %q, want %q", c.country, c.name, c.lang, got, c.want)
		}
	}
}

// TestPlaceNamesData: every place names.json lists is a city or region of
// its country in the data, named only in site languages (or "local").
func TestPlaceNamesData(t *testing.T) {
	t.Parallel()
	loadNames()
	known := map[string]map[string]bool{}
	for _, cell := range load().cityCells {
		for _, c := range cell {
			if known[c.country] == nil {
				known[c.country] = map[string]bool{}
			}
			known[c.country][c.name] = true
		}
	}
	for country, index := range namesBy {
		regions, err := Regions(country)
		if err != nil {
			t.Fatalf("names.json country %s: %v", country, err)
		}
		for _, p := range index {
			isRegion := slices.ContainsFunc(regions.Items, func(r Region) bool { return r.Name == p.data })
			if !known[country][p.data] && !isRegion {
				t.Errorf("names.json %s %q is neither a city nor a region of the data", country, p.data)
			}
			for lang, name := range p.names {
				if lang != "local" && !slices.Contains(siteLanguages, lang) || name == "" {
					t.Errorf("names.json %s %q: %s=%q, want a site language and a name", country, p.data, lang, name)
				}
			}
		}
	}
}

// TestRegionsIn: Belgium's provinces (English in the data) read in Dutch,
// French and German, sorted in that language; other countries keep theirs.
func TestRegionsIn(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang           string
		first, anyOf   string
		notWithEnglish string
	}{
		{"nl", "Antwerpen", "Oost-Vlaanderen", "East Flanders"},
		{"fr", "Anvers", "Flandre-Occidentale", "West Flanders"},
		{"de", "Antwerpen", "Hennegau", "Hainaut"},
	} {
		list, err := RegionsIn("BE", c.lang)
		if err != nil {
			t.Fatal(err)
		}
		names := make([]string, len(list.Items))
		for i, r := range list.Items {
			names[i] = r.Name
		}
		if len(names) != 11 || names[0] != c.first || !slices.Contains(names, c.anyOf) || slices.Contains(names, c.notWithEnglish) {
			t.Errorf("BE regions in %s: %v", c.lang, names)
		}
		coll := collate.New(language.MustParse(c.lang))
		if !slices.IsSortedFunc(names, coll.CompareString) {
			t.Errorf("BE regions in %s not sorted: %v", c.lang, names)
		}
	}
	en, _ := RegionsIn("BE", "en")
	if en.Items[0].Name != "Antwerp" {
		t.Errorf("BE regions in en start with %q", en.Items[0].Name)
	}
	de, _ := RegionsIn("DE", "nl")
	raw, _ := Regions("DE")
	if !slices.Equal(de.Items, raw.Items) {
		t.Errorf("DE regions changed in nl: %v", de.Items)
	}
	if _, err := RegionsIn("XX", "nl"); err != ErrUnknownCountry {
		t.Errorf("RegionsIn(XX) error %v, want ErrUnknownCountry", err)
	}
}

// TestPlaceIn: a reverse-geocoded place reads in the site's language.
func TestPlaceIn(t *testing.T) {
	t.Parallel()
	p, err := ReverseGeocode(50.85, 4.35)
	if err != nil {
		t.Fatal(err)
	}
	if nl := p.In("nl"); nl.City != "Brussel" || nl.Region != "Brussel" || nl.RegionCode != p.RegionCode {
		t.Errorf("Brussels in nl: %+v (from %+v)", nl, p)
	}
	if fr := p.In("fr"); fr.City != "Bruxelles" {
		t.Errorf("Brussels in fr: %+v", fr)
	}
}
