package admin

import (
	"context"
	"net/http"
	"time"

	"rendezvous/engine/accounts"
	"rendezvous/engine/billing"
	"rendezvous/engine/brandfile"
	"rendezvous/engine/landerpages"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/profiles"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/trust"
)

// BrandToday is one brand as the console's Today page and brand list show
// it: what waits for a decision there and its headline figures. A count is
// absent (nil) when the staff member may not work that queue there, or
// when the engine keeps no such queue yet: the console then shows nothing
// for it rather than a misleading zero.
type BrandToday struct {
	Tenant string `json:"tenant"`
	Name   string `json:"name"`
	// Site is the brand's member site; Landers its affiliate landers.
	Site    string   `json:"site"`
	Landers []string `json:"landers"`
	// PhotosWaiting are members' photos waiting for moderation.
	PhotosWaiting *int64 `json:"photos_waiting,omitempty"`
	// ComplaintsOpen are complaints nobody has taken up yet.
	ComplaintsOpen *int64 `json:"complaints_open,omitempty"`
	// FlaggedMembers are members whose risk signals passed the brand's
	// threshold (trust and safety's queue).
	FlaggedMembers *int64 `json:"flagged_members,omitempty"`
	// RefundsAsked are the money decisions waiting: chargebacks whose
	// member is still blocked from direct debit (members cannot ask for
	// a refund themselves; an operator refunds on their behalf).
	RefundsAsked *int64 `json:"refunds_asked,omitempty"`
	// Figures are the brand's headline numbers, for who may read its
	// dashboards.
	Figures *BrandFigures `json:"figures,omitempty"`
}

// BrandFigures are a brand's headline numbers; days and months are the
// brand's, in its time zone.
type BrandFigures struct {
	Members      int64    `json:"members"`
	SignupsToday int64    `json:"signups_today"`
	RevenueMonth []Amount `json:"revenue_month"`
}

// Amount is money in minor units (cents) of a currency.
type Amount struct {
	Currency string `json:"currency"`
	Amount   int64  `json:"amount"`
}

// Today answers every brand the staff member may see, with the queues
// they may work there and, where they may read the dashboards, its
// headline figures (GET /today). Each number is read only on the brands
// where the staff member holds its permission, so a moderator of one brand
// learns nothing about another.
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
		b, shown, err := c.brandToday(ctx, st, t)
		if shown && err == nil {
			b.Site = brandfile.SiteURL(r, t.PrimaryHost)
			b.Landers = make([]string, len(landerpages.Names))
			for i, name := range landerpages.Names {
				b.Landers[i] = b.Site + "landers/" + name
			}
		}
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if shown {
			out = append(out, b)
		}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"brands": out})
}

// brandToday is t as st may see it; shown is false for a brand st may not
// see at all.
func (c *Console) brandToday(ctx context.Context, st *staff.Staff, t *tenancy.Tenant) (BrandToday, bool, error) {
	allowed := func(object string) (bool, error) { return c.Staff.Policy.Allowed(ctx, st.ID, t.Slug, object, "read") }
	b := BrandToday{Tenant: t.Slug, Name: t.Name}
	if ok, err := allowed("tenants"); !ok || err != nil {
		return b, false, err
	}
	if ok, err := allowed("moderation"); err != nil {
		return b, false, err
	} else if ok {
		backlog, err := profiles.BacklogNow(ctx, c.Staff.Pool, t.ID)
		if err != nil {
			return b, false, err
		}
		b.PhotosWaiting, b.ComplaintsOpen = &backlog.PhotosPending, &backlog.ComplaintsOpen
		flagged, err := trust.OpenFlags(ctx, c.Staff.Pool, t.ID)
		if err != nil {
			return b, false, err
		}
		b.FlaggedMembers = &flagged
	}
	if ok, err := allowed("money"); err != nil {
		return b, false, err
	} else if ok {
		waiting, err := billing.ChargebacksWaiting(ctx, c.Staff.Pool, t.ID)
		if err != nil {
			return b, false, err
		}
		b.RefundsAsked = &waiting
	}
	if ok, err := allowed("dashboards"); err != nil {
		return b, false, err
	} else if ok {
		f, err := c.figures(ctx, t)
		if err != nil {
			return b, false, err
		}
		b.Figures = &f
	}
	return b, true, nil
}

// figures reads t's members, today's signups and this month's revenue.
func (c *Console) figures(ctx context.Context, t *tenancy.Tenant) (BrandFigures, error) {
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	now := c.Staff.Now().In(loc)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	f := BrandFigures{RevenueMonth: []Amount{}}
	var err error
	if f.Members, err = accounts.MembersOf(ctx, c.Staff.Pool, t.ID); err != nil {
		return f, err
	}
	signups, err := accounts.SignupsPerDay(ctx, c.Staff.Pool, t.ID, tenancy.DaysOf(t, today, today))
	if err != nil {
		return f, err
	}
	for _, d := range signups {
		f.SignupsToday += d.Signups
	}
	month := tenancy.DaysOf(t, today.AddDate(0, 0, 1-today.Day()), today)
	revenue, err := billing.RevenuePerDay(ctx, c.Staff.Pool, t.ID, month)
	if err != nil {
		return f, err
	}
	for _, cur := range revenue {
		a := Amount{Currency: cur.Currency}
		for i, v := range cur.Revenue {
			a.Amount += v - cur.Refunded[i]
		}
		f.RevenueMonth = append(f.RevenueMonth, a)
	}
	return f, nil
}
