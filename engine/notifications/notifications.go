package notifications

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"rendezvous/engine/accounts"
	"rendezvous/engine/delivery"
	"rendezvous/engine/notifications/internal/db"
	"rendezvous/engine/tenancy"
)

// Notification types besides the event ones of notify.
const (
	TypeUnreadReminders = "unread_message_reminders"
	TypeReminders       = "reminders"
	TypeWeeklyUpdates   = "weekly_updates"
	TypePromotions      = "promotions"
	TypeNews            = "news"
)

// DefaultCaps are the most mails of each type a member gets per day (in the
// tenant's time zone); the batch window already folds a conversation's
// burst of messages into one mail.
var DefaultCaps = map[string]int{
	delivery.TypeNewConversations: 10,
	delivery.TypeNewMessages:      6,
	delivery.TypeLike:             5,
	TypeUnreadReminders:           1,
	TypeReminders:                 1,
	TypeWeeklyUpdates:             1,
	TypePromotions:                1,
	TypeNews:                      1,
}

// QuietHours is the time of day, in the tenant's time zone, when no
// notification mail goes out: from the hour From to the hour To (From > To
// spans midnight). From == To means none.
type QuietHours struct {
	From, To int
}

// DefaultQuietHours are 22:00 to 08:00.
var DefaultQuietHours = QuietHours{From: 22, To: 8}

// Wait is how long from local (a time in the tenant's zone) until the quiet
// hours end; 0 outside them.
func (q QuietHours) Wait(local time.Time) time.Duration {
	if q.From == q.To {
		return 0
	}
	h := local.Hour()
	quiet := (q.From < q.To && h >= q.From && h < q.To) || (q.From > q.To && (h >= q.From || h < q.To))
	if !quiet {
		return 0
	}
	end := time.Date(local.Year(), local.Month(), local.Day(), q.To, 0, 0, 0, local.Location())
	if !end.After(local) {
		end = end.AddDate(0, 0, 1)
	}
	return end.Sub(local)
}

// Service sends the notification mails.
type Service struct {
	Pool     *pgxpool.Pool
	Accounts *accounts.Service
	Tenants  *tenancy.Directory
	// Links makes the mailed links' scheme, host and port.
	Links *tenancy.Links
	Log   *slog.Logger
	// Now is the clock; tests set it.
	Now func() time.Time
	// Quiet are the quiet hours; Caps the daily caps per type (a type
	// missing is not capped).
	Quiet QuietHours
	Caps  map[string]int
	// Jobs queues the campaigns the console sends.
	Jobs Inserter
}

// NewService returns the service with the default quiet hours and caps.
func NewService(pool *pgxpool.Pool, acc *accounts.Service, tenants *tenancy.Directory, links *tenancy.Links, log *slog.Logger) *Service {
	caps := make(map[string]int, len(DefaultCaps))
	for k, v := range DefaultCaps {
		caps[k] = v
	}
	return &Service{Pool: pool, Accounts: acc, Tenants: tenants, Links: links, Log: log, Now: time.Now,
		Quiet: DefaultQuietHours, Caps: caps}
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// baseURL is the scheme and host of t's mailed links.
func (s *Service) baseURL(t *tenancy.Tenant) string {
	if s.Links == nil {
		return ""
	}
	return s.Links.Base(&http.Request{Host: t.PrimaryHost}, t)
}

// errSkip rolls a mail's transaction back: nothing is sent or claimed.
var errSkip = errors.New("notifications: not sent")

// send claims the mail (member, n.Type, key) and queues it in one
// transaction: nothing happens when the key was claimed before, the day's
// cap of the type is reached, or the member may not get it (settings,
// e-mail disabled, account state). check, when set, runs first in the
// transaction and may skip the mail or change it. It reports whether the
// mail was queued.
func (s *Service) send(ctx context.Context, t *tenancy.Tenant, member int64, key string, n accounts.Notification,
	check func(q *db.Queries, n *accounts.Notification) (bool, error)) (bool, error) {
	now := s.now()
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		// One member's mails are decided one at a time, so two instances
		// cannot both squeeze under the cap.
		if err := q.MemberLock(ctx, member); err != nil {
			return fmt.Errorf("lock mails of member %d: %w", member, err)
		}
		if check != nil {
			ok, err := check(q, &n)
			if err != nil {
				return err
			}
			if !ok {
				return errSkip
			}
		}
		if limit, ok := s.Caps[n.Type]; ok {
			local := now.In(t.Location)
			day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, t.Location)
			sent, err := q.LogCountSince(ctx, db.LogCountSinceParams{MemberID: member, Type: n.Type, Since: day})
			if err != nil {
				return fmt.Errorf("mails of member %d today: %w", member, err)
			}
			if int(sent) >= limit {
				return errSkip
			}
		}
		claimed, err := q.LogClaim(ctx, db.LogClaimParams{TenantID: t.ID, MemberID: member, Type: n.Type, Key: key, SentAt: now})
		if err != nil {
			return fmt.Errorf("claim %s mail %s of member %d: %w", n.Type, key, member, err)
		}
		if claimed == 0 {
			return errSkip
		}
		sent, err := s.Accounts.Notify(ctx, tx, t, member, n, s.baseURL(t))
		if errors.Is(err, accounts.ErrNotFound) {
			return errSkip
		}
		if err != nil {
			return err
		}
		if !sent {
			return errSkip
		}
		return nil
	})
	if errors.Is(err, errSkip) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, nil
}

// Event sends the mail of a new conversation, message or like (a job
// queued by delivery.Events; jobID keys it). During the quiet hours it
// answers how long to wait instead. A conversation the member has read
// meanwhile, or a like they have seen, is not mailed; several unread
// messages make one mail that counts them.
func (s *Service) Event(ctx context.Context, jobID int64, ev delivery.EventArgs) (time.Duration, bool, error) {
	t, err := s.Tenants.ByID(ctx, ev.TenantID)
	if err != nil {
		return 0, false, fmt.Errorf("tenant %d of a %s mail: %w", ev.TenantID, ev.Type, err)
	}
	if wait := s.Quiet.Wait(s.now().In(t.Location)); wait > 0 {
		return wait, false, nil
	}
	n := accounts.Notification{Type: ev.Type, Path: ev.Path, Data: map[string]any{"Other": ev.Other}}
	check := func(q *db.Queries, n *accounts.Notification) (bool, error) {
		switch ev.Type {
		case delivery.TypeNewConversations, delivery.TypeNewMessages:
			unread, err := q.ConversationUnread(ctx, db.ConversationUnreadParams{ConversationID: ev.Ref, MemberID: ev.MemberID})
			if err != nil {
				return false, fmt.Errorf("unread of conversation %d: %w", ev.Ref, err)
			}
			if unread == 0 {
				return false, nil
			}
			n.Data["Count"] = unread
			if unread > 1 && ev.Type == delivery.TypeNewMessages {
				n.Template = "new_messages_batch"
			}
		case delivery.TypeLike:
			fresh, err := q.LikeIsNew(ctx, db.LikeIsNewParams{LikerID: ev.Ref, LikedID: ev.MemberID})
			if err != nil {
				return false, fmt.Errorf("like of %d: %w", ev.Ref, err)
			}
			if !fresh {
				return false, nil
			}
			if ev.Match {
				n.Template = "match"
			}
		}
		return true, nil
	}
	sent, err := s.send(ctx, t, ev.MemberID, fmt.Sprintf("job:%d", jobID), n, check)
	return 0, sent, err
}

// EventWorker sends the event mails delivery.Events queues.
type EventWorker struct {
	river.WorkerDefaults[delivery.EventArgs]
	Service *Service
}

// Work sends the mail, or waits for the end of the quiet hours.
func (w *EventWorker) Work(ctx context.Context, job *river.Job[delivery.EventArgs]) error {
	wait, _, err := w.Service.Event(ctx, job.ID, job.Args)
	if err != nil {
		return err
	}
	if wait > 0 {
		return river.JobSnooze(wait)
	}
	return nil
}

// Register adds the notification workers to the engine's River workers.
func Register(workers *river.Workers, s *Service) {
	river.AddWorker(workers, &EventWorker{Service: s})
	river.AddWorker(workers, &DigestWorker{Service: s})
	river.AddWorker(workers, &CampaignWorker{Service: s})
}

// PurgeMember forgets the mails sent to a member whose deletion became
// final, in the purge transaction tx.
func PurgeMember(ctx context.Context, tx pgx.Tx, member int64) error {
	if err := db.New(tx).LogPurge(ctx, member); err != nil {
		return fmt.Errorf("purge notification log of %d: %w", member, err)
	}
	return nil
}
