package admin

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts"
	"rendezvous/engine/admin/internal/db"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
)

// Moderation in the console: the photo queue, complaints and what operators
// do about members (warn, suspend, ban). The rules live with the tables'
// owners (profiles for photos and complaints, accounts for members); these
// handlers parse, call them and write the audit row in the same
// transaction.

// tenantBySlug is the tenant of the route's {tenant}.
func (s *Service) tenantBySlug(ctx context.Context, slug string) (*tenancy.Tenant, error) {
	all, err := s.Tenants.List(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range all {
		if t.Slug == slug {
			return t, nil
		}
	}
	return nil, ErrNotFound
}

// act runs a moderation action and its audit row in one transaction: the
// action answers its before and after, which the audit row keeps.
func (s *Service) act(r *http.Request, t *tenancy.Tenant, action string, do func(tx pgx.Tx) (before, after any, err error)) (any, error) {
	ctx := r.Context()
	var out any
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		before, after, err := do(tx)
		if err != nil {
			return err
		}
		out = after
		return s.audit(ctx, db.New(tx), Entry{By: CurrentStaff(ctx), Tenant: t.Slug, Action: action, IP: httpx.ClientIP(r),
			Before: before, After: after})
	})
	return out, err
}

// optionalQueryID reads an optional id from the query string (0 when
// absent).
func optionalQueryID(r *http.Request, name string) (int64, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return 0, nil
	}
	n, ok := httpx.ID(v)
	if !ok {
		return 0, ErrQueryInvalid.With(map[string]any{"field": name})
	}
	return n, nil
}

// pathID reads the route's id parameter; an id that is not one finds
// nothing.
func pathID(r *http.Request, name string) (int64, bool) {
	return httpx.ID(chi.URLParam(r, name))
}

// moderation is the state every moderation handler starts from: the
// route's tenant.
func (h handlers) routeTenant(w http.ResponseWriter, r *http.Request) *tenancy.Tenant {
	t, err := h.s.tenantBySlug(r.Context(), chi.URLParam(r, "tenant"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return nil
	}
	return t
}

const queueLimit = 50

// photoQueue answers GET .../moderation/photos?status=pending|active|rejected&after_id=.
func (h handlers) photoQueue(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
	if t == nil {
		return
	}
	after, err := optionalQueryID(r, "after_id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	status := r.URL.Query().Get("status")
	if status == "" {
		status = profiles.PhotoPending
	}
	list, err := profiles.PhotoQueue(r.Context(), h.s.Pool, t.ID, status, after, queueLimit)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"photos": list, "photo_moderation": t.Settings.PhotoModeration})
}

func (h handlers) photoDecision(status, action string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		t := h.routeTenant(w, r)
		if t == nil {
			return
		}
		var body struct {
			Reason string `json:"reason"`
		}
		if status == profiles.PhotoRejected {
			if err := httpx.DecodeJSON(w, r, &body); err != nil {
				httpx.WriteError(w, r, err)
				return
			}
		}
		id, ok := pathID(r, "photo")
		if !ok {
			httpx.WriteError(w, r, profiles.ErrPhotoNotFound)
			return
		}
		out, err := h.s.act(r, t, action, func(tx pgx.Tx) (any, any, error) {
			before, after, err := profiles.ModeratePhoto(r.Context(), tx, t.ID, id, status, body.Reason)
			return before, after, err
		})
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"photo": out})
	}
}

// complaints answers GET .../moderation/complaints?status=open&before_id=.
func (h handlers) complaints(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
	if t == nil {
		return
	}
	before, err := optionalQueryID(r, "before_id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	status := r.URL.Query().Get("status")
	if status == "" {
		status = profiles.ComplaintOpen
	}
	list, err := profiles.TenantComplaints(r.Context(), h.s.Pool, t.ID, status, before, queueLimit)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"complaints": list})
}

// ComplaintDetail is a complaint with the member it is about, if any, and
// that member's photos, so operators can act from it.
type ComplaintDetail struct {
	Complaint profiles.ComplaintRecord  `json:"complaint"`
	Member    *accounts.ModerationState `json:"member"`
	Photos    []profiles.Image          `json:"photos"`
}

func (h handlers) complaint(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
	if t == nil {
		return
	}
	id, ok := pathID(r, "complaint")
	if !ok {
		httpx.WriteError(w, r, profiles.ErrComplaintNotFound)
		return
	}
	ctx := r.Context()
	c, err := profiles.TenantComplaint(ctx, h.s.Pool, t.ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := ComplaintDetail{Complaint: c, Photos: []profiles.Image{}}
	if c.ProfileID != nil {
		// The profile may be of another tenant sharing the pool: operators
		// of this tenant see the complaint, not that member's account.
		m, err := accounts.MemberState(ctx, h.s.Pool, t.ID, *c.ProfileID)
		if err == nil {
			out.Member = &m
			if out.Photos, err = profiles.PhotosOf(ctx, h.s.Pool, m.ID); err != nil {
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

func (h handlers) complaintStatus(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
	if t == nil {
		return
	}
	var body struct {
		Status string `json:"status"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	id, ok := pathID(r, "complaint")
	if !ok {
		httpx.WriteError(w, r, profiles.ErrComplaintNotFound)
		return
	}
	out, err := h.s.act(r, t, "complaint.status", func(tx pgx.Tx) (any, any, error) {
		before, after, err := profiles.SetComplaintStatus(r.Context(), tx, t.ID, id, body.Status, h.s.Now())
		return before, after, err
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"complaint": out})
}

// members answers GET .../moderation/members?q= (an id, an e-mail address
// or part of a name).
func (h handlers) members(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
	if t == nil {
		return
	}
	list, err := accounts.LookupMembers(r.Context(), h.s.Pool, t.ID, r.URL.Query().Get("q"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"members": list})
}

// member answers one member with their photos (every status).
func (h handlers) member(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
	if t == nil {
		return
	}
	id, ok := pathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, accounts.ErrMemberNotFound)
		return
	}
	m, err := accounts.MemberState(r.Context(), h.s.Pool, t.ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	photos, err := profiles.PhotosOf(r.Context(), h.s.Pool, m.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"member": m, "photos": photos})
}

func (h handlers) warn(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
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
	id, ok := pathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, accounts.ErrMemberNotFound)
		return
	}
	acc := h.s.Accounts
	out, err := h.s.act(r, t, "member.warn", func(tx pgx.Tx) (any, any, error) {
		m, err := acc.WarnTx(r.Context(), tx, t, id, body.Text, acc.Links.Base(r, t))
		return nil, map[string]any{"member": m, "warning": body.Text}, err
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

func (h handlers) suspend(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
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

func (h handlers) ban(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
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

// accountKind marks a member a test or staff account, or an ordinary member
// again: the brand's marketing and search leave test and staff accounts out.
func (h handlers) accountKind(w http.ResponseWriter, r *http.Request) {
	t := h.routeTenant(w, r)
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
	id, ok := pathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, accounts.ErrMemberNotFound)
		return
	}
	out, err := h.s.act(r, t, "member.kind", func(tx pgx.Tx) (any, any, error) {
		return accounts.SetAccountKindTx(r.Context(), tx, t, id, body.Kind)
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"member": out})
}

// restrict suspends or bans: the account's part, then the profile hidden
// from others in the same transaction, then the audit row.
func (h handlers) restrict(w http.ResponseWriter, r *http.Request, t *tenancy.Tenant, action string,
	do func(context.Context, pgx.Tx, int64, time.Time) (accounts.ModerationState, accounts.ModerationState, error)) {
	id, ok := pathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, accounts.ErrMemberNotFound)
		return
	}
	out, err := h.s.act(r, t, action, func(tx pgx.Tx) (any, any, error) {
		now := h.s.Now()
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
