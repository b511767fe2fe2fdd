package profiles

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/geo"
	"rendezvous/engine/identity"
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

// Filters are a search's criteria: gender, country, region and ages.
// Empty strings and zero ages mean "any".
type Filters struct {
	Gender        string `json:"gender"`
	Country       string `json:"country"`
	CountryRegion string `json:"countryregion"`
	MinAge        int    `json:"min_age"`
	MaxAge        int    `json:"max_age"`
	Page          int    `json:"page"`
	PerPage       int    `json:"per_page"`
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
}

// FilterError is a filter the search refuses: Field names it.
type FilterError struct {
	Field   string
	Message string
}

func (e *FilterError) Error() string { return "profiles: bad filter " + e.Field + ": " + e.Message }

// searchFieldsDefault applies when a tenant lists no search_fields.
var searchFieldsDefault = []string{"gender", "country", "countryregion", "min_age", "max_age"}

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

// Search runs a member search on tenant t for viewer (nil logged out):
// only t's pool, only active visible profiles, never the viewer, anybody
// on either side of a block of theirs, nor a test or staff account.
func (s *Service) Search(ctx context.Context, t *tenancy.Tenant, viewer *Viewer, f Filters) (SearchResult, error) {
	return s.search(ctx, database.CustomPlans{Conn: s.reader()}, t, viewer, f)
}

// search is Search on conn; the query-plan test passes a conn that
// explains each query too.
func (s *Service) search(ctx context.Context, conn db.DBTX, t *tenancy.Tenant, viewer *Viewer, f Filters) (SearchResult, error) {
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
	run := func(c criteria, limit, skip int, withCount bool) ([]int64, int, error) {
		from, to := bornBetween(c.minAge, c.maxAge, today)
		ids, err := q.SearchPage(ctx, db.SearchPageParams{
			Pool: t.ProfilePool, Gender: text(c.gender), Country: text(c.country), Region: text(c.region),
			BornFrom: from, BornTo: to, Excluded: excluded, Skip: int32(skip), MaxRows: int32(limit),
		})
		if err != nil || !withCount {
			return ids, 0, err
		}
		// A short first page is its own count.
		if skip == 0 && len(ids) < limit {
			return ids, len(ids), nil
		}
		n, err := q.SearchCount(ctx, db.SearchCountParams{
			Pool: t.ProfilePool, Gender: text(c.gender), Country: text(c.country), Region: text(c.region),
			BornFrom: from, BornTo: to, Excluded: excluded, Cap: SearchMaxResults + 1,
		})
		return ids, int(n), err
	}
	exact := criteria{gender: f.Gender, country: f.Country, region: f.CountryRegion, minAge: f.MinAge, maxAge: f.MaxAge}
	ids, total, err := run(exact, f.PerPage, (f.Page-1)*f.PerPage, true)
	if err != nil {
		return SearchResult{}, fmt.Errorf("search: %w", err)
	}
	res := SearchResult{Total: min(total, SearchMaxResults), TotalCapped: total > SearchMaxResults, Search: f,
		SearchFields: SearchFields(t), Similar: []Card{}}
	res.Pages = (res.Total + f.PerPage - 1) / f.PerPage
	if res.Profiles, err = Cards(ctx, s.reader(), t, ids, now); err != nil {
		return SearchResult{}, err
	}
	if total*2 < f.PerPage {
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
		httpx.WriteError(w, r, refusal.New(refusal.Invalid, "filter_invalid", bad.Message).With(map[string]any{"field": bad.Field}))
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
	if v != nil {
		if p, err := db.New(s.Pool).ProfileByID(r.Context(), v.ID); err == nil {
			seeking = p.Seeking
		}
	}
	f, err := ParseFilters(query, t, seeking)
	if err != nil {
		return SearchResult{}, err
	}
	return s.Search(r.Context(), t, v, f)
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
