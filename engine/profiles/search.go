package profiles

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/geo"
	"rendezvous/engine/identity"
	"rendezvous/engine/live"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/tenancy"
)

// Search bounds.
const (
	// DefaultPerPage is the page size when per_page is not given.
	DefaultPerPage = 20
	// MaxPerPage bounds per_page.
	MaxPerPage = 60
	// SearchMaxResults is how deep search pages and how far it counts:
	// "1000+" is all a member needs to know, and a bounded offset keeps
	// every page an index walk of at most this many rows.
	SearchMaxResults = 1000
)

// Card is a profile as lists show it (search results, likes, swipe and
// match-finder cards): what a member sees before opening the profile.
// Age, region and city follow the tenant's visible_profile_fields.
type Card struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	Age        int    `json:"age,omitempty"`
	Gender     string `json:"gender"`
	Country    string `json:"country"`
	Region     string `json:"region,omitempty"`
	RegionName string `json:"region_name,omitempty"`
	City       string `json:"city,omitempty"`
	MainImage  *Image `json:"main_image"`
	// Fictional marks a house profile, which the client labels with the
	// tenant's fictional-profile settings.
	Fictional bool `json:"fictional"`
	// Distance from the searcher's place in the brand's unit, on the
	// cards of a distance search only.
	Distance float64 `json:"distance,omitempty"`
	Activity
}

// Cards loads the cards of ids in the order given, as tenant t shows them.
// Ids that no longer exist, are not active or are not of t's pool are left
// out, so a list never shows a deleted or foreign member.
func Cards(ctx context.Context, conn db.DBTX, t *tenancy.Tenant, ids []int64, now time.Time) ([]Card, error) {
	return cards(ctx, conn, t, ids, now, false)
}

// marketingCards are Cards as the brand's marketing shows them (the
// visitor home page, landers): each with the first photo operators
// reviewed as its main photo, and without the members who have none.
func marketingCards(ctx context.Context, conn db.DBTX, t *tenancy.Tenant, ids []int64, now time.Time) ([]Card, error) {
	all, err := cards(ctx, conn, t, ids, now, true)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(all, func(c Card) bool { return c.MainImage == nil }), nil
}

func cards(ctx context.Context, conn db.DBTX, t *tenancy.Tenant, ids []int64, now time.Time, reviewedOnly bool) ([]Card, error) {
	out := make([]Card, 0, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.New(conn).ProfileCardList(ctx, db.ProfileCardListParams{Ids: ids, ReviewedOnly: reviewedOnly})
	if err != nil {
		return nil, fmt.Errorf("profile cards: %w", err)
	}
	byID := make(map[int64]db.ProfileCardListRow, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
	}
	visible := func(f string) bool {
		v := t.Settings.VisibleProfileFields
		return len(v) == 0 || slices.Contains(v, f)
	}
	prefix := t.Settings.CDNPrefix
	lang := tenancy.LanguageFrom(ctx) // places are named in the reader's language
	for _, id := range ids {
		r, ok := byID[id]
		if !ok {
			continue
		}
		// Pools may be shared between tenants on purpose, but never crossed.
		if r.Status != "active" || r.Pool != t.ProfilePool {
			continue
		}
		c := Card{ID: r.ID, Name: r.Name, Gender: r.Gender, Country: r.Country, Fictional: r.IsHouse,
			Activity: ActivityOf(r.LastActiveAt, r.IsHouse, r.Invisible, now)}
		if visible("age") && r.DateOfBirth.Valid {
			c.Age = tenancy.Age(r.DateOfBirth.Time, now)
		}
		if visible("region") {
			c.Region, c.RegionName = r.Region, regionName(r.Country, r.Region, lang)
		}
		if visible("city") {
			c.City = geo.PlaceName(r.Country, r.City, lang)
		}
		if r.PhotoFilename != "" {
			img := imageOf(db.Photo{ID: r.PhotoID, Filename: r.PhotoFilename, ThumbFilename: r.PhotoThumb,
				Status: PhotoActive, Width: r.PhotoWidth, Height: r.PhotoHeight}, prefix)
			c.MainImage = &img
		}
		out = append(out, c)
	}
	return out, nil
}

// Filters are a search's criteria: gender, country, region, ages,
// distance from the searcher's place, who is online now, who has a photo
// and who joined lately, and the order. Empty strings, zeros and false
// mean "any".
type Filters struct {
	Gender        string `json:"gender"`
	Country       string `json:"country"`
	CountryRegion string `json:"countryregion"`
	MinAge        int    `json:"min_age"`
	MaxAge        int    `json:"max_age"`
	// Distance is the radius around the searcher's place in the brand's
	// unit (DistanceUnit); 0 is anywhere.
	Distance int  `json:"distance"`
	Online   bool `json:"online"`
	Photo    bool `json:"photo"`
	New      bool `json:"new"`
	// Sort is SortActive, SortNewest or SortDistance.
	Sort    string `json:"sort"`
	Page    int    `json:"page"`
	PerPage int    `json:"per_page"`
	// After is the cursor of the page before (SearchResult.Next): the
	// page after it, with no member twice and none skipped.
	After string `json:"after,omitempty"`
}

// Search orders.
const (
	SortActive   = "active"
	SortNewest   = "newest"
	SortDistance = "distance"
)

// Distance bounds and what "new" means.
const (
	// MaxDistance bounds the radius, in the brand's unit.
	MaxDistance = 500
	// NewMemberDays is how long a member counts as new.
	NewMemberDays = 14
	kmPerMile     = 1.609344
	earthKm       = 6371.0
)

// DistanceUnit is "mi" on brands whose first country is the United States
// and "km" everywhere else.
func DistanceUnit(t *tenancy.Tenant) string {
	if len(t.Countries) > 0 && t.Countries[0] == "US" {
		return "mi"
	}
	return "km"
}

// SearchResult is the answer of members.php.
type SearchResult struct {
	Profiles []Card `json:"profiles"`
	// Total counts the matches up to SearchMaxResults; TotalCapped says
	// there are more ("1000+").
	Total       int  `json:"total"`
	TotalCapped bool `json:"total_capped"`
	// Similar are profiles close to the filters (region dropped, ages
	// widened, country dropped), filled when the exact search finds fewer
	// than half a page.
	Similar []Card `json:"similar"`
	// Search is the search as it was run, defaults filled in.
	Search Filters `json:"search"`
	// SearchFields are the filters this tenant offers.
	SearchFields []string `json:"search_fields"`
	Pages        int      `json:"pages"`
	// Next is the cursor of the next page (Filters.After), empty on the
	// last one.
	Next string `json:"next"`
	// DistanceUnit is the unit of distances, "km" or "mi".
	DistanceUnit string `json:"distance_unit"`
	// AgeLimits are the ages the brand's members may have, which the
	// form's age boxes start from.
	AgeLimits AgeLimits `json:"age_limits"`
}

// AgeLimits are the youngest and oldest age a brand's members may have.
type AgeLimits struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// FilterError is a filter the search refuses: Field names it, Code is
// the stable error code (filter_invalid unless said otherwise).
type FilterError struct {
	Field   string
	Message string
	Code    string
}

// errNoPlace refuses a distance search of a member whose place is unknown.
var errNoPlace = &FilterError{Field: "distance", Code: "place_unknown",
	Message: "Add your city to your profile to search by distance."}

func (e *FilterError) Error() string { return "profiles: bad filter " + e.Field + ": " + e.Message }

// searchFieldsDefault applies when a tenant lists no search_fields.
var searchFieldsDefault = []string{"gender", "country", "countryregion", "min_age", "max_age",
	"distance", "online", "photo", "new", "sort"}

// SearchFields are the filters tenant t offers.
func SearchFields(t *tenancy.Tenant) []string {
	if len(t.Settings.SearchFields) > 0 {
		return t.Settings.SearchFields
	}
	return searchFieldsDefault
}

var countryCode = regexp.MustCompile(`^[A-Z]{2}$`)

// ParseFilters reads and checks the filters of a members.php query for
// tenant t. Filters the tenant does not offer (search_fields) are ignored,
// as its search form does not show them. seeking is the viewer's wish
// ("" logged out), the gender used when the query names none.
func ParseFilters(q url.Values, t *tenancy.Tenant, seeking string) (Filters, error) {
	offered := SearchFields(t)
	on := func(f string) bool { return slices.Contains(offered, f) }
	f := Filters{Page: 1, PerPage: DefaultPerPage}
	minAge := t.Settings.YoungestAge()
	integer := func(field string, lo, hi int, dst *int) error {
		s := strings.TrimSpace(q.Get(field))
		if s == "" {
			return nil
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi {
			return &FilterError{Field: field, Message: fmt.Sprintf("%s must be a whole number from %d to %d.", field, lo, hi)}
		}
		*dst = n
		return nil
	}
	if on("gender") {
		if !q.Has("gender") && seeking != "both" {
			f.Gender = seeking
		} else {
			f.Gender = strings.ToLower(strings.TrimSpace(q.Get("gender")))
		}
		if f.Gender != "" && !slices.Contains(Options["gender"], f.Gender) {
			return f, &FilterError{Field: "gender", Message: "gender must be male or female."}
		}
	}
	if on("country") {
		f.Country = strings.ToUpper(strings.TrimSpace(q.Get("country")))
		if f.Country != "" {
			if _, err := geo.Regions(f.Country); err != nil || !countryCode.MatchString(f.Country) {
				return f, &FilterError{Field: "country", Message: "country must be a country code such as NL."}
			}
		}
	}
	if on("countryregion") {
		f.CountryRegion = strings.ToUpper(strings.TrimSpace(q.Get("countryregion")))
		if f.CountryRegion != "" {
			// ISO 3166-2 codes start with their country: a region alone
			// names its country too.
			country, _, ok := strings.Cut(f.CountryRegion, "-")
			if !ok || (f.Country != "" && country != f.Country) || !knownRegion(country, f.CountryRegion) {
				return f, &FilterError{Field: "countryregion", Message: "countryregion must be a region of the country, such as NL-NH."}
			}
			f.Country = country
		}
	}
	if on("min_age") {
		if err := integer("min_age", minAge, MaxAge, &f.MinAge); err != nil {
			return f, err
		}
	}
	if on("max_age") {
		if err := integer("max_age", minAge, MaxAge, &f.MaxAge); err != nil {
			return f, err
		}
	}
	if f.MinAge > 0 && f.MaxAge > 0 && f.MinAge > f.MaxAge {
		return f, &FilterError{Field: "max_age", Message: "max_age must not be below min_age."}
	}
	if on("distance") {
		if err := integer("distance", 1, MaxDistance, &f.Distance); err != nil {
			return f, err
		}
	}
	flag := func(field string, dst *bool) error {
		switch strings.TrimSpace(q.Get(field)) {
		case "", "0", "false":
		case "1", "true":
			*dst = true
		default:
			return &FilterError{Field: field, Message: field + " must be 1 or 0."}
		}
		return nil
	}
	for field, dst := range map[string]*bool{"online": &f.Online, "photo": &f.Photo, "new": &f.New} {
		if on(field) {
			if err := flag(field, dst); err != nil {
				return f, err
			}
		}
	}
	f.Sort = SortActive
	if on("sort") {
		switch s := strings.TrimSpace(q.Get("sort")); s {
		case "", SortActive:
		case SortNewest, SortDistance:
			f.Sort = s
		default:
			return f, &FilterError{Field: "sort", Message: "sort must be active, newest or distance."}
		}
	}
	f.After = strings.TrimSpace(q.Get("after"))
	if err := integer("per_page", 1, MaxPerPage, &f.PerPage); err != nil {
		return f, err
	}
	if err := integer("page", 1, SearchMaxResults, &f.Page); err != nil {
		return f, err
	}
	if (f.Page-1)*f.PerPage >= SearchMaxResults {
		return f, &FilterError{Field: "page", Message: fmt.Sprintf("Search shows the first %d results; narrow the filters to see others.", SearchMaxResults)}
	}
	return f, nil
}

func knownRegion(country, code string) bool {
	list, err := geo.Regions(country)
	if err != nil {
		return false
	}
	for _, r := range list.Items {
		if r.Code == code {
			return true
		}
	}
	return false
}

// criteria is one search as the queries take it.
type criteria struct {
	gender, country, region string
	minAge, maxAge          int
	// online lists the members with an open live stream (onlineOnly).
	onlineOnly, photo bool
	online            []int64
	joinedSince       pgtype.Timestamptz
	// near limits to reach (a chord of the unit sphere) around center.
	near   bool
	center []float64
	reach  float64
}

func text(s string) pgtype.Text { return pgtype.Text{String: s, Valid: s != ""} }

// bornBetween turns an age range on today into the range of birth dates:
// age a means born after today-(a+1) years and on or before today-a years.
func bornBetween(minAge, maxAge int, today time.Time) (pgtype.Date, pgtype.Date) {
	if minAge <= 0 {
		minAge = 0
	}
	if maxAge <= 0 {
		maxAge = 150
	}
	d := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	from := d.AddDate(-(maxAge + 1), 0, 1)
	to := d.AddDate(-minAge, 0, 0)
	return pgtype.Date{Time: from, Valid: true}, pgtype.Date{Time: to, Valid: true}
}

// placePoint is a position as profile_place makes it: a point on the unit
// sphere.
func placePoint(lat, lon float64) []float64 {
	rad := math.Pi / 180
	return []float64{math.Cos(lat*rad) * math.Cos(lon*rad), math.Cos(lat*rad) * math.Sin(lon*rad), math.Sin(lat * rad)}
}

// chordOf is the straight line through the unit sphere between two places
// km apart along its surface, and kmOf the way back.
func chordOf(km float64) float64 { return 2 * math.Sin(km/(2*earthKm)) }
func kmOf(chord float64) float64 { return 2 * earthKm * math.Asin(math.Min(1, chord/2)) }

// found is one member a search query found, with the key it is ordered by.
type found struct {
	id    int64
	at    time.Time
	chord float64
	// risen: became active since the first page (SearchBecameActive).
	risen bool
	// matches is how many members the query found in all, when it read
	// them all anyway (SearchNearActive); 0 otherwise.
	matches int
}

// runSearch runs a member search on tenant t for viewer (nil logged out),
// whose profile SearchFor has read (me; nil when logged out): only t's
// pool, only active visible profiles, never the viewer, anybody on either
// side of a block of theirs, nor a test or staff account.
func (s *Service) runSearch(ctx context.Context, t *tenancy.Tenant, viewer *Viewer, me *db.ProfileSearcherRow, f Filters) (SearchResult, error) {
	if f.Distance == 0 && f.Sort != SortDistance {
		return s.search(ctx, database.CustomPlans{Conn: s.reader()}, t, viewer, me, f)
	}
	begin, ok := s.reader().(interface {
		BeginTx(context.Context, pgx.TxOptions) (pgx.Tx, error)
	})
	if !ok {
		return s.search(ctx, database.CustomPlans{Conn: s.reader()}, t, viewer, me, f)
	}
	tx, err := begin.BeginTx(ctx, pgx.TxOptions{BeginQuery: beginWalkingPlaces})
	if err != nil {
		return SearchResult{}, fmt.Errorf("search: %w", err)
	}
	defer func() { _ = tx.Rollback(ctx) }() // it only read
	return s.search(ctx, database.CustomPlans{Conn: tx}, t, viewer, me, f)
}

// beginWalkingPlaces begins the transaction of a search by distance, in one
// round trip, with PostgreSQL made to walk the place index rather than
// gather every member in the radius's box before the first (a bitmap
// scan): it takes a box for a handful of rows (cube's estimate knows
// nothing of where members live) where a large radius holds tens of
// thousands, and the walk stops after a page or at the count's cap.
const beginWalkingPlaces = "BEGIN READ ONLY; SET LOCAL enable_bitmapscan = off"

// search is runSearch on conn; the query-plan test passes a conn that
// explains each query too, and no me (search reads it).
func (s *Service) search(ctx context.Context, conn db.DBTX, t *tenancy.Tenant, viewer *Viewer, me *db.ProfileSearcherRow, f Filters) (SearchResult, error) {
	now := s.Now()
	today := now.In(t.Location)
	excluded := []int64{}
	q := db.New(conn)
	if viewer != nil {
		ids, err := AcrossBlocks(ctx, conn, viewer.ID)
		if err != nil {
			return SearchResult{}, err
		}
		excluded = append(ids, viewer.ID)
	}
	// Test and staff accounts are nobody to meet.
	marked, err := q.MarkedMemberIDs(ctx, t.ProfilePool)
	if err != nil {
		return SearchResult{}, fmt.Errorf("search: marked accounts: %w", err)
	}
	excluded = append(excluded, marked...)
	exact := criteria{gender: f.Gender, country: f.Country, region: f.CountryRegion, minAge: f.MinAge, maxAge: f.MaxAge,
		photo: f.Photo, center: []float64{0, 0, 0}}
	if f.New {
		exact.joinedSince = pgtype.Timestamptz{Time: now.AddDate(0, 0, -NewMemberDays), Valid: true}
	}
	if f.Online {
		exact.onlineOnly = true
		if exact.online, err = live.OnlineMembers(ctx, conn); err != nil {
			return SearchResult{}, fmt.Errorf("search: %w", err)
		}
	}
	if f.Distance > 0 || f.Sort == SortDistance {
		if viewer == nil {
			return SearchResult{}, errNoPlace
		}
		if me == nil {
			row, err := db.New(conn).ProfileSearcher(ctx, viewer.ID)
			if err != nil {
				return SearchResult{}, fmt.Errorf("search: place of %d: %w", viewer.ID, err)
			}
			me = &row
		}
		lat, lon, err := placeOf(*me)
		if err != nil {
			return SearchResult{}, err
		}
		exact.center = placePoint(lat, lon)
		if f.Distance > 0 {
			km := float64(f.Distance)
			if DistanceUnit(t) == "mi" {
				km *= kmPerMile
			}
			exact.near, exact.reach = true, chordOf(km)
		}
	}
	cur, err := readCursor(f.After, f.Sort)
	if err != nil {
		return SearchResult{}, err
	}
	if cur.Since == 0 {
		cur.Since = now.UnixMicro()
	}
	if f.After != "" {
		f.Page = cur.Page + 1
	}
	skip := 0
	if f.After == "" {
		skip = (f.Page - 1) * f.PerPage
	}
	run := func(c criteria, limit, skip int, withCount bool) ([]int64, int, error) {
		rows, err := s.page(ctx, q, t.ProfilePool, excluded, today, c, f.Sort, cur, limit, skip)
		ids := make([]int64, len(rows))
		for i, r := range rows {
			ids[i] = r.id
		}
		return ids, 0, err
	}
	count := func() (int, error) {
		from, to := bornBetween(exact.minAge, exact.maxAge, today)
		p := db.SearchCountParams{
			Pool: t.ProfilePool, Gender: text(exact.gender), Country: text(exact.country), Region: text(exact.region),
			BornFrom: from, BornTo: to, Excluded: excluded, Cap: SearchMaxResults + 1,
			OnlineOnly: exact.onlineOnly, Online: orEmpty(exact.online), WithPhoto: exact.photo, JoinedSince: exact.joinedSince,
			Near: exact.near, Center: exact.center, Reach: exact.reach,
		}
		var n int64
		var err error
		if exact.near {
			n, err = q.SearchCountNear(ctx, db.SearchCountNearParams(p))
		} else {
			n, err = q.SearchCount(ctx, p)
		}
		if err != nil {
			return 0, fmt.Errorf("search count: %w", err)
		}
		return int(n), nil
	}
	rows, err := s.page(ctx, q, t.ProfilePool, excluded, today, exact, f.Sort, cur, f.PerPage, skip)
	if err != nil {
		return SearchResult{}, fmt.Errorf("search: %w", err)
	}
	total := len(rows) // a short first page is its own count
	if len(rows) > 0 && rows[0].matches > 0 {
		total = rows[0].matches
	} else if skip > 0 || f.After != "" || len(rows) == f.PerPage {
		if total, err = count(); err != nil {
			return SearchResult{}, err
		}
	}
	ids := make([]int64, len(rows))
	chords := make(map[int64]float64, len(rows))
	for i, r := range rows {
		ids[i] = r.id
		chords[r.id] = r.chord
	}
	f.After = ""
	res := SearchResult{Total: min(total, SearchMaxResults), TotalCapped: total > SearchMaxResults, Search: f,
		SearchFields: SearchFields(t), Similar: []Card{}, DistanceUnit: DistanceUnit(t),
		AgeLimits: AgeLimits{Min: t.Settings.YoungestAge(), Max: MaxAge}}
	res.Pages = (res.Total + f.PerPage - 1) / f.PerPage
	if len(rows) == f.PerPage && f.Page*f.PerPage < SearchMaxResults {
		res.Next = cur.next(f.Sort, f.Page, rows)
	}
	if res.Profiles, err = Cards(ctx, s.reader(), t, ids, now); err != nil {
		return SearchResult{}, err
	}
	if exact.near || f.Sort == SortDistance {
		for i := range res.Profiles {
			d := kmOf(chords[res.Profiles[i].ID])
			if res.DistanceUnit == "mi" {
				d /= kmPerMile
			}
			res.Profiles[i].Distance = math.Round(d*10) / 10
		}
	}
	if f.Page == 1 && total*2 < f.PerPage {
		similar, err := s.similar(ctx, exact, f.PerPage, run, ids)
		if err != nil {
			return SearchResult{}, err
		}
		if res.Similar, err = Cards(ctx, s.reader(), t, similar, now); err != nil {
			return SearchResult{}, err
		}
	}
	return res, nil
}

// page runs one page of c in order sort, after cur's key when it has one
// (else from skip). In the activity order the members who became active
// since the first page and were not shown lead the page; within a radius
// and without a key, the page counts the radius's matches too.
func (s *Service) page(ctx context.Context, q *db.Queries, pool string, excluded []int64, today time.Time,
	c criteria, sort string, cur cursor, limit, skip int) ([]found, error) {
	from, to := bornBetween(c.minAge, c.maxAge, today)
	online := orEmpty(c.online)
	var out []found
	switch sort {
	case SortDistance:
		p := db.SearchNearestParams{Pool: pool, Gender: text(c.gender), Country: text(c.country), Region: text(c.region),
			BornFrom: from, BornTo: to, Excluded: excluded, OnlineOnly: c.onlineOnly, Online: online, WithPhoto: c.photo,
			JoinedSince: c.joinedSince, Near: c.near, Center: c.center, Reach: c.reach, Skip: int32(skip), MaxRows: int32(limit)}
		if cur.ID != 0 {
			p.AfterChord, p.AfterID = pgtype.Float8{Float64: cur.Chord, Valid: true}, cur.ID
		}
		rows, err := q.SearchNearest(ctx, p)
		for _, r := range rows {
			out = append(out, found{id: r.ID, chord: r.Chord})
		}
		return out, err
	case SortNewest:
		p := db.SearchNewestParams{Pool: pool, Gender: text(c.gender), Country: text(c.country), Region: text(c.region),
			BornFrom: from, BornTo: to, Excluded: excluded, OnlineOnly: c.onlineOnly, Online: online, WithPhoto: c.photo,
			JoinedSince: c.joinedSince, Near: c.near, Center: c.center, Reach: c.reach, Skip: int32(skip), MaxRows: int32(limit)}
		if cur.ID != 0 {
			p.BeforeAt, p.BeforeID = pgtype.Timestamptz{Time: time.UnixMicro(cur.At), Valid: true}, cur.ID
		}
		rows, err := q.SearchNewest(ctx, p)
		for _, r := range rows {
			out = append(out, found{id: r.ID, at: r.CreatedAt, chord: r.Chord})
		}
		return out, err
	}
	if cur.ID == 0 && c.near {
		rows, err := q.SearchNearActive(ctx, db.SearchNearActiveParams{Pool: pool, Gender: text(c.gender), Country: text(c.country),
			Region: text(c.region), BornFrom: from, BornTo: to, Excluded: excluded, OnlineOnly: c.onlineOnly, Online: online,
			WithPhoto: c.photo, JoinedSince: c.joinedSince, Center: c.center, Reach: c.reach, Skip: int32(skip), MaxRows: int32(limit)})
		for _, r := range rows {
			out = append(out, found{id: r.ID, at: r.LastActiveAt, chord: r.Chord, matches: int(r.Matches)})
		}
		return out, err
	}
	if cur.ID != 0 {
		risen, err := q.SearchBecameActive(ctx, db.SearchBecameActiveParams{Pool: pool, Gender: text(c.gender),
			Country: text(c.country), Region: text(c.region), BornFrom: from, BornTo: to, Excluded: excluded,
			OnlineOnly: c.onlineOnly, Online: online, WithPhoto: c.photo, JoinedSince: c.joinedSince, Near: c.near,
			Center: c.center, Reach: c.reach, Since: time.UnixMicro(cur.Since),
			Shown: orEmpty(cur.Shown), MaxRows: int32(limit)})
		if err != nil {
			return nil, err
		}
		for _, r := range risen {
			out = append(out, found{id: r.ID, at: r.LastActiveAt, chord: r.Chord, risen: true})
		}
	}
	if len(out) == limit {
		return out, nil
	}
	// Whoever the pages before showed stays away, even one whose activity
	// moved back (a house profile's), behind the key.
	walkExcluded := append(slices.Clip(excluded), cur.Shown...)
	p := db.SearchPageParams{Pool: pool, Gender: text(c.gender), Country: text(c.country), Region: text(c.region),
		BornFrom: from, BornTo: to, Excluded: walkExcluded, OnlineOnly: c.onlineOnly, Online: online, WithPhoto: c.photo,
		JoinedSince: c.joinedSince, Near: c.near, Center: c.center, Reach: c.reach, Skip: int32(skip), MaxRows: int32(limit - len(out))}
	if cur.ID != 0 {
		p.BeforeAt, p.BeforeID = pgtype.Timestamptz{Time: time.UnixMicro(cur.At), Valid: true}, cur.ID
	}
	rows, err := q.SearchPage(ctx, p)
	for _, r := range rows {
		out = append(out, found{id: r.ID, at: r.LastActiveAt, chord: r.Chord})
	}
	return out, err
}

// orEmpty is list, or an empty list for nil: a NULL array matches nothing.
func orEmpty(list []int64) []int64 {
	if list == nil {
		return []int64{}
	}
	return list
}

// placeOf is where the searcher p is: the position stored with their
// profile, else the one of the place they named (a profile saved before
// positions were stored), or errNoPlace.
func placeOf(p db.ProfileSearcherRow) (lat, lon float64, err error) {
	if p.Latitude.Valid && p.Longitude.Valid {
		return p.Latitude.Float64, p.Longitude.Float64, nil
	}
	if lat, lon, ok := geo.Locate(p.Country, p.Region, p.City); ok {
		return lat, lon, nil
	}
	return 0, 0, errNoPlace
}

// similarAgeWidening is how many years similar results widen the ages by.
const similarAgeWidening = 5

// similar relaxes the filters step by step (region, then ages, then
// country) and gathers up to want profiles the exact search did not show.
func (s *Service) similar(ctx context.Context, c criteria, want int,
	run func(criteria, int, int, bool) ([]int64, int, error), shown []int64) ([]int64, error) {
	seen := map[int64]bool{}
	for _, id := range shown {
		seen[id] = true
	}
	var steps []criteria
	if c.region != "" {
		c.region = ""
		steps = append(steps, c)
	}
	if c.minAge > 0 || c.maxAge > 0 {
		if c.minAge > 0 {
			c.minAge = max(c.minAge-similarAgeWidening, 1)
		}
		if c.maxAge > 0 {
			c.maxAge += similarAgeWidening
		}
		steps = append(steps, c)
	}
	if c.country != "" {
		c.country = ""
		steps = append(steps, c)
	}
	out := []int64{}
	for _, step := range steps {
		ids, _, err := run(step, want+len(shown), 0, false)
		if err != nil {
			return nil, fmt.Errorf("similar search: %w", err)
		}
		for _, id := range ids {
			if !seen[id] && len(out) < want {
				seen[id] = true
				out = append(out, id)
			}
		}
		if len(out) >= want {
			break
		}
	}
	return out, nil
}

// Search answers GET /api/members.php?gender=&country=&countryregion=
// &min_age=&max_age=&page=&per_page=: {profiles, total, similar, ...}.
// Logged-out visitors search only where the tenant lets them (the same
// rule as the member view).
func (h Handlers) Search(w http.ResponseWriter, r *http.Request) {
	res, err := h.Service.SearchFor(r, r.URL.Query())
	var bad *FilterError
	if errors.As(err, &bad) {
		code := bad.Code
		if code == "" {
			code = "filter_invalid"
		}
		httpx.WriteError(w, r, refusal.New(refusal.Invalid, code, bad.Message).With(map[string]any{"field": bad.Field}))
		return
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, res)
}

// SearchFor runs the search of query (members.php's parameters) for the
// request's tenant and viewer: identity.ErrAuthenticationRequired for a
// visitor the tenant does not let browse, a *FilterError for a bad filter.
// The search page's first paint (webapp's boot state) runs it too.
func (s *Service) SearchFor(r *http.Request, query url.Values) (SearchResult, error) {
	t := tenancy.FromContext(r.Context())
	v := viewerOf(r)
	if v == nil && !LoggedOutMayBrowse(r, t) {
		return SearchResult{}, identity.ErrAuthenticationRequired
	}
	seeking := ""
	var me *db.ProfileSearcherRow
	if v != nil {
		if p, err := db.New(s.Pool).ProfileSearcher(r.Context(), v.ID); err == nil {
			seeking, me = p.Seeking, &p
		}
	}
	f, err := ParseFilters(query, t, seeking)
	if err != nil {
		return SearchResult{}, err
	}
	return s.runSearch(r.Context(), t, v, me, f)
}

// AcrossBlocks lists the members across a block from member, either way:
// search, the swipe game and the match finder never show them.
func AcrossBlocks(ctx context.Context, conn db.DBTX, member int64) ([]int64, error) {
	ids, err := db.New(conn).AcrossBlocks(ctx, member)
	if err != nil {
		return nil, fmt.Errorf("blocks of %d: %w", member, err)
	}
	return ids, nil
}

// located is the position of member's place as their profile stores it,
// for distance search (geo.Locate); NULL when the place is unknown. It is
// moved by up to spreadDegrees the same way for the same member: members of
// one city are not all at one point, so nearest first has an order among
// them that the place index walks, and a distance tells no more than the
// city does.
func located(member int64, country, region, city string) (lat, lon pgtype.Float8) {
	la, lo, ok := geo.Locate(country, region, city)
	if ok {
		h := uint64(member) * 0x9E3779B97F4A7C15
		h ^= h >> 29
		a := float64(h&0xFFFF)/0xFFFF*2 - 1
		b := float64((h>>16)&0xFFFF)/0xFFFF*2 - 1
		la = max(-90, min(90, la+a*spreadDegrees))
		lo += b * spreadDegrees / max(math.Cos(la*math.Pi/180), 0.1)
		lo = math.Mod(lo+540, 360) - 180
	}
	return pgtype.Float8{Float64: la, Valid: ok}, pgtype.Float8{Float64: lo, Valid: ok}
}

// spreadDegrees is about a kilometre of latitude.
const spreadDegrees = 0.009
