package brandfile

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"rendezvous/engine/affiliates"
	"rendezvous/engine/billing"
	"rendezvous/engine/chat"
	"rendezvous/engine/geo"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/outbound"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/trust"
	"rendezvous/themes"
)

// ConsoleHandlers are the operators' console's calls on brands: the
// brands a staff member may see, and a brand created and edited as its
// tenant file (tenancy.File, as JSON), checked whole (Check), written by
// tenancy in one transaction with its audit row (package staff); every
// instance serves the change at once (the tenancy directory follows
// LISTEN/NOTIFY). The console's route table (package admin) guards each
// call.
type ConsoleHandlers struct {
	Staff *staff.Service
	// Outbound decides which hosts postback templates may name; nil is
	// the strict guard.
	Outbound *outbound.Guard
	// Themes are the themes the engine serves (the built-in ones and the
	// themes directory's): a brand's choices and the colours its own are
	// checked over.
	Themes *themes.Set
}

// ErrSlugChanged refuses a tenant file whose slug is not the route's.
var ErrSlugChanged = refusal.New(refusal.Invalid, "tenant_slug_changed", "A tenant's slug cannot be changed; create a new tenant instead.").With(map[string]any{"field": "slug"})

// tenantFile is the current file of the tenant slug.
func (h ConsoleHandlers) tenantFile(ctx context.Context, slug string) (*tenancy.File, error) {
	all, err := h.Staff.Tenants.List(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range all {
		if t.Slug == slug {
			f, err := tenancy.FileOf(t)
			if err != nil {
				return nil, err
			}
			return &f, nil
		}
	}
	return nil, tenancy.ErrNoTenant
}

// saveTenant creates (create) or replaces a tenant from its file, with an
// audit row of the file before and after, and answers the file as stored.
func (h ConsoleHandlers) saveTenant(ctx context.Context, f tenancy.File, create bool, by *staff.Staff, ip netip.Addr) error {
	var before *tenancy.File
	if !create {
		var err error
		if before, err = h.tenantFile(ctx, f.Slug); err != nil {
			return err
		}
	}
	if err := Check(ctx, h.Outbound, h.Themes, f); err != nil {
		return err
	}
	action := "tenant.update"
	if create {
		action = "tenant.create"
	}
	return pgx.BeginFunc(ctx, h.Staff.Pool, func(tx pgx.Tx) error {
		// A company or pool other brands use as well: only with the
		// permission on each of them.
		may := func(ctx context.Context, slug string) (bool, error) {
			if by == nil {
				return false, nil
			}
			return h.Staff.Policy.Allowed(ctx, by.ID, slug, "tenants", "write")
		}
		if err := tenancy.Save(ctx, tx, f, create, may); err != nil {
			return err
		}
		if err := Stored(ctx, tx); err != nil {
			return err
		}
		e := staff.Entry{By: by, Tenant: f.Slug, Action: action, IP: ip, After: f}
		if before != nil {
			e.Before = before
		}
		return staff.Record(ctx, tx, e)
	})
}

// TenantAnswer is a tenant as the console edits it: its file and where to
// see it as members do.
type TenantAnswer struct {
	File       tenancy.File `json:"file"`
	PreviewURL string       `json:"preview_url"`
	// Choices are what the brand editor offers to pick from.
	Choices Choices `json:"choices"`
}

// Choices are the values a brand file's fields may take, so the console
// offers them as choices rather than text to type.
type Choices struct {
	Locales        []string `json:"locales"`
	Countries      []Choice `json:"countries"`
	PaymentMethods []Choice `json:"payment_methods"`
	// Themes are the colour tokens of every theme, by theme name: the
	// colours a brand's look.colors are merged over.
	Themes map[string]map[string]string `json:"themes"`
	// Bounds are the least, the most, the step and the default of the
	// number fields the editor shows as inputs, by field (free_messages,
	// trust.threshold, trust.weights.phone,
	// settings.minimum_message_costs.costs): what the check accepts.
	Bounds map[string]tenancy.Bound `json:"bounds"`
	// TrustSignals are the signals of trust.weights, PostbackEvents the
	// events of a postbacks network, in the order the editor shows them.
	TrustSignals   []string `json:"trust_signals"`
	PostbackEvents []string `json:"postback_events"`
}

// Choice is one value to choose and its English name.
type Choice struct {
	Value string `json:"value"`
	Name  string `json:"name"`
}

// ChoicesOf are the console's choices of every brand file on an engine
// serving the themes set.
func ChoicesOf(set *themes.Set) Choices {
	c := Choices{Locales: tenancy.SupportedLocales, Themes: themeColors(set), Bounds: trust.Bounds(),
		TrustSignals: trust.Signals, PostbackEvents: affiliates.Events}
	c.Bounds["free_messages"] = chat.FreeMessagesBound()
	c.Bounds["settings.minimum_message_costs.costs"] = tenancy.MessageCostBound()
	codes := geo.Countries()
	names := geo.CountryNames([]string{"en"}, codes)["en"]
	for _, code := range codes {
		name := names[code]
		if name == "" {
			name = code
		}
		c.Countries = append(c.Countries, Choice{Value: code, Name: name})
	}
	for _, m := range billing.PaymentMethods {
		c.PaymentMethods = append(c.PaymentMethods, Choice{Value: m.Name, Name: m.Title})
	}
	return c
}

// SiteURL is the brand's host on the console's scheme and port (a demo's
// admin.localhost:8080 previews at lustlokaal.localhost:8080): the preview
// link and the brand list's links to the site and its landers.
func SiteURL(r *http.Request, host string) string {
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	if _, port, err := net.SplitHostPort(r.Host); err == nil && port != "" {
		host = net.JoinHostPort(host, port)
	}
	return scheme + "://" + host + "/"
}

// answerTenant answers the stored file of the brand slug.
func (h ConsoleHandlers) answerTenant(w http.ResponseWriter, r *http.Request, status int, slug string) {
	f, err := h.tenantFile(r.Context(), slug)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, status, TenantAnswer{File: *f, PreviewURL: SiteURL(r, f.Hosts[0]), Choices: ChoicesOf(h.Themes)})
}

// TenantFile answers a brand's file and where to preview it.
func (h ConsoleHandlers) TenantFile(w http.ResponseWriter, r *http.Request) {
	h.answerTenant(w, r, http.StatusOK, chi.URLParam(r, "tenant"))
}

// CreateTenant makes a brand from its file.
func (h ConsoleHandlers) CreateTenant(w http.ResponseWriter, r *http.Request) {
	var f tenancy.File
	if err := httpx.DecodeJSON(w, r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.saveTenant(r.Context(), f, true, staff.CurrentStaff(r.Context()), httpx.ClientIP(r)); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	// The directory of this instance reloads on the notification; read the
	// stored tenant from the database now.
	h.invalidateTenants()
	h.answerTenant(w, r, http.StatusCreated, f.Slug)
}

// UpdateTenant replaces a brand's file; its slug stays.
func (h ConsoleHandlers) UpdateTenant(w http.ResponseWriter, r *http.Request) {
	var f tenancy.File
	if err := httpx.DecodeJSON(w, r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if slug := chi.URLParam(r, "tenant"); f.Slug != slug {
		httpx.WriteError(w, r, ErrSlugChanged)
		return
	}
	if err := h.saveTenant(r.Context(), f, false, staff.CurrentStaff(r.Context()), httpx.ClientIP(r)); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.invalidateTenants()
	h.answerTenant(w, r, http.StatusOK, f.Slug)
}

// ExportTenant answers the tenant's file as YAML to download, ready for the
// tenants directory.
func (h ConsoleHandlers) ExportTenant(w http.ResponseWriter, r *http.Request) {
	slug := chi.URLParam(r, "tenant")
	all, err := h.Staff.Tenants.List(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	for _, t := range all {
		if t.Slug != slug {
			continue
		}
		out, err := tenancy.Export(t)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", slug+".yaml"))
		_, _ = w.Write(out)
		return
	}
	httpx.WriteError(w, r, tenancy.ErrNoTenant)
}

// invalidateTenants drops this instance's copy of the tenants at once (the
// notification would, a moment later), so the answer shows the change.
func (h ConsoleHandlers) invalidateTenants() {
	if d, ok := h.Staff.Tenants.(interface{ Invalidate() }); ok {
		d.Invalidate()
	}
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

// Tenants answers the tenants the caller may see.
func (h ConsoleHandlers) Tenants(w http.ResponseWriter, r *http.Request) {
	all, err := h.Staff.Tenants.List(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	st := staff.CurrentStaff(r.Context())
	out := []TenantSummary{}
	for _, t := range all {
		ok, err := h.Staff.Policy.Allowed(r.Context(), st.ID, t.Slug, "tenants", "read")
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

// Tenant answers one brand's summary.
func (h ConsoleHandlers) Tenant(w http.ResponseWriter, r *http.Request) {
	all, err := h.Staff.Tenants.List(r.Context())
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
	httpx.WriteError(w, r, staff.ErrNotFound)
}
