// Package geo answers where things are without any network: the country of
// an IP address, the first-level regions of a country, and the place at a
// position. The data is embedded (see data/README.md for sources).
package geo

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"errors"
	"math"
	"net/netip"
	"strconv"
	"strings"
	"sync"

	"github.com/phuslu/iploc"
)

// Errors of the lookups.
var (
	ErrUnknownCountry     = errors.New("geo: unknown country")
	ErrInvalidCoordinates = errors.New("geo: invalid coordinates")
	ErrNoPlace            = errors.New("geo: no place at this position")
)

// CountryOfIP is the ISO 3166-1 alpha-2 country of ip, "" when unknown or
// not a public address.
func CountryOfIP(ip netip.Addr) string {
	ip = ip.Unmap()
	if !ip.IsValid() || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() {
		return ""
	}
	c := iploc.IPCountry(ip)
	if len(c) != 2 || c == "ZZ" {
		return ""
	}
	return c
}

// Region is a first-level administrative region of a country.
type Region struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// RegionList is a country's regions and what they are called there.
type RegionList struct {
	Country string
	Label   string
	Items   []Region
}

//go:embed data/regions.json
var regionsJSON []byte

var (
	regionsOnce sync.Once
	regionsBy   map[string][]Region
)

func loadRegions() {
	regionsOnce.Do(func() {
		if err := json.Unmarshal(regionsJSON, &regionsBy); err != nil {
			panic("geo: embedded regions.json is broken: " + err.Error())
		}
	})
}

// Regions lists the first-level regions of country, sorted by name.
func Regions(country string) (RegionList, error) {
	loadRegions()
	country = strings.ToUpper(country)
	items, ok := regionsBy[country]
	if !ok {
		return RegionList{}, ErrUnknownCountry
	}
	return RegionList{Country: country, Label: RegionLabel(country), Items: items}, nil
}

// regionLabels is what a country's first-level regions are called.
var regionLabels = map[string]string{
	"NL": "province", "BE": "province", "CA": "province", "ES": "province", "IT": "region", "PL": "province",
	"AR": "province", "ZA": "province", "PH": "province", "CN": "province", "IE": "county", "GB": "county",
	"SE": "county", "NO": "county", "HU": "county", "RO": "county", "HR": "county", "EE": "county",
	"US": "state", "DE": "state", "AT": "state", "AU": "state", "BR": "state", "MX": "state", "IN": "state",
	"MY": "state", "NG": "state", "CH": "canton", "LU": "canton", "FR": "region", "DK": "region",
	"FI": "region", "CZ": "region", "SK": "region", "PT": "district", "IL": "district", "JP": "prefecture",
}

// RegionLabel is the English word for a country's first-level regions.
func RegionLabel(country string) string {
	if l, ok := regionLabels[strings.ToUpper(country)]; ok {
		return l
	}
	return "region"
}

// languages are the site languages offered to a country's visitors, the
// preferred first; only the 11 site locales appear.
var languages = map[string][]string{
	"US": {"en", "es"}, "GB": {"en"}, "IE": {"en"}, "AU": {"en"}, "NZ": {"en"}, "CA": {"en", "fr"},
	"NL": {"nl"}, "BE": {"nl", "fr", "de"}, "LU": {"fr", "de"}, "DE": {"de"}, "AT": {"de"},
	"CH": {"de", "it", "fr", "en"}, "LI": {"de"}, "FR": {"fr"}, "MC": {"fr"}, "DK": {"da"},
	"NO": {"nb"}, "SE": {"sv"}, "FI": {"fi", "sv"}, "AX": {"sv"}, "PL": {"pl"}, "ES": {"es"},
	"MX": {"es"}, "AR": {"es"}, "CO": {"es"}, "CL": {"es"}, "PE": {"es"}, "IT": {"it"}, "SM": {"it"},
	"VA": {"it"}, "SR": {"nl"}, "ZA": {"en"}, "MT": {"en"}, "GL": {"da"}, "FO": {"da"}, "IS": {"en"},
}

// LanguagesOf lists the site languages for visitors from country; English
// when nothing fits better.
func LanguagesOf(country string) []string {
	if l, ok := languages[strings.ToUpper(country)]; ok {
		return l
	}
	return []string{"en"}
}

// Place is what is at a position.
type Place struct {
	Country    string
	Region     string
	RegionCode string
	City       string
}

//go:embed data/cities.tsv.gz
var citiesGz []byte

type city struct {
	name, country, region string
	lat, lon              float64
	population            int
}

// cellSize is the side in degrees of the grid cells cities are bucketed in.
const cellSize = 1.0

// maxDistanceKm is how far the nearest place may be; beyond it the position
// is at sea or in the wild and has no place.
const maxDistanceKm = 60

// nearbyKm is how much farther than the nearest place a bigger city may be
// and still be the answer: a street in Hoboken is "New York" to most.
const nearbyKm = 8

var (
	citiesOnce sync.Once
	cells      map[[2]int][]city
)

func loadCities() {
	citiesOnce.Do(func() {
		zr, err := gzip.NewReader(bytes.NewReader(citiesGz))
		if err != nil {
			panic("geo: embedded cities are broken: " + err.Error())
		}
		cells = make(map[[2]int][]city, 8000)
		sc := bufio.NewScanner(zr)
		for sc.Scan() {
			f := strings.Split(sc.Text(), "\t")
			if len(f) != 6 {
				continue
			}
			pop, _ := strconv.Atoi(f[5])
			lat, err1 := strconv.ParseFloat(f[1], 64)
			lon, err2 := strconv.ParseFloat(f[2], 64)
			if err1 != nil || err2 != nil {
				continue
			}
			c := city{name: f[0], lat: lat, lon: lon, country: f[3], region: f[4], population: pop}
			k := cellOf(lat, lon)
			cells[k] = append(cells[k], c)
		}
	})
}

func cellOf(lat, lon float64) [2]int {
	return [2]int{int(math.Floor(lat / cellSize)), int(math.Floor(lon / cellSize))}
}

// ReverseGeocode finds the place at a position: the city people there would
// name (the most populous within nearbyKm of the nearest populated place,
// which must lie within maxDistanceKm), its country and region.
func ReverseGeocode(lat, lon float64) (Place, error) {
	if math.IsNaN(lat) || math.IsNaN(lon) || lat < -90 || lat > 90 || lon < -180 || lon > 180 {
		return Place{}, ErrInvalidCoordinates
	}
	loadCities()
	type candidate struct {
		city
		km float64
	}
	var near []candidate
	nearestKm := math.Inf(1)
	c := cellOf(lat, lon)
	for dLat := -1; dLat <= 1; dLat++ {
		for dLon := -2; dLon <= 2; dLon++ {
			lonCell := c[1] + dLon
			// Wrap around the antimeridian.
			if lonCell < -180 {
				lonCell += 360
			} else if lonCell >= 180 {
				lonCell -= 360
			}
			for _, cand := range cells[[2]int{c[0] + dLat, lonCell}] {
				d := distanceKm(lat, lon, cand.lat, cand.lon)
				if d <= maxDistanceKm {
					near = append(near, candidate{cand, d})
					nearestKm = math.Min(nearestKm, d)
				}
			}
		}
	}
	if len(near) == 0 {
		return Place{}, ErrNoPlace
	}
	var best city
	for _, n := range near {
		if n.km <= nearestKm+nearbyKm && (best.name == "" || n.population > best.population) {
			best = n.city
		}
	}
	p := Place{Country: best.country, Region: best.region, City: best.name}
	p.RegionCode = regionCode(best.country, best.region)
	return p, nil
}

// regionCode finds the ISO code of a region by its name, "" when the two
// data sets name it differently.
func regionCode(country, name string) string {
	loadRegions()
	for _, r := range regionsBy[country] {
		if strings.EqualFold(r.Name, name) {
			return r.Code
		}
	}
	return ""
}

func distanceKm(lat1, lon1, lat2, lon2 float64) float64 {
	const earthKm = 6371
	rad := math.Pi / 180
	dLat := (lat2 - lat1) * rad
	dLon := (lon2 - lon1) * rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthKm * math.Asin(math.Min(1, math.Sqrt(a)))
}
