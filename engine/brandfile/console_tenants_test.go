package brandfile_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/brandfile"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// follow makes e's tenant directory follow changes made on other instances
// (serve starts the same listener).
func follow(t *testing.T, e *servertest.ConsoleEnv) {
	t.Helper()
	dir, ok := e.Console.Staff.Tenants.(*tenancy.Directory)
	if !ok {
		t.Fatalf("the console's tenants are a %T", e.Console.Staff.Tenants)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go dir.Listen(ctx)
}

// eventually waits (up to 10 s) until cond holds.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not within 10 s: %s", what)
		}
		<-tick.C
	}
}

// A superadmin creates a brand and edits it in the console; a second engine
// on the same database serves both at once, without a restart; the audit
// log keeps the file before and after; the export is a tenant file.
func TestTenantCreateEditLiveOnSecondInstance(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	twin := servertest.OnClock(e.Twin(t), e.Clock)
	follow(t, e)
	follow(t, twin)
	c, s := e.Enrolled(t, staff.RoleSuperadmin, "*")

	var base brandfile.TenantAnswer
	c.Do("GET", "/admin/api/tenants/lustlokaal/file", nil).JSON(t, &base)
	if base.File.Slug != "lustlokaal" || base.File.Hosts[0] != "localhost" || base.File.Extra["billing"] == nil || base.File.Extra["gifts"] == nil {
		t.Fatalf("lustlokaal's file %+v", base.File)
	}
	brand := base.File
	brand.Slug, brand.Name, brand.Hosts = "nachtbloem", "Nachtbloem", []string{"nachtbloem.localhost"}
	brand.Company.Slug, brand.Company.Name = "bloem-media", "Bloem Media B.V."
	brand.Settings.MinAge = 21

	// Before: the host is nobody's.
	member := twin.Client(t, "nachtbloem.localhost")
	member.Do("GET", "/api/settings.php", nil).Want(t, http.StatusNotFound, "unknown_site")

	res := c.Do("POST", "/admin/api/tenants", brand)
	res.Want(t, http.StatusCreated, "")
	var made brandfile.TenantAnswer
	res.JSON(t, &made)
	if made.File.Name != "Nachtbloem" || !strings.HasPrefix(made.PreviewURL, "http://nachtbloem.localhost") {
		t.Fatalf("created %+v %s", made.File, made.PreviewURL)
	}
	var got struct {
		Name   string `json:"name"`
		MinAge int    `json:"min_age"`
	}
	eventually(t, "the second instance serves the new brand", func() bool {
		r := member.Do("GET", "/api/settings.php", nil)
		if r.Status != http.StatusOK {
			return false
		}
		r.JSON(t, &got)
		return got.Name == "Nachtbloem"
	})
	if got.MinAge != 21 {
		t.Errorf("min_age %d", got.MinAge)
	}

	// An edit: the second instance answers with it.
	brand.Name = "Nachtbloem Nieuw"
	c.Do("PUT", "/admin/api/tenants/nachtbloem/file", brand).Want(t, http.StatusOK, "")
	eventually(t, "the second instance serves the edit", func() bool {
		member.Do("GET", "/api/settings.php", nil).JSON(t, &got)
		return got.Name == "Nachtbloem Nieuw"
	})

	// The audit log: the create with the file after, the edit with both.
	rows, err := e.Pool.Query(context.Background(),
		"SELECT action, tenant, staff_id, coalesce(before->>'name', ''), after->>'name' FROM audit_log WHERE action LIKE 'tenant.%' ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	for rows.Next() {
		var action, tenant, before, after string
		var staffID int64
		if err := rows.Scan(&action, &tenant, &staffID, &before, &after); err != nil {
			t.Fatal(err)
		}
		if staffID != s.ID {
			t.Errorf("%s by staff %d", action, staffID)
		}
		log = append(log, action+" "+tenant+" "+before+"->"+after)
	}
	if want := "tenant.create nachtbloem ->Nachtbloem|tenant.update nachtbloem Nachtbloem->Nachtbloem Nieuw"; strings.Join(log, "|") != want {
		t.Fatalf("audit %q, want %q", strings.Join(log, "|"), want)
	}

	// The export is a valid tenant file of the brand as it is now.
	exp := c.Do("GET", "/admin/api/tenants/nachtbloem/export", nil)
	exp.Want(t, http.StatusOK, "")
	f, err := tenancy.ParseFile("nachtbloem.yaml", exp.Body)
	if err != nil {
		t.Fatalf("export: %v\n%s", err, exp.Body)
	}
	if f.Name != "Nachtbloem Nieuw" || f.Settings.MinAge != 21 || f.Company.Slug != "bloem-media" || f.Extra["billing"] == nil {
		t.Fatalf("exported %+v", f)
	}
}

// Bad tenant files are refused with the field they break, and change
// nothing.
func TestTenantValidationNamesTheField(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	var base brandfile.TenantAnswer
	c.Do("GET", "/admin/api/tenants/herzklopfen/file", nil).JSON(t, &base)
	fresh := func() tenancy.File {
		var f brandfile.TenantAnswer
		c.Do("GET", "/admin/api/tenants/herzklopfen/file", nil).JSON(t, &f)
		f.File.Slug, f.File.Hosts = "neuemarke", []string{"neuemarke.localhost"}
		return f.File
	}
	for _, tc := range []struct {
		name   string
		method string
		path   string
		edit   func(f *tenancy.File)
		status int
		code   string
		field  string
	}{
		{"bad host", "POST", "/admin/api/tenants", func(f *tenancy.File) { f.Hosts = []string{"ok.localhost", "Not A Host"} }, 422, "tenant_invalid", "hosts[1]"},
		{"host of another tenant", "POST", "/admin/api/tenants", func(f *tenancy.File) { f.Hosts = []string{"neuemarke.localhost", "herzklopfen.localhost"} }, 422, "tenant_invalid", "hosts[1]"},
		{"min age", "POST", "/admin/api/tenants", func(f *tenancy.File) { f.Settings.MinAge = 16 }, 422, "tenant_invalid", "settings.min_age"},
		{"delete discount", "POST", "/admin/api/tenants", func(f *tenancy.File) { f.Company.DeleteDiscount = 100 }, 422, "tenant_invalid", "company.delete_discount"},
		{"locale", "POST", "/admin/api/tenants", func(f *tenancy.File) { f.Locales = []string{"de", "xx"} }, 422, "tenant_invalid", "locales[1]"},
		{"time zone", "POST", "/admin/api/tenants", func(f *tenancy.File) { f.TimeZone = "Mars/Olympus" }, 422, "tenant_invalid", "time_zone"},
		{"company", "POST", "/admin/api/tenants", func(f *tenancy.File) { f.Company.Name = "" }, 422, "tenant_invalid", "company.name"},
		{"billing package", "POST", "/admin/api/tenants", func(f *tenancy.File) {
			f.Extra["billing"] = map[string]any{"packages": []any{map[string]any{"id": "Bad Id", "credits": 10, "prices": map[string]any{"EUR": 100}}},
				"countries": map[string]any{"DE": map[string]any{"currency": "EUR", "methods": []any{"creditcard"}}}}
		}, 422, "tenant_invalid", "billing.packages[0].id"},
		{"gift without an icon", "POST", "/admin/api/tenants", func(f *tenancy.File) {
			f.Extra["gifts"] = []any{map[string]any{"id": "rose", "name": "Rose", "icon": "rose"}, map[string]any{"id": "kiss", "name": "Kiss", "credits": 10}}
		}, 422, "tenant_invalid", "gifts[1].icon"},
		{"gift credits", "POST", "/admin/api/tenants", func(f *tenancy.File) {
			f.Extra["gifts"] = []any{map[string]any{"id": "rose", "name": "Rose", "icon": "rose", "credits": -1}}
		}, 422, "tenant_invalid", "gifts[0].credits"},
		{"postback scheme", "POST", "/admin/api/tenants", func(f *tenancy.File) {
			f.Extra["postbacks"] = map[string]any{"adnet": map[string]any{"signup": "ftp://pb.example/{sub1}"}}
		}, 422, "tenant_invalid", "postbacks.adnet.signup"},
		{"postback placeholder", "POST", "/admin/api/tenants", func(f *tenancy.File) {
			f.Extra["postbacks"] = map[string]any{"adnet": map[string]any{"first_purchase": "https://pb.example/?c={clickid}"}}
		}, 422, "tenant_invalid", "postbacks.adnet.first_purchase"},
		// A postback may not point at the engine's own networks, even
		// through a name of them.
		{"postback to the metadata service", "POST", "/admin/api/tenants", func(f *tenancy.File) {
			f.Extra["postbacks"] = map[string]any{"adnet": map[string]any{"signup": "http://169.254.169.254/latest/meta-data/?c={sub1}"}}
		}, 400, "postback_address_forbidden", "postbacks.adnet.signup"},
		{"postback to a private network", "PUT", "/admin/api/tenants/herzklopfen/file", func(f *tenancy.File) {
			f.Slug, f.Hosts = base.File.Slug, base.File.Hosts
			f.Extra["postbacks"] = map[string]any{"adnet": map[string]any{"signup": "https://pb.example/ok", "activation": "http://10.0.0.5:9090/pb"}}
		}, 400, "postback_address_forbidden", "postbacks.adnet.activation"},
		{"postback to an unspecified address", "POST", "/admin/api/tenants", func(f *tenancy.File) {
			f.Extra["postbacks"] = map[string]any{"adnet": map[string]any{"first_purchase": "http://[::ffff:0.0.0.0]:8080/?o={order_id}"}}
		}, 400, "postback_address_forbidden", "postbacks.adnet.first_purchase"},
		{"slug taken", "POST", "/admin/api/tenants", func(f *tenancy.File) { f.Slug = "lustlokaal" }, 409, "tenant_exists", ""},
		{"unknown tenant", "PUT", "/admin/api/tenants/nosuch/file", func(f *tenancy.File) { f.Slug = "nosuch" }, 404, "tenant_not_found", ""},
		{"slug changed", "PUT", "/admin/api/tenants/herzklopfen/file", func(f *tenancy.File) {}, 422, "tenant_slug_changed", "slug"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fresh()
			tc.edit(&f)
			res := c.Do(tc.method, tc.path, f)
			res.Want(t, tc.status, tc.code)
			var body struct{ Field string }
			res.JSON(t, &body)
			if body.Field != tc.field {
				t.Errorf("field %q, want %q (%s)", body.Field, tc.field, res.Body)
			}
		})
	}
	var n int
	if err := e.Pool.QueryRow(context.Background(), "SELECT count(*) FROM tenants WHERE slug = 'neuemarke'").Scan(&n); err != nil || n != 0 {
		t.Fatalf("refused tenants stored: %d %v", n, err)
	}
	var after brandfile.TenantAnswer
	c.Do("GET", "/admin/api/tenants/herzklopfen/file", nil).JSON(t, &after)
	if after.File.Name != base.File.Name || len(after.File.Hosts) != len(base.File.Hosts) {
		t.Fatalf("herzklopfen changed: %+v", after.File)
	}
}

// TestGiftCatalogueEdit: an operator edits a brand's gift catalogue in its
// tenant file; members see the new catalogue and prices at once.
func TestGiftCatalogueEdit(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleOperator, "*")
	var base brandfile.TenantAnswer
	c.Do("GET", "/admin/api/tenants/sparkusa/file", nil).JSON(t, &base)
	f := base.File
	f.Extra["gifts"] = []any{
		map[string]any{"id": "sunflower", "name": "Sunflower", "icon": "flower", "credits": 15},
		map[string]any{"id": "cake", "name": "Cake", "icon": "cake"},
	}
	c.Do("PUT", "/admin/api/tenants/sparkusa/file", f).Want(t, http.StatusOK, "")
	visitor := e.Client(t, "sparkusa.localhost")
	eventually(t, "the new gifts on gifts.php", func() bool {
		res := visitor.Do("GET", "/api/gifts.php", nil)
		return res.Status == http.StatusOK && strings.Contains(string(res.Body), `"id":"sunflower"`) &&
			strings.Contains(string(res.Body), `"credits":15`) && strings.Contains(string(res.Body), `"id":"cake"`) &&
			!strings.Contains(string(res.Body), `"id":"rose"`)
	})
	f.Extra["gifts"] = []any{map[string]any{"id": "sunflower", "name": "", "icon": "flower"}}
	res := c.Do("PUT", "/admin/api/tenants/sparkusa/file", f)
	res.Want(t, http.StatusUnprocessableEntity, "tenant_invalid")
	if !strings.Contains(string(res.Body), `"field":"gifts[0].name"`) {
		t.Fatalf("%s", res.Body)
	}
}

// settings.php keeps its answer per tenant (tenancy.SettingsAnswers); an
// edit in the console shows in it at once on the instance that made it,
// without waiting for the tenancy notification.
func TestTenantEditShowsInKeptSettingsAtOnce(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	member := e.Client(t, "localhost")
	var got struct {
		Name   string `json:"name"`
		MinAge int    `json:"min_age"`
	}
	for range 2 { // the second answer comes from memory
		member.Do("GET", "/api/settings.php", nil).JSON(t, &got)
	}
	if got.Name != "LustLokaal" {
		t.Fatalf("before the edit: %+v", got)
	}
	var base brandfile.TenantAnswer
	c.Do("GET", "/admin/api/tenants/lustlokaal/file", nil).JSON(t, &base)
	brand := base.File
	brand.Name, brand.Settings.MinAge = "LustLokaal Nieuw", got.MinAge+3
	c.Do("PUT", "/admin/api/tenants/lustlokaal/file", brand).Want(t, http.StatusOK, "")
	want := got.MinAge + 3
	member.Do("GET", "/api/settings.php", nil).JSON(t, &got)
	if got.Name != "LustLokaal Nieuw" || got.MinAge != want {
		t.Fatalf("right after the edit: %+v, want LustLokaal Nieuw and min_age %d", got, want)
	}
}

// A brand created in the console has its time bonus (TIMEBONUS25) before
// anybody signs up, as an imported one does; a signup does not write it
// (taken away, it stays away).
func TestTenantCreateMakesTheTimeBonus(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	c, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	var base brandfile.TenantAnswer
	c.Do("GET", "/admin/api/tenants/lustlokaal/file", nil).JSON(t, &base)
	brand := base.File
	brand.Slug, brand.Name, brand.Hosts = "zomerliefde", "Zomerliefde", []string{"zomerliefde.localhost"}
	brand.Company.Slug, brand.Company.Name = "zomer-media", "Zomer Media B.V."
	c.Do("POST", "/admin/api/tenants", brand).Want(t, http.StatusCreated, "")

	ctx := context.Background()
	bonus := func() (rows int) {
		t.Helper()
		if err := e.Pool.QueryRow(ctx, `SELECT count(*) FROM discount_codes d JOIN tenants t ON t.id = d.tenant_id
			WHERE t.slug = 'zomerliefde' AND d.code = 'TIMEBONUS25' AND d.kind = 'time_bonus' AND d.percentage = 25
			AND d.signup_window_seconds = 14400 AND d.active`).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		return rows
	}
	var members int
	if err := e.Pool.QueryRow(ctx, `SELECT count(*) FROM members m JOIN tenants t ON t.id = m.tenant_id WHERE t.slug = 'zomerliefde'`).Scan(&members); err != nil {
		t.Fatal(err)
	}
	if got := bonus(); got != 1 || members != 0 {
		t.Fatalf("the new brand has %d time bonus rows and %d members", got, members)
	}

	// Without the row, a signup on the brand makes none.
	if _, err := e.Pool.Exec(ctx, `DELETE FROM discount_codes WHERE code = 'TIMEBONUS25'
		AND tenant_id = (SELECT id FROM tenants WHERE slug = 'zomerliefde')`); err != nil {
		t.Fatal(err)
	}
	member := e.Client(t, "zomerliefde.localhost")
	member.Do("POST", "/api/signup.php", map[string]any{"email": "zomer@example.com", "name": "Mila", "date_of_birth": "1990-01-02",
		"password": "secret-password-1", "gender": "female", "orientation_consent": true}).Want(t, http.StatusCreated, "")
	var welcome int
	if err := e.Pool.QueryRow(ctx, `SELECT count(*) FROM discount_codes d JOIN members m ON m.id = d.member_id
		WHERE m.email = 'zomer@example.com' AND d.kind = 'welcome'`).Scan(&welcome); err != nil {
		t.Fatal(err)
	}
	if got := bonus(); got != 0 || welcome != 1 {
		t.Fatalf("after the signup: %d time bonus rows, %d welcome codes", got, welcome)
	}
}
