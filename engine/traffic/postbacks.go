package traffic

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
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/landing"
	"rendezvous/engine/traffic/internal/db"
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

// InsertOpts: River retries a failed call up to MaxAttempts times.
func (PostbackArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: MaxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// CallTimeout bounds one call of a network's postback address.
const CallTimeout = 10 * time.Second

// maxBody is how much of a network's answer is kept with the call.
const maxBody = 500

// Worker calls postbacks: GET the address, record the answer, done on a 2xx
// answer and retried by River on anything else.
type Worker struct {
	river.WorkerDefaults[PostbackArgs]
	Pool *pgxpool.Pool
	// Client makes the calls; nil is a client with CallTimeout that
	// follows at most 3 redirects, to http or https addresses only.
	Client *http.Client
	Log    *slog.Logger
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// Work calls the postback once more, unless a former attempt got through:
// the row is locked during the call, so a second job of it (there should
// be none) waits and then finds it sent.
func (w *Worker) Work(ctx context.Context, job *river.Job[PostbackArgs]) error {
	attempt, maxAttempts := 1, MaxAttempts
	if job.JobRow != nil {
		attempt, maxAttempts = job.Attempt, job.MaxAttempts
	}
	var callErr error
	err := pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		pb, err := q.PostbackLock(ctx, job.Args.PostbackID)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // its member was purged
		}
		if err != nil {
			return fmt.Errorf("lock postback %d: %w", job.Args.PostbackID, err)
		}
		if pb.Status == "sent" {
			return nil
		}
		call := w.call(ctx, pb.Url)
		if err := q.PostbackCallInsert(ctx, db.PostbackCallInsertParams{PostbackID: pb.ID, Attempt: int32(attempt),
			StatusCode: int32(call.status), Body: call.body, Error: call.errText(), CalledAt: call.at,
			DurationMs: int32(call.took.Milliseconds())}); err != nil {
			return fmt.Errorf("record call of postback %d: %w", pb.ID, err)
		}
		status, sent := "pending", pgtype.Timestamptz{}
		switch {
		case call.ok():
			status, sent = "sent", pgtype.Timestamptz{Time: call.at, Valid: true}
		case attempt >= maxAttempts:
			status = "failed"
		}
		if err := q.PostbackSetStatus(ctx, db.PostbackSetStatusParams{ID: pb.ID, Status: status, SentAt: sent}); err != nil {
			return fmt.Errorf("postback %d %s: %w", pb.ID, status, err)
		}
		if !call.ok() {
			callErr = fmt.Errorf("postback %d to %s: %s", pb.ID, hostOf(pb.Url), call.errText())
		}
		return nil
	})
	if err != nil {
		return err
	}
	return callErr
}

// answer is one call's outcome.
type answer struct {
	status int
	body   string
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

func (w *Worker) call(ctx context.Context, target string) answer {
	now := time.Now
	if w.Now != nil {
		now = w.Now
	}
	a := answer{at: now()}
	start := time.Now()
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		a.err = fmt.Errorf("refused: only http and https addresses are called")
		a.took = time.Since(start)
		return a
	}
	ctx, cancel := context.WithTimeout(ctx, CallTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		a.err = err
		a.took = time.Since(start)
		return a
	}
	req.Header.Set("User-Agent", "Rendezvous-Postback/1")
	res, err := w.client().Do(req)
	if err != nil {
		a.err = err
		a.took = time.Since(start)
		return a
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, maxBody))
	// PostgreSQL text holds neither NUL nor invalid UTF-8.
	a.status, a.body = res.StatusCode, strings.ReplaceAll(strings.ToValidUTF8(string(raw), "\uFFFD"), "\x00", "")
	a.took = time.Since(start)
	return a
}

func (w *Worker) client() *http.Client {
	if w.Client != nil {
		return w.Client
	}
	return &http.Client{Timeout: CallTimeout, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) > 3 {
			return errors.New("more than 3 redirects")
		}
		if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
			return errors.New("a redirect to neither http nor https")
		}
		return nil
	}}
}

func hostOf(target string) string {
	if u, err := url.Parse(target); err == nil {
		return u.Host
	}
	return "?"
}

// Tracking is a traffic source (landing.Tracking), as the report groups by.
type Tracking = landing.Tracking
