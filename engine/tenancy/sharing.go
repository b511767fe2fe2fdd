package tenancy

import (
	"context"
	"fmt"
	"slices"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy/internal/db"
)

// Brands may share a company (one seller on their invoices, one invoice
// counter, one retention discount) and a profile pool (their members see
// and write to each other). A file saved from the console is its brand's,
// but a company or pool it names is found by its slug: left unchecked, an
// operator of one brand could rewrite another brand's company, move their
// own invoices onto it, or let their members into another brand's pool. So
// a file that changes or joins a company, or joins a pool, that other
// brands use is saved only for staff who may edit every one of those
// brands. Keeping the company and pool the brand already has, as they are,
// asks nothing. The import of the tenants directory (the install owner's
// own files) is not asked.

// MayEdit reports whether the staff member saving a tenant file may edit
// the brand slug as well (holds the write permission on it).
type MayEdit func(ctx context.Context, slug string) (bool, error)

// ErrSharedForbidden refuses a file naming a company or pool of brands the
// staff member may not edit; field is the file's field that names it.
var ErrSharedForbidden = refusal.New(refusal.Forbidden, "tenant_shared_forbidden",
	"Other brands use what {field} names: only staff who may edit every brand that uses it can change or join it.")

// claim is what a file changes or joins of a company or pool other brands
// use: the field that does it and those brands (none: nothing to ask).
type claim struct {
	field  string
	others []string
}

// checkShared refuses f unless may holds on every other brand whose
// company or pool f changes or joins (in the transaction of q, under the
// import lock, so what it read stays true until the commit).
func checkShared(ctx context.Context, q *db.Queries, f File, may MayEdit) error {
	company, err := companyClaim(ctx, q, f)
	if err != nil {
		return err
	}
	pool, err := poolClaim(ctx, q, f)
	if err != nil {
		return err
	}
	for _, c := range []claim{company, pool} {
		for _, slug := range c.others {
			ok, err := may(ctx, slug)
			if err != nil {
				return fmt.Errorf("may the file of %s name what %s uses: %w", f.Slug, slug, err)
			}
			if !ok {
				return ErrSharedForbidden.With(map[string]any{"field": c.field})
			}
		}
	}
	return nil
}

// companyClaim: joining a company other brands use (company.slug), or
// changing one the brand shares with them (the first changed field).
func companyClaim(ctx context.Context, q *db.Queries, f File) (claim, error) {
	users, err := q.TenantSlugsOfCompany(ctx, f.Company.Slug)
	if err != nil {
		return claim{}, fmt.Errorf("brands of company %s: %w", f.Company.Slug, err)
	}
	others := otherBrands(users, f.Slug)
	if len(others) == 0 {
		return claim{}, nil
	}
	if len(others) == len(users) {
		return claim{field: "company.slug", others: others}, nil
	}
	was, err := q.CompanyBySlug(ctx, f.Company.Slug)
	if err != nil {
		return claim{}, fmt.Errorf("company %s: %w", f.Company.Slug, err)
	}
	if field := companyChange(was, companyParams(f.Company)); field != "" {
		return claim{field: field, others: others}, nil
	}
	return claim{}, nil
}

// poolClaim: joining a pool other brands use.
func poolClaim(ctx context.Context, q *db.Queries, f File) (claim, error) {
	users, err := q.TenantSlugsOfPool(ctx, f.ProfilePool)
	if err != nil {
		return claim{}, fmt.Errorf("brands of pool %s: %w", f.ProfilePool, err)
	}
	if others := otherBrands(users, f.Slug); len(others) > 0 && len(others) == len(users) {
		return claim{field: "profile_pool", others: others}, nil
	}
	return claim{}, nil
}

func otherBrands(users []string, slug string) []string {
	return slices.DeleteFunc(slices.Clone(users), func(s string) bool { return s == slug })
}

// companyChange is the file's first field that would change the stored
// company ("" for none).
func companyChange(was db.Company, to db.CompanyUpsertParams) string {
	switch {
	case was.Name != to.Name:
		return "company.name"
	case was.Address != to.Address:
		return "company.address"
	case was.Kvk != to.Kvk:
		return "company.kvk"
	case was.City != to.City:
		return "company.city"
	case was.Country != to.Country:
		return "company.country"
	case !slices.Equal(was.Tradenames, to.Tradenames):
		return "company.tradenames"
	case !slices.Equal(was.VatNumbers, to.VatNumbers):
		return "company.vat_numbers"
	case was.SupportPhone != to.SupportPhone:
		return "company.support_phone"
	case was.DeleteDiscount != to.DeleteDiscount:
		return "company.delete_discount"
	case !was.Added.Equal(to.Added):
		return "company.added"
	}
	return ""
}
