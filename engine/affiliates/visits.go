package affiliates

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/affiliates/internal/db"
	"rendezvous/engine/landerpages"
	"rendezvous/engine/limits"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
)

// Visits records the pages opened through an affiliate link, for the
// report's visits. The page does not wait for the write: it is made after
// the answer, by at most maxPending writes at a time; beyond that a visit
// is dropped rather than slow the site down. One client address records
// at most the limits.Visit rule's visits per brand and window (its page
// opens all the same), so that varying sub-ids or the browser cannot fill
// the table.
type Visits struct {
	Pool   *pgxpool.Pool
	Limits *limits.Limiter
	Log    *slog.Logger
	// Now is the clock; nil is time.Now.
	Now     func() time.Time
	pending chan struct{}
	writes  sync.WaitGroup

	// keys make the stored visitor a keyed hash of address and browser:
	// without one, anyone reading the table could try every IPv4 address.
	// There is one key per day, in traffic_visit_keys, so that every
	// engine instance hashes a visitor alike (a key of each instance's own
	// would count a visitor once per instance); it is deleted two days
	// later, after which no visitor of that day can be traced back. keys
	// holds the days this instance has read.
	mu   sync.Mutex
	keys map[string][]byte
}

// maxPending bounds the visit writes under way.
const maxPending = 32

// keepKeys is how many days a visitor key outlives its day: time zones
// from UTC-12 to UTC+14 put visits of one calendar day into two UTC days.
const keepKeys = 2

// NewVisits returns the recorder of visits on pool, each client address
// counted by limiter (limits.Visit).
func NewVisits(pool *pgxpool.Pool, limiter *limits.Limiter, log *slog.Logger) *Visits {
	return &Visits{Pool: pool, Limits: limiter, Log: log, pending: make(chan struct{}, maxPending), keys: map[string][]byte{}}
}

// Wait blocks until the visits being written are written.
func (v *Visits) Wait() { v.writes.Wait() }

// key is the visitor key of day, made when no instance has made it yet;
// making one deletes the keys that have served their time.
func (v *Visits) key(ctx context.Context, day pgtype.Date) ([]byte, error) {
	name := day.Time.Format(time.DateOnly)
	v.mu.Lock()
	defer v.mu.Unlock()
	if k, ok := v.keys[name]; ok {
		return k, nil
	}
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh) // crypto/rand.Read never fails (Go 1.24+)
	q := db.New(v.Pool)
	k, err := q.VisitKeyEnsure(ctx, db.VisitKeyEnsureParams{Day: day, Secret: fresh})
	if err != nil {
		return nil, fmt.Errorf("visitor key of %s: %w", name, err)
	}
	before := day.Time.AddDate(0, 0, -keepKeys)
	if err := q.VisitKeysTrim(ctx, pgtype.Date{Time: before, Valid: true}); err != nil {
		return nil, fmt.Errorf("delete old visitor keys: %w", err)
	}
	for d := range v.keys {
		if d < before.Format(time.DateOnly) {
			delete(v.keys, d)
		}
	}
	v.keys[name] = k
	return k, nil
}

// Record is the middleware of the pages affiliates link to: a GET with a
// traffic source in its query counts as a visit of that source, once per
// visitor (address and browser) and day of the tenant's time zone; the
// slug of a lander or a member landing is kept as the visit's A/B variant
// (landerpages.VisitVariant).
func (v *Visits) Record(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
		if r.Method != http.MethodGet {
			return
		}
		src := landerpages.FromQuery(r)
		t := tenancy.FromContext(r.Context())
		if src == nil || t == nil {
			return
		}
		at := v.now()
		client, ok := limits.ByClient(r)
		if !ok {
			return // no address to count it by
		}
		visitor := visitorOf(t, r)
		row := db.VisitInsertParams{TenantID: t.ID, Network: src.Network, Ref: src.Ref,
			Sub1: src.Sub1, Sub2: src.Sub2, Sub3: src.Sub3, Variant: landerpages.VisitVariant(r.URL.Path), Lander: src.Lander,
			BounceMeasured: r.URL.Query().Has(BounceParam), VisitedAt: at,
			Day: dayOf(at, t)}
		v.later(r, t, client, row.Day, visitor, func(ctx context.Context, hash []byte) error {
			row.Visitor = hash
			return db.New(v.Pool).VisitInsert(ctx, row)
		})
	})
}

// visitorOf is what a visitor is told apart by, before it is hashed: the
// tenant, the client address and the browser.
func visitorOf(t *tenancy.Tenant, r *http.Request) string {
	return strconv.FormatInt(t.ID, 10) + "|" + httpx.ClientIP(r).String() + "|" + r.UserAgent()
}

// later runs write with the visitor's hash of day after the answer, when
// fewer than maxPending writes are under way and client is within the
// limits.Visit rule (the page or beacon was answered all the same).
func (v *Visits) later(r *http.Request, t *tenancy.Tenant, client string, day pgtype.Date, visitor string, write func(context.Context, []byte) error) {
	select {
	case v.pending <- struct{}{}:
	default:
		return // busy: a visit less is better than a slow page
	}
	v.writes.Add(1)
	go func() {
		defer v.writes.Done()
		defer func() { <-v.pending }()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 5*time.Second)
		defer cancel()
		d, err := v.Limits.Hit(ctx, t.ID, limits.Visit, client)
		if err == nil && !d.Allowed {
			return // over the address's limit: nothing is written
		}
		var key []byte
		if err == nil {
			key, err = v.key(ctx, day)
		}
		if err == nil {
			mac := hmac.New(sha256.New, key)
			mac.Write([]byte(visitor))
			err = write(ctx, mac.Sum(nil)[:16])
		}
		if err != nil && v.Log != nil {
			v.Log.Warn("record a traffic visit", "tenant", t.ID, "err", err)
		}
	}()
}

// BounceParam is the query parameter of an affiliate link that asks its
// page to report when the visitor leaves it (the bounce beacon).
const BounceParam = "lb"

// Bounce is the middleware of the page-hidden beacon: a visitor who is not
// logged in and leaves a page of today's visit of its traffic source (the
// beacon's query, else the remembered one) that came with ?lb bounced. The
// visit is marked once; a member (who signed up on the page, or came back
// logged in) never bounces. Each beacon counts against the address's
// limits.Visit rule like a visit, and marks at most an existing visit, so
// beacons cannot add rows.
func (v *Visits) Bounce(isMember func(*http.Request) bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r)
			src := landerpages.FromRequest(r)
			t := tenancy.FromContext(r.Context())
			if src == nil || t == nil || isMember(r) {
				return
			}
			client, ok := limits.ByClient(r)
			if !ok {
				return
			}
			at := v.now()
			day := dayOf(at, t)
			v.later(r, t, client, day, visitorOf(t, r), func(ctx context.Context, hash []byte) error {
				_, err := db.New(v.Pool).VisitBounce(ctx, db.VisitBounceParams{At: pgtype.Timestamptz{Time: at, Valid: true},
					TenantID: t.ID, Day: day, Visitor: hash, Network: src.Network, Ref: src.Ref, Sub1: src.Sub1, Sub2: src.Sub2, Sub3: src.Sub3})
				return err
			})
		})
	}
}

// now is the clock.
func (v *Visits) now() time.Time {
	if v.Now != nil {
		return v.Now()
	}
	return time.Now()
}

// dayOf is the day of the tenant's time zone at is in, as a date.
func dayOf(at time.Time, t *tenancy.Tenant) pgtype.Date {
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	d := at.In(loc)
	return pgtype.Date{Time: time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC), Valid: true}
}
