package staff

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"rendezvous/engine/platform/httpx"
)

// Handlers are the console API's calls of staff identity: login and logout,
// the second factor, staff accounts and the audit log. They parse, call
// the Service and answer.
type Handlers struct{ s *Service }

// Handlers are s's console calls.
func (s *Service) Handlers() Handlers { return Handlers{s: s} }

// staffAnswer is the logged-in staff member and what they may do: the
// permissions on each tenant domain of their roles (none while the session
// may only set up the second factor, as the guard refuses everything else).
type staffAnswer struct {
	Staff       *Staff             `json:"staff"`
	Permissions []TenantPermission `json:"permissions"`
}

// answerStaff writes st with their permissions.
func (h Handlers) answerStaff(w http.ResponseWriter, r *http.Request, st *Staff) {
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

// Login starts a console session from the credentials (POST /login).
func (h Handlers) Login(w http.ResponseWriter, r *http.Request) {
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

// Logout ends the request's console session.
func (h Handlers) Logout(w http.ResponseWriter, r *http.Request) {
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

// Me answers the logged-in staff member and their permissions.
func (h Handlers) Me(w http.ResponseWriter, r *http.Request) {
	h.answerStaff(w, r, CurrentStaff(r.Context()))
}

// StartTOTP begins setting up the second factor.
func (h Handlers) StartTOTP(w http.ResponseWriter, r *http.Request) {
	e, err := h.s.StartTOTP(r.Context(), CurrentStaff(r.Context()))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, e)
}

// ConfirmTOTP ends the set-up with a code and renews the session.
func (h Handlers) ConfirmTOTP(w http.ResponseWriter, r *http.Request) {
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

// List answers every staff account.
func (h Handlers) List(w http.ResponseWriter, r *http.Request) {
	list, err := h.s.List(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"staff": list})
}

// Create makes a staff account.
func (h Handlers) Create(w http.ResponseWriter, r *http.Request) {
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

// AuditLog answers the audit log, narrowed by the query.
func (h Handlers) AuditLog(w http.ResponseWriter, r *http.Request) {
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

// SetRoles replaces a staff account's roles.
func (h Handlers) SetRoles(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Roles []Grant `json:"roles"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	id, ok := PathID(r, "staff")
	if !ok {
		httpx.WriteError(w, r, ErrStaffNotFound)
		return
	}
	st, err := h.s.SetRoles(r.Context(), id, body.Roles, CurrentStaff(r.Context()), httpx.ClientIP(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"staff": st})
}

// Disable disables a staff account.
func (h Handlers) Disable(w http.ResponseWriter, r *http.Request) {
	id, ok := PathID(r, "staff")
	if !ok {
		httpx.WriteError(w, r, ErrStaffNotFound)
		return
	}
	st, err := h.s.Disable(r.Context(), id, CurrentStaff(r.Context()), httpx.ClientIP(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"staff": st})
}

// Enable lets a disabled staff account log in again.
func (h Handlers) Enable(w http.ResponseWriter, r *http.Request) {
	id, ok := PathID(r, "staff")
	if !ok {
		httpx.WriteError(w, r, ErrStaffNotFound)
		return
	}
	st, err := h.s.Enable(r.Context(), id, CurrentStaff(r.Context()), httpx.ClientIP(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"staff": st})
}
