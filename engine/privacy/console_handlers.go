package privacy

import (
	"net/http"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/staff"
)

// ConsoleHandlers are the console's calls on members' copies of their
// data: customer service builds one for a member who asked them, sees how
// far it is and downloads it, every build and download audited. The
// console's route table guards each.
type ConsoleHandlers struct {
	Staff   *staff.Service
	Service *Service
}

// Build answers POST .../members/{member}/data-export: a copy of the
// member's data is queued (audited as member.data_export).
func (h ConsoleHandlers) Build(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, ErrMemberNotFound)
		return
	}
	by := staff.CurrentStaff(r.Context())
	out, err := h.Staff.ActOn(r, t, "member.data_export", id, func(tx pgx.Tx) (any, any, error) {
		e, err := h.Service.Request(r.Context(), tx, t, id, by.ID, "")
		return nil, e, err
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, map[string]any{"export": out})
}

// Status answers GET .../members/{member}/data-export: the latest copy the
// console built of the member (export null when none).
func (h ConsoleHandlers) Status(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, ErrMemberNotFound)
		return
	}
	e, err := h.Service.Latest(r.Context(), t, id, true)
	writeLatest(w, r, e, err)
}

// Download answers GET .../members/{member}/data-export/{export}: the
// built copy as a zip, its download audited (member.data_export_download).
func (h ConsoleHandlers) Download(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	member, ok := staff.PathID(r, "member")
	export, ok2 := staff.PathID(r, "export")
	if !ok || !ok2 {
		httpx.WriteError(w, r, ErrExportNotFound)
		return
	}
	// The audit row is written before the bytes go out, and only for a
	// copy that can be sent.
	_, err := h.Staff.ActOn(r, t, "member.data_export_download", member, func(pgx.Tx) (any, any, error) {
		a, err := h.Service.Open(r.Context(), t, member, export)
		if err != nil {
			return nil, nil, err
		}
		_ = a.Body.Close()
		return nil, map[string]any{"export_id": export}, nil
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	serve(w, r, h.Service, t, member, export)
}
