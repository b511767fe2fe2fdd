package profiles_test

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/geo"
	"rendezvous/engine/profiles"
	"rendezvous/engine/server/servertest"
)

// placed makes a woman of the brand at host's tenant living in city and
// stores her position as saving her profile would.
func placed(t *testing.T, env *servertest.Env, tenant, country, region, city string) int64 {
	t.Helper()
	id := accountstest.NewMember(t, env.Pool, accountstest.Member{TenantSlug: tenant, Gender: "female", Seeking: "male",
		Country: country, Region: region, City: city, BirthDate: born(30)}).ID
	lat, lon, ok := geo.Locate(country, region, city)
	if !ok {
		t.Fatalf("no position for %s", city)
	}
	if _, err := env.Pool.Exec(context.Background(), "UPDATE profiles SET latitude = $2, longitude = $3 WHERE id = $1", id, lat, lon); err != nil {
		t.Fatal(err)
	}
	return id
}

// A search reads the searcher's profile once (whom they seek and where
// they are), and a distance search begins its transaction, in which the
// place index is walked, in one round trip.
func TestDistanceSearchStatements(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	names := &servertest.QueryNames{}
	cfg := env.Pool.Config().Copy()
	cfg.ConnConfig.Tracer = names
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	twin := env.TwinOn(t, pool)
	me, _ := twin.LoggedIn(t, nlHost, accountstest.Member{Country: "NL", Region: "NL-NH", City: "Amsterdam"})
	haarlem := placed(t, env, "lustlokaal", "NL", "NL-NH", "Haarlem")
	names.Take()
	r := decode[profiles.SearchResult](t, me.Do(http.MethodGet, "/api/members.php?gender=female&distance=40&sort=distance", nil))
	got := names.Take()
	if !slices.Equal(searchIDs(r.Profiles), []int64{haarlem}) {
		t.Fatalf("found %v, want Haarlem's %d", searchIDs(r.Profiles), haarlem)
	}
	count := func(prefix string) int {
		n := 0
		for _, name := range got {
			if strings.HasPrefix(name, prefix) {
				n++
			}
		}
		return n
	}
	if count("ProfileSearcher") != 1 || count("ProfileByID") != 0 || count("SET LOCAL") != 0 || count("BEGIN READ ONLY; SET LOCAL enable_bitm") != 1 {
		t.Errorf("a distance search ran %v: want ProfileSearcher once, no ProfileByID, and the settings in the BEGIN", got)
	}
	// Most recently active first, the radius's page counts its members as
	// it reads them: a full page needs no count of its own.
	utrecht := placed(t, env, "lustlokaal", "NL", "NL-UT", "Utrecht")
	env.Exec(t, "UPDATE profiles SET last_active_at = now() - interval '1 hour' WHERE id = $1", haarlem)
	names.Take()
	r = decode[profiles.SearchResult](t, me.Do(http.MethodGet, "/api/members.php?gender=female&distance=40&per_page=1", nil))
	got = names.Take()
	if !slices.Equal(searchIDs(r.Profiles), []int64{utrecht}) || r.Total != 2 || r.TotalCapped {
		t.Errorf("most recently active within 40 km, one a page: %v of %d, want Utrecht's %d of 2", searchIDs(r.Profiles), r.Total, utrecht)
	}
	if count("SearchNearActive") != 1 || count("SearchCount") != 0 {
		t.Errorf("the radius's page in activity order ran %v: want SearchNearActive and no count", got)
	}
}

// Distance search finds only the members within the radius of the
// searcher's place, nearest first, with their distance; in miles on a US
// brand.
func TestSearchDistance(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me, _ := env.LoggedIn(t, nlHost, accountstest.Member{Country: "NL", Region: "NL-NH", City: "Amsterdam"})
	haarlem := placed(t, env, "lustlokaal", "NL", "NL-NH", "Haarlem")     // about 18 km
	utrecht := placed(t, env, "lustlokaal", "NL", "NL-UT", "Utrecht")     // about 35 km
	rotterdam := placed(t, env, "lustlokaal", "NL", "NL-ZH", "Rotterdam") // about 57 km
	groningen := placed(t, env, "lustlokaal", "NL", "NL-GR", "Groningen") // about 145 km
	unplaced := accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "female", Seeking: "male", Country: "NL"}).ID
	for _, tc := range []struct {
		query string
		want  []int64
	}{
		{"distance=40&sort=distance", []int64{haarlem, utrecht}},
		{"distance=100&sort=distance", []int64{haarlem, utrecht, rotterdam}},
		{"sort=distance", []int64{haarlem, utrecht, rotterdam, groningen}},
		{"distance=10", []int64{}},
	} {
		r := decode[profiles.SearchResult](t, me.Do(http.MethodGet, "/api/members.php?gender=female&"+tc.query, nil))
		if got := searchIDs(r.Profiles); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.query, got, tc.want)
		}
		if slices.Contains(searchIDs(r.Profiles), unplaced) || r.DistanceUnit != "km" {
			t.Errorf("%s: %v in %s", tc.query, searchIDs(r.Profiles), r.DistanceUnit)
		}
		for i, c := range r.Profiles {
			if c.Distance <= 0 || (i > 0 && c.Distance < r.Profiles[i-1].Distance) {
				t.Errorf("%s: distances %v not ascending", tc.query, r.Profiles)
			}
		}
	}
	// In the activity order too, each card tells its distance.
	r := decode[profiles.SearchResult](t, me.Do(http.MethodGet, "/api/members.php?gender=female&distance=40", nil))
	for _, c := range r.Profiles {
		if c.ID == haarlem && (c.Distance < 12 || c.Distance > 25) {
			t.Errorf("Haarlem at %v km from Amsterdam", c.Distance)
		}
	}
	if len(r.Profiles) != 2 {
		t.Errorf("within 40 km: %v", searchIDs(r.Profiles))
	}

	us, _ := env.LoggedIn(t, usHost, accountstest.Member{TenantSlug: "sparkusa", Country: "US", Region: "US-NY", City: "New York"})
	philadelphia := placed(t, env, "sparkusa", "US", "US-PA", "Philadelphia") // about 80 miles
	for _, tc := range []struct {
		query string
		want  []int64
	}{{"distance=100", []int64{philadelphia}}, {"distance=70", []int64{}}} {
		r := decode[profiles.SearchResult](t, us.Do(http.MethodGet, "/api/members.php?gender=female&"+tc.query, nil))
		if got := searchIDs(r.Profiles); !slices.Equal(got, tc.want) || r.DistanceUnit != "mi" {
			t.Errorf("US %s: %v in %s, want %v in mi", tc.query, got, r.DistanceUnit, tc.want)
		}
	}

	nowhere, _ := env.LoggedIn(t, nlHost, accountstest.Member{Country: "NL"})
	wantStatus(t, nowhere.Do(http.MethodGet, "/api/members.php?distance=25", nil), http.StatusUnprocessableEntity, "place_unknown")
}

// Online now shows the members with a fresh live stream only; with a photo
// those with an active photo; new those who joined in the last 14 days.
func TestSearchOnlinePhotoNew(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	me, _ := env.LoggedIn(t, nlHost, accountstest.Member{})
	woman := func() int64 {
		return accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "female", Seeking: "male", BirthDate: born(30)}).ID
	}
	online, stale, withPhoto, old := woman(), woman(), woman(), woman()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{"INSERT INTO live_instances (id, seen_at) VALUES ('00000000-0000-0000-0000-00000000a001', now()), ('00000000-0000-0000-0000-00000000a002', now() - interval '1 hour')", nil},
		{"INSERT INTO live_presence (instance_id, member_id) VALUES ('00000000-0000-0000-0000-00000000a001', $1), ('00000000-0000-0000-0000-00000000a002', $2)", []any{online, stale}},
		{"INSERT INTO photos (profile_id, filename, thumb_filename, status, position, width, height) VALUES ($1, 'a.jpg', 'a_t.jpg', 'active', 1, 10, 10)", []any{withPhoto}},
		{"UPDATE profiles SET created_at = now() - interval '15 days' WHERE id <> ALL ($1)", []any{[]int64{online, stale, withPhoto}}},
	} {
		if _, err := env.Pool.Exec(ctx, q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		query string
		want  []int64
	}{
		{"online=1", []int64{online}},
		{"photo=1", []int64{withPhoto}},
		{"new=1&sort=newest", []int64{withPhoto, stale, online}},
	} {
		r := decode[profiles.SearchResult](t, me.Do(http.MethodGet, "/api/members.php?gender=female&"+tc.query, nil))
		if got := searchIDs(r.Profiles); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v (old %d)", tc.query, got, tc.want, old)
		}
	}
}

// Paging on with the next cursor while members become active shows every
// member once: one shown already does not come back, one not shown yet
// leads the next page instead of being skipped.
func TestSearchKeysetPagingWhileMembersBecomeActive(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	me, _ := env.LoggedIn(t, nlHost, accountstest.Member{})
	var all []int64
	for i := range 10 {
		id := accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "female", Seeking: "male", BirthDate: born(30)}).ID
		if _, err := env.Pool.Exec(ctx, "UPDATE profiles SET last_active_at = now() - make_interval(mins => $2) WHERE id = $1", id, 10+i); err != nil {
			t.Fatal(err)
		}
		all = append(all, id)
	}
	seen := map[int64]int{}
	query := url.Values{"gender": {"female"}, "per_page": {"3"}}
	for page := 1; ; page++ {
		r := decode[profiles.SearchResult](t, me.Do(http.MethodGet, "/api/members.php?"+query.Encode(), nil))
		if r.Search.Page != page {
			t.Errorf("page %d answered as page %d", page, r.Search.Page)
		}
		for _, c := range r.Profiles {
			seen[c.ID]++
		}
		if page == 1 {
			// One on this page and one two pages on become active.
			if _, err := env.Pool.Exec(ctx, "UPDATE profiles SET last_active_at = now() WHERE id = ANY ($1)", []int64{all[0], all[7]}); err != nil {
				t.Fatal(err)
			}
			if got := searchIDs(r.Profiles); !slices.Equal(got, all[:3]) {
				t.Fatalf("page 1 %v, want %v", got, all[:3])
			}
		}
		if page == 2 && (len(r.Profiles) == 0 || r.Profiles[0].ID != all[7]) {
			t.Errorf("page 2 %v does not start with %d, who became active", searchIDs(r.Profiles), all[7])
		}
		if r.Next == "" || page > 10 {
			break
		}
		query.Set("after", r.Next)
	}
	for _, id := range all {
		if seen[id] != 1 {
			t.Errorf("member %d shown %d times: %v", id, seen[id], seen)
		}
	}
}

// Bad discovery filters and cursors get 422 filter_invalid naming the field.
func TestSearchBadDiscoveryFilters(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me, _ := env.LoggedIn(t, nlHost, accountstest.Member{City: "Amsterdam", Region: "NL-NH"})
	for _, tc := range []struct{ query, field string }{
		{"distance=0", "distance"},
		{"distance=501", "distance"},
		{"distance=ten", "distance"},
		{"online=yes", "online"},
		{"photo=2", "photo"},
		{"new=maybe", "new"},
		{"sort=closest", "sort"},
		{"after=not-a-cursor", "after"},
		{"after=eyJzIjoibmV3ZXN0IiwicCI6MSwiaSI6NX0&sort=distance", "after"},
	} {
		res := me.Do(http.MethodGet, "/api/members.php?"+tc.query, nil)
		wantStatus(t, res, http.StatusUnprocessableEntity, "filter_invalid")
		if f := decode[struct{ Field string }](t, res).Field; f != tc.field {
			t.Errorf("%s: field %q, want %q", tc.query, f, tc.field)
		}
	}
}

// Profiles written without a position (before positions were stored) are
// placed by the place job, and distance search finds them after it.
func TestLocateUnplacedPlacesOldProfiles(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me, _ := env.LoggedIn(t, nlHost, accountstest.Member{Country: "NL", Region: "NL-NH", City: "Amsterdam"})
	old := accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "female", Seeking: "male", Country: "NL", Region: "NL-NH", City: "Haarlem", BirthDate: born(30)}).ID
	nowhere := accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "female", Seeking: "male", Country: "NL", City: "Atlantis", BirthDate: born(30)}).ID
	near := func() []int64 {
		return searchIDs(decode[profiles.SearchResult](t, me.Do(http.MethodGet, "/api/members.php?gender=female&distance=30", nil)).Profiles)
	}
	if got := near(); slices.Contains(got, old) {
		t.Fatalf("%d found before it has a position: %v", old, got)
	}
	s := &profiles.Service{Pool: env.Pool, Now: time.Now}
	if _, err := s.LocateUnplaced(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := near(); !slices.Contains(got, old) || slices.Contains(got, nowhere) {
		t.Errorf("within 30 km after the place job: %v, want %d and not %d", got, old, nowhere)
	}
}
