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
