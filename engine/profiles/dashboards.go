package profiles

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// ModerationDay is a tenant's moderation backlog at the end of one day
// (photos waiting for a decision, complaints not resolved) and what
// arrived that day (the operators' dashboards).
type ModerationDay struct {
	Day             string
	PhotosPending   int64
	PhotosSubmitted int64
	ComplaintsOpen  int64
	ComplaintsFiled int64
}

// ModerationPerDay answers every day of days, in order, with the tenant's
// moderation backlog at its end and what arrived on it. A photo waits
// from its upload until it is approved or rejected; a complaint until it
// is resolved.
func ModerationPerDay(ctx context.Context, conn db.DBTX, tenantID int64, days tenancy.Days) ([]ModerationDay, error) {
	rows, err := db.New(conn).ModerationPerDay(ctx, db.ModerationPerDayParams{
		FirstDay: days.FirstDate(), LastDay: days.LastDate(), Zone: days.Zone,
		TenantID: tenantID, Since: days.Since(), Until: days.Until(),
	})
	if err != nil {
		return nil, fmt.Errorf("moderation per day of tenant %d: %w", tenantID, err)
	}
	out := make([]ModerationDay, len(rows))
	for i, r := range rows {
		out[i] = ModerationDay(r)
	}
	return out, nil
}

// Backlog is a tenant's moderation backlog now.
type Backlog struct {
	PhotosPending        int64 `json:"photos_pending"`
	ComplaintsOpen       int64 `json:"complaints_open"`
	ComplaintsInProgress int64 `json:"complaints_in_progress"`
}

// BacklogNow is the tenant's moderation backlog at this moment.
func BacklogNow(ctx context.Context, conn db.DBTX, tenantID int64) (Backlog, error) {
	r, err := db.New(conn).ModerationBacklogNow(ctx, tenantID)
	if err != nil {
		return Backlog{}, fmt.Errorf("moderation backlog of tenant %d: %w", tenantID, err)
	}
	return Backlog(r), nil
}

// The console's dashboard of this area (package staff reads the range
// and writes JSON or CSV).

// moderationSeries: the backlog at the end of each day, what arrived that
// day, and the backlog now.
type moderationSeries struct {
	staff.DashboardHeader
	Days            []string `json:"days"`
	PhotosPending   []int64  `json:"photos_pending"`
	PhotosSubmitted []int64  `json:"photos_submitted"`
	ComplaintsOpen  []int64  `json:"complaints_open"`
	ComplaintsFiled []int64  `json:"complaints_filed"`
	Now             Backlog  `json:"now"`
}

// ModerationDashboard answers the moderation backlog per day and now.
func (h ConsoleHandlers) ModerationDashboard(r *http.Request, t *tenancy.Tenant, days tenancy.Days, head staff.DashboardHeader) (any, staff.Table, error) {
	rows, err := ModerationPerDay(r.Context(), h.Service.Pool, t.ID, days)
	if err != nil {
		return nil, staff.Table{}, err
	}
	now, err := BacklogNow(r.Context(), h.Service.Pool, t.ID)
	if err != nil {
		return nil, staff.Table{}, err
	}
	out := moderationSeries{DashboardHeader: head, Days: []string{}, PhotosPending: []int64{}, PhotosSubmitted: []int64{},
		ComplaintsOpen: []int64{}, ComplaintsFiled: []int64{}, Now: now}
	tab := staff.Table{Header: []string{"day", "photos_pending", "photos_submitted", "complaints_open", "complaints_filed"}}
	for _, d := range rows {
		out.Days = append(out.Days, d.Day)
		out.PhotosPending, out.PhotosSubmitted = append(out.PhotosPending, d.PhotosPending), append(out.PhotosSubmitted, d.PhotosSubmitted)
		out.ComplaintsOpen, out.ComplaintsFiled = append(out.ComplaintsOpen, d.ComplaintsOpen), append(out.ComplaintsFiled, d.ComplaintsFiled)
		tab.Rows = append(tab.Rows, []string{d.Day, strconv.FormatInt(d.PhotosPending, 10), strconv.FormatInt(d.PhotosSubmitted, 10), strconv.FormatInt(d.ComplaintsOpen, 10), strconv.FormatInt(d.ComplaintsFiled, 10)})
	}
	return out, tab, nil
}
