package geo

import "strings"

// regionWords are the words for the kinds of first-level region of
// RegionLabel in each site language, as a form's field label.
var regionWords = map[string]map[string]string{
	"en": {"region": "Region", "province": "Province", "state": "State", "canton": "Canton", "county": "County", "district": "District", "municipality": "Municipality", "prefecture": "Prefecture", "autonomous community": "Autonomous community"},
	"da": {"region": "Region", "province": "Provins", "state": "Delstat", "canton": "Kanton", "county": "Grevskab", "district": "Distrikt", "municipality": "Kommune", "prefecture": "Præfektur", "autonomous community": "Autonom region"},
	"de": {"region": "Region", "province": "Provinz", "state": "Bundesstaat", "canton": "Kanton", "county": "Grafschaft", "district": "Bezirk", "municipality": "Gemeinde", "prefecture": "Präfektur", "autonomous community": "Autonome Gemeinschaft"},
	"es": {"region": "Región", "province": "Provincia", "state": "Estado", "canton": "Cantón", "county": "Condado", "district": "Distrito", "municipality": "Municipio", "prefecture": "Prefectura", "autonomous community": "Comunidad autónoma"},
	"fi": {"region": "Alue", "province": "Provinssi", "state": "Osavaltio", "canton": "Kantoni", "county": "Kreivikunta", "district": "Piirikunta", "municipality": "Kunta", "prefecture": "Prefektuuri", "autonomous community": "Itsehallintoalue"},
	"fr": {"region": "Région", "province": "Province", "state": "État", "canton": "Canton", "county": "Comté", "district": "District", "municipality": "Municipalité", "prefecture": "Préfecture", "autonomous community": "Communauté autonome"},
	"it": {"region": "Regione", "province": "Provincia", "state": "Stato", "canton": "Cantone", "county": "Contea", "district": "Distretto", "municipality": "Comune", "prefecture": "Prefettura", "autonomous community": "Comunità autonoma"},
	"nb": {"region": "Region", "province": "Provins", "state": "Delstat", "canton": "Kanton", "county": "Grevskap", "district": "Distrikt", "municipality": "Kommune", "prefecture": "Prefektur", "autonomous community": "Autonom region"},
	"nl": {"region": "Regio", "province": "Provincie", "state": "Staat", "canton": "Kanton", "county": "Graafschap", "district": "District", "municipality": "Gemeente", "prefecture": "Prefectuur", "autonomous community": "Autonome gemeenschap"},
	"pl": {"region": "Region", "province": "Prowincja", "state": "Stan", "canton": "Kanton", "county": "Hrabstwo", "district": "Okręg", "municipality": "Gmina", "prefecture": "Prefektura", "autonomous community": "Wspólnota autonomiczna"},
	"sv": {"region": "Region", "province": "Provins", "state": "Delstat", "canton": "Kanton", "county": "Grevskap", "district": "Distrikt", "municipality": "Kommun", "prefecture": "Prefektur", "autonomous community": "Autonom region"},
}

// regionNames are the countries whose regions a language names with a word
// of their own rather than its generic one: Poland's województwa, Germany's
// and Austria's Bundesländer, Sweden's län, Norway's fylker, Finland's
// maakunnat.
var regionNames = map[string]map[string]string{
	"da": {"SE": "Len", "NO": "Fylke", "DE": "Delstat", "AT": "Delstat"},
	"de": {"DE": "Bundesland", "AT": "Bundesland", "IT": "Region", "FR": "Region"},
	"es": {"DE": "Estado federado", "AT": "Estado federado"},
	"fi": {"FI": "Maakunta", "SE": "Lääni", "NO": "Lääni", "DE": "Osavaltio"},
	"fr": {"DE": "Land", "AT": "Land"},
	"it": {"DE": "Land", "AT": "Land"},
	"nb": {"NO": "Fylke", "SE": "Len", "DK": "Region"},
	"nl": {"DE": "Deelstaat", "AT": "Deelstaat"},
	"pl": {"PL": "Województwo", "DE": "Kraj związkowy", "AT": "Kraj związkowy"},
	"sv": {"SE": "Län", "NO": "Fylke"},
}

// RegionLabelIn is what country's first-level regions are called in lang,
// one of the 11 site languages, as a form's field label ("Provincie" for NL
// in nl, "Województwo" for PL in pl, "Bundesland" for DE but "Bundesstaat"
// for US in de). Another language gets English.
func RegionLabelIn(country, lang string) string {
	country = strings.ToUpper(country)
	if name, ok := regionNames[lang][country]; ok {
		return name
	}
	words, ok := regionWords[lang]
	if !ok {
		words = regionWords["en"]
	}
	return words[RegionLabel(country)]
}
