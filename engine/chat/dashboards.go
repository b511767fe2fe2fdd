package chat

import (
	"context"
	"fmt"

	"rendezvous/engine/chat/internal/db"
	"rendezvous/engine/tenancy"
)

// MessageDay is one day of the messages a tenant's members and its house
// profiles sent (the operators' dashboards).
type MessageDay struct {
	Day       string
	ByMembers int64
	ByHouse   int64
}

// MessagesPerDay answers every day of days, in order, with the messages
// the tenant's members and house profiles sent.
func MessagesPerDay(ctx context.Context, conn db.DBTX, tenantID int64, days tenancy.Days) ([]MessageDay, error) {
	rows, err := db.New(conn).MessagesPerDay(ctx, db.MessagesPerDayParams{
		FirstDay: days.FirstDate(), LastDay: days.LastDate(), Zone: days.Zone,
		TenantID: tenantID, Since: days.Since(), Until: days.Until(),
	})
	if err != nil {
		return nil, fmt.Errorf("messages per day of tenant %d: %w", tenantID, err)
	}
	out := make([]MessageDay, len(rows))
	for i, r := range rows {
		out[i] = MessageDay(r)
	}
	return out, nil
}
