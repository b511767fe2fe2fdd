package profiles_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/profiles"
	"rendezvous/engine/server/servertest"
)

func searchIDs(list []profiles.Card) []int64 {
	out := make([]int64, len(list))
	for i, c := range list {
		out[i] = c.ID
	}
	return out
}

// born is a date of birth that makes someone age years old today.
func born(age int) time.Time {
	now := time.Now().UTC()
	return time.Date(now.Year()-age, now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, -1, 0)
}

// Search filters by gender, country, region and ages, pages, counts, and
// never shows invisible, blocked, blocking, deletion-pending, own or
// foreign profiles.
func TestSearch(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	me, made := env.LoggedIn(t, nlHost, accountstest.Member{Gender: "male", Seeking: "female"})
	woman := func(m accountstest.Member) int64 {
		m.Gender, m.Seeking = "female", "male"
		return accountstest.NewMember(t, env.Pool, m).ID
	}
	nh25 := woman(accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: born(25)})
	nh40 := woman(accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: born(40)})
	ut30 := woman(accountstest.Member{Country: "NL", Region: "NL-UT", BirthDate: born(30)})
	be33 := woman(accountstest.Member{Country: "BE", Region: "BE-VAN", BirthDate: born(33)})
	man := accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "male", Seeking: "female", Country: "NL", Region: "NL-NH", BirthDate: born(30)}).ID
	invisible := woman(accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: born(30), Invisible: true})
	blocker := woman(accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: born(30)})
	blocked := woman(accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: born(30)})
	pending := woman(accountstest.Member{Country: "NL", Region: "NL-NH", BirthDate: born(30)})
	foreign := woman(accountstest.Member{TenantSlug: "herzklopfen", Country: "DE", BirthDate: born(30)})
	for _, q := range []string{
		"INSERT INTO blocks (blocker_id, blocked_id) VALUES (" + strconv.FormatInt(blocker, 10) + ", " + strconv.FormatInt(made.ID, 10) + ")",
		"INSERT INTO blocks (blocker_id, blocked_id) VALUES (" + strconv.FormatInt(made.ID, 10) + ", " + strconv.FormatInt(blocked, 10) + ")",
		"UPDATE profiles SET status = 'hidden' WHERE id = " + strconv.FormatInt(pending, 10),
		"UPDATE members SET status = 'deletion_pending' WHERE id = " + strconv.FormatInt(pending, 10),
		// A fixed order of activity: the newest first.
		"UPDATE profiles SET last_active_at = now() - interval '1 minute' WHERE id = " + strconv.FormatInt(nh25, 10),
		"UPDATE profiles SET last_active_at = now() - interval '2 minutes' WHERE id = " + strconv.FormatInt(ut30, 10),
		"UPDATE profiles SET last_active_at = now() - interval '3 minutes' WHERE id = " + strconv.FormatInt(be33, 10),
		"UPDATE profiles SET last_active_at = now() - interval '4 minutes' WHERE id = " + strconv.FormatInt(nh40, 10),
		"UPDATE profiles SET last_active_at = now() - interval '5 minutes' WHERE id = " + strconv.FormatInt(man, 10),
	} {
		if _, err := env.Pool.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	never := []int64{invisible, blocker, blocked, pending, foreign, made.ID}

	for _, tc := range []struct {
		name  string
		query string
		want  []int64
		total int
	}{
		{"own wish when no gender is named", "", []int64{nh25, ut30, be33, nh40}, 4},
		{"any gender", "?gender=", []int64{nh25, ut30, be33, nh40, man}, 5},
		{"men", "?gender=male", []int64{man}, 1},
		{"country", "?gender=female&country=NL", []int64{nh25, ut30, nh40}, 3},
		{"country in lower case", "?gender=female&country=be", []int64{be33}, 1},
		{"region names its country", "?gender=female&countryregion=NL-NH", []int64{nh25, nh40}, 2},
		{"ages", "?gender=female&min_age=29&max_age=35", []int64{ut30, be33}, 2},
		{"exact age bounds", "?gender=female&min_age=25&max_age=25", []int64{nh25}, 1},
		{"page 2 of 2 a page", "?gender=female&per_page=2&page=2", []int64{be33, nh40}, 4},
		{"beyond the last page", "?gender=female&per_page=2&page=3", []int64{}, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := me.Do(http.MethodGet, "/api/members.php"+tc.query, nil)
			wantStatus(t, res, http.StatusOK, "")
			r := decode[profiles.SearchResult](t, res)
			if got := searchIDs(r.Profiles); !slices.Equal(got, tc.want) {
				t.Errorf("profiles %v, want %v", got, tc.want)
			}
			if r.Total != tc.total || r.TotalCapped {
				t.Errorf("total %d (capped %v), want %d", r.Total, r.TotalCapped, tc.total)
			}
			for _, id := range never {
				if slices.Contains(searchIDs(r.Profiles), id) || slices.Contains(searchIDs(r.Similar), id) {
					t.Errorf("search shows %d", id)
				}
			}
		})
	}

	t.Run("similar results relax the filters", func(t *testing.T) {
		t.Parallel()
		res := me.Do(http.MethodGet, "/api/members.php?gender=female&countryregion=NL-UT&min_age=27&max_age=28", nil)
		wantStatus(t, res, http.StatusOK, "")
		r := decode[profiles.SearchResult](t, res)
		if len(r.Profiles) != 0 || r.Total != 0 {
			t.Fatalf("exact %v", searchIDs(r.Profiles))
		}
		// Ages widened by 5 find nh25 and ut30; dropping the country adds
		// be33. nh40 stays too old.
		got := searchIDs(r.Similar)
		for _, id := range []int64{nh25, ut30, be33} {
			if !slices.Contains(got, id) {
				t.Errorf("similar %v lacks %d", got, id)
			}
		}
		if slices.Contains(got, nh40) || slices.Contains(got, man) {
			t.Errorf("similar %v holds a profile too far off", got)
		}
		// Enough exact results: no similar ones.
		r = decode[profiles.SearchResult](t, me.Do(http.MethodGet, "/api/members.php?gender=female&per_page=4", nil))
		if len(r.Similar) != 0 {
			t.Errorf("similar %v beside %d results", searchIDs(r.Similar), len(r.Profiles))
		}
	})

	t.Run("cards", func(t *testing.T) {
		t.Parallel()
		r := decode[profiles.SearchResult](t, me.Do(http.MethodGet, "/api/members.php?gender=female&countryregion=NL-NH&min_age=25&max_age=25", nil))
		if len(r.Profiles) != 1 {
			t.Fatalf("profiles %v", searchIDs(r.Profiles))
		}
		c := r.Profiles[0]
		if c.Age != 25 || c.Region != "NL-NH" || c.RegionName == "" || c.Country != "NL" || c.Name == "" {
			t.Errorf("card %+v", c)
		}
		if r.Search.CountryRegion != "NL-NH" || r.Search.Country != "NL" || r.Search.PerPage != profiles.DefaultPerPage {
			t.Errorf("search state %+v", r.Search)
		}
	})
}

// Bad filters get 422 filter_invalid naming the field, never a 500.
func TestSearchBadFilters(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	me, _ := env.LoggedIn(t, nlHost, accountstest.Member{})
	for _, tc := range []struct{ query, field string }{
		{"gender=robot", "gender"},
		{"country=Netherlands", "country"},
		{"country=XX", "country"},
		{"countryregion=NL-XX", "countryregion"},
		{"country=BE&countryregion=NL-NH", "countryregion"},
		{"countryregion=NH", "countryregion"},
		{"min_age=12", "min_age"},
		{"max_age=abc", "max_age"},
		{"max_age=100", "max_age"},
		{"min_age=40&max_age=30", "max_age"},
		{"per_page=0", "per_page"},
		{"per_page=61", "per_page"},
		{"page=0", "page"},
		{"page=-1", "page"},
		{"page=51&per_page=20", "page"},
		{"page=1e3", "page"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			t.Parallel()
			res := me.Do(http.MethodGet, "/api/members.php?"+tc.query, nil)
			wantStatus(t, res, http.StatusUnprocessableEntity, "filter_invalid")
			if f := decode[struct{ Field string }](t, res).Field; f != tc.field {
				t.Errorf("field %q, want %q", f, tc.field)
			}
		})
	}
}

// Logged-out search follows logged_out_search and
// logged_out_search_trafficsource; each tenant searches its own pool with
// its own search_fields.
func TestSearchTenants(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	nl := accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "female", Seeking: "male"})
	de := accountstest.NewMember(t, env.Pool, accountstest.Member{TenantSlug: "herzklopfen", Gender: "female", Seeking: "male"})
	us := accountstest.NewMember(t, env.Pool, accountstest.Member{TenantSlug: "sparkusa", Gender: "female", Seeking: "male"})
	for _, tc := range []struct {
		name, host, path string
		status           int
		want             int64
	}{
		{"nl logged out (logged_out_search)", nlHost, "/api/members.php", http.StatusOK, nl.ID},
		{"de logged out without a traffic source", deHost, "/api/members.php", http.StatusForbidden, 0},
		{"de logged out with a traffic source", deHost, "/api/members.php?network=aff1", http.StatusOK, de.ID},
		{"us ignores country, which it does not offer", usHost, "/api/members.php?country=NL", http.StatusOK, us.ID},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := env.Client(t, tc.host).Do(http.MethodGet, tc.path, nil)
			if tc.status != http.StatusOK {
				wantStatus(t, res, tc.status, "authentication_required")
				return
			}
			wantStatus(t, res, http.StatusOK, "")
			r := decode[profiles.SearchResult](t, res)
			got := searchIDs(r.Profiles)
			if !slices.Equal(got, []int64{tc.want}) {
				t.Errorf("profiles %v, want only %d", got, tc.want)
			}
			if tc.host == usHost && (r.Search.Country != "" || slices.Contains(r.SearchFields, "country")) {
				t.Errorf("search %+v with fields %v", r.Search, r.SearchFields)
			}
		})
	}
}

// TestPlaceNamesInReadersLanguage: a profile's city and region (stored as the
// geo data names them, in English for Belgium) read in the reader's site
// language in search cards and on the profile.
func TestPlaceNamesInReadersLanguage(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	m := accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "female", Seeking: "male", Country: "BE", Region: "BE-BRU", City: "Brussels"})
	for _, tc := range []struct {
		name, cookie, city, region string
	}{
		{"dutch brand", "", "Brussel", "Brussel"},
		{"dutch brand read in english", "en", "Brussels", "Brussels"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := env.Client(t, nlHost)
			if tc.cookie != "" {
				u, _ := url.Parse("http://" + c.Host + "/")
				c.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: "locale", Value: tc.cookie}})
			}
			res := c.Do(http.MethodGet, "/api/members.php?country=BE", nil)
			wantStatus(t, res, http.StatusOK, "")
			r := decode[profiles.SearchResult](t, res)
			if len(r.Profiles) != 1 || r.Profiles[0].ID != m.ID || r.Profiles[0].City != tc.city || r.Profiles[0].RegionName != tc.region {
				t.Fatalf("cards %+v, want %d in %s, %s", r.Profiles, m.ID, tc.city, tc.region)
			}
			res = c.Do(http.MethodGet, fmt.Sprintf("/api/member.php?id=%d", m.ID), nil)
			wantStatus(t, res, http.StatusOK, "")
			v := decode[struct{ Profile map[string]any }](t, res).Profile
			if v["city"] != tc.city || v["region_name"] != tc.region {
				t.Errorf("profile in %v, %v; want %s, %s: %s", v["city"], v["region_name"], tc.city, tc.region, res.Body)
			}
		})
	}
}
