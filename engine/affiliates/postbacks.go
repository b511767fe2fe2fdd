package affiliates

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/affiliates/internal/db"
	"rendezvous/engine/landerpages"
	"rendezvous/engine/platform/outbound"
)

// Inserter queues jobs in a transaction (the engine's River client).
type Inserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Postbacks queues the postbacks of members' events. A nil *Postbacks
// queues none (tools and tests that do not call networks).
type Postbacks struct {
	Jobs Inserter
	Log  *slog.Logger
}

// Event is something a member did that their network may be told of.
type Event struct {
	MemberID int64
	// Kind is EventSignup, EventActivation or EventFirstPurchase.
	Kind string
	// OrderID is the first purchase's order.
	OrderID int64
}

// Queue queues the postback of ev in tx, the transaction of the event, when
// the member came through a network whose tenant configured a template for
// the event: the call is made by a PostbackArgs job after the commit, and
// an event delivered again (a repeated webhook, a retried request) finds
// its postback made and queues nothing. A stored section that no longer
// parses is logged and skipped: the member's signup or order must not fail
// for an affiliate's address.
func (p *Postbacks) Queue(ctx context.Context, tx pgx.Tx, ev Event) error {
	if p == nil || p.Jobs == nil {
		return nil
	}
	q := db.New(tx)
	m, err := q.PostbackMember(ctx, ev.MemberID)
	if err != nil {
		return fmt.Errorf("postback of member %d: %w", ev.MemberID, err)
	}
	v := Values{Event: ev.Kind, MemberID: ev.MemberID}
	tracking := m.Tracking
	if ev.Kind == EventFirstPurchase {
		o, err := q.PostbackOrder(ctx, db.PostbackOrderParams{ID: ev.OrderID, MemberID: ev.MemberID})
		if err != nil {
			return fmt.Errorf("postback of order %d: %w", ev.OrderID, err)
		}
		tracking, v.OrderID, v.Amount, v.Currency = o.Tracking, ev.OrderID, o.Amount, o.Currency
	}
	if err := json.Unmarshal(tracking, &v.Source); err != nil || strings.TrimSpace(v.Source.Network) == "" {
		return nil // no network to tell
	}
	section, err := ParseSection(m.Postbacks)
	if err != nil {
		p.logger().Error("the tenant's postbacks section is invalid; no postback", "tenant", m.TenantID, "err", err)
		return nil
	}
	template := section.template(v.Source.Network, ev.Kind)
	if template == "" {
		return nil
	}
	target, err := Render(template, v)
	if err != nil {
		p.logger().Error("a postback template does not render; no postback", "tenant", m.TenantID, "network", v.Source.Network, "err", err)
		return nil
	}
	order := pgtype.Int8{Int64: ev.OrderID, Valid: ev.OrderID > 0}
	id, err := q.PostbackInsert(ctx, db.PostbackInsertParams{TenantID: m.TenantID, MemberID: ev.MemberID, Event: ev.Kind,
		Network: v.Source.Network, OrderID: order, Url: target})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // told already
	}
	if err != nil {
		return fmt.Errorf("insert %s postback of member %d: %w", ev.Kind, ev.MemberID, err)
	}
	if _, err := p.Jobs.InsertTx(ctx, tx, PostbackArgs{PostbackID: id}, nil); err != nil {
		return fmt.Errorf("queue %s postback of member %d: %w", ev.Kind, ev.MemberID, err)
	}
	return nil
}

func (p *Postbacks) logger() *slog.Logger {
	if p.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return p.Log
}

// PostbackArgs is the job that calls one postback.
type PostbackArgs struct {
	PostbackID int64 `json:"postback_id" river:"unique"`
}

// Kind names the job in River.
func (PostbackArgs) Kind() string { return "traffic_postback" }

// MaxAttempts is how often a postback is tried: River's backoff (the
// attempt's fourth power in seconds) spreads them over about a day.
const MaxAttempts = 12

// Queue is the River queue of postback calls. It has PostbackWorkers
// workers of its own: networks that answer slowly or never delay other
// postbacks, never the engine's other jobs.
const Queue = "postbacks"

// PostbackWorkers is how many postbacks one engine instance calls at once.
const PostbackWorkers = 4

// InsertOpts: River retries a failed call up to MaxAttempts times, in the
// postbacks' own queue.
func (PostbackArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: Queue, MaxAttempts: MaxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// CallTimeout bounds one call of a network's postback address, its
// redirects included.
const CallTimeout = 10 * time.Second

// MaxRedirects is how many redirects a postback call follows.
const MaxRedirects = 3

// claimFor is how long a job's claim on a postback lasts: the call and the
// recording of its answer fit well within it. River gives the job as long.
const claimFor = 3 * CallTimeout

// recordTimeout bounds recording a call's outcome, which is done even when
// the job's context ended during the call.
const recordTimeout = 5 * time.Second

// Worker calls postbacks: GET the address, record the status code, done on
// a 2xx answer and retried by River on anything else. The network is
// called holding no database connection: the postback is claimed in one
// short transaction and the answer recorded in another.
type Worker struct {
	river.WorkerDefaults[PostbackArgs]
	Pool *pgxpool.Pool
	// Guard decides which addresses may be called; nil is the strict
	// guard, which refuses the engine's own machine and networks.
	Guard *outbound.Guard
	Log   *slog.Logger
	// Now is the clock of the recorded calls; nil is time.Now.
	Now func() time.Time

	once   sync.Once
	client *http.Client
}

// Timeout is how long River lets one attempt run.
func (w *Worker) Timeout(*river.Job[PostbackArgs]) time.Duration { return claimFor }

// errClaimed is a postback another job is calling right now; River tries
// again later.
var errClaimed = errors.New("another job is calling it")

// Work calls the postback once more, unless a former attempt got through.
func (w *Worker) Work(ctx context.Context, job *river.Job[PostbackArgs]) error {
	attempt, maxAttempts := 1, MaxAttempts
	if job.JobRow != nil {
		attempt, maxAttempts = job.Attempt, job.MaxAttempts
	}
	pb, ok, err := w.claim(ctx, job.Args.PostbackID)
	if err != nil || !ok {
		return err
	}
	call := w.call(ctx, pb.Url)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
	defer cancel()
	if err := w.record(ctx, pb.ID, attempt, maxAttempts, call); err != nil {
		return err
	}
	if !call.ok() {
		return fmt.Errorf("postback %d to %s: %s", pb.ID, hostOf(pb.Url), call.errText())
	}
	return nil
}

// claim takes the postback for one call, in a short transaction; false
// when there is nothing to call (its member was purged, or it was sent).
func (w *Worker) claim(ctx context.Context, id int64) (db.Postback, bool, error) {
	var pb db.Postback
	found := false
	err := pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		p, err := q.PostbackLock(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && p.Status == "sent") {
			return nil
		}
		if err != nil {
			return fmt.Errorf("lock postback %d: %w", id, err)
		}
		now := time.Now()
		if p.ClaimedUntil.Valid && p.ClaimedUntil.Time.After(now) {
			return fmt.Errorf("postback %d: %w", id, errClaimed)
		}
		if err := q.PostbackClaim(ctx, db.PostbackClaimParams{ID: id, Until: now.Add(claimFor)}); err != nil {
			return fmt.Errorf("claim postback %d: %w", id, err)
		}
		pb, found = p, true
		return nil
	})
	return pb, found, err
}

// record keeps the call's outcome and frees the postback, in a short
// transaction: sent on a 2xx answer, failed after the last attempt, else
// still pending.
func (w *Worker) record(ctx context.Context, id int64, attempt, maxAttempts int, call answer) error {
	return pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.PostbackCallInsert(ctx, db.PostbackCallInsertParams{PostbackID: id, Attempt: int32(attempt),
			StatusCode: int32(call.status), Error: call.errText(), CalledAt: call.at,
			DurationMs: int32(call.took.Milliseconds())}); err != nil {
			return fmt.Errorf("record call of postback %d: %w", id, err)
		}
		status, sent := "pending", pgtype.Timestamptz{}
		switch {
		case call.ok():
			status, sent = "sent", pgtype.Timestamptz{Time: call.at, Valid: true}
		case attempt >= maxAttempts:
			status = "failed"
		}
		if err := q.PostbackSetStatus(ctx, db.PostbackSetStatusParams{ID: id, Status: status, SentAt: sent}); err != nil {
			return fmt.Errorf("postback %d %s: %w", id, status, err)
		}
		return nil
	})
}

// answer is one call's outcome. The network's answer is not kept beyond
// its status code: shown back, it would let whoever writes a template
// read what any address returns.
type answer struct {
	status int
	err    error
	at     time.Time
	took   time.Duration
}

func (a answer) ok() bool { return a.err == nil && a.status >= 200 && a.status < 300 }

func (a answer) errText() string {
	switch {
	case a.err != nil:
		return a.err.Error()
	case !a.ok():
		return fmt.Sprintf("the network answered %d", a.status)
	}
	return ""
}

func (w *Worker) call(ctx context.Context, target string) (a answer) {
	now := time.Now
	if w.Now != nil {
		now = w.Now
	}
	a.at = now()
	start := time.Now()
	defer func() { a.took = time.Since(start) }()
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		a.err = fmt.Errorf("refused: only http and https addresses are called")
		return a
	}
	ctx, cancel := context.WithTimeout(ctx, CallTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		a.err = err
		return a
	}
	req.Header.Set("User-Agent", "Rendezvous-Postback/1")
	res, err := w.httpClient().Do(req)
	if err != nil {
		a.err = err
		return a
	}
	// Read a little so the connection can be reused; keep none of it.
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4096))
	res.Body.Close()
	a.status = res.StatusCode
	return a
}

// httpClient is the guarded client of the calls, made once.
func (w *Worker) httpClient() *http.Client {
	w.once.Do(func() {
		w.client = w.Guard.Client(outbound.ClientOptions{Timeout: CallTimeout, MaxRedirects: MaxRedirects})
	})
	return w.client
}

func hostOf(target string) string {
	if u, err := url.Parse(target); err == nil {
		return u.Host
	}
	return "?"
}

// Tracking is a traffic source (landerpages.Tracking), as the report groups by.
type Tracking = landerpages.Tracking
