package affiliates_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"rendezvous/engine/affiliates"
	"rendezvous/engine/limits"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/tenancy/tenancytest"
)

// Every engine instance hashes a visitor with the same key of the day, so
// a visitor counts once a day however the load balancer spreads their
// pages; another day has another key, and a day's key is deleted two days
// later.
func TestVisitsCountOnceAcrossInstances(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	tenant, err := tenancy.NewDirectory(pool, nil).ByHost(ctx, "localhost")
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	instances := []*affiliates.Visits{affiliates.NewVisits(pool, limits.New(pool, limits.Defaults(), nil), nil), affiliates.NewVisits(pool, limits.New(pool, limits.Defaults(), nil), nil)}
	visit := func(v *affiliates.Visits, agent string) {
		t.Helper()
		v.Now = func() time.Time { return clock }
		req := httptest.NewRequest(http.MethodGet, "/landers/video?network=adnet&ref=aff1", nil)
		req.Header.Set("User-Agent", agent)
		req = req.WithContext(tenancy.WithTenant(req.Context(), tenant))
		v.Record(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})).ServeHTTP(httptest.NewRecorder(), req)
		v.Wait()
	}
	count := func(query string) int {
		t.Helper()
		var n int
		if err := pool.QueryRow(ctx, query).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	const visits = `SELECT count(*) FROM traffic_visits WHERE network = 'adnet'`

	for _, v := range append(instances, instances...) {
		visit(v, "one browser")
	}
	if n := count(visits); n != 1 {
		t.Fatalf("one visitor on two instances counted %d times, want 1", n)
	}
	visit(instances[1], "another browser")
	if n := count(visits); n != 2 {
		t.Fatalf("%d visits after another browser, want 2", n)
	}
	first := count(`SELECT count(*) FROM traffic_visit_keys WHERE day = '2026-11-24'`)
	if first != 1 {
		t.Fatalf("%d keys of the day, want 1", first)
	}

	// Three days on: a new key, and the first day's is gone.
	clock = clock.AddDate(0, 0, 3)
	visit(instances[0], "one browser")
	if n := count(visits); n != 3 {
		t.Fatalf("%d visits after a visit on another day, want 3", n)
	}
	if n := count(`SELECT count(*) FROM traffic_visit_keys WHERE day = '2026-11-24'`); n != 0 {
		t.Fatalf("the key of 2026-11-24 is still kept three days later")
	}
	if n := count(`SELECT count(*) FROM traffic_visit_keys WHERE day = '2026-11-27'`); n != 1 {
		t.Fatalf("%d keys of 2026-11-27, want 1", n)
	}
}

// TestVisitsLimitedPerAddress: one client address cannot fill the visits
// table by varying the sub-ids or its browser: past the limit per brand
// and window the page is still served, but no visit is written; another
// address, or another brand, still counts.
func TestVisitsLimitedPerAddress(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	dir := tenancy.NewDirectory(pool, nil)
	lustlokaal, err := dir.ByHost(ctx, "localhost")
	if err != nil {
		t.Fatal(err)
	}
	herzklopfen, err := dir.ByHost(ctx, "de.localhost")
	if err != nil {
		t.Fatal(err)
	}
	limiter := limits.New(pool, limits.Defaults(), nil)
	limiter.Set(limits.Visit, limits.Rule{Max: 5, Window: time.Hour})
	v := affiliates.NewVisits(pool, limiter, nil)
	served := 0
	visit := func(tenant *tenancy.Tenant, addr string, i int) {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, fmt.Sprintf("/landers/video?network=adnet&sub1=click%d", i), nil)
		req.RemoteAddr = addr + ":40000"
		req.Header.Set("User-Agent", fmt.Sprintf("browser %d", i))
		req = req.WithContext(tenancy.WithTenant(req.Context(), tenant))
		v.Record(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			served++
			w.WriteHeader(http.StatusOK)
		})).ServeHTTP(httptest.NewRecorder(), req)
		v.Wait()
	}
	count := func(tenant *tenancy.Tenant) int {
		t.Helper()
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM traffic_visits WHERE tenant_id = $1`, tenant.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for i := range 20 {
		visit(lustlokaal, "203.0.113.7", i)
	}
	if served != 20 {
		t.Fatalf("%d of 20 pages served", served)
	}
	if n := count(lustlokaal); n != 5 {
		t.Fatalf("one address wrote %d visits, want the limit of 5", n)
	}
	visit(lustlokaal, "198.51.100.9", 100)
	visit(herzklopfen, "203.0.113.7", 101)
	if a, b := count(lustlokaal), count(herzklopfen); a != 6 || b != 1 {
		t.Fatalf("another address wrote %d visits, another brand %d; want 6 and 1", a, b)
	}
}

// TestBounceMarksTheVisitOnce: the page-hidden beacon of a visitor whose
// link asked for it (?lb) marks today's visit of its source bounced, once,
// with the lander the link landed on; a beacon of a member, of a link
// without lb, or of a source without a visit writes nothing; past the
// address's visit limit beacons write nothing either.
func TestBounceMarksTheVisitOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	tenant, err := tenancy.NewDirectory(pool, nil).ByHost(ctx, "localhost")
	if err != nil {
		t.Fatal(err)
	}
	limiter := limits.New(pool, limits.Defaults(), nil)
	limiter.Set(limits.Visit, limits.Rule{Max: 6, Window: time.Hour})
	v := affiliates.NewVisits(pool, limiter, nil)
	noop := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	send := func(h http.Handler, method, target, agent string) {
		t.Helper()
		req := httptest.NewRequest(method, target, nil)
		req.Header.Set("User-Agent", agent)
		req = req.WithContext(tenancy.WithTenant(req.Context(), tenant))
		h.ServeHTTP(httptest.NewRecorder(), req)
		v.Wait()
	}
	member := false
	beacon := v.Bounce(func(*http.Request) bool { return member })(noop)
	bounced := func(agent string) (lander string, measured, isBounced bool) {
		t.Helper()
		err := pool.QueryRow(ctx, `SELECT lander, bounce_measured, bounced_at IS NOT NULL FROM traffic_visits WHERE network = 'adnet' AND sub1 = $1`, agent).
			Scan(&lander, &measured, &isBounced)
		if err != nil {
			t.Fatal(err)
		}
		return lander, measured, isBounced
	}

	send(v.Record(noop), "GET", "/landers/video/milf-b?network=adnet&sub1=a&lb=1", "a")
	send(v.Record(noop), "GET", "/landers/gallery?network=adnet&sub1=b", "b")
	if l, m, b := bounced("a"); l != "video" || !m || b {
		t.Fatalf("visit a: lander %q measured %v bounced %v, want video, true, false", l, m, b)
	}
	// A member's beacon is no bounce.
	member = true
	send(beacon, "POST", "/api/page-hidden.php?network=adnet&sub1=a&lb=1", "a")
	if _, _, b := bounced("a"); b {
		t.Fatal("a member's beacon bounced the visit")
	}
	member = false
	send(beacon, "POST", "/api/page-hidden.php?network=adnet&sub1=a&lb=1", "a")
	if _, _, b := bounced("a"); !b {
		t.Fatal("the visitor's beacon did not bounce the visit")
	}
	// Without lb on the link the visit is not measured and never bounces.
	send(beacon, "POST", "/api/page-hidden.php?network=adnet&sub1=b", "b")
	if _, m, b := bounced("b"); m || b {
		t.Fatalf("visit b without lb: measured %v bounced %v", m, b)
	}
	// A beacon of a source that has no visit adds no row.
	send(beacon, "POST", "/api/page-hidden.php?network=adnet&sub1=c", "c")
	var rows int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM traffic_visits`).Scan(&rows); err != nil || rows != 2 {
		t.Fatalf("%d visit rows after the beacons (%v), want 2", rows, err)
	}
	// The beacons counted against the address's limit (6): one more visit
	// is recorded, then neither visits nor bounces.
	send(v.Record(noop), "GET", "/landers/video?network=adnet&sub1=d&lb=1", "d")
	send(v.Record(noop), "GET", "/landers/video?network=adnet&sub1=e&lb=1", "e")
	send(beacon, "POST", "/api/page-hidden.php?network=adnet&sub1=d&lb=1", "d")
	if _, _, b := bounced("d"); b {
		t.Fatal("a beacon past the address's limit was recorded")
	}
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM traffic_visits`).Scan(&rows); err != nil || rows != 3 {
		t.Fatalf("%d visit rows past the limit (%v), want 3", rows, err)
	}
}
