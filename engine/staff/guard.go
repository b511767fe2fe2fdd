package staff

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"rendezvous/engine/platform/httpx"
)

// Scope says what a console route needs of the caller.
type Scope int

// The scopes, from open to narrow.
const (
	// Public: anybody (the login).
	Public Scope = iota
	// SignedIn: a console session, also one that may only set up its second
	// factor (me, logout, the set-up itself).
	SignedIn
	// Global: the permission on every tenant ("*"): calls about no single
	// tenant, such as staff accounts and the audit log.
	Global
	// AnyTenant: the permission on at least one tenant; the handler shows
	// only the tenants where it holds.
	AnyTenant
	// InTenant: the permission on the tenant named by the route's {tenant},
	// or by the query's tenant= on routes without one (reports).
	InTenant
)

// Permission is what a console route needs: a scope and, beyond SignedIn,
// a casbin object and action (config/console_policy.csv).
type Permission struct {
	Scope  Scope
	Object string
	Action string
}

func (p Permission) String() string {
	switch p.Scope {
	case Public:
		return "public"
	case SignedIn:
		return "signed in"
	case Global:
		return p.Object + ":" + p.Action + " on *"
	case AnyTenant:
		return p.Object + ":" + p.Action + " on any tenant"
	default:
		return p.Object + ":" + p.Action + " on {tenant}"
	}
}

// The permissions of the console's routes: open to anybody, to any console
// session, and an object's action on every tenant, on some tenant or on the
// route's tenant.
var (
	OpenToAll = Permission{Scope: Public}
	LoggedIn  = Permission{Scope: SignedIn}
)

// OnAllTenants is the permission object:action on every tenant ("*").
func OnAllTenants(object, action string) Permission {
	return Permission{Scope: Global, Object: object, Action: action}
}

// OnSomeTenant is the permission object:action on at least one tenant.
func OnSomeTenant(object, action string) Permission {
	return Permission{Scope: AnyTenant, Object: object, Action: action}
}

// OnRouteTenant is the permission object:action on the route's tenant.
func OnRouteTenant(object, action string) Permission {
	return Permission{Scope: InTenant, Object: object, Action: action}
}

type ctxKey int

const staffKey ctxKey = iota

// CurrentStaff is the request's logged-in staff member, or nil.
func CurrentStaff(ctx context.Context) *Staff {
	st, _ := ctx.Value(staffKey).(*Staff)
	return st
}

// Identify finds the staff member of a console session (after the
// Sessions' LoadAndSave). A session counts only while the account exists,
// is not disabled and its epoch is the session's.
func (s *Service) Identify(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		id := s.Sessions.GetInt64(ctx, keyStaff)
		if id == 0 {
			next.ServeHTTP(w, r)
			return
		}
		st, err := s.ByID(ctx, id, int32(s.Sessions.GetInt(ctx, keyEpoch)))
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if st == nil {
			_ = s.Sessions.Destroy(ctx)
			next.ServeHTTP(w, r)
			return
		}
		st.TOTPRequired = !s.Sessions.GetBool(ctx, keyVerified)
		next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, staffKey, st)))
	})
}

// Guard enforces a route's permission before its handler.
func (s *Service) Guard(p Permission) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if err := s.permit(r, p); err != nil {
				httpx.WriteError(w, r, err)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

func (s *Service) permit(r *http.Request, p Permission) error {
	if p.Scope == Public {
		return nil
	}
	st := CurrentStaff(r.Context())
	if st == nil {
		return ErrLoginNeeded
	}
	if p.Scope == SignedIn {
		return nil
	}
	if st.TOTPRequired {
		return ErrTOTPEnrol
	}
	var ok bool
	var err error
	switch p.Scope {
	case Global:
		ok, err = s.Policy.Allowed(r.Context(), st.ID, AllTenants, p.Object, p.Action)
	case InTenant:
		slug := chi.URLParam(r, "tenant")
		if slug == "" {
			// Reports name their tenant in the query (?tenant=); a call
			// without one is refused as forbidden to who holds the
			// permission nowhere, as invalid to the others.
			if slug = r.URL.Query().Get("tenant"); slug == "" {
				somewhere, err := s.allowedSomewhere(r.Context(), st, p)
				if err != nil {
					return err
				}
				if !somewhere {
					return ErrForbidden
				}
				return ErrQueryInvalid.With(map[string]any{"field": "tenant"})
			}
		}
		ok, err = s.Policy.Allowed(r.Context(), st.ID, slug, p.Object, p.Action)
	case AnyTenant:
		ok, err = s.allowedSomewhere(r.Context(), st, p)
	}
	if err != nil {
		return err
	}
	if !ok {
		return ErrForbidden
	}
	return nil
}

// allowedSomewhere reports whether st holds p on any tenant.
func (s *Service) allowedSomewhere(ctx context.Context, st *Staff, p Permission) (bool, error) {
	for _, g := range st.Roles {
		ok, err := s.Policy.Allowed(ctx, st.ID, g.Tenant, p.Object, p.Action)
		if ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}
