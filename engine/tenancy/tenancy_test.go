package tenancy_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func demoFiles(t *testing.T) []tenancy.File {
	t.Helper()
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 3 {
		t.Fatalf("want at least 3 demo tenants, got %d", len(files))
	}
	return files
}

func TestDemoTenantsDiffer(t *testing.T) {
	t.Parallel()
	files := demoFiles(t)
	seen := map[string]map[string]bool{"theme": {}, "niche": {}, "locale": {}, "company": {}, "pool": {}}
	for _, f := range files[:3] {
		seen["theme"][f.Theme] = true
		seen["niche"][string(rune('0'+f.Niche))] = true
		seen["locale"][f.DefaultLocale] = true
		seen["company"][f.Company.Slug] = true
		seen["pool"][f.ProfilePool] = true
	}
	for what, values := range seen {
		if len(values) != 3 {
			t.Errorf("the three demo tenants share a %s: %v", what, values)
		}
	}
}

func TestImportAndResolve(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	files := demoFiles(t)
	if _, err := tenancy.Import(ctx, pool, files, false); err != nil {
		t.Fatal(err)
	}
	dir := tenancy.NewDirectory(pool, slog.New(slog.DiscardHandler))
	cases := []struct {
		host, slug string
	}{
		{"localhost", "lustlokaal"},
		{"localhost:8080", "lustlokaal"},
		{"LustLokaal.localhost", "lustlokaal"},
		{"de.localhost:1234", "herzklopfen"},
		{"herzklopfen.localhost.", "herzklopfen"},
		{"us.localhost", "sparkusa"},
	}
	for _, c := range cases {
		got, err := dir.ByHost(ctx, c.host)
		if err != nil {
			t.Fatalf("%s: %v", c.host, err)
		}
		if got.Slug != c.slug {
			t.Errorf("%s: got tenant %s, want %s", c.host, got.Slug, c.slug)
		}
	}
	for _, host := range []string{"example.com", "evil.localhost", "", "localhost.evil.com"} {
		if _, err := dir.ByHost(ctx, host); err != tenancy.ErrNotFound {
			t.Errorf("%q: got %v, want ErrNotFound", host, err)
		}
	}
	nl, _ := dir.ByHost(ctx, "localhost")
	if nl.PrimaryHost != "localhost" || nl.Company.Name != "Lokaal Media B.V." || nl.Settings.SignupCredits != 50 {
		t.Errorf("tenant not read back whole: %+v", nl)
	}
	if nl.VAPIDPublicKey == "" || nl.VAPIDPrivateKey == "" {
		t.Error("import must generate VAPID keys")
	}
	if nl.Location.String() != "Europe/Amsterdam" {
		t.Errorf("location %v", nl.Location)
	}
	if byID, err := dir.ByID(ctx, nl.ID); err != nil || byID != nl {
		t.Errorf("ByID(%d): %v %v", nl.ID, byID, err)
	}
	if _, err := dir.ByID(ctx, -1); err != tenancy.ErrNotFound {
		t.Errorf("ByID(-1): %v, want ErrNotFound", err)
	}
}

func TestImportKeepsDatabaseAsSourceOfTruth(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	files := demoFiles(t)
	if _, err := tenancy.Import(ctx, pool, files, false); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "UPDATE tenants SET name = 'Renamed' WHERE slug = 'lustlokaal'"); err != nil {
		t.Fatal(err)
	}
	var key string
	_ = pool.QueryRow(ctx, "SELECT vapid_public_key FROM tenants WHERE slug = 'lustlokaal'").Scan(&key)

	results, err := tenancy.Import(ctx, pool, files, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if !r.Skipped {
			t.Errorf("%s re-imported without overwrite", r.Slug)
		}
	}
	var name string
	_ = pool.QueryRow(ctx, "SELECT name FROM tenants WHERE slug = 'lustlokaal'").Scan(&name)
	if name != "Renamed" {
		t.Fatalf("plain import overwrote the database: name %q", name)
	}

	if _, err := tenancy.Import(ctx, pool, files, true); err != nil {
		t.Fatal(err)
	}
	var key2 string
	_ = pool.QueryRow(ctx, "SELECT name, vapid_public_key FROM tenants WHERE slug = 'lustlokaal'").Scan(&name, &key2)
	if name != "LustLokaal" {
		t.Errorf("overwrite did not restore the file: %q", name)
	}
	if key2 != key {
		t.Error("re-import must keep the VAPID keys")
	}
}

func TestImportRefusesHostOfAnotherTenant(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	files := demoFiles(t)
	if _, err := tenancy.Import(ctx, pool, files, false); err != nil {
		t.Fatal(err)
	}
	thief := files[1]
	thief.Hosts = append([]string{}, thief.Hosts...)
	thief.Hosts = append(thief.Hosts, "localhost")
	if _, err := tenancy.Import(ctx, pool, []tenancy.File{thief}, true); err == nil {
		t.Fatal("a tenant took another tenant's host")
	}
	dir := tenancy.NewDirectory(pool, slog.New(slog.DiscardHandler))
	if got, _ := dir.ByHost(ctx, "localhost"); got == nil || got.Slug != "lustlokaal" {
		t.Fatalf("localhost now serves %v", got)
	}
}

func TestValidateRejectsBadFiles(t *testing.T) {
	t.Parallel()
	good := demoFiles(t)[0]
	cases := map[string]func(f *tenancy.File){
		"bad slug":           func(f *tenancy.File) { f.Slug = "Bad Slug" },
		"no hosts":           func(f *tenancy.File) { f.Hosts = nil },
		"upper host":         func(f *tenancy.File) { f.Hosts = []string{"Example.com"} },
		"niche 0":            func(f *tenancy.File) { f.Niche = 0 },
		"niche 8":            func(f *tenancy.File) { f.Niche = 8 },
		"locale xx":          func(f *tenancy.File) { f.Locales = []string{"xx"} },
		"default missing":    func(f *tenancy.File) { f.DefaultLocale = "fr" },
		"country lower":      func(f *tenancy.File) { f.Countries = []string{"nl"} },
		"zone":               func(f *tenancy.File) { f.TimeZone = "Mars/Olympus" },
		"signups":            func(f *tenancy.File) { f.Settings.Signups = "some" },
		"popup":              func(f *tenancy.File) { f.Settings.EnableSiteEntryPopup = "maybe" },
		"min age":            func(f *tenancy.File) { f.Settings.MinAge = 16 },
		"welcome hours -1":   func(f *tenancy.File) { f.Settings.WelcomeDiscountHours = -1 },
		"welcome hours 8761": func(f *tenancy.File) { f.Settings.WelcomeDiscountHours = 8761 },
		"company":            func(f *tenancy.File) { f.Company.Slug = "" },
	}
	if err := good.Validate(); err != nil {
		t.Fatalf("demo file invalid: %v", err)
	}
	for name, mutate := range cases {
		f := good
		f.Hosts = append([]string{}, good.Hosts...)
		mutate(&f)
		if err := f.Validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestWelcomeDiscountValidity: a brand's welcome code lasts its
// welcome_discount_hours; 0 (or absent) is a week.
func TestWelcomeDiscountValidity(t *testing.T) {
	t.Parallel()
	for hours, want := range map[int]time.Duration{0: 168 * time.Hour, 1: time.Hour, 72: 72 * time.Hour, 8760: 8760 * time.Hour} {
		s := tenancy.Settings{WelcomeDiscountHours: hours}
		if got := s.WelcomeDiscountValidity(); got != want {
			t.Errorf("welcome_discount_hours %d: %v, want %v", hours, got, want)
		}
	}
	f := demoFiles(t)[0]
	f.Settings.WelcomeDiscountHours = 0
	if err := f.Validate(); err != nil {
		t.Fatalf("welcome_discount_hours 0 refused: %v", err)
	}
}

// Two engine instances on one database: a change through one reaches the
// other's cache through LISTEN/NOTIFY.
func TestDirectoryFollowsChangesAcrossInstances(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool := pgtest.New(t)
	if _, err := tenancy.Import(ctx, pool, demoFiles(t), false); err != nil {
		t.Fatal(err)
	}
	other := tenancy.NewDirectory(pool, slog.New(slog.DiscardHandler))
	if got, _ := other.ByHost(ctx, "localhost"); got.Name != "LustLokaal" {
		t.Fatalf("name %q", got.Name)
	}
	listening := make(chan struct{})
	go func() {
		// Listen invalidates once connected; wait for that before changing.
		close(listening)
		other.Listen(ctx)
	}()
	<-listening
	deadline := time.Now().Add(10 * time.Second)
	for i := 0; ; i++ {
		// Each round changes the name again, so a change made before the
		// listener was connected cannot be the one observed.
		want := "Renamed " + strings.Repeat("x", i%5)
		if _, err := pool.Exec(ctx, "UPDATE tenants SET name = $1 WHERE slug = 'lustlokaal'", want); err != nil {
			t.Fatal(err)
		}
		waitUntil := time.Now().Add(500 * time.Millisecond)
		for time.Now().Before(waitUntil) {
			got, err := other.ByHost(ctx, "localhost")
			if err != nil {
				t.Fatal(err)
			}
			if got.Name == want {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		if time.Now().After(deadline) {
			t.Fatal("the other instance never saw the change")
		}
	}
}

func TestNegotiateLocale(t *testing.T) {
	t.Parallel()
	nl := &tenancy.Tenant{Locales: []string{"nl", "en"}, DefaultLocale: "nl", Settings: tenancy.Settings{DomainLanguage: "nl_NL"}}
	multi := &tenancy.Tenant{Locales: []string{"de", "fr", "it", "en"}, DefaultLocale: "en"}
	cases := []struct {
		name    string
		tenant  *tenancy.Tenant
		cookie  string
		member  string
		accept  string
		country string
		want    string
	}{
		{"cookie wins", nl, "en", "nl", "", "", "en"},
		{"cookie of another tenant ignored", nl, "fr", "", "", "", "nl"},
		{"member language", nl, "", "en", "", "", "en"},
		{"domain language", nl, "", "", "en-US", "", "nl"},
		{"accept language", multi, "", "", "fr-CH, de;q=0.8", "", "fr"},
		{"accept norwegian maps to nb", &tenancy.Tenant{Locales: []string{"nb", "en"}, DefaultLocale: "en"}, "", "", "no", "", "nb"},
		{"country languages", multi, "", "", "", "CH", "de"},
		{"default", multi, "", "", "pl", "PL", "en"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		if c.cookie != "" {
			r.Header.Set("Cookie", tenancy.LocaleCookie+"="+c.cookie)
		}
		if c.accept != "" {
			r.Header.Set("Accept-Language", c.accept)
		}
		if got := tenancy.NegotiateLocale(r, c.tenant, c.member, c.country); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

// A load serves every caller that finds the cache empty; the first caller
// giving up (a closed browser tab) must not fail the others that wait on it.
func TestDirectoryLoadOutlivesCancelledFirstCaller(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.New(t)
	if _, err := tenancy.Import(ctx, pool, demoFiles(t), false); err != nil {
		t.Fatal(err)
	}
	// Hold the tenants table so the load waits inside PostgreSQL.
	lock, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Rollback(ctx)
	if _, err := lock.Exec(ctx, "LOCK TABLE tenants IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	dir := tenancy.NewDirectory(pool, slog.New(slog.DiscardHandler))

	firstCtx, cancelFirst := context.WithCancel(ctx)
	defer cancelFirst()
	first := make(chan error, 1)
	go func() { _, err := dir.ByHost(firstCtx, "localhost"); first <- err }()
	awaitCondition(t, func() bool {
		var n int
		err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&n)
		return err == nil && n == 1
	})
	second := make(chan *tenancy.Tenant, 1)
	secondErr := make(chan error, 1)
	go func() {
		got, err := dir.ByHost(ctx, "localhost")
		secondErr <- err
		second <- got
	}()
	awaitCondition(t, func() bool { return dir.Waiting() == 2 })

	cancelFirst()
	if err := <-first; err == nil {
		t.Error("the cancelled first caller got no error")
	}
	if err := lock.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-secondErr; err != nil {
		t.Fatalf("the second caller failed with the first one's cancel: %v", err)
	}
	if got := <-second; got.Slug != "lustlokaal" {
		t.Fatalf("second caller got %q", got.Slug)
	}
}

func awaitCondition(t *testing.T, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached within 10s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestLinksBase(t *testing.T) {
	t.Parallel()
	tn := &tenancy.Tenant{PrimaryHost: "lustlokaal.nl", Hosts: []string{"lustlokaal.nl", "www.lustlokaal.nl"}}
	cases := []struct {
		links tenancy.Links
		host  string
		want  string
	}{
		{tenancy.Links{}, "lustlokaal.nl", "http://lustlokaal.nl"},
		{tenancy.Links{HTTPS: true}, "WWW.lustlokaal.nl:1", "https://www.lustlokaal.nl"},
		{tenancy.Links{HTTPS: true}, "evil.example", "https://lustlokaal.nl"},
		{tenancy.Links{HTTPS: true, Port: "443"}, "lustlokaal.nl:8443", "https://lustlokaal.nl"},
		{tenancy.Links{HTTPS: true, Port: "8443"}, "lustlokaal.nl:1", "https://lustlokaal.nl:8443"},
		{tenancy.Links{Port: "8080"}, "www.lustlokaal.nl", "http://www.lustlokaal.nl:8080"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = c.host
		if got := c.links.Base(r, tn); got != c.want {
			t.Errorf("%+v on %s: %s, want %s", c.links, c.host, got, c.want)
		}
	}
}
