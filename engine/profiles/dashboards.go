package profiles

import (
	"context"
	"fmt"

	"rendezvous/engine/profiles/internal/db"
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
