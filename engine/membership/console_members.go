package membership

import (
	"context"
	"errors"
	"net/http"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts"
	"rendezvous/engine/chat"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/profiles"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// The console's Members page: finding a member on every brand the staff
// member may read members of, the member with everything operators decide
// from, staff notes, and customer service's actions on the account.

// FoundMember is a member found by the search, with their brand.
type FoundMember struct {
	accounts.ModerationState
	Tenant string `json:"tenant"`
	Brand  string `json:"brand"`
}

// SearchMembers answers GET /members?q= (an id, an e-mail address, an
// address (IP) signed up or last logged in from, or part of a name): the
// matches on each brand where the staff member holds members:read, at most
// 50 a brand. Brands without that permission are never searched.
func (h ConsoleHandlers) SearchMembers(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	all, err := h.Staff.Tenants.List(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	st := staff.CurrentStaff(ctx)
	out := []FoundMember{}
	for _, t := range all {
		ok, err := h.Staff.Policy.Allowed(ctx, st.ID, t.Slug, "members", "read")
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if !ok {
			continue
		}
		list, err := accounts.LookupMembers(ctx, h.Pool, t.ID, r.URL.Query().Get("q"))
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		for _, m := range list {
			out = append(out, FoundMember{ModerationState: m, Tenant: t.Slug, Brand: t.Name})
		}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"members": out})
}

// MemberView is one member as the console's member page shows them.
type MemberView struct {
	Member accounts.ModerationState `json:"member"`
	Brand  string                   `json:"brand"`
	// Profile is the profile as members see it (nil for a member without
	// one); Photos are every photo with its state.
	Profile       *profiles.Profile          `json:"profile"`
	Photos        []profiles.Image           `json:"photos"`
	Complaints    []profiles.ComplaintRecord `json:"complaints"`
	Conversations chat.Counts                `json:"conversations"`
	// Sessions are the member's stored sessions with their devices.
	Sessions []accounts.Session `json:"sessions"`
	Notes    []Note             `json:"notes"`
	Audit    []staff.AuditRow   `json:"audit"`
}

// MemberPage answers GET /tenants/{tenant}/members/{member}: the member,
// their profile, photos, complaints by and about them, conversation counts,
// sessions, staff notes and audit trail (each only of this brand).
func (h ConsoleHandlers) MemberPage(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, accounts.ErrMemberNotFound)
		return
	}
	v, err := h.memberView(r.Context(), t, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, v)
}

func (h ConsoleHandlers) memberView(ctx context.Context, t *tenancy.Tenant, id int64) (MemberView, error) {
	m, err := accounts.MemberState(ctx, h.Pool, t.ID, id)
	if err != nil {
		return MemberView{}, err
	}
	v := MemberView{Member: m, Brand: t.Name}
	now := h.Staff.Now()
	p, err := profiles.Own(ctx, h.Pool, id, now)
	switch {
	case err == nil:
		v.Profile = &p
	case !errors.Is(err, profiles.ErrNotFound):
		return MemberView{}, err
	}
	if v.Photos, err = profiles.PhotosOf(ctx, h.Pool, id); err != nil {
		return MemberView{}, err
	}
	if v.Complaints, err = profiles.ComplaintsOfMember(ctx, h.Pool, t.ID, id); err != nil {
		return MemberView{}, err
	}
	if v.Conversations, err = chat.CountsOf(ctx, h.Pool, id); err != nil {
		return MemberView{}, err
	}
	if v.Sessions, err = accounts.ActiveSessions(ctx, h.Pool, id, now); err != nil {
		return MemberView{}, err
	}
	if v.Notes, err = notesOf(ctx, h.Pool, id); err != nil {
		return MemberView{}, err
	}
	if v.Audit, err = h.Staff.MemberAudit(ctx, t.Slug, id); err != nil {
		return MemberView{}, err
	}
	return v, nil
}

// AddNote answers POST /tenants/{tenant}/members/{member}/notes {text}:
// the new note, audited with its text.
func (h ConsoleHandlers) AddNote(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Text string `json:"text"`
	}
	h.memberAction(w, r, "member.note", &body, http.StatusCreated, func(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64) (any, any, error) {
		if _, err := accounts.MemberState(ctx, tx, t.ID, id); err != nil {
			return nil, nil, err
		}
		st := staff.CurrentStaff(ctx)
		n, err := addNote(ctx, tx, id, st.ID, st.Email, body.Text, h.Staff.Now())
		return nil, n, err
	})
}

// Lift answers POST .../lift {reason}: ends a suspension or a ban early;
// the member gets the reason by mail in their language and their profile
// shows again.
func (h ConsoleHandlers) Lift(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Reason string `json:"reason"`
	}
	acc := h.Accounts
	h.memberAction(w, r, "member.lift", &body, http.StatusOK, func(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64) (any, any, error) {
		before, after, err := acc.LiftTx(ctx, tx, t, id, body.Reason, acc.Links.Base(r, t))
		if err != nil {
			return nil, nil, err
		}
		if after.Status == accounts.StatusActive {
			err = showProfile(ctx, tx, id, []string{profiles.StatusHidden}, h.Staff.Now())
		}
		return before, after, err
	})
}

// EndSessions answers POST .../sessions/end: the member is logged out on
// every device.
func (h ConsoleHandlers) EndSessions(w http.ResponseWriter, r *http.Request) {
	h.memberAction(w, r, "member.end_sessions", nil, http.StatusOK, func(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64) (any, any, error) {
		h.Accounts.SessionsEnding(id)
		m, err := accounts.EndSessionsTx(ctx, tx, t, id)
		return nil, m, err
	})
}

// Reactivate answers POST .../reactivate: customer service reverses a
// pending deletion (the member asked them rather than using the mailed
// link); the profile shows again.
func (h ConsoleHandlers) Reactivate(w http.ResponseWriter, r *http.Request) {
	acc := h.Accounts
	h.memberAction(w, r, "member.reactivate", nil, http.StatusOK, func(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64) (any, any, error) {
		before, after, err := acc.ReactivateByStaffTx(ctx, tx, t, id)
		if err != nil {
			return nil, nil, err
		}
		if after.Suspended == nil && after.BannedAt == nil {
			err = showProfile(ctx, tx, id, []string{profiles.StatusHidden, profiles.StatusDisabled}, h.Staff.Now())
		}
		return before, after, err
	})
}

// ResendActivation answers POST .../activation: a fresh activation link
// mailed to a member who has not confirmed their address.
func (h ConsoleHandlers) ResendActivation(w http.ResponseWriter, r *http.Request) {
	acc := h.Accounts
	h.memberAction(w, r, "member.activation_resend", nil, http.StatusOK, func(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64) (any, any, error) {
		m, err := acc.ResendActivationTx(ctx, tx, t, id, acc.Links.Base(r, t))
		return nil, m, err
	})
}

// memberAction runs one audited action on the route's member: it reads the
// body into body (nil for none), runs do in a transaction with the audit
// row naming the member, and answers what do returned after the change.
func (h ConsoleHandlers) memberAction(w http.ResponseWriter, r *http.Request, action string, body any, status int,
	do func(context.Context, pgx.Tx, *tenancy.Tenant, int64) (any, any, error)) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	if body != nil {
		if err := httpx.DecodeJSON(w, r, body); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, accounts.ErrMemberNotFound)
		return
	}
	out, err := h.Staff.ActOn(r, t, action, id, func(tx pgx.Tx) (any, any, error) {
		return do(r.Context(), tx, t, id)
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, status, map[string]any{"result": out})
}
