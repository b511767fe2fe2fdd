package geo

//go:generate go run ./gen -out data

import (
	_ "embed"
	"encoding/json"
	"errors"
	"maps"
	"net/netip"
	"slices"
	"strings"
	"sync"

	"github.com/phuslu/iploc"
)

// ErrUnknownCountry is returned for a country code that is malformed or that
// the embedded data does not know, so callers can answer 4xx, not 5xx.
var ErrUnknownCountry = errors.New("geo: unknown country")

// ErrInvalidCoordinates is returned for a latitude outside [-90, 90], a
// longitude outside [-180, 180] or NaN: bad input, not a missing place.
var ErrInvalidCoordinates = errors.New("geo: invalid coordinates")

// ErrNoPlace is returned for a valid position in no country (open sea,
// Antarctica's unclaimed land), so callers can tell it from bad input.
var ErrNoPlace = errors.New("geo: no place at this position")

// CountryOfIP is the ISO 3166-1 alpha-2 country (upper case) of ip, or ""
// when the table does not know it or the address is not public (loopback,
// private, link-local): such visitors are behind a proxy or on the operator's
// network, and guessing a country for them would pick a wrong language.
// IPv4-mapped IPv6 addresses are treated as IPv4.
func CountryOfIP(ip netip.Addr) string {
	ip = ip.Unmap()
	if !ip.IsValid() || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() ||
		ip.IsUnspecified() || ip.IsMulticast() || ip.IsInterfaceLocalMulticast() {
		return ""
	}
	c := iploc.IPCountry(ip)
	// iploc answers "ZZ" for reserved ranges and "" for gaps; "EU" and "AP"
	// are regional registry blocks, not countries.
	if len(c) != 2 || c == "ZZ" || c == "EU" || c == "AP" {
		return ""
	}
	return c
}

// Region is a first-level administrative region of a country. Code is its
// ISO 3166-2 code with the country prefix ("NL-NH"); Name is the name the
// country itself uses ("Noord-Holland", "Bayern"), English for multilingual
// Belgium.
type Region struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// RegionList is a country's first-level regions and what they are called
// there. (It cannot be named Regions: that is the function.)
type RegionList struct {
	// Country is the ISO 3166-1 alpha-2 code, upper case.
	Country string
	// Label is the English word for the regions, e.g. "province".
	Label string
	// Items are sorted by name in the country's alphabet.
	Items []Region
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

// Regions lists the first-level regions of country (ISO 3166-1 alpha-2, any
// case), sorted by name. A country the data knows but that has no coded
// regions (Kosovo, Vatican City) has an empty list; an unknown or malformed
// code is ErrUnknownCountry. The Items slice is shared: do not modify it.
func Regions(country string) (RegionList, error) {
	loadRegions()
	country = strings.ToUpper(country)
	items, ok := regionsBy[country]
	if !ok {
		return RegionList{}, ErrUnknownCountry
	}
	return RegionList{Country: country, Label: RegionLabel(country), Items: items}, nil
}

// Countries lists every country the engine knows (ISO 3166-1 alpha-2,
// upper case), sorted: the countries a brand may serve.
func Countries() []string {
	loadRegions()
	return slices.Sorted(maps.Keys(regionsBy))
}

// regionLabels is what a country's first-level regions are called in
// English, for the countries where "region" is not the usual word.
var regionLabels = map[string]string{
	// Provinces (Poland's voivodeships are provinces in English usage).
	"NL": "province", "BE": "province", "CA": "province", "PL": "province", "AR": "province",
	"ZA": "province", "PH": "province", "CN": "province", "KR": "province", "TR": "province",
	"IR": "province", "AF": "province", "PK": "province", "TH": "province", "VN": "province",
	"ID": "province", "CU": "province", "DO": "province", "EC": "province", "PA": "province",
	"CR": "province", "BG": "province", "LK": "province", "ZM": "province", "MZ": "province",
	// States.
	"US": "state", "DE": "state", "AT": "state", "AU": "state", "BR": "state", "MX": "state",
	"IN": "state", "MY": "state", "NG": "state", "VE": "state", "SD": "state", "MM": "state",
	// Counties.
	"GB": "county", "IE": "county", "SE": "county", "NO": "county", "HU": "county", "RO": "county",
	"HR": "county", "EE": "county", "LT": "county", "LV": "municipality", "KE": "county", "LR": "county",
	// Cantons, districts, prefectures, communities.
	"CH": "canton", "LU": "district", "PT": "district", "IL": "district", "CY": "district",
	"JP": "prefecture", "GR": "region", "ES": "autonomous community",
	// Regions: FR, IT, DK, FI, CZ, SK, CL, NZ, ... fall through to the default.
}

// RegionLabel is the English word, lower case, for country's first-level
// regions: "province" (NL, BE, CA), "state" (US, DE, AT), "canton" (CH),
// "county" (GB, IE, SE, NO), "region" (FR, IT, DK, FI and the default).
func RegionLabel(country string) string {
	if l, ok := regionLabels[strings.ToUpper(country)]; ok {
		return l
	}
	return "region"
}

// languages are the site languages offered to a country's visitors, the
// preferred first; only the 11 site locales (da de en es fi fr it nb nl pl
// sv) appear. A country is listed when its people read one of them better
// than English, or when more than one fits.
var languages = map[string][]string{
	"US": {"en", "es"}, "GB": {"en"}, "IE": {"en"}, "AU": {"en"}, "NZ": {"en"}, "CA": {"en", "fr"},
	"NL": {"nl"}, "BE": {"nl", "fr", "de"}, "LU": {"fr", "de"}, "DE": {"de"}, "AT": {"de"},
	"CH": {"de", "it", "fr", "en"}, "LI": {"de"}, "FR": {"fr"}, "MC": {"fr"}, "DK": {"da"},
	"NO": {"nb"}, "SJ": {"nb"}, "SE": {"sv"}, "FI": {"fi", "sv"}, "AX": {"sv", "fi"}, "PL": {"pl"},
	"ES": {"es"}, "AD": {"es", "fr"}, "IT": {"it"}, "SM": {"it"}, "VA": {"it"},
	"MX": {"es"}, "AR": {"es"}, "CO": {"es"}, "CL": {"es"}, "PE": {"es"}, "VE": {"es"}, "EC": {"es"},
	"BO": {"es"}, "PY": {"es"}, "UY": {"es"}, "CR": {"es"}, "PA": {"es"}, "GT": {"es"}, "HN": {"es"},
	"SV": {"es"}, "NI": {"es"}, "CU": {"es"}, "DO": {"es"}, "PR": {"es", "en"},
	"SR": {"nl"}, "AW": {"nl"}, "CW": {"nl"}, "SX": {"nl", "en"}, "BQ": {"nl"},
	"GL": {"da"}, "FO": {"da"}, "GF": {"fr"}, "GP": {"fr"}, "MQ": {"fr"}, "RE": {"fr"},
	"YT": {"fr"}, "NC": {"fr"}, "PF": {"fr"}, "PM": {"fr"}, "BL": {"fr"}, "MF": {"fr"}, "WF": {"fr"},
}

// LanguagesOf lists the site languages offered to visitors from country
// (ISO 3166-1 alpha-2, any case), the preferred first: English when nothing
// fits better. The slice is shared: do not modify it.
func LanguagesOf(country string) []string {
	if l, ok := languages[strings.ToUpper(country)]; ok {
		return l
	}
	return defaultLanguages
}

var defaultLanguages = []string{"en"}
