package tenancy

import (
	"context"
	"net/http"

	"rendezvous/engine/platform/httpx"
)

// GeneralNiche is niche 1 ("default"): a general site serves members of
// every niche.
const GeneralNiche = 1

// OtherBrands are the brands a member of t may be offered when t's
// member_resell is on: the other brands of t's company (never another
// company's) that serve country and t's niche (the same niche, or a
// general site), in the directory's order. None when member_resell is
// off. all is every live brand (the directory).
func OtherBrands(all []*Tenant, t *Tenant, country string) []*Tenant {
	if !t.Settings.MemberResell {
		return nil
	}
	var out []*Tenant
	for _, o := range all {
		if o.ID == t.ID || o.Company.ID != t.Company.ID || o.PrimaryHost == "" {
			continue
		}
		if !o.HasCountry(country) || (o.Niche != t.Niche && o.Niche != GeneralNiche) {
			continue
		}
		out = append(out, o)
	}
	return out
}

// Brand is another brand as the member sees it: its name and home page.
type Brand struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// BrandLister lists every live brand (the Directory).
type BrandLister interface {
	List(ctx context.Context) ([]*Tenant, error)
}

// OtherBrandsHandler answers GET /api/brands.php: the company's other
// brands for the visitor's country (OtherBrands), with the company's name
// for "Also from <company>"; brands is empty when there are none or the
// brand's member_resell is off.
func (h Handlers) OtherBrandsHandler(w http.ResponseWriter, r *http.Request) {
	t := FromContext(r.Context())
	all, err := h.Brands.List(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	// The member's country: the one the site works for them (chosen, else
	// where they are).
	country := h.Locator.SelectedCountry(r, t)
	out := struct {
		Company string  `json:"company"`
		Brands  []Brand `json:"brands"`
	}{Company: t.Company.Name, Brands: []Brand{}}
	for _, o := range OtherBrands(all, t, country) {
		out.Brands = append(out.Brands, Brand{Name: o.Name, URL: h.Links.Base(r, o) + "/"})
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}
