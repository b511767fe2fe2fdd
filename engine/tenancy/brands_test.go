package tenancy_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/tenancy"
)

// brandsAnswer is brands.php's answer.
type brandsAnswer struct {
	Company string
	Brands  []tenancy.Brand
}

// TestOtherBrands: with member_resell on, a member of LustLokaal (Lokaal
// Media) is shown the company's other live brands that serve their country
// and niche (the same niche or a general site), never another company's
// brand; nothing with member_resell off.
func TestOtherBrands(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	files := demoFiles(t)
	byslug := map[string]tenancy.File{}
	for _, f := range files {
		byslug[f.Slug] = f
	}
	brand := func(from, slug, name string, niche int, countries []string, company string) tenancy.File {
		f := byslug[from]
		f.Slug, f.Name, f.Hosts, f.Niche, f.Countries = slug, name, []string{slug + ".localhost"}, niche, countries
		if company != "" {
			f.Company = byslug[company].Company
		}
		return f
	}
	lust := byslug["lustlokaal"]
	lust.Settings.MemberResell = true
	files = []tenancy.File{
		lust, byslug["herzklopfen"], byslug["sparkusa"],
		brand("lustlokaal", "lokaaldates", "Lokaal Dates", 1, []string{"NL", "BE"}, ""),
		brand("lustlokaal", "lokaalmilf", "Lokaal MILF", 6, []string{"NL"}, ""),       // another niche
		brand("lustlokaal", "lokaalbelgie", "Lokaal België", 1, []string{"BE"}, ""),   // another country
		brand("sparkusa", "flirtnl", "Flirt NL", 1, []string{"NL", "BE"}, "sparkusa"), // another company
		brand("herzklopfen", "herznl", "Herz NL", 1, []string{"NL"}, "herzklopfen"),   // another company
	}
	noResell := brand("lustlokaal", "lokaalquiet", "Lokaal Quiet", 1, []string{"NL"}, "")
	noResell.Settings.MemberResell = false
	files = append(files, noResell)
	if _, err := tenancy.Import(ctx, pool, files, false); err != nil {
		t.Fatal(err)
	}
	dir := tenancy.NewDirectory(pool, slog.New(slog.DiscardHandler))
	// The visitor's country comes from the test servers' cookie.
	h := tenancy.Handlers{Brands: dir, Links: &tenancy.Links{Port: "8080"}, Locator: tenancy.Locator{DevOverride: true}}
	ask := func(host, country string) brandsAnswer {
		t.Helper()
		tn, err := dir.ByHost(ctx, host)
		if err != nil {
			t.Fatal(err)
		}
		r := httptest.NewRequest(http.MethodGet, "http://"+host+"/api/brands.php", nil)
		r.AddCookie(&http.Cookie{Name: tenancy.DevCountryCookie, Value: country})
		r = r.WithContext(tenancy.WithTenant(r.Context(), tn))
		w := httptest.NewRecorder()
		h.OtherBrandsHandler(w, r)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: status %d %s", host, w.Code, w.Body)
		}
		var a brandsAnswer
		if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		return a
	}
	names := func(a brandsAnswer) []string {
		out := []string{}
		for _, b := range a.Brands {
			out = append(out, b.Name)
		}
		return out
	}
	for _, c := range []struct {
		name, host, country string
		want                []string
	}{
		{"Dutch member of LustLokaal", "localhost", "NL", []string{"Lokaal Dates", "Lokaal Quiet"}},
		{"Belgian member of LustLokaal", "localhost", "BE", []string{"Lokaal Dates", "Lokaal België"}},
		{"member_resell off", "lokaalquiet.localhost", "NL", []string{}},
		{"another company's brand with member_resell off", "us.localhost", "US", []string{}},
	} {
		a := ask(c.host, c.country)
		if got := names(a); !slices.Equal(got, c.want) {
			t.Errorf("%s: brands %v, want %v", c.name, got, c.want)
		}
	}
	a := ask("localhost", "NL")
	if a.Company != "Lokaal Media B.V." || a.Brands[0].URL != "http://lokaaldates.localhost:8080/" {
		t.Fatalf("answer %+v", a)
	}
}
