package profiles

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"rendezvous/engine/platform/database"
	"rendezvous/engine/profiles/internal/db"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/tenancy/tenancytest"
)

// explainer runs every query twice: once under EXPLAIN, keeping the plan,
// and once for real, so search goes on as usual.
type explainer struct {
	conn  db.DBTX
	mu    *sync.Mutex
	plans *[]string
}

func (e explainer) explain(ctx context.Context, sql string, args []any) {
	rows, err := e.conn.Query(ctx, "EXPLAIN "+sql, args...)
	if err != nil {
		*e.plans = append(*e.plans, "EXPLAIN failed: "+err.Error())
		return
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			b.WriteString("scan failed: " + err.Error())
		}
		b.WriteString(line + "\n")
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	*e.plans = append(*e.plans, sql[:strings.Index(sql, "\n")]+"\n"+b.String())
}

func (e explainer) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return e.conn.Exec(ctx, sql, args...)
}

func (e explainer) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	e.explain(ctx, sql, args)
	return e.conn.Query(ctx, sql, args...)
}

func (e explainer) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	e.explain(ctx, sql, args)
	return e.conn.QueryRow(ctx, sql, args...)
}

// populate writes n generated profiles into pool: half women, four in five
// Dutch over five provinces, the rest Belgian, ages 18 to 75, a few
// invisible or hidden, activity spread over a few weeks.
func populate(t *testing.T, ctx context.Context, conn *pgx.Conn, pool string, n int) {
	t.Helper()
	_, err := conn.Exec(ctx, `
WITH t AS (SELECT id FROM tenants WHERE slug = 'lustlokaal'),
ins AS (
    INSERT INTO members (tenant_id, email, language, status)
    SELECT t.id, 'gen-' || $1 || '-' || g || '@plan.example', 'nl', 'active' FROM t, generate_series(1, $2::int) g
    RETURNING id
)
INSERT INTO profiles (id, pool, name, gender, seeking, date_of_birth, country, region, status, invisible, last_active_at,
                      latitude, longitude)
SELECT id, $1, 'Gen' || id,
       CASE WHEN id % 2 = 0 THEN 'female' ELSE 'male' END,
       CASE WHEN id % 2 = 0 THEN 'male' ELSE 'female' END,
       date '1950-01-01' + (id * 7919 % 20000)::int,
       CASE WHEN id % 5 = 0 THEN 'BE' ELSE 'NL' END,
       CASE WHEN id % 5 = 0 THEN 'BE-VAN' ELSE (ARRAY['NL-NH', 'NL-ZH', 'NL-UT', 'NL-GE', 'NL-NB'])[1 + (id / 5) % 5] END,
       CASE WHEN id % 50 = 0 THEN 'hidden' ELSE 'active' END,
       id % 40 = 0,
       now() - (id * 104729 % 2000000) * interval '1 second',
       50.8 + (id * 7907 % 2500) / 1000.0, 3.4 + (id * 6947 % 3700) / 1000.0
FROM ins`, pool, n)
	if err != nil {
		t.Fatal(err)
	}
}

// The typical searches walk indexes of profiles (mostly the search indexes
// of 00500_discovery.sql and 01930_search_distance.sql, in the order
// they show); none reads the profiles
// table from end to end.
func TestSearchPlansUseIndexes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	populate(t, ctx, conn.Conn(), "benelux", 40_000)
	populate(t, ctx, conn.Conn(), "dach", 10_000)
	var viewer, blocked int64
	if err := conn.QueryRow(ctx, "SELECT min(id), max(id) FROM profiles WHERE pool = 'benelux'").Scan(&viewer, &blocked); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)", viewer, blocked); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "VACUUM ANALYZE"); err != nil {
		t.Fatal(err)
	}
	conn.Release()

	s := &Service{Pool: pool, Now: time.Now}
	tenant := &tenancy.Tenant{ProfilePool: "benelux", Location: time.UTC}
	for _, tc := range []struct {
		name   string
		viewer *Viewer
		f      Filters
	}{
		{"gender", &Viewer{ID: viewer}, Filters{Gender: "female"}},
		{"gender and ages", &Viewer{ID: viewer}, Filters{Gender: "female", MinAge: 25, MaxAge: 35}},
		{"gender and country", &Viewer{ID: viewer}, Filters{Gender: "female", Country: "BE"}},
		{"gender, region and ages, page 5", &Viewer{ID: viewer}, Filters{Gender: "male", Country: "NL", CountryRegion: "NL-UT", MinAge: 30, MaxAge: 45, Page: 5}},
		{"logged out, no filter", nil, Filters{}},
		{"no gender, ages", nil, Filters{MinAge: 40, MaxAge: 50}},
		{"distance, nearest first", &Viewer{ID: viewer}, Filters{Gender: "female", Distance: 25, Sort: SortDistance}},
		{"large distance, nearest first", &Viewer{ID: viewer}, Filters{Gender: "female", Distance: 250, Sort: SortDistance}},
		{"distance, most recently active first", &Viewer{ID: viewer}, Filters{Gender: "female", Distance: 10, MinAge: 30, MaxAge: 40}},
		{"nearest first anywhere", &Viewer{ID: viewer}, Filters{Gender: "female", Sort: SortDistance}},
		{"ages within a radius, nearest first", &Viewer{ID: viewer}, Filters{Gender: "male", Distance: 50, MinAge: 30, MaxAge: 45, Sort: SortDistance}},
		{"both genders within a radius", &Viewer{ID: viewer}, Filters{Distance: 50, MinAge: 30, MaxAge: 45}},
		{"with a photo, newest first", &Viewer{ID: viewer}, Filters{Gender: "female", Photo: true, Sort: SortNewest}},
		{"new members", &Viewer{ID: viewer}, Filters{Gender: "female", New: true}},
		{"online now", &Viewer{ID: viewer}, Filters{Gender: "female", Online: true}},
		{"nothing matches (similar)", &Viewer{ID: viewer}, Filters{Gender: "female", Country: "NL", CountryRegion: "NL-FR", MinAge: 18, MaxAge: 19}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if tc.f.Page == 0 {
				tc.f.Page = 1
			}
			tc.f.PerPage = DefaultPerPage
			var plans []string
			var mu sync.Mutex
			var conn database.Conn = pool
			if tc.f.Distance > 0 || tc.f.Sort == SortDistance { // as Search runs them
				tx, err := pool.BeginTx(ctx, pgx.TxOptions{BeginQuery: beginWalkingPlaces})
				if err != nil {
					t.Fatal(err)
				}
				defer func() { _ = tx.Rollback(ctx) }()
				conn = tx
			}
			res, err := s.search(ctx, explainer{conn: database.CustomPlans{Conn: conn}, mu: &mu, plans: &plans}, tenant, tc.viewer, nil, tc.f)
			if err != nil {
				t.Fatal(err)
			}
			if len(plans) == 0 {
				t.Fatal("no query was explained")
			}
			for _, p := range plans {
				if strings.Contains(p, "EXPLAIN failed") || strings.Contains(p, "Seq Scan on profiles") {
					t.Errorf("plan:\n%s", p)
				}
				if (strings.HasPrefix(p, "-- name: Search") && !strings.HasPrefix(p, "-- name: SearchBecameActive")) &&
					!strings.Contains(p, "using profiles_") && !strings.Contains(p, "Bitmap Index Scan on profiles_") {
					t.Errorf("no search index in plan:\n%s", p)
				}
				// Inside a radius most members of the box fail the other
				// filters: the place index carries what they test, so
				// they are dropped without reading the table.
				if strings.Contains(p, "profiles_search_place") && !strings.Contains(p, "Index Only Scan using profiles_search_place") {
					t.Errorf("the place index is not read alone:\n%s", p)
				}
				if strings.HasPrefix(p, "-- name: SearchNearest") && !strings.Contains(p, "Order By: ((profile_place") {
					t.Errorf("nearest first does not walk the place index:\n%s", p)
				}
				// A search for one gender reads that gender's place index,
				// without the other half of the box's members.
				near := strings.HasPrefix(p, "-- name: SearchNearest") || strings.HasPrefix(p, "-- name: SearchCountNear") ||
					strings.HasPrefix(p, "-- name: SearchNearActive") || (tc.f.Distance > 0 && strings.HasPrefix(p, "-- name: SearchPage"))
				if want := "using profiles_search_place_" + tc.f.Gender + " "; near && tc.f.Gender != "" && !strings.Contains(p, want) {
					t.Errorf("not %s:\n%s", want, p)
				}
			}
			if testing.Verbose() {
				t.Logf("%d results, total %d, %d similar\n%s", len(res.Profiles), res.Total, len(res.Similar), strings.Join(plans, "\n"))
			}
		})
	}
}
