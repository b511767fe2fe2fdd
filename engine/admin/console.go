package admin

import (
	"io/fs"
	"net/http"
	"slices"
	"strings"

	"github.com/go-chi/chi/v5"

	"rendezvous/engine/accounts"
	"rendezvous/engine/affiliates"
	"rendezvous/engine/billing"
	"rendezvous/engine/brandfile"
	"rendezvous/engine/chat"
	"rendezvous/engine/media"
	"rendezvous/engine/membership"
	"rendezvous/engine/notifications"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/outbound"
	"rendezvous/engine/privacy"
	"rendezvous/engine/profiles"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/trust"
	"rendezvous/themes"
)

// The permissions of the route table, in short.
var (
	public    = staff.OpenToAll
	signedIn  = staff.LoggedIn
	global    = staff.OnAllTenants
	anyTenant = staff.OnSomeTenant
	inTenant  = staff.OnRouteTenant
)

// Route is one call of the console API: its method, its pattern under
// /admin/api and the permission it needs.
type Route struct {
	Method  string
	Pattern string
	Perm    staff.Permission
	handler http.HandlerFunc
}

// APIPrefix is where the console's API lives on console hosts.
const APIPrefix = "/admin/api"

// Routes is the console API's route table: every call names the permission
// it needs beside it, and the router enforces it before the handler runs.
// New calls are added here, one line each.
func (c *Console) Routes() []Route {
	st := c.Staff.Handlers()
	brands := brandfile.ConsoleHandlers{Staff: c.Staff, Outbound: c.Outbound, Themes: c.Themes}
	look := brandfile.LookHandlers{ConsoleHandlers: brands}
	if c.Profiles != nil {
		look.Store, look.Blobs = c.Profiles.Store, c.Profiles.Blobs
	}
	acc := accounts.ConsoleDashboards{Pool: c.Staff.Pool}
	prof := profiles.ConsoleHandlers{Staff: c.Staff, Service: c.Profiles}
	members := membership.ConsoleHandlers{Staff: c.Staff, Pool: c.Staff.Pool, Accounts: c.Accounts}
	talk := chat.ConsoleHandlers{Staff: c.Staff, Service: c.Chat}
	money := billing.ConsoleHandlers{Staff: c.Staff, Service: c.Billing}
	traffic := affiliates.ConsoleHandlers{Staff: c.Staff, Pool: c.Staff.Pool}
	flags := trust.ConsoleHandlers{Staff: c.Staff, Service: c.Trust}
	data := privacy.ConsoleHandlers{Staff: c.Staff, Service: c.Privacy}
	campaigns := notifications.ConsoleHandlers{Staff: c.Staff, Service: c.Notifications}
	if c.Accounts != nil {
		traffic.Links = c.Accounts.Links
	}
	return []Route{
		{"POST", "/login", public, st.Login},
		{"POST", "/logout", signedIn, st.Logout},
		{"GET", "/me", signedIn, st.Me},
		{"POST", "/totp", signedIn, st.StartTOTP},
		{"POST", "/totp/confirm", signedIn, st.ConfirmTOTP},
		// The staff member's own console language (staff/language.go).
		{"PUT", "/me/language", signedIn, st.SetLanguage},
		// What waits for a decision on each brand the staff member may
		// work (today.go).
		{"GET", "/today", anyTenant("tenants", "read"), c.Today},

		{"GET", "/tenants", anyTenant("tenants", "read"), brands.Tenants},
		{"GET", "/tenants/{tenant}", inTenant("tenants", "read"), brands.Tenant},
		// Tenants: create, edit and export brands (brandfile/console_handlers.go).
		{"POST", "/tenants", global("tenants", "write"), brands.CreateTenant},
		{"GET", "/tenants/{tenant}/file", inTenant("tenants", "read"), brands.TenantFile},
		{"PUT", "/tenants/{tenant}/file", inTenant("tenants", "write"), brands.UpdateTenant},
		{"GET", "/tenants/{tenant}/export", inTenant("tenants", "read"), brands.ExportTenant},
		// A brand's look: the choices of its forms, its own logo and icon (brandfile/console_look.go).
		{"GET", "/look/choices", anyTenant("tenants", "read"), look.Choices},
		{"POST", "/tenants/{tenant}/look/{image}", inTenant("tenants", "write"), look.UploadImage},

		// Money: orders and refunds, a member's ledger and credit
		// corrections (billing/console_handlers.go); support has no money
		// permission.
		{"GET", "/tenants/{tenant}/orders", inTenant("money", "read"), money.TenantOrders},
		{"POST", "/tenants/{tenant}/orders/{order}/refund", inTenant("money", "write"), money.Refund},
		{"GET", "/tenants/{tenant}/members/{member}/money", inTenant("money", "read"), money.MemberMoney},
		{"POST", "/tenants/{tenant}/members/{member}/credits", inTenant("money", "write"), money.CorrectCredits},
		{"GET", "/tenants/{tenant}/members/{member}/invoices", inTenant("money", "read"), money.MemberInvoices},
		{"POST", "/tenants/{tenant}/members/{member}/direct-debit", inTenant("money", "write"), money.DirectDebit},

		// Discount codes: a brand's codes with their redemptions, a new
		// code, deactivating one (billing/console_handlers.go); money
		// permissions, so support reaches none of them.
		{"GET", "/tenants/{tenant}/codes", inTenant("money", "read"), money.Codes},
		{"POST", "/tenants/{tenant}/codes", inTenant("money", "write"), money.CreateCode},
		{"POST", "/tenants/{tenant}/codes/{code}/deactivate", inTenant("money", "write"), money.DeactivateCode},

		{"GET", "/staff", global("staff", "read"), st.List},
		{"POST", "/staff", global("staff", "write"), st.Create},
		{"GET", "/audit", global("audit", "read"), st.AuditLog},
		{"GET", "/audit/actions", global("audit", "read"), st.AuditActions},

		// Members, staff and the audit log (members): a staff account's
		// roles and disabling it (staff/handlers.go), and a conversation read
		// only for a complaint about it, audited at every read
		// (chat/console_handlers.go).
		{"PUT", "/staff/{staff}/roles", global("staff", "write"), st.SetRoles},
		{"POST", "/staff/{staff}/disable", global("staff", "write"), st.Disable},
		// An affiliate account's network, refs and revenue share, checked
		// against the networks its brands know (affiliates/console_handlers.go).
		{"PUT", "/staff/{staff}/affiliate-scope", global("staff", "write"), traffic.SetAffiliateScope},
		{"POST", "/staff/{staff}/enable", global("staff", "write"), st.Enable},
		{"GET", "/tenants/{tenant}/moderation/complaints/{complaint}/conversation", inTenant("moderation", "read"), talk.ConversationOfComplaint},

		// Moderation: the photo queue and complaints
		// (profiles/console_handlers.go), member lookup and what operators do
		// about members (membership/console_handlers.go).
		{"GET", "/tenants/{tenant}/moderation/photos", inTenant("moderation", "read"), prof.PhotoQueue},
		{"POST", "/tenants/{tenant}/moderation/photos/{photo}/approve", inTenant("moderation", "write"), prof.PhotoDecision(profiles.PhotoActive, "photo.approve")},
		{"POST", "/tenants/{tenant}/moderation/photos/{photo}/reject", inTenant("moderation", "write"), prof.PhotoDecision(profiles.PhotoRejected, "photo.reject")},
		// Photos sent in chat follow the same moderation (chat/console_handlers.go).
		{"GET", "/tenants/{tenant}/moderation/chat-photos", inTenant("moderation", "read"), talk.ChatPhotoQueue},
		{"POST", "/tenants/{tenant}/moderation/chat-photos/{message}/approve", inTenant("moderation", "write"), talk.ChatPhotoDecision(chat.PhotoActive, "chat_photo.approve")},
		{"POST", "/tenants/{tenant}/moderation/chat-photos/{message}/reject", inTenant("moderation", "write"), talk.ChatPhotoDecision(chat.PhotoRejected, "chat_photo.reject")},
		{"GET", "/tenants/{tenant}/moderation/complaints", inTenant("moderation", "read"), prof.Complaints},
		{"GET", "/tenants/{tenant}/moderation/complaints/{complaint}", inTenant("moderation", "read"), members.Complaint},
		{"POST", "/tenants/{tenant}/moderation/complaints/{complaint}/status", inTenant("moderation", "write"), prof.ComplaintStatus},
		{"GET", "/tenants/{tenant}/moderation/members", inTenant("members", "read"), members.Members},
		{"GET", "/tenants/{tenant}/moderation/members/{member}", inTenant("members", "read"), members.Member},
		{"POST", "/tenants/{tenant}/moderation/members/{member}/warn", inTenant("moderation", "write"), members.Warn},
		{"POST", "/tenants/{tenant}/moderation/members/{member}/suspend", inTenant("moderation", "write"), members.Suspend},
		{"POST", "/tenants/{tenant}/moderation/members/{member}/ban", inTenant("moderation", "write"), members.Ban},
		{"POST", "/tenants/{tenant}/moderation/members/{member}/kind", inTenant("moderation", "write"), members.AccountKind},

		// Trust and safety: the flagged queue, its count for the Today page,
		// a flag's evidence (every view audited) and the decision
		// (trust/console_handlers.go).
		{"GET", "/tenants/{tenant}/flags", inTenant("moderation", "read"), flags.Queue},
		{"GET", "/tenants/{tenant}/flags/count", inTenant("moderation", "read"), flags.Count},
		{"GET", "/tenants/{tenant}/flags/{flag}", inTenant("moderation", "read"), flags.Evidence},
		{"POST", "/tenants/{tenant}/flags/{flag}/decision", inTenant("moderation", "write"), flags.Decide},

		// Members (membership/console_members.go): search on every brand
		// the staff member reads members of, one member with everything
		// operators decide from, staff notes and customer service's actions
		// (members:write); ending a suspension or ban early is moderation's.
		{"GET", "/members", anyTenant("members", "read"), members.SearchMembers},
		{"GET", "/tenants/{tenant}/members/{member}", inTenant("members", "read"), members.MemberPage},
		{"POST", "/tenants/{tenant}/members/{member}/notes", inTenant("members", "write"), members.AddNote},
		{"POST", "/tenants/{tenant}/members/{member}/lift", inTenant("moderation", "write"), members.Lift},
		{"POST", "/tenants/{tenant}/members/{member}/sessions/end", inTenant("members", "write"), members.EndSessions},
		{"POST", "/tenants/{tenant}/members/{member}/reactivate", inTenant("members", "write"), members.Reactivate},
		{"POST", "/tenants/{tenant}/members/{member}/activation", inTenant("members", "write"), members.ResendActivation},
		// A member's copy of their data, built on the member's request to
		// customer service; building and every download audited
		// (privacy/console_handlers.go).
		{"POST", "/tenants/{tenant}/members/{member}/data-export", inTenant("members", "write"), data.Build},
		{"GET", "/tenants/{tenant}/members/{member}/data-export", inTenant("members", "read"), data.Status},
		{"GET", "/tenants/{tenant}/members/{member}/data-export/{export}", inTenant("members", "write"), data.Download},

		// Campaigns: a promotion or news mail to a brand's members who take
		// that type, its audience before sending and its progress after
		// (notifications/console_handlers.go).
		{"GET", "/tenants/{tenant}/campaigns", inTenant("campaigns", "read"), campaigns.Campaign},
		{"POST", "/tenants/{tenant}/campaigns", inTenant("campaigns", "write"), campaigns.SendCampaign},

		// The chat operators' inbox (chat/console_handlers.go).
		{"GET", "/tenants/{tenant}/inbox", inTenant("house_profiles", "read"), talk.Inbox},
		{"GET", "/tenants/{tenant}/inbox/{conversation}", inTenant("house_profiles", "read"), talk.InboxThread},
		{"POST", "/tenants/{tenant}/inbox/{conversation}", inTenant("house_profiles", "write"), talk.Answer},
		// House profiles: made (membership: the account and the profile),
		// edited, retired and their photos (profiles/console_handlers.go).
		// Operators and superadmins edit them (house_profiles:edit); chat
		// operators see them (read) and answer for them (write) only.
		{"GET", "/tenants/{tenant}/house", inTenant("house_profiles", "read"), prof.HouseList},
		{"POST", "/tenants/{tenant}/house", inTenant("house_profiles", "edit"), members.HouseCreate},
		{"GET", "/tenants/{tenant}/house/{profile}", inTenant("house_profiles", "read"), prof.HouseGet},
		{"PUT", "/tenants/{tenant}/house/{profile}", inTenant("house_profiles", "edit"), prof.HouseUpdate},
		{"POST", "/tenants/{tenant}/house/{profile}/status", inTenant("house_profiles", "edit"), prof.HouseStatus},
		{"POST", "/tenants/{tenant}/house/{profile}/photos", inTenant("house_profiles", "edit"), prof.HousePhotoAdd},
		{"DELETE", "/tenants/{tenant}/house/{profile}/photos/{photo}", inTenant("house_profiles", "edit"), prof.HousePhotoDelete},

		// Dashboards: a tenant's per-day series and conversion by traffic
		// source, each also as CSV with ?format=csv (staff/dashboards.go;
		// each area's dashboards.go loads its own).
		{"GET", "/tenants/{tenant}/dashboards/signups", inTenant("dashboards", "read"), c.Staff.Dashboard("signups", acc.SignupsDashboard)},
		{"GET", "/tenants/{tenant}/dashboards/purchases", inTenant("dashboards", "read"), c.Staff.Dashboard("purchases", money.PurchasesDashboard)},
		{"GET", "/tenants/{tenant}/dashboards/messages", inTenant("dashboards", "read"), c.Staff.Dashboard("messages", talk.MessagesDashboard)},
		{"GET", "/tenants/{tenant}/dashboards/moderation", inTenant("dashboards", "read"), c.Staff.Dashboard("moderation", prof.ModerationDashboard)},
		{"GET", "/tenants/{tenant}/dashboards/conversion", inTenant("dashboards", "read"), c.Staff.Dashboard("conversion", acc.ConversionDashboard)},
		// The traffic report per source of ?tenant= (affiliates/console.go):
		// who holds affiliates:read there (operators, affiliate managers).
		{"GET", "/reports/traffic", inTenant("affiliates", "read"), traffic.TrafficReport},
		// The postbacks of ?tenant= made in the same days and the networks'
		// answers, read only (affiliates/console.go).
		{"GET", "/reports/postbacks", inTenant("affiliates", "read"), traffic.PostbackReport},

		// An affiliate's own traffic (affiliates/console.go): its brands and
		// link builder, its report per lander and sub-id and its postbacks,
		// each narrowed on the server to its network and refs.
		{"GET", "/affiliate", anyTenant("own_traffic", "read"), traffic.AffiliateHome},
		{"GET", "/affiliate/report", inTenant("own_traffic", "read"), traffic.AffiliateReport},
		{"GET", "/affiliate/postbacks", inTenant("own_traffic", "read"), traffic.AffiliatePostbacks},

		{"GET", "/openapi.yaml", public, serveOpenAPI},
	}
}

// Areas are the services of the areas the console's calls act through;
// each is nil for the commands that act on no member (staff).
type Areas struct {
	// Accounts warns members by mail (moderation).
	Accounts *accounts.Service
	// Billing is the orders and refunds of the money calls.
	Billing *billing.Service
	// Chat answers for house profiles in the chat operators' inbox.
	Chat *chat.Service
	// Profiles stores house profiles' photos (the media store and image
	// pipeline members' uploads go through).
	Profiles *profiles.Service
	// Trust keeps the flagged queue of trust and safety.
	Trust *trust.Service
	// Privacy builds members' copies of their data.
	Privacy *privacy.Service
	// Notifications sends the campaigns the console queues.
	Notifications *notifications.Service
	// Outbound decides which hosts postback templates may name; nil is
	// the strict guard.
	Outbound *outbound.Guard
	// Themes are the themes the engine serves, which brands choose from.
	Themes *themes.Set
}

// Console is the console's HTTP surface on the console hosts: its API and
// its own web bundle (web/admin.html and the chunks it loads).
type Console struct {
	// Staff is who works the console: logins, roles, the audit log.
	Staff *staff.Service
	Areas
	// Dist is the built web app; admin.html is the console's page.
	Dist fs.FS
	// Assets serves the built files under /assets/.
	Assets http.Handler
	router chi.Router
}

// NewConsole builds the console's router.
func NewConsole(s *staff.Service, areas Areas, dist fs.FS, assets http.Handler) *Console {
	c := &Console{Staff: s, Areas: areas, Dist: dist, Assets: assets}
	r := chi.NewRouter()
	r.Get("/", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/admin/", http.StatusFound) })
	r.Get("/admin", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/admin/", http.StatusFound) })
	r.Get("/admin/*", c.serveApp)
	r.Method(http.MethodGet, "/assets/*", assets)
	r.Method(http.MethodHead, "/assets/*", assets)
	if areas.Profiles != nil {
		// Photos (house profiles', the moderation queue's) from the media
		// store, as brand hosts serve them.
		photos := media.Handler(areas.Profiles.Store)
		r.Method(http.MethodGet, media.URLPath+"*", photos)
		r.Method(http.MethodHead, media.URLPath+"*", photos)
	}
	r.Route(APIPrefix, func(r chi.Router) {
		r.Use(s.Sessions.LoadAndSave, s.Identify)
		for _, rt := range c.Routes() {
			r.With(s.Guard(rt.Perm)).Method(rt.Method, rt.Pattern, rt.handler)
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
