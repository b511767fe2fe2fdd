package admin

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"rendezvous/engine/brandfile"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// Tenants in the console: a brand is created and edited as its tenant file
// (tenancy.File, as JSON), checked by tenancy and billing, written by
// tenancy in one transaction with its audit row; every instance serves the
// change at once (the tenancy directory follows LISTEN/NOTIFY).

// ErrSlugChanged refuses a tenant file whose slug is not the route's.
var ErrSlugChanged = refusal.New(refusal.Invalid, "tenant_slug_changed", "A tenant's slug cannot be changed; create a new tenant instead.").With(map[string]any{"field": "slug"})

// tenantFile is the current file of the tenant slug.
func (s *deps) tenantFile(ctx context.Context, slug string) (*tenancy.File, error) {
	all, err := s.Tenants.List(ctx)
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

// SaveTenant creates (create) or replaces a tenant from its file, with an
// audit row of the file before and after, and answers the file as stored.
func (s *deps) SaveTenant(ctx context.Context, f tenancy.File, create bool, by *staff.Staff, ip netip.Addr) error {
	var before *tenancy.File
	if !create {
		var err error
		if before, err = s.tenantFile(ctx, f.Slug); err != nil {
			return err
		}
	}
	if err := brandfile.Check(ctx, s.Outbound, f); err != nil {
		return err
	}
	action := "tenant.update"
	if create {
		action = "tenant.create"
	}
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		// A company or pool other brands use as well: only with the
		// permission on each of them.
		may := func(ctx context.Context, slug string) (bool, error) {
			if by == nil {
				return false, nil
			}
			return s.Policy.Allowed(ctx, by.ID, slug, "tenants", "write")
		}
		if err := tenancy.Save(ctx, tx, f, create, may); err != nil {
			return err
		}
		if err := brandfile.Stored(ctx, tx); err != nil {
			return err
		}
		e := staff.Entry{By: by, Tenant: f.Slug, Action: action, IP: ip, After: f}
		if before != nil {
			e.Before = before
		}
		return staff.Record(ctx, tx, e)
	})
}

// tenantAnswer is a tenant as the console edits it: its file and where to
// see it as members do.
type tenantAnswer struct {
	File       *tenancy.File `json:"file"`
	PreviewURL string        `json:"preview_url"`
}

// previewURL is the brand's primary host on the console's scheme and port
// (a demo's admin.localhost:8080 previews at lustlokaal.localhost:8080).
func previewURL(r *http.Request, host string) string {
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	if _, port, err := net.SplitHostPort(r.Host); err == nil && port != "" {
		host = net.JoinHostPort(host, port)
	}
	return scheme + "://" + host + "/"
}

func (h handlers) tenantAnswer(w http.ResponseWriter, r *http.Request, status int, slug string) {
	f, err := h.s.tenantFile(r.Context(), slug)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, status, tenantAnswer{File: f, PreviewURL: previewURL(r, f.Hosts[0])})
}

func (h handlers) tenantGetFile(w http.ResponseWriter, r *http.Request) {
	h.tenantAnswer(w, r, http.StatusOK, chi.URLParam(r, "tenant"))
}

func (h handlers) tenantCreate(w http.ResponseWriter, r *http.Request) {
	var f tenancy.File
	if err := httpx.DecodeJSON(w, r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.s.SaveTenant(r.Context(), f, true, staff.CurrentStaff(r.Context()), httpx.ClientIP(r)); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	// The directory of this instance reloads on the notification; read the
	// stored tenant from the database now.
	h.s.invalidateTenants()
	h.tenantAnswer(w, r, http.StatusCreated, f.Slug)
}

func (h handlers) tenantUpdate(w http.ResponseWriter, r *http.Request) {
	var f tenancy.File
	if err := httpx.DecodeJSON(w, r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if slug := chi.URLParam(r, "tenant"); f.Slug != slug {
		httpx.WriteError(w, r, ErrSlugChanged)
		return
	}
	if err := h.s.SaveTenant(r.Context(), f, false, staff.CurrentStaff(r.Context()), httpx.ClientIP(r)); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.s.invalidateTenants()
	h.tenantAnswer(w, r, http.StatusOK, f.Slug)
}

// tenantExport answers the tenant's file as YAML to download, ready for the
// tenants directory.
func (h handlers) tenantExport(w http.ResponseWriter, r *http.Request) {
	slug := chi.URLParam(r, "tenant")
	all, err := h.s.Tenants.List(r.Context())
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
func (s *deps) invalidateTenants() {
	if d, ok := s.Tenants.(interface{ Invalidate() }); ok {
		d.Invalidate()
	}
}
