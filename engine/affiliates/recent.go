package affiliates

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/affiliates/internal/db"
)

// Call is a postback's last call and the network's answer: its status
// code, never its body, which would show whoever writes a template what
// any address returns.
type Call struct {
	// StatusCode is the network's HTTP status, 0 when there was no answer
	// (refused address, timeout, connection error).
	StatusCode int       `json:"status_code"`
	Error      string    `json:"error"`
	CalledAt   time.Time `json:"called_at"`
}

// PostbackEntry is one postback of a tenant as the console shows it: the
// event, the network and address it was made for, where it stands and its
// last call.
type PostbackEntry struct {
	ID       int64  `json:"id"`
	MemberID int64  `json:"member_id"`
	Event    string `json:"event"`
	Network  string `json:"network"`
	// OrderID is the first purchase's order (null for other events).
	OrderID *int64 `json:"order_id"`
	URL     string `json:"url"`
	// Status is pending (not yet answered 2xx, retried), sent or failed
	// (given up after MaxAttempts).
	Status    string     `json:"status"`
	CreatedAt time.Time  `json:"created_at"`
	SentAt    *time.Time `json:"sent_at"`
	// Attempts is how often the address was called.
	Attempts int `json:"attempts"`
	// LastCall is null until the first call.
	LastCall *Call `json:"last_call"`
}

// PostbackLog is a tenant's postbacks made from From to To (days of its
// time zone, both included), newest first, at most MaxPostbacks of them.
type PostbackLog struct {
	From      string          `json:"from"`
	To        string          `json:"to"`
	Postbacks []PostbackEntry `json:"postbacks"`
	// Truncated says there were more than MaxPostbacks: the oldest were
	// left out (a shorter span shows them).
	Truncated bool `json:"truncated"`
}

// MaxPostbacks bounds the postbacks one answer holds.
const MaxPostbacks = 100

// RecentPostbacks answers the postbacks of tenant (its time zone loc) made
// over the days first..last, so that the console shows what each network
// was told and what it answered, with the traffic report of the same days.
func RecentPostbacks(ctx context.Context, pool *pgxpool.Pool, tenantID int64, loc *time.Location, first, last time.Time) (PostbackLog, error) {
	rows, err := db.New(pool).RecentPostbacks(ctx, db.RecentPostbacksParams{TenantID: tenantID, Since: first,
		Until: time.Date(last.Year(), last.Month(), last.Day()+1, 0, 0, 0, 0, loc), MaxRows: MaxPostbacks + 1})
	if err != nil {
		return PostbackLog{}, fmt.Errorf("postbacks of tenant %d: %w", tenantID, err)
	}
	out := PostbackLog{From: first.Format(time.DateOnly), To: last.Format(time.DateOnly), Postbacks: make([]PostbackEntry, 0, len(rows))}
	if len(rows) > MaxPostbacks {
		rows, out.Truncated = rows[:MaxPostbacks], true
	}
	for _, r := range rows {
		e := PostbackEntry{ID: r.ID, MemberID: r.MemberID, Event: r.Event, Network: r.Network, URL: r.Url,
			Status: r.Status, CreatedAt: r.CreatedAt, Attempts: int(r.Attempts)}
		if r.OrderID.Valid {
			e.OrderID = &r.OrderID.Int64
		}
		if r.SentAt.Valid {
			e.SentAt = &r.SentAt.Time
		}
		if r.LastCalledAt.Valid {
			e.LastCall = &Call{StatusCode: int(r.LastStatusCode.Int32), Error: r.LastError.String, CalledAt: r.LastCalledAt.Time}
		}
		out.Postbacks = append(out.Postbacks, e)
	}
	return out, nil
}
