package limits_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/limits"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/tenancy/tenancytest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// clock is a test clock the limiter reads.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

func newLimiter(t *testing.T, pool *pgxpool.Pool, c *clock, rules map[string]limits.Rule) *limits.Limiter {
	t.Helper()
	l := limits.New(pool, rules, slog.New(slog.DiscardHandler))
	l.Now = c.Now
	return l
}

func tenantIDs(t *testing.T, pool *pgxpool.Pool) []int64 {
	t.Helper()
	rows, err := pool.Query(context.Background(), "SELECT id FROM tenants ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if len(ids) < 2 {
		t.Fatalf("want two tenants, got %d", len(ids))
	}
	return ids
}

// serve sends one request from addr through a signup route limited per
// client address.
func serve(h http.Handler, tenantID int64, addr string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/api/signup.php", nil)
	req.RemoteAddr = addr
	req = req.WithContext(tenancy.WithTenant(req.Context(), &tenancy.Tenant{ID: tenantID}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// Over the limit the route answers 429 rate_limited with the seconds to
// wait, in the body and in Retry-After, and the handler does not run; when
// the window ends the route answers again.
func TestLimitAnswersTooManyUntilTheWindowEnds(t *testing.T) {
	t.Parallel()
	pool := tenancytest.Pool(t)
	tenant := tenantIDs(t, pool)[0]
	c := &clock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	l := newLimiter(t, pool, c, map[string]limits.Rule{limits.Signup: {Max: 3, Window: time.Hour}})
	var ran atomic.Int32
	h := l.Limit(limits.Signup, limits.ByClient)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ran.Add(1)
		w.WriteHeader(http.StatusCreated)
	}))
	for i := range 3 {
		if rec := serve(h, tenant, "192.0.2.7:4000"); rec.Code != http.StatusCreated {
			t.Fatalf("request %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	wantRefused := func(retryAfter int) {
		t.Helper()
		rec := serve(h, tenant, "192.0.2.7:4001")
		var body struct {
			Error      string `json:"error"`
			Message    string `json:"message"`
			RetryAfter int    `json:"retry_after"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatalf("%d %s: %v", rec.Code, rec.Body, err)
		}
		if rec.Code != http.StatusTooManyRequests || body.Error != "rate_limited" || body.Message == "" ||
			body.RetryAfter != retryAfter || rec.Header().Get("Retry-After") != strconv.Itoa(retryAfter) {
			t.Fatalf("got %d %s Retry-After %q, want 429 rate_limited retry_after %d",
				rec.Code, rec.Body, rec.Header().Get("Retry-After"), retryAfter)
		}
	}
	wantRefused(3600)
	c.Add(20*time.Minute + 500*time.Millisecond)
	wantRefused(2400) // rounded up: never "try again now" too early
	if n := ran.Load(); n != 3 {
		t.Fatalf("the handler ran %d times, want 3", n)
	}
	c.Add(40 * time.Minute)
	if rec := serve(h, tenant, "192.0.2.7:4002"); rec.Code != http.StatusCreated {
		t.Fatalf("after the window: %d %s", rec.Code, rec.Body)
	}
}

// Two engine instances (two limiters, two connection pools) on one
// database share their counters.
func TestLimitSharedAcrossInstances(t *testing.T) {
	t.Parallel()
	pool := tenancytest.Pool(t)
	other, err := pgxpool.New(context.Background(), pool.Config().ConnString())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(other.Close)
	tenant := tenantIDs(t, pool)[0]
	c := &clock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	rules := func() map[string]limits.Rule {
		return map[string]limits.Rule{limits.Complaint: {Max: 4, Window: time.Hour}}
	}
	instances := []*limits.Limiter{newLimiter(t, pool, c, rules()), newLimiter(t, other, c, rules())}
	allowed := 0
	for i := range 10 {
		d, err := instances[i%2].Hit(context.Background(), tenant, limits.Complaint, "ip:192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		if d.Allowed {
			allowed++
		}
	}
	if allowed != 4 {
		t.Fatalf("%d of 10 hits allowed across two instances, want 4", allowed)
	}
}

// Parallel hits are counted one after the other: exactly the rule's count
// gets through.
func TestLimitCountsParallelHitsExactly(t *testing.T) {
	t.Parallel()
	pool := tenancytest.Pool(t)
	tenant := tenantIDs(t, pool)[0]
	c := &clock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	l := newLimiter(t, pool, c, map[string]limits.Rule{limits.Message: {Max: 5, Window: time.Minute}})
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			d, err := l.Hit(context.Background(), tenant, limits.Message, "member:1")
			if err != nil {
				t.Error(err)
				return
			}
			if d.Allowed {
				allowed.Add(1)
			}
		})
	}
	wg.Wait()
	if n := allowed.Load(); n != 5 {
		t.Fatalf("%d of 20 parallel hits allowed, want 5", n)
	}
}

// A subject that used up its count does not limit another tenant, another
// address, another member or another rule.
func TestLimitCountersAreIndependent(t *testing.T) {
	t.Parallel()
	pool := tenancytest.Pool(t)
	tenants := tenantIDs(t, pool)
	c := &clock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	l := newLimiter(t, pool, c, map[string]limits.Rule{
		limits.Signup: {Max: 2, Window: time.Hour}, limits.ResetMail: {Max: 2, Window: time.Hour},
		limits.Like: {Max: 2, Window: time.Minute},
	})
	ctx := context.Background()
	hit := func(tenant int64, rule, subject string) bool {
		t.Helper()
		d, err := l.Hit(ctx, tenant, rule, subject)
		if err != nil {
			t.Fatal(err)
		}
		return d.Allowed
	}
	for range 2 {
		hit(tenants[0], limits.Signup, "ip:192.0.2.1")
		hit(tenants[0], limits.Like, "member:7")
	}
	if hit(tenants[0], limits.Signup, "ip:192.0.2.1") || hit(tenants[0], limits.Like, "member:7") {
		t.Fatal("the third hit was allowed")
	}
	for _, c := range []struct {
		name          string
		tenant        int64
		rule, subject string
	}{
		{"other tenant", tenants[1], limits.Signup, "ip:192.0.2.1"},
		{"other address", tenants[0], limits.Signup, "ip:192.0.2.2"},
		{"other rule", tenants[0], limits.ResetMail, "ip:192.0.2.1"},
		{"other member", tenants[0], limits.Like, "member:8"},
	} {
		if !hit(c.tenant, c.rule, c.subject) {
			t.Errorf("%s: refused", c.name)
		}
	}
}

// ByClient counts an IPv6 client per /64 and an IPv4 client per address;
// ByMember leaves visitors uncounted.
func TestSubjects(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ remote, want string }{
		{"192.0.2.7:1234", "ip:192.0.2.7"},
		{"[::ffff:192.0.2.7]:1234", "ip:192.0.2.7"},
		{"[2001:db8:1:2:aaaa::1]:1234", "ip:2001:db8:1:2::/64"},
		{"[2001:db8:1:2:bbbb::9]:1234", "ip:2001:db8:1:2::/64"},
	} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.RemoteAddr = c.remote
		if got, ok := limits.ByClient(req); !ok || got != c.want {
			t.Errorf("%s: %q %v, want %q", c.remote, got, ok, c.want)
		}
	}
	by := limits.ByMember(func(r *http.Request) int64 { return 0 })
	if _, ok := by(httptest.NewRequest(http.MethodGet, "/", nil)); ok {
		t.Error("a visitor was counted per member")
	}
}

// The cleanup deletes only the counters whose window ended.
func TestDeleteExpired(t *testing.T) {
	t.Parallel()
	pool := tenancytest.Pool(t)
	tenant := tenantIDs(t, pool)[0]
	c := &clock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	l := newLimiter(t, pool, c, limits.Defaults())
	ctx := context.Background()
	for _, rule := range []string{limits.Message, limits.Signup} {
		if _, err := l.Hit(ctx, tenant, rule, "member:1"); err != nil {
			t.Fatal(err)
		}
	}
	c.Add(2 * time.Minute)
	n, err := l.DeleteExpired(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	rows, _ := pool.Query(ctx, "SELECT rule FROM rate_limits")
	for rows.Next() {
		var r string
		_ = rows.Scan(&r)
		left = append(left, r)
	}
	if n != 1 || len(left) != 1 || left[0] != limits.Signup {
		t.Fatalf("deleted %d, left %v; want the message counter gone, the signup one kept", n, left)
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	rules, err := limits.Parse("signup=200/1h, message=1000/1m")
	if err != nil {
		t.Fatal(err)
	}
	if rules[limits.Signup] != (limits.Rule{Max: 200, Window: time.Hour}) ||
		rules[limits.Message] != (limits.Rule{Max: 1000, Window: time.Minute}) ||
		rules[limits.Like] != limits.Defaults()[limits.Like] {
		t.Fatalf("parsed %v", rules)
	}
	for _, bad := range []string{"signup", "signup=5", "nosuch=5/1h", "signup=0/1h", "signup=x/1h", "signup=5/1ms", "signup=5/soon"} {
		if _, err := limits.Parse(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// A hit queued in the caller's transaction counts as Hit does (the same
// counter, the same refusal over the rule), goes with that transaction
// when it rolls back, and Recount counts it again then.
func TestQueuedHitCountsAsHit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	tenant := tenantIDs(t, pool)[0]
	c := &clock{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	l := newLimiter(t, pool, c, map[string]limits.Rule{limits.Message: {Max: 3, Window: time.Minute}})
	// queued counts one hit in a transaction, committed or rolled back.
	queued := func(commit bool) (*limits.QueuedHit, error) {
		t.Helper()
		tx, err := pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		b := &pgx.Batch{}
		h, err := l.QueueHit(b, tenant, limits.Message, "member:7")
		if err != nil {
			t.Fatal(err)
		}
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			t.Fatal(err)
		}
		done := h.Done()
		if commit {
			err = tx.Commit(ctx)
		} else {
			err = tx.Rollback(ctx)
		}
		if err != nil {
			t.Fatal(err)
		}
		return h, done
	}
	if _, err := queued(true); err != nil {
		t.Fatalf("first hit: %v", err)
	}
	if d, err := l.Hit(ctx, tenant, limits.Message, "member:7"); err != nil || !d.Allowed {
		t.Fatalf("second hit: %+v %v", d, err)
	}
	h, err := queued(false)
	if err != nil {
		t.Fatalf("third hit: %v", err)
	}
	// Rolled back: the third is still to come, and Recount makes it.
	if err := h.Recount(ctx); err != nil {
		t.Fatal(err)
	}
	_, err = queued(true)
	var refused *refusal.Error
	if !errors.As(err, &refused) || refused.Code != limits.Code || refused.Params["retry_after"] != 60 {
		t.Fatalf("fourth hit: %v, want rate_limited with retry_after 60", err)
	}
	if _, err := l.QueueHit(&pgx.Batch{}, tenant, "no such rule", "member:7"); err == nil {
		t.Fatal("a hit of no rule was queued")
	}
}
