package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/push/internal/db"
	"rendezvous/engine/live"
	"rendezvous/engine/platform/outbound"
)

// Notification types that pushes respect (a member who switched one off
// gets no push of it).
const (
	TypeNewConversations = delivery.TypeNewConversations
	TypeNewMessages      = delivery.TypeNewMessages
	TypeLike             = delivery.TypeLike
)

// Notification is one push to all of a member's browsers.
type Notification struct {
	MemberID int64 `json:"member_id"`
	// TenantID is the member's tenant: its VAPID keys sign the push.
	TenantID int64 `json:"tenant_id"`
	// Type is a notification type the member can switch off.
	Type string `json:"type"`
	// Title, Body and URL are what the service worker shows and opens.
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
	// Tag collapses pushes of one conversation on the device and at the
	// push service (Topic).
	Tag string `json:"tag"`
	// Text, when set, names the catalogue texts (push_<Text>.title and
	// .body of engine/delivery/locales) that Queue writes into Title and Body
	// in the member's language with the tenant's wording, filled with Data.
	Text string         `json:"-"`
	Data map[string]any `json:"-"`
}

// Payload is what the service worker receives (the decrypted push body).
type Payload struct {
	Type  string `json:"type"`
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
	Tag   string `json:"tag"`
}

// Args is the River job that sends one notification.
type Args struct {
	Notification Notification `json:"notification"`
}

// Kind names the job in River.
func (Args) Kind() string { return "push_send" }

// InsertOpts keep retries short: a late push is worse than none.
func (Args) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }

// Inserter queues jobs inside a transaction; the engine's River client is one.
type Inserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Queuer decides whether a notification is pushed and queues it.
type Queuer struct {
	Jobs Inserter
	// Texts are the catalogues of mail and push texts; nil leaves Title
	// and Body as given.
	Texts *delivery.Templates
	// Dev, in development mode only, also keeps every queued push in the
	// development push sink; nil (every real install) keeps nothing.
	Dev *DevSink
}

// Queue queues n in tx unless the member switched its type off, has no
// subscription, or has a live stream open on any engine instance (then the
// stream delivers it).
func (q *Queuer) Queue(ctx context.Context, tx pgx.Tx, n Notification) error {
	if q == nil || q.Jobs == nil {
		return nil
	}
	prefs, err := db.New(tx).PushPrefs(ctx, n.MemberID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("push preferences of member %d: %w", n.MemberID, err)
	}
	if !prefs.Subscribed || slices.Contains(prefs.NotificationTypesDisabled, n.Type) {
		return nil
	}
	connected, err := live.Connected(ctx, tx, n.MemberID)
	if err != nil {
		return err
	}
	if connected {
		return nil
	}
	if n.Text != "" && q.Texts != nil {
		if n.Title, err = q.Texts.Phrase(prefs.TenantSlug, prefs.Language, "push_"+n.Text+".title", n.Data); err != nil {
			return err
		}
		if n.Body, err = q.Texts.Phrase(prefs.TenantSlug, prefs.Language, "push_"+n.Text+".body", n.Data); err != nil {
			return err
		}
	}
	if _, err := q.Jobs.InsertTx(ctx, tx, Args{Notification: n}, nil); err != nil {
		return fmt.Errorf("queue push to member %d: %w", n.MemberID, err)
	}
	if q.Dev != nil {
		return q.Dev.keep(ctx, tx, n, prefs.Email, prefs.Language)
	}
	return nil
}

// QueueIfSubscribed is Queue for a caller that read already, in tx,
// whether the member has any push subscription: a member without one gets
// no push, and the send of a chat message saves the statement that Queue
// would spend finding that out (TestSendRoundTrips counts them).
func (q *Queuer) QueueIfSubscribed(ctx context.Context, tx pgx.Tx, n Notification, subscribed bool) error {
	if !subscribed {
		return nil
	}
	return q.Queue(ctx, tx, n)
}

// Worker sends queued pushes.
type Worker struct {
	river.WorkerDefaults[Args]
	Pool *pgxpool.Pool
	// Guard decides which push services may be called; nil is the strict
	// guard, which refuses the engine's own machine and networks.
	Guard *outbound.Guard
	Log   *slog.Logger

	once   sync.Once
	client *http.Client
}

// TTL is how long a push service keeps an undelivered push.
const TTL = 12 * 60 * 60

// Timeout bounds one attempt.
func (w *Worker) Timeout(*river.Job[Args]) time.Duration { return 30 * time.Second }

// Work sends the notification to every subscription of the member and
// drops the subscriptions the push service no longer knows.
func (w *Worker) Work(ctx context.Context, job *river.Job[Args]) error {
	return send(ctx, w.Pool, w.httpClient(), w.Log, job.Args.Notification)
}

// sendTimeout bounds one push to one subscription.
const sendTimeout = 20 * time.Second

// httpClient reaches the push services through the guard and follows no
// redirect: a push service answers where it was asked, and a 307 would
// repeat the POST anywhere, even to plain http.
func (w *Worker) httpClient() *http.Client {
	w.once.Do(func() { w.client = w.Guard.Client(outbound.ClientOptions{Timeout: sendTimeout}) })
	return w.client
}

// send pushes n to the member's browsers now, through client (the
// worker's guarded one). A push service that fails (5xx, 429, network)
// makes send fail, so the job is retried.
func send(ctx context.Context, pool *pgxpool.Pool, client *http.Client, log *slog.Logger, n Notification) error {
	q := db.New(pool)
	t, err := q.PushTenant(ctx, n.TenantID)
	if err != nil {
		return fmt.Errorf("tenant %d of push: %w", n.TenantID, err)
	}
	if t.VapidPrivateKey == "" {
		return fmt.Errorf("tenant %d has no VAPID keys", n.TenantID)
	}
	subs, err := q.PushSubscriptions(ctx, n.MemberID)
	if err != nil {
		return fmt.Errorf("subscriptions of member %d: %w", n.MemberID, err)
	}
	body, err := json.Marshal(Payload{Type: n.Type, Title: n.Title, Body: n.Body, URL: n.URL, Tag: n.Tag})
	if err != nil {
		return err
	}
	// The push service may write to the operator: the support address, or
	// the site itself.
	subscriber := t.SupportEmail
	if subscriber == "" {
		subscriber = "https://" + t.PrimaryHost
	}
	var failed error
	for _, s := range subs {
		res, err := webpush.SendNotificationWithContext(ctx, body, &webpush.Subscription{
			Endpoint: s.Endpoint, Keys: webpush.Keys{Auth: s.Auth, P256dh: s.P256dh},
		}, &webpush.Options{
			HTTPClient: client, Subscriber: subscriber, TTL: TTL, Topic: n.Tag, Urgency: webpush.UrgencyHigh,
			VAPIDPublicKey: t.VapidPublicKey, VAPIDPrivateKey: t.VapidPrivateKey,
		})
		if err != nil {
			failed = errors.Join(failed, fmt.Errorf("push to subscription %d: %w", s.ID, err))
			continue
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4096))
		res.Body.Close()
		switch {
		case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone:
			// The browser unsubscribed or the subscription expired.
			if err := q.PushSubscriptionDelete(ctx, s.ID); err != nil {
				return fmt.Errorf("drop expired subscription %d: %w", s.ID, err)
			}
		case res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500:
			failed = errors.Join(failed, fmt.Errorf("push service answered %d for subscription %d", res.StatusCode, s.ID))
		case res.StatusCode >= 300:
			// A request the service will never take (bad keys, too big),
			// or a redirect, which is not followed: retrying cannot help.
			if log != nil {
				log.Warn("push refused", "status", res.StatusCode, "subscription", s.ID)
			}
		}
	}
	return failed
}

// Register adds the push worker to the engine's River workers; guard
// decides which push services it may call (nil: the strict guard).
func Register(workers *river.Workers, pool *pgxpool.Pool, guard *outbound.Guard, log *slog.Logger) {
	river.AddWorker(workers, &Worker{Pool: pool, Guard: guard, Log: log})
}
