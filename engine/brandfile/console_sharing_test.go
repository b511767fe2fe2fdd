package brandfile_test

import (
	"context"
	"net/http"
	"net/netip"
	"testing"

	"rendezvous/engine/brandfile"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// companyRow is what a brand's invoices and its member pages take from a
// company.
type companyRow struct {
	Name, Address, KVK, Phone string
	VAT                       []string
	Discount                  int32
}

func company(t *testing.T, e *servertest.ConsoleEnv, slug string) companyRow {
	t.Helper()
	var c companyRow
	err := e.Pool.QueryRow(context.Background(), `SELECT name, address, kvk, support_phone, vat_numbers, delete_discount
		FROM companies WHERE slug = $1`, slug).Scan(&c.Name, &c.Address, &c.KVK, &c.Phone, &c.VAT, &c.Discount)
	if err != nil {
		t.Fatalf("company %s: %v", slug, err)
	}
	return c
}

// brandOf is a tenant's company slug and profile pool, as stored.
func brandOf(t *testing.T, e *servertest.ConsoleEnv, slug string) (companySlug, pool string) {
	t.Helper()
	err := e.Pool.QueryRow(context.Background(), `SELECT c.slug, t.profile_pool FROM tenants t
		JOIN companies c ON c.id = t.company_id WHERE t.slug = $1`, slug).Scan(&companySlug, &pool)
	if err != nil {
		t.Fatalf("tenant %s: %v", slug, err)
	}
	return companySlug, pool
}

// brandFile is the tenant file of slug as c reads it in the console.
func brandFile(t *testing.T, c *servertest.Client, slug string) tenancy.File {
	t.Helper()
	var a brandfile.TenantAnswer
	c.Do("GET", "/admin/api/tenants/"+slug+"/file", nil).JSON(t, &a)
	return a.File
}

// wantShared checks a refusal of a shared company or pool naming field.
func wantShared(t *testing.T, res servertest.Response, field string) {
	t.Helper()
	res.Want(t, http.StatusForbidden, "tenant_shared_forbidden")
	var body struct{ Field string }
	res.JSON(t, &body)
	if body.Field != field {
		t.Errorf("field %q, want %q (%s)", body.Field, field, res.Body)
	}
}

// An operator of one brand cannot reach another brand through the brand
// file: naming, changing or joining the other brand's company, or joining
// its profile pool, is refused with 403 and the field, and changes nothing.
func TestOneBrandOperatorCannotNameAnotherBrandsCompanyOrPool(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	op, _ := e.Enrolled(t, staff.RoleOperator, "lustlokaal")
	own := brandFile(t, op, "lustlokaal")
	herz := company(t, e, "herz-digital")
	super, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")
	other := brandFile(t, super, "herzklopfen")

	for _, tc := range []struct {
		name  string
		edit  func(f *tenancy.File)
		field string
	}{
		{"take over the company", func(f *tenancy.File) {
			f.Company.Slug, f.Company.Name, f.Company.KVK = "herz-digital", "Übernommen B.V.", "99999999"
			f.Company.VATNumbers, f.Company.SupportPhone, f.Company.DeleteDiscount = []string{"NL000000000B01"}, "+31 20 000 0000", 99
		}, "company.slug"},
		{"join the company as it is", func(f *tenancy.File) { f.Company = other.Company }, "company.slug"},
		{"join the pool", func(f *tenancy.File) { f.ProfilePool = "dach" }, "profile_pool"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := brandFile(t, op, "lustlokaal")
			tc.edit(&f)
			wantShared(t, op.Do("PUT", "/admin/api/tenants/lustlokaal/file", f), tc.field)
		})
	}

	if got := company(t, e, "herz-digital"); got.Name != herz.Name || got.KVK != herz.KVK || got.Discount != herz.Discount ||
		got.Phone != herz.Phone || len(got.VAT) != len(herz.VAT) {
		t.Errorf("herz-digital changed: %+v, was %+v", got, herz)
	}
	if c, pool := brandOf(t, e, "lustlokaal"); c != "lokaal-media" || pool != "benelux" {
		t.Errorf("lustlokaal now has company %s and pool %s", c, pool)
	}
	var moved int
	if err := e.Pool.QueryRow(context.Background(), `SELECT count(*) FROM invoices i JOIN orders o ON o.id = i.order_id
		JOIN tenants t ON t.id = o.tenant_id WHERE t.slug = 'lustlokaal' AND i.company_id <> t.company_id`).Scan(&moved); err != nil || moved != 0 {
		t.Errorf("%d of lustlokaal's invoices on another company (%v)", moved, err)
	}

	// The brand's own edits still go through, its own company included.
	f := own
	f.Name, f.Company.SupportPhone = "LustLokaal Nieuw", "+31 20 123 4567"
	op.Do("PUT", "/admin/api/tenants/lustlokaal/file", f).Want(t, http.StatusOK, "")
	if got := company(t, e, "lokaal-media"); got.Phone != "+31 20 123 4567" {
		t.Errorf("own company's phone %q", got.Phone)
	}
	// So does a new company of its own, and a new pool nobody else uses.
	f.Company.Slug, f.Company.Name, f.ProfilePool = "lokaal-nieuw", "Lokaal Nieuw B.V.", "benelux-nieuw"
	op.Do("PUT", "/admin/api/tenants/lustlokaal/file", f).Want(t, http.StatusOK, "")
	if c, pool := brandOf(t, e, "lustlokaal"); c != "lokaal-nieuw" || pool != "benelux-nieuw" {
		t.Errorf("lustlokaal has company %s and pool %s", c, pool)
	}
}

// A company or pool two brands share: the operator of one brand edits its
// brand as long as the shared company stays as it is, but cannot change the
// company; staff with the permission on every brand that uses it can
// (a superadmin, an operator of both).
func TestSharedCompanyAndPoolNeedEveryBrand(t *testing.T) {
	t.Parallel()
	e := servertest.NewConsole(t)
	super, _ := e.Enrolled(t, staff.RoleSuperadmin, "*")

	// The superadmin puts herzklopfen on lustlokaal's company and pool.
	lust := brandFile(t, super, "lustlokaal")
	shared := brandFile(t, super, "herzklopfen")
	shared.Company, shared.ProfilePool = lust.Company, lust.ProfilePool
	shared.Company.Name = "Lokaal Media Holding B.V."
	super.Do("PUT", "/admin/api/tenants/herzklopfen/file", shared).Want(t, http.StatusOK, "")
	if c, pool := brandOf(t, e, "herzklopfen"); c != "lokaal-media" || pool != "benelux" {
		t.Fatalf("herzklopfen has company %s and pool %s", c, pool)
	}
	if got := company(t, e, "lokaal-media"); got.Name != "Lokaal Media Holding B.V." {
		t.Fatalf("the superadmin's company edit: %+v", got)
	}

	op, _ := e.Enrolled(t, staff.RoleOperator, "lustlokaal")
	f := brandFile(t, op, "lustlokaal")
	f.Name = "LustLokaal Gedeeld"
	op.Do("PUT", "/admin/api/tenants/lustlokaal/file", f).Want(t, http.StatusOK, "")

	f.Company.DeleteDiscount = 99
	wantShared(t, op.Do("PUT", "/admin/api/tenants/lustlokaal/file", f), "company.delete_discount")
	if got := company(t, e, "lokaal-media"); got.Discount == 99 {
		t.Errorf("the shared company's discount is 99")
	}

	// An operator of both brands may change what both use.
	both, s := e.Enrolled(t, staff.RoleOperator, "lustlokaal")
	_, err := e.Console.Staff.SetRoles(context.Background(), s.ID, []staff.Grant{
		{Role: staff.RoleOperator, Tenant: "lustlokaal"}, {Role: staff.RoleOperator, Tenant: "herzklopfen"}}, nil, netip.Addr{})
	if err != nil {
		t.Fatal(err)
	}
	both.Do("PUT", "/admin/api/tenants/lustlokaal/file", f).Want(t, http.StatusOK, "")
	if got := company(t, e, "lokaal-media"); got.Discount != 99 {
		t.Errorf("the two-brand operator's edit: %+v", got)
	}
	// And one brand may join sparkusa's pool only with sparkusa's
	// permission too.
	f.ProfilePool = "us"
	wantShared(t, both.Do("PUT", "/admin/api/tenants/lustlokaal/file", f), "profile_pool")
	super.Do("PUT", "/admin/api/tenants/lustlokaal/file", f).Want(t, http.StatusOK, "")
	if _, pool := brandOf(t, e, "lustlokaal"); pool != "us" {
		t.Errorf("the superadmin's pool change: %s", pool)
	}
}
