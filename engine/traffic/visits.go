package traffic

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/landing"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/traffic/internal/db"
)

// Visits records the pages opened through an affiliate link, for the
// report's visits. The page does not wait for the write: it is made after
// the answer, by at most maxPending writes at a time; beyond that a visit
// is dropped rather than slow the site down.
type Visits struct {
	Pool *pgxpool.Pool
	Log  *slog.Logger
	// Now is the clock; nil is time.Now.
	Now     func() time.Time
	pending chan struct{}
	// key makes the stored visitor a keyed hash of address and browser:
	// without it, anyone reading the table could try every IPv4 address.
	// It is new with each start, so a visitor may count twice on a day the
	// engine restarts; no visitor can be traced back once it is gone.
	key []byte
}

// maxPending bounds the visit writes under way.
const maxPending = 32

// NewVisits returns the recorder of visits on pool.
func NewVisits(pool *pgxpool.Pool, log *slog.Logger) *Visits {
	key := make([]byte, 32)
	_, _ = rand.Read(key) // crypto/rand.Read never fails (Go 1.24+)
	return &Visits{Pool: pool, Log: log, pending: make(chan struct{}, maxPending), key: key}
}

// Record is the middleware of the pages affiliates link to: a GET with a
// traffic source in its query counts as a visit of that source, once per
// visitor (address and browser) and day of the tenant's time zone; a
// lander's slug is kept as the visit's A/B variant.
func (v *Visits) Record(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
		if r.Method != http.MethodGet {
			return
		}
		src := landing.FromQuery(r)
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
		mac := hmac.New(sha256.New, v.key)
		mac.Write([]byte(strconv.FormatInt(t.ID, 10) + "|" + httpx.ClientIP(r).String() + "|" + r.UserAgent()))
		row := db.VisitInsertParams{TenantID: t.ID, Visitor: mac.Sum(nil)[:16], Network: src.Network, Ref: src.Ref,
			Sub1: src.Sub1, Sub2: src.Sub2, Sub3: src.Sub3, Variant: landing.Variant(r.URL.Path), VisitedAt: at,
			Day: pgtype.Date{Time: time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC), Valid: true}}
		select {
		case v.pending <- struct{}{}:
		default:
			return // busy: a visit less is better than a slow page
		}
		go func() {
			defer func() { <-v.pending }()
			ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 5*time.Second)
			defer cancel()
			if err := db.New(v.Pool).VisitInsert(ctx, row); err != nil && v.Log != nil {
				v.Log.Warn("record a traffic visit", "tenant", t.ID, "err", err)
			}
		}()
	})
}
