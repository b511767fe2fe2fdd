package server

import (
	"context"
	"crypto/subtle"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/pprof"
	"os"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"rendezvous/engine/accounts"
	"rendezvous/engine/admin"
	"rendezvous/engine/affiliates"
	"rendezvous/engine/billing"
	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/billing/sandbox"
	"rendezvous/engine/chat"
	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/push"
	"rendezvous/engine/delivery/sms"
	"rendezvous/engine/identity"
	"rendezvous/engine/infopages"
	"rendezvous/engine/landerpages"
	"rendezvous/engine/likes"
	"rendezvous/engine/limits"
	"rendezvous/engine/live"
	"rendezvous/engine/media"
	"rendezvous/engine/membership"
	"rendezvous/engine/notifications"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/jobs"
	"rendezvous/engine/platform/outbound"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/platform/version"
	"rendezvous/engine/privacy"
	"rendezvous/engine/profiles"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/trust"
	"rendezvous/engine/webapp"
	"rendezvous/landers"
	"rendezvous/themes"
)

// Deps are what the engine is built from, made once in run().
type Deps struct {
	Config *config.Config
	Log    *slog.Logger
	Pool   *pgxpool.Pool
	// ReadPool takes the reads that tolerate lag (search, another member's
	// profile, the teasers): a read replica (DATABASE_READ_URL,
	// database.OpenRead). nil is Pool.
	ReadPool  *pgxpool.Pool
	Directory *tenancy.Directory
	// Dist is the built web app; Themes the theme folders.
	Dist fs.FS
	// LiveDist is true when Dist is a folder on disk that may be rebuilt
	// while the engine runs (serve --web-dir).
	LiveDist bool
	Themes   fs.FS
	// SessionCleanup is how often expired sessions are deleted; 0 never.
	SessionCleanup time.Duration
	// Media keeps photos; nil opens the store the configuration names
	// (media.Open: S3 or <data>/media).
	Media media.Store
	// Outbound guards the calls to addresses tenants and members chose
	// (postbacks, web pushes). nil, as the engine runs, is the strict
	// guard; only the test engine lets loopback through.
	Outbound *outbound.Guard
}

// Engine is the built engine: its handler and the services behind it, which
// tests reach into (clocks, hashing cost).
type Engine struct {
	Handler  http.Handler
	Locator  tenancy.Locator
	Accounts *accounts.Service
	// Members changes an account and its profile together (signup,
	// activation, deletion, reactivation).
	Members *membership.Lifecycle
	// Jobs is the River client with every area's workers; whoever runs the
	// engine starts and stops it.
	Jobs *jobs.Client
	// Mailbox is the development mailbox, nil outside development mode.
	Mailbox *delivery.Mailbox
	// PushSink keeps the pushes beside the mailbox; nil exactly when
	// Mailbox is.
	PushSink *push.DevSink
	// SMS texts direct debit codes; nil without a gateway.
	SMS sms.Gateway
	App *webapp.App
	// Live fans events out to members' open streams; whoever runs the
	// engine starts and closes it, like Jobs.
	Live *live.Hub
	// Chat holds the conversation rules.
	Chat *chat.Service
	// Profiles holds the profile and photo rules and the media store.
	Profiles *profiles.Service
	// Likes holds the likes, swipe game, match finder and auto-like rules.
	Likes *likes.Service
	// Links makes the addresses of mailed links; serve gives it the
	// listening port in development mode when PUBLIC_PORT is not set.
	Links *tenancy.Links
	// Ops is the operations address's handler (--ops-addr): /metrics,
	// /healthz and /readyz without authentication.
	Ops http.Handler
	// Limits counts signups, complaints, mails, messages and likes against
	// the abuse limits; tests set its clock and rules.
	Limits *limits.Limiter
	// Uploads bounds the uploads each member has in flight (photos.php and
	// photos sent in chat), before their bodies are read.
	Uploads *limits.Uploads
	// Billing sells credit packages: orders, payments, reconciliation.
	Billing *billing.Service
	// Sandbox is the embedded payment provider, nil unless enabled
	// (--payment-sandbox, --demo).
	Sandbox *sandbox.Provider
	// Console is the operators' console, served on the console hosts
	// (ADMIN_HOSTS) only.
	Console *admin.Console
	// Trust checks uploaded photos and chat messages for fakes and
	// scammers and keeps the console's flagged queue.
	Trust *trust.Service
	// Landers renders the affiliate landers (landers/); tests set how long
	// it reuses a niche's members.
	Landers *landerpages.Renderer
	// Visits records affiliate visits and their bounces.
	Visits *affiliates.Visits
	// Notifications sends the notification mails (events, reminders,
	// weekly updates, campaigns); tests set its clock, quiet hours and caps.
	Notifications *notifications.Service
	// MailEvents queues the event mails of chat and likes; tests set its
	// batch window.
	MailEvents *delivery.Events
	// Privacy builds members' copies of their data and drops addresses
	// past their brand's retention; tests set its clock.
	Privacy *privacy.Service

	pool *pgxpool.Pool
	log  *slog.Logger
}

// New builds the engine.
func New(d Deps) (*Engine, error) {
	e := &Engine{Locator: tenancy.Locator{CountryHeader: d.Config.CountryHeader, DevOverride: d.Config.DevCountryOverride}, pool: d.Pool, log: d.Log}
	rules, err := limits.Parse(d.Config.RateLimits)
	if err != nil {
		return nil, fmt.Errorf("RATE_LIMITS: %w", err)
	}
	e.Limits = limits.New(d.Pool, rules, d.Log)
	e.Uploads = limits.NewUploads(limits.UploadsPerMember)
	e.Visits = affiliates.NewVisits(d.Pool, e.Limits, d.Log)
	// The services queue their jobs (mail, pushes) in their transactions
	// through an insert-only client; the client that works the jobs needs
	// the services, so it comes last.
	inserter, err := jobs.NewClient(d.Pool, nil, d.Log, jobs.Options{})
	if err != nil {
		return nil, err
	}
	// Every theme is checked (contrast pairs, layout variants) before a
	// page or a mail uses it.
	themeSet, err := themes.Read(d.Themes)
	if err != nil {
		return nil, err
	}
	mailer, sender, err := mail(d, e, inserter, themeSet)
	if err != nil {
		return nil, err
	}
	sessionStore := accounts.NewSessionStore(d.Pool, d.SessionCleanup)
	sessions := identity.NewSessions(sessionStore, d.Config.SecureCookies)
	e.Links = &tenancy.Links{HTTPS: d.Config.SecureCookies, Port: d.Config.PublicPort}
	postbacks := &affiliates.Postbacks{Jobs: inserter, Log: d.Log}
	e.Accounts = accounts.NewService(accounts.Deps{Pool: d.Pool, Sessions: sessions, Mailer: mailer, Links: e.Links,
		HookSecret: d.Config.MailWebhookSecret, Postbacks: postbacks, Outbound: d.Outbound, Log: d.Log})
	e.Members = membership.NewLifecycle(e.Accounts, inserter)
	e.Live = live.NewHub(d.Pool, d.Config.LiveMaxStreams, d.Log)
	// Sessions are kept in memory only while the hub hears of their ends.
	e.Live.WatchSessions(sessionStore)
	if d.Media == nil {
		store, err := media.Open(context.Background(), d.Config)
		if err != nil {
			return nil, err
		}
		d.Media = store
	}
	// Profile photos and photos sent in chat share the store, the image
	// pipeline and the blob references.
	images := media.NewProcessor(media.DefaultLimits, 0)
	blobs := &media.Blobs{Jobs: inserter}
	var read database.Conn
	if d.ReadPool != nil && d.ReadPool != d.Pool {
		read = database.NewReadReplica(d.ReadPool, d.Pool, d.Log)
	}
	e.Profiles = profiles.NewService(d.Pool, read, d.Media, blobs, images, d.Log)
	e.Profiles.Jobs = inserter
	e.Trust = &trust.Service{Pool: d.Pool, Tenants: d.Directory, Log: d.Log}
	// Pushes are written from the mail catalogues, in the member's language;
	// in development mode they are kept beside the mailbox too.
	if e.Mailbox != nil {
		e.PushSink = &push.DevSink{Pool: d.Pool}
	}
	pusher := &push.Queuer{Jobs: inserter, Texts: mailer.Templates, Dev: e.PushSink}
	e.MailEvents = &delivery.Events{Jobs: inserter}
	e.Likes = likes.NewService(d.Pool, pusher, e.MailEvents, d.Log)
	e.Chat = chat.NewService(chat.Deps{Pool: d.Pool, Push: pusher, Mail: e.MailEvents, Live: e.Live, Limits: e.Limits,
		Store: d.Media, Images: images, Blobs: blobs, Log: d.Log})
	e.Notifications = notifications.NewService(d.Pool, e.Accounts, d.Directory, e.Links, d.Log)
	e.Notifications.Jobs = inserter
	if e.SMS, err = smsGateway(d, e); err != nil {
		return nil, err
	}
	var smsTexts *delivery.Templates
	if e.SMS != nil {
		smsTexts = mailer.Templates
	}
	e.Billing = billing.NewService(billing.Deps{Pool: d.Pool, Providers: paymentProviders(d, e, inserter), Tenants: d.Directory,
		Jobs: inserter, Postbacks: postbacks, Limits: e.Limits, SMSTexts: smsTexts, Log: d.Log, Mailer: mailer, Links: e.Links})
	staffService, err := staff.NewService(context.Background(), d.Pool, d.Directory, d.Log, staff.Options{
		SecureCookies: d.Config.SecureCookies, Demo: d.Config.Demo})
	if err != nil {
		return nil, err
	}
	app, err := webapp.New(d.Dist, d.Themes, e.Locator, membership.Viewer(e.Accounts, e.Chat, e.Likes), webapp.Parts{
		LiveIndex: d.LiveDist, Showcase: e.Profiles, Chat: membership.ChatThread(e.Chat), Links: e.Links}, d.Log)
	if err != nil {
		return nil, err
	}
	e.App = app
	if e.Landers, err = landerpages.NewRenderer(landers.FS, d.Themes, e.Profiles, e.Locator, e.Links, d.Log); err != nil {
		return nil, err
	}
	e.Privacy = &privacy.Service{Pool: d.Pool, Store: d.Media, Blobs: blobs, Jobs: inserter, Mailer: mailer, Tenants: d.Directory,
		DropAddresses: accounts.DropAddresses, Log: d.Log}
	e.Console = admin.NewConsole(staffService, admin.Areas{Accounts: e.Accounts, Billing: e.Billing, Chat: e.Chat,
		Profiles: e.Profiles, Trust: e.Trust, Privacy: e.Privacy, Notifications: e.Notifications, Outbound: d.Outbound, Themes: themeSet}, d.Dist, e.App.Assets())

	if e.Handler, e.Ops, err = routes(d, e); err != nil {
		return nil, err
	}
	// The job workers come last: the sandbox's webhooks are delivered
	// through the finished handler.
	if e.Jobs, err = work(d, e, sender, e.Handler); err != nil {
		return nil, err
	}
	return e, nil
}

// routes builds the engine's route tables: the public one (every brand's
// pages and API, the console's hosts, health and metrics) and the
// operations address's.
func routes(d Deps, e *Engine) (http.Handler, http.Handler, error) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	compress, err := httpx.Compress()
	if err != nil {
		return nil, nil, err
	}
	r := chi.NewRouter()
	// SecurityHeaders looks at the direct peer, so it runs before RealIP.
	// Cross-origin refusals and invalid query text stop a request before any
	// handler; the mail provider's hooks are called from other sites by
	// design and check their own secret or signed token.
	r.Use(httpx.SecurityHeaders(d.Config.TrustedProxies), httpx.RealIP(d.Config.TrustedProxies), httpx.RequestLog(d.Log),
		httpx.Recover, httpx.Metrics(reg), compress, httpx.CrossOrigin(CrossOriginExempt...), httpx.ValidQuery,
		// The console's hosts serve the console and nothing else.
		admin.OnHosts(d.Config.AdminHosts, e.Console, "/healthz", "/readyz", "/metrics"))

	// Health answers on every host, tenant or not. The figures of /metrics
	// are for operators: on the public address only with the METRICS_TOKEN
	// bearer; the operations address (--ops-addr) serves them to whoever
	// can reach it.
	healthz := func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("ok\n")) }
	readyz := func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := d.Pool.Ping(ctx); err != nil {
			httpx.WriteError(w, r, httpx.ErrUnavailable)
			return
		}
		_, _ = w.Write([]byte("ready\n"))
	}
	metrics := promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	// The operations address's health also says which build answers (an
	// operator checks a rolling upgrade there); the public one does not
	// tell the world which release, and so which known flaws, it runs.
	build := version.Get()
	opsHealthz := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = fmt.Fprintf(w, `{"status":"ok","build":%s}`+"\n", build.JSON())
	}
	r.Get("/healthz", healthz)
	r.Get("/readyz", readyz)
	if d.Config.MetricsToken != "" {
		readOnly(r, "/metrics", bearer(d.Config.MetricsToken, metrics))
	}
	ops := chi.NewRouter()
	ops.Use(httpx.Recover)
	ops.Get("/healthz", opsHealthz)
	ops.Get("/readyz", readyz)
	readOnly(ops, "/metrics", metrics)
	// Go's profiles (CPU, heap, goroutines) for whoever may read the
	// metrics: `go tool pprof http://OPS_ADDR/debug/pprof/profile` shows
	// where a loaded engine spends its time (make bench's -profile).
	ops.Get("/debug/pprof/*", pprof.Index)
	ops.Get("/debug/pprof/cmdline", pprof.Cmdline)
	ops.Get("/debug/pprof/profile", pprof.Profile)
	ops.Get("/debug/pprof/symbol", pprof.Symbol)
	ops.Get("/debug/pprof/trace", pprof.Trace)

	visits := e.Visits
	r.Group(func(r chi.Router) {
		r.Use(tenancy.Middleware(d.Directory))
		staticFiles(r, e.App)
		readOnly(r, media.URLPath+"*", media.Handler(e.Profiles.Store))
		mailRoutes(r, d, e)
		paymentRoutes(r, e)
		// A brand's host knows nothing of the console.
		r.HandleFunc("/admin", admin.NotOnBrands)
		r.HandleFunc("/admin/*", admin.NotOnBrands)
		// The affiliate landers (engine/landerpages): server-rendered, without
		// the session; they remember the traffic source and count the visit
		// with its A/B variant (the slug) like the app's pages.
		r.With(landerpages.Remember(d.Config.SecureCookies), visits.Record).Get(landerpages.Prefix+"*", e.Landers.Serve)
		// A lander's adults-only question answered without the page's script.
		r.Post(landerpages.Prefix+"enter", landerpages.EnterHandler(d.Config.SecureCookies))
		// settings.php answers members and visitors alike, from memory: no
		// session is loaded for the most frequent call (engine/README.md,
		// Benchmarks).
		settings := tenancy.Handlers{Locator: e.Locator, Answers: tenancy.NewSettingsAnswers()}
		r.Get("/api/settings.php", settings.Settings)
		// The cookie question of brands with the European rules (landers
		// and app): the answer, and the affiliate cookie once accepted.
		r.Post("/api/cookies.php", landerpages.ConsentHandler(d.Config.SecureCookies))
		r.Group(func(r chi.Router) {
			// Only calls and pages that can depend on the member load the session.
			// Identify loads the session (LoadAndSave) and the member with it.
			r.Use(e.Accounts.Identify, e.Members.MarkSeen)
			r.Route("/api", func(r chi.Router) { memberAPI(r, d, e) })
			// A lander's form posted without its script signs up as signup.php.
			u := membership.Handlers{Accounts: accounts.Handlers{Service: e.Accounts}, Members: e.Members, Locator: e.Locator}
			r.With(e.Limits.Limit(limits.Signup, limits.ByClient)).Post(landerpages.Prefix+"signup", e.Landers.SignupHandler(u.LanderSignup))
			// Pages remember an affiliate link's traffic source for the visit,
			// and count the link's visit for the traffic report.
			r.With(landerpages.Remember(d.Config.SecureCookies), visits.Record).Get("/*", e.App.ServeIndex)
		})
		r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) { httpx.WriteError(w, r, httpx.ErrMethodNotAllowed) })
	})
	return r, ops, nil
}

// CrossOriginExempt are the state-changing endpoints other sites may call:
// the mail provider's bounce and complaint webhooks (bearer secret) and the
// RFC 8058 one-click unsubscribe (signed token), which mail clients post.
// The payment providers' webhooks carry only a payment id the engine asks
// the provider about.
var CrossOriginExempt = []string{"/hooks/mail/", "/hooks/payments/"}

// memberAPI is the route table of the member API. Calls behind member need a
// logged-in member; the rest answer everybody.
func memberAPI(r chi.Router, d Deps, e *Engine) {
	t := tenancy.Handlers{Locator: e.Locator, Pool: d.Pool, Brands: d.Directory, Links: e.Links}
	a := accounts.Handlers{Service: e.Accounts}
	u := membership.Handlers{Accounts: a, Members: e.Members, Locator: e.Locator}
	member := identity.RequireMember
	client := identity.RequireClientRequest
	// Abuse limits (engine/limits), per client address or per member; the
	// member limits come after member, so visitors still get 403.
	perClient := func(rule string) func(http.Handler) http.Handler { return e.Limits.Limit(rule, limits.ByClient) }
	perMember := func(rule string) func(http.Handler) http.Handler {
		return e.Limits.Limit(rule, limits.ByMember(memberID))
	}
	// reset-password.php?do=1 sets the new password and counts against
	// NewPassword, before the link is looked up; any other call asks for a
	// mail and counts against ResetMail.
	resetMails := e.Limits.Limit(limits.ResetMail, func(r *http.Request) (string, bool) {
		if membership.SetsPassword(r) {
			return "", false
		}
		return limits.ByClient(r)
	})
	newPasswords := e.Limits.Limit(limits.NewPassword, func(r *http.Request) (string, bool) {
		if !membership.SetsPassword(r) {
			return "", false
		}
		return limits.ByClient(r)
	})
	// Uploads in flight per member, before the body is read.
	uploadsInFlight := e.Uploads.Limit(limits.ByMember(memberID))

	r.Get("/openapi.yaml", serveOpenAPI)
	// settings.php is routed in New, before the session is loaded.
	r.Get("/companyinfo.php", t.CompanyInfo)
	r.Get("/page.php", infoPages(d).Handler)   // the info pages (terms, privacy...), tenants/README.md
	r.Get("/brands.php", t.OtherBrandsHandler) // member_resell: the company's other brands
	r.Get("/interests.php", t.Interests)
	r.Get("/regions.php", t.Regions)
	r.Get("/geocode.php", t.Geocode)
	r.Get("/places.php", t.Places) // a city's name as the member types it

	r.Get("/user.php", u.Current)
	r.With(client).Post("/user.php", u.Post) // login; ?push=1 stores the push subscription
	r.With(client, member).Put("/user.php", u.Update)
	r.With(client).Get("/logout.php", a.Logout) // a GET, so the header guards it
	// The page-hidden beacon marks the member seen, and a visitor's
	// affiliate visit bounced (affiliates.Visits.Bounce).
	r.With(e.Visits.Bounce(func(r *http.Request) bool { return identity.Current(r.Context()) != nil })).Post("/page-hidden.php", u.PageHidden)
	r.With(perClient(limits.Signup)).Post("/signup.php", u.Signup)
	r.Get("/activate.php", u.Activate) // the activation mail's link: redirects
	r.With(member, perClient(limits.ActivationMail)).Post("/activate.php", a.ResendActivation)
	r.With(resetMails, newPasswords).Post("/reset-password.php", u.ResetPassword) // ?do=1 sets the new password
	r.With(member, perMember(limits.AccountChange)).Put("/account.php", u.UpdateAccount)
	r.With(member).Delete("/account.php", u.DeleteAccount)
	r.Post("/mail-change.php", u.MailChange) // from /mail-change/do?token=
	r.Post("/reactivate.php", u.Reactivate)  // from /account-deleted?token=
	r.With(member).Get("/notifications.php", a.Notifications)
	r.With(member).Put("/notifications.php", a.UpdateNotifications)
	r.With(member).Post("/alerts.php", a.DismissAlert)
	// The member's copy of their data: its state (polled while it builds),
	// a new request (once a day) and the built zip.
	dx := privacy.Handlers{Service: e.Privacy, Links: e.Links}
	r.With(member).Get("/data-export.php", dx.Status)
	r.With(member).Post("/data-export.php", dx.Request)
	r.With(member).Get("/data-export-file.php", dx.Download)
	// Consents: the terms, the privacy statement and the orientation
	// consent; withdrawing the last deletes the account.
	r.With(member).Get("/consents.php", a.Consents)
	r.With(member).Post("/consents.php", u.Consent)
	r.With(member).Delete("/consents.php", u.WithdrawConsent) // ?kind=orientation

	p := profiles.Handlers{Service: e.Profiles}
	r.With(member).Get("/profile.php", p.OwnProfile)
	r.With(member).Put("/profile.php", p.UpdateProfile)
	r.With(member).Get("/photos.php", p.Photos)
	r.With(member, uploadsInFlight).Post("/photos.php", p.UploadPhoto)
	r.With(member).Put("/photos.php", p.ChangePhotos) // ?id=&main=1, or {order: [ids]}
	r.With(member).Delete("/photos.php", p.DeletePhoto)
	// Logged out per logged_out_search(_trafficsource); opening a profile
	// clears the like it gave the viewer (likes area).
	r.With(likes.Handlers{Service: e.Likes}.OpenProfile).Get("/member.php", p.Member)
	r.Get("/members.php", p.Search)               // the same rule
	r.Get("/member-landing.php", p.MemberLanding) // the same rule; never a member in invisible mode
	r.With(member).Get("/block.php", p.Blocked)
	r.With(member).Post("/block.php", p.Block)
	r.With(member).Delete("/block.php", p.Unblock)
	r.With(perClient(limits.Complaint)).Post("/complaints.php", p.FileComplaint) // visitors too, with an email
	r.With(member).Get("/complaints.php", p.Complaints)
	// Private notes on profiles (visible_profile_notes): only the writer sees them.
	r.With(member).Get("/note.php", p.Note)
	r.With(member, perMember(limits.Note)).Put("/note.php", p.SaveNote)

	l := likes.Handlers{Service: e.Likes}
	r.With(member, perMember(limits.Like)).Post("/like.php", l.Like)
	r.With(member).Get("/likes.php", l.Likes)          // ?type=liked|liked_by|matches
	r.With(member).Post("/like-card.php", l.ClaimCard) // a like or match card shows once
	r.With(member).Get("/swipe.php", l.Deck)
	r.With(member, perMember(limits.Like)).Post("/swipe.php", l.Swipe) // {profile_id, action: like|pass}
	r.With(member).Get("/match-finder.php", l.MatchFinder)
	r.With(member).Get("/auto-like.php", l.AutoLike)

	c := chat.Handlers{Service: e.Chat, Hub: e.Live}
	r.Get("/gifts.php", c.GiftList)
	r.With(member).Get("/chats.php", c.Chats)
	r.With(member).Get("/chat.php", c.Chat) // ?id= or ?profile_id=
	r.With(member).Delete("/chat.php", c.HideChat)
	r.With(member).Get("/messages.php", c.Messages)
	// Sends count against limits.Message: an upload here, before its photo
	// is processed; any other send in its own transaction
	// (chat.SendInput.RateLimited), one round trip fewer.
	r.With(member, e.Uploads.Limit(uploads(limits.ByMember(memberID))), e.Limits.Limit(limits.Message, uploads(limits.ByMember(memberID)))).
		Post("/messages.php", c.Send)
	r.With(member).Get("/events", c.Events)
	r.With(member, perMember(limits.Typing)).Post("/typing.php", c.Typing) // never stored: only the partner's streams hear it

	// Billing: a member's invoices (HTML page, or the PDF with format=pdf).
	r.With(member).Get("/invoice.php", billing.InvoiceHandlers{Pool: d.Pool, Texts: e.Accounts.Mailer.Templates}.Invoice)
	b := billing.Handlers{Service: e.Billing, Locator: e.Locator, Links: e.Links}
	r.Get("/packages.php", b.Packages) // visitors too: /pricing
	r.With(member).Post("/orders.php", b.Order)
	r.With(member).Get("/orders.php", b.Payment) // ?id=<payment_id>
	r.With(member).Post("/paynow.php", b.PayNow) // a new payment for a waiting order
	r.With(member).Get("/transactions.php", b.Transactions)
	// Direct debit: {package_id, country?, iban, holder, phone} texts a
	// code, then {code} places the order.
	r.With(member).Post("/directdebit.php", b.DirectDebit)
	// Repeat orders: the card kept for them, a one-click order, removing it.
	r.With(member).Get("/repeatorder.php", b.StoredCard)
	r.With(member).Post("/repeatorder.php", b.Repeat)
	r.With(member).Delete("/repeatorder.php", b.RemoveCard) // ?id=<card id>
	// Discount codes: ?code= or ?welcome=true (the member's welcome code).
	// Codes are timed by billing's clock, the one orders apply them by.
	r.With(member).Get("/discountcode.php", discounts.Handlers{Pool: d.Pool, Now: func() time.Time { return e.Billing.Now() }}.Code)
	// The retention offer of the deletion screen (company delete_discount).
	r.With(member).Get("/retention.php", discounts.Handlers{Pool: d.Pool}.Retention)
	r.With(member).Post("/retention.php", discounts.Handlers{Pool: d.Pool}.TakeRetention)

	r.NotFound(func(w http.ResponseWriter, r *http.Request) { httpx.WriteError(w, r, httpx.ErrNotFound) })
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) { httpx.WriteError(w, r, httpx.ErrMethodNotAllowed) })
}

// staticFiles serves the web build's files, themes and the manifest; none
// of them depends on the member, so they skip the session.
func staticFiles(r chi.Router, app *webapp.App) {
	assets := app.Assets()
	r.Get("/manifest.webmanifest", app.Manifest)
	// Per tenant: the sitemap of its public pages and the robots.txt naming it.
	r.Get("/robots.txt", app.Robots)
	r.Get("/sitemap.xml", app.Sitemap)
	readOnly(r, "/assets/*", assets)
	readOnly(r, "/themes/*", app.Themes())
	for _, f := range []string{"/sw.js", "/favicon.svg", "/favicon.ico"} {
		r.Get(f, assets.ServeHTTP)
	}
}

// uploads counts only the multipart requests of by's subjects (the photos
// sent in chat).
func uploads(by limits.Subject) limits.Subject {
	return func(r *http.Request) (string, bool) {
		if !chat.IsUpload(r) {
			return "", false
		}
		return by(r)
	}
}

// memberID is the logged-in member's id, 0 for a visitor.
func memberID(r *http.Request) int64 {
	if m := identity.Current(r.Context()); m != nil {
		return m.ID
	}
	return 0
}

// errMetricsToken refuses /metrics to a caller without the token.
var errMetricsToken = refusal.New(refusal.Unauthorized, "metrics_unauthorized", "The metrics need the operator's token.")

// bearer lets through only requests with "Authorization: Bearer token".
func bearer(token string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			httpx.WriteError(w, r, errMetricsToken)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// readOnly serves files and figures to GET and HEAD only; other methods get
// 405 instead of the file.
func readOnly(r chi.Router, pattern string, h http.Handler) {
	r.Method(http.MethodGet, pattern, h)
	r.Method(http.MethodHead, pattern, h)
}

// infoPages serves the info pages, with the brands' own page files from
// the tenants directory (tenants/README.md, Info pages).
func infoPages(d Deps) *infopages.Pages {
	p := &infopages.Pages{Log: d.Log}
	if dir, _ := d.Config.TenantFiles(); dir != "" {
		p.Overrides = os.DirFS(dir)
	}
	return p
}
