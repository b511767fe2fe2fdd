package geo

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
)

// Place is what is at a position: the country (ISO 3166-1 alpha-2), its
// first-level region as Regions lists it (name and ISO 3166-2 code, both ""
// where the area has none) and the city people there would name ("" in the
// wild, far from any listed place).
type Place struct {
	Country    string
	Region     string
	RegionCode string
	City       string
}

//go:embed data/boundaries.bin.gz
var boundariesGz []byte

//go:embed data/cities.tsv.gz
var citiesGz []byte

const (
	// scale is the quantisation of the embedded boundaries: 1e-4 degrees.
	scale = 1e4
	// cellDeg is the side of the grid cells boundaries and cities are
	// bucketed in; one degree keeps both the grid and the buckets small.
	cellDeg   = 1
	gridLat   = 180 / cellDeg
	gridLon   = 360 / cellDeg
	earthKm   = 6371.0
	kmPerDeg  = earthKm * math.Pi / 180
	noRegion  = -1
	noCountry = ""
)

// coastKm is how far outside every simplified boundary a position may be and
// still belong to the nearest one: the boundaries are simplified to a few
// hundred metres, so a harbour or beach can fall just outside its coast.
const coastKm = 3.0

// maxCityKm is how far the nearest listed place may be to be named; beyond
// it a position is in the wild, and naming a town 80 km away would mislead.
const maxCityKm = 40.0

// nearbyKm is how much farther than the nearest place a much bigger city may
// be and still be the answer: a village swallowed by a city goes by the
// city's name.
const nearbyKm = 8.0

// bigCity is how many times as populous a place within nearbyKm must be to
// be named instead of the nearest one.
const bigCity = 5

type regionInfo struct{ country, code, name string }

// boundary is one polygon of a region, in 1e-4 degrees, with its bounding
// box; its rings (outer and holes) are tested together with the even-odd
// rule, so holes need no special case.
type boundary struct {
	region                         int32
	minLon, minLat, maxLon, maxLat int32
	rings                          [][]int32 // lon, lat pairs; closed
}

type city struct {
	name, country string
	lat, lon      float64
	population    int
}

// index is the loaded data. cells hold the boundaries whose bounding box
// touches a cell, cityCells the cities in a cell.
type index struct {
	regions   []regionInfo
	bounds    []boundary
	cells     [gridLat * gridLon][]int32
	cityCells [gridLat * gridLon][]city
	// places answer Locate without a scan (it runs on every distance
	// search of a member whose place is not stored yet): the most
	// populous city of each country and lower-case name, and each
	// region's bounding box, both keyed by placeKey.
	places      map[string]city
	regionBoxes map[string]box
}

// box is a bounding box in 1e-4 degrees.
type box struct{ minLat, minLon, maxLat, maxLon int32 }

// placeKey keys index.places (a city's lower-case name) and
// index.regionBoxes (a region's code) within a country.
func placeKey(country, name string) string { return country + "\x00" + name }

// indexPlaces fills places and regionBoxes from the cities and boundaries
// read.
func (ix *index) indexPlaces() {
	ix.places = map[string]city{}
	for _, cell := range ix.cityCells {
		for _, c := range cell {
			k := placeKey(c.country, strings.ToLower(c.name))
			if best, ok := ix.places[k]; !ok || c.population > best.population {
				ix.places[k] = c
			}
		}
	}
	ix.regionBoxes = map[string]box{}
	for _, b := range ix.bounds {
		r := ix.regions[b.region]
		k := placeKey(r.country, r.code)
		bb, ok := ix.regionBoxes[k]
		if !ok {
			bb = box{minLat: math.MaxInt32, minLon: math.MaxInt32, maxLat: math.MinInt32, maxLon: math.MinInt32}
		}
		ix.regionBoxes[k] = box{minLat: min(bb.minLat, b.minLat), minLon: min(bb.minLon, b.minLon),
			maxLat: max(bb.maxLat, b.maxLat), maxLon: max(bb.maxLon, b.maxLon)}
	}
}

var (
	loadOnce sync.Once
	loaded   *index
)

// load parses the embedded data once; ReverseGeocode calls it, and a server
// may call Preload at start-up to move the cost out of the first request.
func load() *index {
	loadOnce.Do(func() {
		ix := &index{}
		if err := ix.readBoundaries(); err != nil {
			panic("geo: embedded boundaries are broken: " + err.Error())
		}
		if err := ix.readCities(); err != nil {
			panic("geo: embedded cities are broken: " + err.Error())
		}
		ix.indexPlaces()
		loaded = ix
	})
	return loaded
}

// Preload loads the reverse-geocoding data now rather than on the first
// ReverseGeocode call (about 100 ms), for servers that prefer a slower start
// to a slow first request.
func Preload() { load(); loadRegions() }

func (ix *index) readBoundaries() error {
	zr, err := gzip.NewReader(bytes.NewReader(boundariesGz))
	if err != nil {
		return err
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return err
	}
	r := bytes.NewReader(raw)
	u := func() int {
		v, e := binary.ReadUvarint(r)
		if e != nil && err == nil {
			err = e
		}
		return int(v)
	}
	s := func() string {
		n := u()
		if n > r.Len() {
			err = io.ErrUnexpectedEOF
			return ""
		}
		b := make([]byte, n)
		_, _ = r.Read(b)
		return string(b)
	}
	nRegions := u()
	ix.regions = make([]regionInfo, nRegions)
	for i := range ix.regions {
		ix.regions[i] = regionInfo{country: s(), code: s(), name: s()}
	}
	nBounds := u()
	ix.bounds = make([]boundary, nBounds)
	for i := range ix.bounds {
		b := &ix.bounds[i]
		b.region = int32(u())
		b.minLon, b.minLat, b.maxLon, b.maxLat = math.MaxInt32, math.MaxInt32, math.MinInt32, math.MinInt32
		b.rings = make([][]int32, u())
		for j := range b.rings {
			n := u()
			if err != nil || n > r.Len() {
				return io.ErrUnexpectedEOF
			}
			ring := make([]int32, 2*n)
			var lon, lat int64
			for k := 0; k < n; k++ {
				dLon, e1 := binary.ReadVarint(r)
				dLat, e2 := binary.ReadVarint(r)
				if e1 != nil || e2 != nil {
					return io.ErrUnexpectedEOF
				}
				lon += dLon
				lat += dLat
				ring[2*k], ring[2*k+1] = int32(lon), int32(lat)
				b.minLon, b.maxLon = min(b.minLon, int32(lon)), max(b.maxLon, int32(lon))
				b.minLat, b.maxLat = min(b.minLat, int32(lat)), max(b.maxLat, int32(lat))
			}
			b.rings[j] = ring
		}
		for la := cellLat(float64(b.minLat) / scale); la <= cellLat(float64(b.maxLat)/scale); la++ {
			for lo := cellLon(float64(b.minLon) / scale); lo <= cellLon(float64(b.maxLon)/scale); lo++ {
				c := la*gridLon + lo
				ix.cells[c] = append(ix.cells[c], int32(i))
			}
		}
	}
	return err
}

func (ix *index) readCities() error {
	zr, err := gzip.NewReader(bytes.NewReader(citiesGz))
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		// name, lat, lon, country, (unused region), population
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 6 {
			continue
		}
		lat, err1 := strconv.ParseFloat(f[1], 64)
		lon, err2 := strconv.ParseFloat(f[2], 64)
		if err1 != nil || err2 != nil || !validPosition(lat, lon) {
			continue
		}
		pop, _ := strconv.Atoi(f[5])
		country := f[3]
		if c, ok := partOf[country]; ok {
			country = c
		}
		c := cellOf(lat, lon)
		ix.cityCells[c] = append(ix.cityCells[c], city{name: f[0], country: country, lat: lat, lon: lon, population: pop})
	}
	return sc.Err()
}

// partOf maps territories that ISO 3166-1 codes separately but the
// boundaries count as regions of their state (France's overseas regions, the
// Caribbean Netherlands, Svalbard) to that state, so their cities are found.
var partOf = map[string]string{
	"RE": "FR", "GP": "FR", "MQ": "FR", "GF": "FR", "YT": "FR", "BQ": "NL", "SJ": "NO",
}

func cellLat(lat float64) int { return clamp(int(math.Floor((lat+90)/cellDeg)), gridLat-1) }
func cellLon(lon float64) int { return clamp(int(math.Floor((lon+180)/cellDeg)), gridLon-1) }
func cellOf(lat, lon float64) int {
	return cellLat(lat)*gridLon + cellLon(lon)
}

func clamp(v, hi int) int { return max(0, min(v, hi)) }

func validPosition(lat, lon float64) bool {
	return !math.IsNaN(lat) && !math.IsNaN(lon) && lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180
}

// ReverseGeocode finds the place at a position: the country and region whose
// boundary contains it (or lies within coastKm of it, for harbours and
// beaches the simplified coastline cuts off), and the city people there would
// name (the nearest listed place of that country within maxCityKm, or a
// much bigger one just beyond it; see cityNear). NaN or out-of-range
// coordinates are ErrInvalidCoordinates; a position in no country is
// ErrNoPlace. After the first call (which loads the data) a lookup on land
// takes microseconds and does not allocate.
func ReverseGeocode(lat, lon float64) (Place, error) {
	if !validPosition(lat, lon) {
		return Place{}, ErrInvalidCoordinates
	}
	ix := load()
	reg := ix.regionAt(lat, lon)
	if reg == noRegion {
		return Place{}, ErrNoPlace
	}
	ri := ix.regions[reg]
	p := Place{Country: ri.country, City: ix.cityNear(lat, lon, ri.country)}
	if ri.code != "" {
		p.Region, p.RegionCode = ri.name, ri.code
	}
	return p, nil
}

// regionAt is the region whose boundary contains the position, or the one
// nearest within coastKm, or noRegion.
func (ix *index) regionAt(lat, lon float64) int32 {
	x, y := int32(math.Round(lon*scale)), int32(math.Round(lat*scale))
	for _, bi := range ix.cells[cellOf(lat, lon)] {
		b := &ix.bounds[bi]
		if x < b.minLon || x > b.maxLon || y < b.minLat || y > b.maxLat {
			continue
		}
		if b.contains(x, y) {
			return b.region
		}
	}
	// Not inside any boundary: sea, or a coast the simplification moved.
	// Distances in scaled degrees, longitude shrunk by the latitude.
	kx := math.Cos(lat * math.Pi / 180)
	limit := coastKm / kmPerDeg * scale
	best, bestD := int32(noRegion), limit*limit
	seen := map[int32]bool{}
	cells, n := cellsAround(lat, lon)
	for _, c := range cells[:n] {
		for _, bi := range ix.cells[c] {
			if seen[bi] {
				continue
			}
			seen[bi] = true
			b := &ix.bounds[bi]
			if float64(x) < float64(b.minLon)-limit/kx || float64(x) > float64(b.maxLon)+limit/kx ||
				float64(y) < float64(b.minLat)-limit || float64(y) > float64(b.maxLat)+limit {
				continue
			}
			if d := b.dist2(float64(x), float64(y), kx); d < bestD {
				best, bestD = b.region, d
			}
		}
	}
	return best
}

// cellsAround lists the grid cell of the position and its neighbours,
// wrapping around the antimeridian; an array, so a lookup does not allocate.
func cellsAround(lat, lon float64) (cells [9]int, n int) {
	la0, lo0 := cellLat(lat), cellLon(lon)
	for la := la0 - 1; la <= la0+1; la++ {
		if la < 0 || la >= gridLat {
			continue
		}
		for lo := lo0 - 1; lo <= lo0+1; lo++ {
			cells[n] = la*gridLon + (lo+gridLon)%gridLon
			n++
		}
	}
	return cells, n
}

// contains is the even-odd test over all rings: a horizontal ray from the
// point crosses the boundary an odd number of times iff the point is inside.
func (b *boundary) contains(x, y int32) bool {
	in := false
	for _, ring := range b.rings {
		n := len(ring) / 2
		for i, j := 0, n-1; i < n; j, i = i, i+1 {
			xi, yi, xj, yj := ring[2*i], ring[2*i+1], ring[2*j], ring[2*j+1]
			if (yi > y) != (yj > y) {
				// x of the edge at height y, in int64 to avoid overflow.
				cx := int64(xi) + (int64(xj)-int64(xi))*(int64(y)-int64(yi))/(int64(yj)-int64(yi))
				if int64(x) < cx {
					in = !in
				}
			}
		}
	}
	return in
}

// dist2 is the squared distance from the point to the nearest edge, with
// longitudes multiplied by kx.
func (b *boundary) dist2(x, y, kx float64) float64 {
	best := math.Inf(1)
	for _, ring := range b.rings {
		n := len(ring) / 2
		for i := 0; i+1 < n; i++ {
			ax, ay := float64(ring[2*i])*kx, float64(ring[2*i+1])
			bx, by := float64(ring[2*i+2])*kx, float64(ring[2*i+3])
			best = math.Min(best, segDist2(x*kx, y, ax, ay, bx, by))
		}
	}
	return best
}

func segDist2(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((px-ax)*dx+(py-ay)*dy)/l))
	}
	ex, ey := ax+t*dx-px, ay+t*dy-py
	return ex*ex + ey*ey
}

// cityNear names the city for a position in country, "" when no listed
// place of that country is within maxCityKm. Places across a border are
// skipped: someone in Kerkrade lives in the Netherlands, not in Aachen. The
// nearest place is the answer unless one at least bigCity times as populous
// is within nearbyKm more: a village swallowed by a city goes by the city's
// name, but a town next to a somewhat bigger one keeps its own.
func (ix *index) cityNear(lat, lon float64, country string) string {
	var nearest *city
	nearestKm := math.Inf(1)
	cells, n := cellsAround(lat, lon)
	for _, c := range cells[:n] {
		for i := range ix.cityCells[c] {
			ct := &ix.cityCells[c][i]
			if ct.country != country {
				continue
			}
			if d := distanceKm(lat, lon, ct.lat, ct.lon); d < nearestKm {
				nearest, nearestKm = ct, d
			}
		}
	}
	if nearest == nil || nearestKm > maxCityKm {
		return ""
	}
	best := nearest
	for _, c := range cells[:n] {
		for i := range ix.cityCells[c] {
			ct := &ix.cityCells[c][i]
			if ct.country == country && ct.population >= bigCity*nearest.population &&
				ct.population > best.population && distanceKm(lat, lon, ct.lat, ct.lon) <= nearestKm+nearbyKm {
				best = ct
			}
		}
	}
	return best.name
}

// distanceKm is the great-circle (haversine) distance.
func distanceKm(lat1, lon1, lat2, lon2 float64) float64 {
	rad := math.Pi / 180
	dLat := (lat2 - lat1) * rad
	dLon := (lon2 - lon1) * rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthKm * math.Asin(math.Min(1, math.Sqrt(a)))
}
