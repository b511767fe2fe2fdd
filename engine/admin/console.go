package admin

import (
	"context"
	"io/fs"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"rendezvous/engine/media"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
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

var (
	public   = Permission{Scope: Public}
	signedIn = Permission{Scope: SignedIn}
)

func global(object, action string) Permission {
	return Permission{Scope: Global, Object: object, Action: action}
}
func anyTenant(object, action string) Permission {
	return Permission{Scope: AnyTenant, Object: object, Action: action}
}
func inTenant(object, action string) Permission {
	return Permission{Scope: InTenant, Object: object, Action: action}
}

// Route is one call of the console API: its method, its pattern under
// /admin/api and the permission it needs.
type Route struct {
	Method  string
	Pattern string
	Perm    Permission
	handler http.HandlerFunc
}

// APIPrefix is where the console's API lives on console hosts.
const APIPrefix = "/admin/api"

// Routes is the console API's route table: every call names the permission
// it needs beside it, and the router enforces it before the handler runs.
// New calls are added here, one line each.
func (c *Console) Routes() []Route {
	h := handlers{s: c.Service}
	return []Route{
		{"POST", "/login", public, h.login},
		{"POST", "/logout", signedIn, h.logout},
		{"GET", "/me", signedIn, h.me},
		{"POST", "/totp", signedIn, h.startTOTP},
		{"POST", "/totp/confirm", signedIn, h.confirmTOTP},

		{"GET", "/tenants", anyTenant("tenants", "read"), h.tenants},
		{"GET", "/tenants/{tenant}", inTenant("tenants", "read"), h.tenant},
		// Tenants: create, edit and export brands (tenants.go).
		{"POST", "/tenants", global("tenants", "write"), h.tenantCreate},
		{"GET", "/tenants/{tenant}/file", inTenant("tenants", "read"), h.tenantGetFile},
		{"PUT", "/tenants/{tenant}/file", inTenant("tenants", "write"), h.tenantUpdate},
		{"GET", "/tenants/{tenant}/export", inTenant("tenants", "read"), h.tenantExport},

		// Money: orders and refunds, a member's ledger and credit
		// corrections (money.go); support has no money permission.
		{"GET", "/tenants/{tenant}/orders", inTenant("money", "read"), h.tenantOrders},
		{"POST", "/tenants/{tenant}/orders/{order}/refund", inTenant("money", "write"), h.orderRefund},
		{"GET", "/tenants/{tenant}/members/{member}/money", inTenant("money", "read"), h.memberMoney},
		{"POST", "/tenants/{tenant}/members/{member}/credits", inTenant("money", "write"), h.creditCorrect},

		// Discount codes: a brand's codes with their redemptions, a new
		// code, deactivating one (codes.go); money permissions, so support
		// reaches none of them.
		{"GET", "/tenants/{tenant}/codes", inTenant("money", "read"), h.codes},
		{"POST", "/tenants/{tenant}/codes", inTenant("money", "write"), h.codeCreate},
		{"POST", "/tenants/{tenant}/codes/{code}/deactivate", inTenant("money", "write"), h.codeDeactivate},

		{"GET", "/staff", global("staff", "read"), h.staffList},
		{"POST", "/staff", global("staff", "write"), h.staffCreate},
		{"GET", "/audit", global("audit", "read"), h.audit},

		// Members, staff and the audit log (members): a staff account's
		// roles and disabling it (staff.go), and a conversation read only
		// for a complaint about it, audited at every read (members.go).
		{"PUT", "/staff/{staff}/roles", global("staff", "write"), h.staffRoles},
		{"POST", "/staff/{staff}/disable", global("staff", "write"), h.staffDisable},
		{"POST", "/staff/{staff}/enable", global("staff", "write"), h.staffEnable},
		{"GET", "/tenants/{tenant}/moderation/complaints/{complaint}/conversation", inTenant("moderation", "read"), h.complaintConversation},

		// Moderation: the photo queue, complaints, member lookup and what
		// operators do about members (engine/admin/moderation.go).
		{"GET", "/tenants/{tenant}/moderation/photos", inTenant("moderation", "read"), h.photoQueue},
		{"POST", "/tenants/{tenant}/moderation/photos/{photo}/approve", inTenant("moderation", "write"), h.photoDecision(profiles.PhotoActive, "photo.approve")},
		{"POST", "/tenants/{tenant}/moderation/photos/{photo}/reject", inTenant("moderation", "write"), h.photoDecision(profiles.PhotoRejected, "photo.reject")},
		{"GET", "/tenants/{tenant}/moderation/complaints", inTenant("moderation", "read"), h.complaints},
		{"GET", "/tenants/{tenant}/moderation/complaints/{complaint}", inTenant("moderation", "read"), h.complaint},
		{"POST", "/tenants/{tenant}/moderation/complaints/{complaint}/status", inTenant("moderation", "write"), h.complaintStatus},
		{"GET", "/tenants/{tenant}/moderation/members", inTenant("members", "read"), h.members},
		{"GET", "/tenants/{tenant}/moderation/members/{member}", inTenant("members", "read"), h.member},
		{"POST", "/tenants/{tenant}/moderation/members/{member}/warn", inTenant("moderation", "write"), h.warn},
		{"POST", "/tenants/{tenant}/moderation/members/{member}/suspend", inTenant("moderation", "write"), h.suspend},
		{"POST", "/tenants/{tenant}/moderation/members/{member}/ban", inTenant("moderation", "write"), h.ban},
		{"POST", "/tenants/{tenant}/moderation/members/{member}/kind", inTenant("moderation", "write"), h.accountKind},

		// House profiles and the chat operators' inbox (house.go).
		{"GET", "/tenants/{tenant}/inbox", inTenant("house_profiles", "read"), h.inbox},
		{"GET", "/tenants/{tenant}/inbox/{conversation}", inTenant("house_profiles", "read"), h.inboxThread},
		{"POST", "/tenants/{tenant}/inbox/{conversation}", inTenant("house_profiles", "write"), h.answer},
		// House profiles: made, edited, retired and their photos (house.go).
		// Operators and superadmins edit them (house_profiles:edit); chat
		// operators see them (read) and answer for them (write) only.
		{"GET", "/tenants/{tenant}/house", inTenant("house_profiles", "read"), h.houseList},
		{"POST", "/tenants/{tenant}/house", inTenant("house_profiles", "edit"), h.houseCreate},
		{"GET", "/tenants/{tenant}/house/{profile}", inTenant("house_profiles", "read"), h.houseGet},
		{"PUT", "/tenants/{tenant}/house/{profile}", inTenant("house_profiles", "edit"), h.houseUpdate},
		{"POST", "/tenants/{tenant}/house/{profile}/status", inTenant("house_profiles", "edit"), h.houseStatus},
		{"POST", "/tenants/{tenant}/house/{profile}/photos", inTenant("house_profiles", "edit"), h.housePhotoAdd},
		{"DELETE", "/tenants/{tenant}/house/{profile}/photos/{photo}", inTenant("house_profiles", "edit"), h.housePhotoDelete},

		// Dashboards: a tenant's per-day series and conversion by traffic
		// source, each also as CSV with ?format=csv (dashboards.go).
		{"GET", "/tenants/{tenant}/dashboards/signups", inTenant("dashboards", "read"), h.dashboard("signups", h.signupsDashboard)},
		{"GET", "/tenants/{tenant}/dashboards/purchases", inTenant("dashboards", "read"), h.dashboard("purchases", h.purchasesDashboard)},
		{"GET", "/tenants/{tenant}/dashboards/messages", inTenant("dashboards", "read"), h.dashboard("messages", h.messagesDashboard)},
		{"GET", "/tenants/{tenant}/dashboards/moderation", inTenant("dashboards", "read"), h.dashboard("moderation", h.moderationDashboard)},
		{"GET", "/tenants/{tenant}/dashboards/conversion", inTenant("dashboards", "read"), h.dashboard("conversion", h.conversionDashboard)},
		// The traffic report per source of ?tenant= (traffic.go): who holds
		// affiliates:read there (operators, affiliate managers).
		{"GET", "/reports/traffic", inTenant("affiliates", "read"), h.trafficReport},
		// The postbacks of ?tenant= made in the same days and the networks'
		// answers, read only (traffic.go).
		{"GET", "/reports/postbacks", inTenant("affiliates", "read"), h.postbackReport},

		{"GET", "/openapi.yaml", public, serveOpenAPI},
	}
}

// Console is the console's HTTP surface on the console hosts: its API and
// its own web bundle (web/admin.html and the chunks it loads).
type Console struct {
	Service *Service
	// Dist is the built web app; admin.html is the console's page.
	Dist fs.FS
	// Assets serves the built files under /assets/.
	Assets http.Handler
	router chi.Router
}

// NewConsole builds the console's router.
func NewConsole(s *Service, dist fs.FS, assets http.Handler) *Console {
	c := &Console{Service: s, Dist: dist, Assets: assets}
	r := chi.NewRouter()
	r.Get("/", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/admin/", http.StatusFound) })
	r.Get("/admin", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/admin/", http.StatusFound) })
	r.Get("/admin/*", c.serveApp)
	r.Method(http.MethodGet, "/assets/*", assets)
	r.Method(http.MethodHead, "/assets/*", assets)
	if s.Profiles != nil {
		// Photos (house profiles', the moderation queue's) from the media
		// store, as brand hosts serve them.
		photos := media.Handler(s.Profiles.Store)
		r.Method(http.MethodGet, media.URLPath+"*", photos)
		r.Method(http.MethodHead, media.URLPath+"*", photos)
	}
	r.Route(APIPrefix, func(r chi.Router) {
		r.Use(s.Sessions.LoadAndSave, s.identify)
		for _, rt := range c.Routes() {
			r.With(s.guard(rt.Perm)).Method(rt.Method, rt.Pattern, rt.handler)
		}
		r.NotFound(func(w http.ResponseWriter, r *http.Request) { httpx.WriteError(w, r, httpx.ErrNotFound) })
		r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) { httpx.WriteError(w, r, httpx.ErrMethodNotAllowed) })
	})
	r.NotFound(notFoundPage)
	c.router = r
	return c
}

// Router is the console's router (tests walk it).
func (c *Console) Router() chi.Router { return c.router }

func (c *Console) ServeHTTP(w http.ResponseWriter, r *http.Request) { c.router.ServeHTTP(w, r) }

// serveApp answers every page of the console with admin.html; the bundle
// routes on the client.
func (c *Console) serveApp(w http.ResponseWriter, r *http.Request) {
	page, err := fs.ReadFile(c.Dist, "admin.html")
	if err != nil {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte("The console's web app is not built (cd web && npm run build).\n"))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Security-Policy", httpx.AppCSP)
	w.Header().Set("Referrer-Policy", "no-referrer")
	_, _ = w.Write(page)
}

func notFoundPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write([]byte("This page could not be found.\n"))
}

// OnHosts sends requests for the console hosts to console and every other
// request on: a console host serves no member site. Paths in shared (the
// health checks) go on from every host.
func OnHosts(hosts []string, console http.Handler, shared ...string) func(http.Handler) http.Handler {
	set := make(map[string]bool, len(hosts))
	for _, h := range hosts {
		if h = tenancy.NormalizeHost(h); h != "" {
			set[h] = true
		}
	}
	return func(next http.Handler) http.Handler {
		if len(set) == 0 {
			// No console host: nothing to look up for every request.
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if set[tenancy.NormalizeHost(r.Host)] && !slices.Contains(shared, r.URL.Path) {
				console.ServeHTTP(w, r)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// NotOnBrands answers /admin and /admin/api/ on a brand's host: 404, as if
// the console did not exist.
func NotOnBrands(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, APIPrefix+"/") || r.URL.Path == APIPrefix {
		httpx.WriteError(w, r, httpx.ErrNotFound)
		return
	}
	notFoundPage(w, r)
}

type ctxKey int

const staffKey ctxKey = iota

// CurrentStaff is the request's logged-in staff member, or nil.
func CurrentStaff(ctx context.Context) *Staff {
	st, _ := ctx.Value(staffKey).(*Staff)
	return st
}

// identify finds the staff member of a console session. A session counts
// only while the account exists, is not disabled and its epoch is the
// session's.
func (s *Service) identify(next http.Handler) http.Handler {
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

// guard enforces a route's permission before its handler.
func (s *Service) guard(p Permission) func(http.Handler) http.Handler {
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

// handlers are the console API's handlers: parse, call the service, answer.
type handlers struct{ s *Service }

// staffAnswer is the logged-in staff member and what they may do: the
// permissions on each tenant domain of their roles (none while the session
// may only set up the second factor, as the guard refuses everything else).
type staffAnswer struct {
	Staff       *Staff             `json:"staff"`
	Permissions []TenantPermission `json:"permissions"`
}

// answerStaff writes st with their permissions.
func (h handlers) answerStaff(w http.ResponseWriter, r *http.Request, st *Staff) {
	perms := []TenantPermission{}
	if !st.TOTPRequired {
		var domains []string
		for _, g := range st.Roles {
			if !slices.Contains(domains, g.Tenant) {
				domains = append(domains, g.Tenant)
			}
		}
		var err error
		if perms, err = h.s.Policy.Permissions(r.Context(), st.ID, domains); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	httpx.WriteJSON(w, http.StatusOK, staffAnswer{st, perms})
}

func (h handlers) login(w http.ResponseWriter, r *http.Request) {
	var c Credentials
	if err := httpx.DecodeJSON(w, r, &c); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	st, verified, err := h.s.Login(r.Context(), c, httpx.ClientIP(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.s.startSession(r.Context(), st, verified); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerStaff(w, r, st)
}

// startSession logs st in on a fresh session token.
func (s *Service) startSession(ctx context.Context, st *Staff, verified bool) error {
	if err := s.Sessions.RenewToken(ctx); err != nil {
		return err
	}
	s.Sessions.Put(ctx, keyStaff, st.ID)
	s.Sessions.Put(ctx, keyEpoch, int(st.epoch))
	s.Sessions.Put(ctx, keyVerified, verified)
	return nil
}

func (h handlers) logout(w http.ResponseWriter, r *http.Request) {
	if err := h.s.Logout(r.Context(), CurrentStaff(r.Context()), httpx.ClientIP(r)); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.s.Sessions.Destroy(r.Context()); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}

func (h handlers) me(w http.ResponseWriter, r *http.Request) {
	h.answerStaff(w, r, CurrentStaff(r.Context()))
}

func (h handlers) startTOTP(w http.ResponseWriter, r *http.Request) {
	e, err := h.s.StartTOTP(r.Context(), CurrentStaff(r.Context()))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, e)
}

func (h handlers) confirmTOTP(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Code string `json:"code"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	st := CurrentStaff(r.Context())
	epoch, err := h.s.ConfirmTOTP(r.Context(), st, body.Code, httpx.ClientIP(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	st.epoch, st.TOTPEnabled, st.TOTPRequired = epoch, true, false
	if err := h.s.startSession(r.Context(), st, true); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerStaff(w, r, st)
}

// TenantSummary is a tenant as the console's lists show it.
type TenantSummary struct {
	Slug          string   `json:"slug"`
	Name          string   `json:"name"`
	Hosts         []string `json:"hosts"`
	PrimaryHost   string   `json:"primary_host"`
	Theme         string   `json:"theme"`
	Niche         int      `json:"niche"`
	Locales       []string `json:"locales"`
	DefaultLocale string   `json:"default_locale"`
	Countries     []string `json:"countries"`
	TimeZone      string   `json:"time_zone"`
	Company       string   `json:"company"`
}

func summary(t *tenancy.Tenant) TenantSummary {
	return TenantSummary{Slug: t.Slug, Name: t.Name, Hosts: t.Hosts, PrimaryHost: t.PrimaryHost, Theme: t.Theme, Niche: t.Niche,
		Locales: t.Locales, DefaultLocale: t.DefaultLocale, Countries: t.Countries, TimeZone: t.TimeZone, Company: t.Company.Name}
}

// tenants answers the tenants the caller may see.
func (h handlers) tenants(w http.ResponseWriter, r *http.Request) {
	all, err := h.s.Tenants.List(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	st := CurrentStaff(r.Context())
	out := []TenantSummary{}
	for _, t := range all {
		ok, err := h.s.Policy.Allowed(r.Context(), st.ID, t.Slug, "tenants", "read")
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if ok {
			out = append(out, summary(t))
		}
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

func (h handlers) tenant(w http.ResponseWriter, r *http.Request) {
	all, err := h.s.Tenants.List(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	for _, t := range all {
		if t.Slug == chi.URLParam(r, "tenant") {
			httpx.WriteJSON(w, http.StatusOK, summary(t))
			return
		}
	}
	httpx.WriteError(w, r, ErrNotFound)
}

func (h handlers) staffList(w http.ResponseWriter, r *http.Request) {
	list, err := h.s.List(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"staff": list})
}

func (h handlers) staffCreate(w http.ResponseWriter, r *http.Request) {
	var n NewStaff
	if err := httpx.DecodeJSON(w, r, &n); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.s.Create(r.Context(), n, CurrentStaff(r.Context()), httpx.ClientIP(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
}

// ErrQueryInvalid refuses a query parameter that is not what it should be.
var ErrQueryInvalid = refusal.New(refusal.Invalid, "query_invalid", "The query parameter {field} is not valid.")

func (h handlers) audit(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var aq AuditQuery
	ints := map[string]*int64{"staff_id": &aq.StaffID, "before_id": &aq.BeforeID}
	for name, dst := range ints {
		if v := q.Get(name); v != "" {
			n, ok := httpx.ID(v)
			if !ok {
				httpx.WriteError(w, r, ErrQueryInvalid.With(map[string]any{"field": name}))
				return
			}
			*dst = n
		}
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 500 {
			httpx.WriteError(w, r, ErrQueryInvalid.With(map[string]any{"field": "limit"}))
			return
		}
		aq.Limit = n
	}
	for name, dst := range map[string]*time.Time{"from": &aq.Since, "to": &aq.Until} {
		if v := q.Get(name); v != "" {
			at, err := auditTime(v, name == "to")
			if err != nil {
				httpx.WriteError(w, r, ErrQueryInvalid.With(map[string]any{"field": name}))
				return
			}
			*dst = at
		}
	}
	aq.Tenant, aq.Action, aq.Email = q.Get("tenant"), q.Get("action"), strings.TrimSpace(q.Get("email"))
	rows, err := h.s.Audit(r.Context(), aq)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"entries": rows})
}

// auditTime reads the audit log's from and to: a time (RFC 3339) or a day
// (YYYY-MM-DD, in UTC); a day as "to" includes the whole day.
func auditTime(v string, end bool) (time.Time, error) {
	if at, err := time.Parse(time.RFC3339, v); err == nil {
		return at, nil
	}
	day, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return time.Time{}, err
	}
	if end {
		day = day.AddDate(0, 0, 1)
	}
	return day, nil
}
