package push

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/delivery/push/internal/db"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
)

// DevSink is the development push sink, the pushes' counterpart of the
// development mailbox (delivery.Mailbox): in development mode every push
// queued for a member is also kept, as the member would read it, and
// listed at /dev/push.json, because a test browser has no push service that
// could receive a real one. Real delivery to the member's subscriptions
// still happens. Anyone can read it, so it exists only where the mailbox
// does: never with SMTP configured or mail switched off.
type DevSink struct {
	Pool *pgxpool.Pool
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// DevPush is a kept push as /dev/push.json lists it.
type DevPush struct {
	ID       int64     `json:"id"`
	MemberID int64     `json:"member_id"`
	To       string    `json:"to"`
	Type     string    `json:"type"`
	Language string    `json:"language"`
	Title    string    `json:"title"`
	Body     string    `json:"body"`
	URL      string    `json:"url"`
	Tag      string    `json:"tag"`
	QueuedAt time.Time `json:"queued_at"`
}

// devSinkSize is how many of the newest pushes /dev/push.json shows.
const devSinkSize = 200

// keep stores n, written for a member with address email in language, in
// tx: the push is kept only if what causes it commits, like its job.
func (s *DevSink) keep(ctx context.Context, tx pgx.Tx, n Notification, email, language string) error {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	err := db.New(tx).DevPushInsert(ctx, db.DevPushInsertParams{
		TenantID: n.TenantID, MemberID: n.MemberID, Recipient: email, Type: n.Type, Language: language,
		Title: n.Title, Body: n.Body, Url: n.URL, Tag: n.Tag, QueuedAt: now(),
	})
	if err != nil {
		return fmt.Errorf("keep push to member %d in the development sink: %w", n.MemberID, err)
	}
	return nil
}

// List returns a tenant's newest kept pushes first.
func (s *DevSink) List(ctx context.Context, tenantID int64) ([]DevPush, error) {
	rows, err := db.New(s.Pool).DevPushList(ctx, db.DevPushListParams{TenantID: tenantID, MaxRows: devSinkSize})
	if err != nil {
		return nil, fmt.Errorf("list development pushes: %w", err)
	}
	out := make([]DevPush, len(rows))
	for i, r := range rows {
		out[i] = DevPush{ID: r.ID, MemberID: r.MemberID, To: r.Recipient, Type: r.Type, Language: r.Language,
			Title: r.Title, Body: r.Body, URL: r.Url, Tag: r.Tag, QueuedAt: r.QueuedAt}
	}
	return out, nil
}

// JSON answers GET /dev/push.json with the pushes of the request's tenant,
// [{member_id, to, type, language, title, body, url, tag, queued_at}],
// newest first.
func (s *DevSink) JSON(w http.ResponseWriter, r *http.Request) {
	pushes, err := s.List(r.Context(), tenancy.FromContext(r.Context()).ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, pushes)
}
