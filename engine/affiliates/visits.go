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
		now := time.Now
		if v.Now != nil {
			now = v.Now
		}
		at := now()
		loc := t.Location
		if loc == nil {
			loc = time.UTC
		}
		day := at.In(loc)
		client, ok := limits.ByClient(r)
		if !ok {
			return // no address to count it by
		}
		visitor := strconv.FormatInt(t.ID, 10) + "|" + httpx.ClientIP(r).String() + "|" + r.UserAgent()
		row := db.VisitInsertParams{TenantID: t.ID, Network: src.Network, Ref: src.Ref,
			Sub1: src.Sub1, Sub2: src.Sub2, Sub3: src.Sub3, Variant: landerpages.VisitVariant(r.URL.Path), VisitedAt: at,
			Day: pgtype.Date{Time: time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC), Valid: true}}
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
				return // over the address's limit: the page was served, no visit
			}
			var key []byte
			if err == nil {
				key, err = v.key(ctx, row.Day)
			}
			if err == nil {
				mac := hmac.New(sha256.New, key)
				mac.Write([]byte(visitor))
				row.Visitor = mac.Sum(nil)[:16]
				err = db.New(v.Pool).VisitInsert(ctx, row)
			}
			if err != nil && v.Log != nil {
				v.Log.Warn("record a traffic visit", "tenant", t.ID, "err", err)
			}
		}()
	})
}
