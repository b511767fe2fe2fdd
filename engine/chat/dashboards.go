package chat

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"rendezvous/engine/chat/internal/db"
	"rendezvous/engine/staff"
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

// The console's dashboard of this area (package staff reads the range
// and writes JSON or CSV).

// messageSeries: messages sent per day by members and by house profiles.
type messageSeries struct {
	staff.DashboardHeader
	Days      []string `json:"days"`
	ByMembers []int64  `json:"by_members"`
	ByHouse   []int64  `json:"by_house"`
}

// MessagesDashboard answers the messages sent per day.
func (h ConsoleHandlers) MessagesDashboard(r *http.Request, t *tenancy.Tenant, days tenancy.Days, head staff.DashboardHeader) (any, staff.Table, error) {
	rows, err := MessagesPerDay(r.Context(), h.Service.Pool, t.ID, days)
	if err != nil {
		return nil, staff.Table{}, err
	}
	out := messageSeries{DashboardHeader: head, Days: []string{}, ByMembers: []int64{}, ByHouse: []int64{}}
	tab := staff.Table{Header: []string{"day", "by_members", "by_house"}}
	for _, d := range rows {
		out.Days, out.ByMembers, out.ByHouse = append(out.Days, d.Day), append(out.ByMembers, d.ByMembers), append(out.ByHouse, d.ByHouse)
		tab.Rows = append(tab.Rows, []string{d.Day, strconv.FormatInt(d.ByMembers, 10), strconv.FormatInt(d.ByHouse, 10)})
	}
	return out, tab, nil
}

// Counts are a member's conversations as operators see them: numbers only,
// never the messages.
type Counts struct {
	Conversations int64 `json:"conversations"`
	Sent          int64 `json:"messages_sent"`
	Unread        int64 `json:"unread"`
}

// CountsOf answers member id's conversation counts.
func CountsOf(ctx context.Context, conn db.DBTX, id int64) (Counts, error) {
	r, err := db.New(conn).ConversationCounts(ctx, id)
	if err != nil {
		return Counts{}, fmt.Errorf("conversation counts of %d: %w", id, err)
	}
	return Counts{Conversations: r.Conversations, Sent: r.Sent, Unread: r.Unread}, nil
}
