package geo

import (
	_ "embed"
	"encoding/json"
	"sort"
	"strings"
	"sync"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// names.json gives places of the data (cities of cities.tsv.gz, regions of
// regions.json) the names each site language uses where they differ from the
// data's: per country, the data's name maps to "local" (what the place's own
// country calls it: Den Haag, Köln, Wien) and to a name per language (La Haye,
// Keulen, Wenen; "en" only where the data's name is not the English one).
//
//go:embed data/names.json
var namesJSON []byte

var (
	namesOnce sync.Once
	// namesBy: country → any known name of a place, lower case → its names.
	namesBy map[string]map[string]placeNames
)

type placeNames struct {
	data  string            // the name in the data
	names map[string]string // "local" and languages
}

func loadNames() {
	namesOnce.Do(func() {
		var doc map[string]map[string]map[string]string
		if err := json.Unmarshal(namesJSON, &doc); err != nil {
			panic("geo: embedded names.json is broken: " + err.Error())
		}
		namesBy = make(map[string]map[string]placeNames, len(doc))
		for country, places := range doc {
			index := map[string]placeNames{}
			for data, names := range places {
				p := placeNames{data: data, names: names}
				index[strings.ToLower(data)] = p
				for _, n := range names {
					if _, taken := index[strings.ToLower(n)]; !taken {
						index[strings.ToLower(n)] = p
					}
				}
			}
			namesBy[country] = index
		}
	})
}

// PlaceName is what the site language lang (da, de, en, ...) calls the city
// or region name of country: "The Hague" is "Den Haag" in Dutch and German,
// "La Haye" in French; "Cologne" is "Köln" in German and Finnish, "Keulen" in
// Dutch. name may be any of the place's names (a member who typed "Den Haag"
// reads as "The Hague" in English). A language without its own name gets the
// place's local name, English the data's; a place names.json does not list
// keeps name as it is.
func PlaceName(country, name, lang string) string {
	loadNames()
	p, ok := namesBy[strings.ToUpper(country)][strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return name
	}
	if n, ok := p.names[lang]; ok {
		return n
	}
	if lang == "en" {
		return p.data
	}
	if n, ok := p.names["local"]; ok {
		return n
	}
	return p.data
}

// RegionsIn is Regions with the names lang uses (PlaceName), sorted in that
// language's alphabet. Unlike Regions it answers a fresh slice.
func RegionsIn(country, lang string) (RegionList, error) {
	list, err := Regions(country)
	if err != nil {
		return list, err
	}
	items := make([]Region, len(list.Items))
	changed := false
	for i, r := range list.Items {
		items[i] = Region{Code: r.Code, Name: PlaceName(list.Country, r.Name, lang)}
		changed = changed || items[i].Name != r.Name
	}
	if changed {
		tag, err := language.Parse(lang)
		if err != nil {
			tag = language.English
		}
		c := collate.New(tag)
		sort.SliceStable(items, func(i, j int) bool { return c.CompareString(items[i].Name, items[j].Name) < 0 })
	}
	list.Items = items
	return list, nil
}

// In is the place with its city and region named as lang names them.
func (p Place) In(lang string) Place {
	p.City = PlaceName(p.Country, p.City, lang)
	p.Region = PlaceName(p.Country, p.Region, lang)
	return p
}
