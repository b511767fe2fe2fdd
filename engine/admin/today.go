package admin

import (
	"net/http"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/profiles"
	"rendezvous/engine/staff"
)

// BrandToday is what waits for a decision on one brand. A count is
// absent (nil) when the staff member may not act on that queue there, or
// when the engine keeps no such queue yet: the console then shows
// nothing for it rather than a misleading zero.
type BrandToday struct {
	Tenant string `json:"tenant"`
	Name   string `json:"name"`
	// PhotosWaiting are members' photos waiting for moderation.
	PhotosWaiting *int64 `json:"photos_waiting,omitempty"`
	// ComplaintsOpen are complaints nobody has taken up yet.
	ComplaintsOpen *int64 `json:"complaints_open,omitempty"`
	// FlaggedMembers are members whose risk signals passed the brand's
	// threshold (trust and safety's queue).
	FlaggedMembers *int64 `json:"flagged_members,omitempty"`
	// RefundsAsked are members' requests for a refund.
	RefundsAsked *int64 `json:"refunds_asked,omitempty"`
}

// Today answers, per brand the staff member may see, the queues waiting
// for a decision that they may work (GET /today). Each count is read only
// on the brands where the staff member holds the queue's permission, so a
// moderator of one brand learns nothing about another.
func (c *Console) Today(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	st := staff.CurrentStaff(ctx)
	all, err := c.Staff.Tenants.List(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := []BrandToday{}
	for _, t := range all {
		moderates, err := c.Staff.Policy.Allowed(ctx, st.ID, t.Slug, "moderation", "read")
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if !moderates {
			continue
		}
		b, err := profiles.BacklogNow(ctx, c.Staff.Pool, t.ID)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		out = append(out, BrandToday{Tenant: t.Slug, Name: t.Name, PhotosWaiting: &b.PhotosPending, ComplaintsOpen: &b.ComplaintsOpen})
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"brands": out})
}
