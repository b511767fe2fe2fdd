package staff

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// What the areas' console handlers share: the route's tenant, its ids, and
// an action with its audit row in one transaction. Their refusals become
// HTTP in httpx.WriteError, as the member API's do.

// ErrQueryInvalid refuses a query parameter that is not what it should be.
var ErrQueryInvalid = refusal.New(refusal.Invalid, "query_invalid", "The query parameter {field} is not valid.")

// TenantBySlug is the tenant of slug; ErrNotFound when there is none.
func (s *Service) TenantBySlug(ctx context.Context, slug string) (*tenancy.Tenant, error) {
	all, err := s.Tenants.List(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range all {
		if t.Slug == slug {
			return t, nil
		}
	}
	return nil, ErrNotFound
}

// RouteTenant is the tenant of the route's {tenant}, or it answers the
// refusal and returns nil.
func (s *Service) RouteTenant(w http.ResponseWriter, r *http.Request) *tenancy.Tenant {
	t, err := s.TenantBySlug(r.Context(), chi.URLParam(r, "tenant"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return nil
	}
	return t
}

// Act runs a staff action on tenant t and its audit row in one
// transaction: the action answers its before and after, which the audit
// row keeps; Act answers the after.
func (s *Service) Act(r *http.Request, t *tenancy.Tenant, action string, do func(tx pgx.Tx) (before, after any, err error)) (any, error) {
	return s.ActOn(r, t, action, 0, do)
}

// ActOn is Act for an action about member (0 for none): its audit row names
// the member, so it shows in the member's audit trail.
func (s *Service) ActOn(r *http.Request, t *tenancy.Tenant, action string, member int64, do func(tx pgx.Tx) (before, after any, err error)) (any, error) {
	ctx := r.Context()
	var out any
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		before, after, err := do(tx)
		if err != nil {
			return err
		}
		out = after
		return Record(ctx, tx, Entry{By: CurrentStaff(ctx), Tenant: t.Slug, Action: action, IP: httpx.ClientIP(r),
			Before: before, After: after, Member: member})
	})
	return out, err
}

// PathID reads the route's id parameter name; an id that is not one finds
// nothing (ok false).
func PathID(r *http.Request, name string) (int64, bool) {
	return httpx.ID(chi.URLParam(r, name))
}

// QueryID reads an optional id from the query string (0 when absent).
func QueryID(r *http.Request, name string) (int64, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return 0, nil
	}
	n, ok := httpx.ID(v)
	if !ok {
		return 0, ErrQueryInvalid.With(map[string]any{"field": name})
	}
	return n, nil
}
