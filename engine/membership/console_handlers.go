package membership

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/profiles"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// ConsoleHandlers are the operators' console's calls that join a member's
// account and profile: member lookup, a member with their photos, a
// complaint with the member it is about, warnings, suspensions and bans
// (the account's part and the profile hidden in one transaction), and new
// house profiles. They parse, call the areas and answer; the console's
// route table (package admin) guards each call, and every change writes its
// audit row (package staff) in the change's transaction.
type ConsoleHandlers struct {
	Staff    *staff.Service
	Pool     *pgxpool.Pool
	Accounts *accounts.Service
}

// ComplaintDetail is a complaint with the member it is about, if any, and
// that member's photos, so operators can act from it.
type ComplaintDetail struct {
	Complaint profiles.ComplaintRecord  `json:"complaint"`
	Member    *accounts.ModerationState `json:"member"`
	Photos    []profiles.Image          `json:"photos"`
}

// Complaint answers a complaint with the member it is about and their
// photos.
func (h ConsoleHandlers) Complaint(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id, ok := staff.PathID(r, "complaint")
	if !ok {
		httpx.WriteError(w, r, profiles.ErrComplaintNotFound)
		return
	}
	ctx := r.Context()
	c, err := profiles.TenantComplaint(ctx, h.Pool, t.ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := ComplaintDetail{Complaint: c, Photos: []profiles.Image{}}
	if c.ProfileID != nil {
		// The profile may be of another tenant sharing the pool: operators
		// of this tenant see the complaint, not that member's account.
		m, err := accounts.MemberState(ctx, h.Pool, t.ID, *c.ProfileID)
		if err == nil {
			out.Member = &m
			if out.Photos, err = profiles.PhotosOf(ctx, h.Pool, m.ID); err != nil {
				httpx.WriteError(w, r, err)
				return
			}
		} else if !errors.Is(err, accounts.ErrMemberNotFound) {
			httpx.WriteError(w, r, err)
			return
		}
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

// Members answers GET .../moderation/members?q= (an id, an e-mail address
// or part of a name).
func (h ConsoleHandlers) Members(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	list, err := accounts.LookupMembers(r.Context(), h.Pool, t.ID, r.URL.Query().Get("q"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"members": list})
}

// Member answers one member with their photos (every status).
func (h ConsoleHandlers) Member(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, accounts.ErrMemberNotFound)
		return
	}
	m, err := accounts.MemberState(r.Context(), h.Pool, t.ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	photos, err := profiles.PhotosOf(r.Context(), h.Pool, m.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"member": m, "photos": photos})
}

// Warn sends a member a warning by mail, audited with its text.
func (h ConsoleHandlers) Warn(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	var body struct {
		Text string `json:"text"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, accounts.ErrMemberNotFound)
		return
	}
	acc := h.Accounts
	out, err := h.Staff.ActOn(r, t, "member.warn", id, func(tx pgx.Tx) (any, any, error) {
		m, err := acc.WarnTx(r.Context(), tx, t, id, body.Text, acc.Links.Base(r, t))
		return nil, map[string]any{"member": m, "warning": body.Text}, err
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

// AccountKind marks a member a test or staff account, or an ordinary member
// again: the brand's marketing and search leave test and staff accounts out.
func (h ConsoleHandlers) AccountKind(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	var body struct {
		Kind string `json:"kind"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, accounts.ErrMemberNotFound)
		return
	}
	out, err := h.Staff.Act(r, t, "member.kind", func(tx pgx.Tx) (any, any, error) {
		return accounts.SetAccountKindTx(r.Context(), tx, t, id, body.Kind)
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"member": out})
}

// Suspend suspends a member until a time.
func (h ConsoleHandlers) Suspend(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	var body struct {
		Until  time.Time `json:"until"`
		Reason string    `json:"reason"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.restrict(w, r, t, "member.suspend", func(ctx context.Context, tx pgx.Tx, id int64, now time.Time) (accounts.ModerationState, accounts.ModerationState, error) {
		return accounts.SuspendTx(ctx, tx, t, id, body.Until, body.Reason, now)
	})
}

// Ban bans a member.
func (h ConsoleHandlers) Ban(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	var body struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.restrict(w, r, t, "member.ban", func(ctx context.Context, tx pgx.Tx, id int64, now time.Time) (accounts.ModerationState, accounts.ModerationState, error) {
		return accounts.BanTx(ctx, tx, t, id, body.Reason, now)
	})
}

// restrict suspends or bans: the account's part, then the profile hidden
// from others in the same transaction, then the audit row.
func (h ConsoleHandlers) restrict(w http.ResponseWriter, r *http.Request, t *tenancy.Tenant, action string,
	do func(context.Context, pgx.Tx, int64, time.Time) (accounts.ModerationState, accounts.ModerationState, error)) {
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, accounts.ErrMemberNotFound)
		return
	}
	out, err := h.Staff.ActOn(r, t, action, id, func(tx pgx.Tx) (any, any, error) {
		now := h.Staff.Now()
		h.Accounts.SessionsEnding(id)
		before, after, err := do(r.Context(), tx, id, now)
		if err != nil {
			return nil, nil, err
		}
		err = profiles.SetStatus(r.Context(), tx, id, profiles.StatusHidden, []string{profiles.StatusActive}, now)
		return before, after, err
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"member": out})
}

// HouseCreate makes a house profile of the tenant, shown at once.
func (h ConsoleHandlers) HouseCreate(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	var u profiles.Update
	if err := httpx.DecodeJSON(w, r, &u); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.Staff.Act(r, t, "house.create", func(tx pgx.Tx) (any, any, error) {
		p, err := CreateHouse(r.Context(), tx, t, u, h.Staff.Now())
		return nil, p, err
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"house_profile": out})
}
