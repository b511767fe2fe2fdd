package privacy

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"rendezvous/engine/identity"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
)

// Handlers are the member's calls on their copy of their data; the route
// table lets only logged-in members reach them.
type Handlers struct {
	Service *Service
	Links   *tenancy.Links
}

// Status answers GET /api/data-export.php: the member's latest copy
// (export null when there is none), which the settings page polls while
// it builds.
func (h Handlers) Status(w http.ResponseWriter, r *http.Request) {
	t, m := tenancy.FromContext(r.Context()), identity.Current(r.Context())
	e, err := h.Service.Latest(r.Context(), t, m.ID, false)
	writeLatest(w, r, e, err)
}

// writeLatest answers the latest copy as Latest found it: export null when
// there is none.
func writeLatest(w http.ResponseWriter, r *http.Request, e Export, err error) {
	if errors.Is(err, ErrExportNotFound) {
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"export": nil})
		return
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"export": e})
}

// Request answers POST /api/data-export.php: a new copy is queued (202),
// or data_export_daily_limit (429) within a day of the last.
func (h Handlers) Request(w http.ResponseWriter, r *http.Request) {
	t, m := tenancy.FromContext(r.Context()), identity.Current(r.Context())
	e, err := h.Service.RequestNow(r.Context(), t, m.ID, 0, h.Links.Base(r, t))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, map[string]any{"export": e})
}

// Download answers GET /api/data-export-file.php?id=: the member's own
// built copy as a zip, until it expires.
func (h Handlers) Download(w http.ResponseWriter, r *http.Request) {
	t, m := tenancy.FromContext(r.Context()), identity.Current(r.Context())
	id, ok := httpx.ID(r.URL.Query().Get("id"))
	if !ok {
		httpx.WriteError(w, r, ErrExportNotFound)
		return
	}
	serve(w, r, h.Service, t, m.ID, id)
}

// serve sends a copy as a download that no cache keeps.
func serve(w http.ResponseWriter, r *http.Request, s *Service, t *tenancy.Tenant, member, id int64) {
	a, err := s.Open(r.Context(), t, member, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	defer a.Body.Close()
	hd := w.Header()
	hd.Set("Content-Type", "application/zip")
	hd.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", a.Filename))
	hd.Set("Cache-Control", "private, no-store")
	hd.Set("Content-Length", strconv.FormatInt(a.Info.Size, 10))
	if r.Method == http.MethodHead {
		return
	}
	w.WriteHeader(http.StatusOK)
	_, _ = io.Copy(w, a.Body)
}
