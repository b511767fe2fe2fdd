package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/alexedwards/argon2id"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/geo"
)

// The search benchmark: members.php latency over a profile pool of
// searchProfiles generated profiles, searched by a logged-in member with
// the filters members use most.
const (
	searchHost     = "localhost" // lustlokaal, pool benelux
	searchProfiles = 1_000_000
	// searchBatch rows go in per statement, so progress shows and no
	// statement runs for long.
	searchBatch = 50_000
	// searchClients search at once: the two cores also run the engine and
	// PostgreSQL, and latency under moderate load is what members feel.
	searchClients = 4
)

// searchBenches also answers the searcher's cookie, for the distance bench.
func searchBenches(addr, dbURL string, d time.Duration) (latency, string, error) {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return latency{}, "", err
	}
	defer pool.Close()
	if err := generateProfiles(ctx, pool, searchProfiles); err != nil {
		return latency{}, "", err
	}
	cookie, err := searchMember(ctx, pool, addr)
	if err != nil {
		return latency{}, "", err
	}
	queries := searchQueries()
	for _, q := range queries { // every query must work before it is timed
		if _, err := searchOnce(http.DefaultClient, addr, cookie, q); err != nil {
			return latency{}, "", err
		}
	}
	fmt.Fprintf(os.Stderr, "bench: members.php over %d profiles, %d clients, %s\n", searchProfiles, searchClients, d)
	// Each search's own latencies too, so a slow mix shows (on stderr:
	// the figures are the mix's).
	var mu sync.Mutex
	byQuery := map[string][]time.Duration{}
	lat, err := timedClients(searchClients, d, func(c int) func() (time.Duration, error) {
		rng := rand.New(rand.NewPCG(uint64(c), 1))
		client := &http.Client{Timeout: 30 * time.Second}
		return func() (time.Duration, error) {
			q := queries[rng.IntN(len(queries))]
			took, err := searchOnce(client, addr, cookie, q)
			mu.Lock()
			byQuery[q] = append(byQuery[q], took)
			mu.Unlock()
			return took, err
		}
	})
	if err != nil {
		return latency{}, "", err
	}
	for _, q := range queries {
		ql := percentiles(byQuery[q])
		fmt.Fprintf(os.Stderr, "bench: search %-60s n=%-4d p50 %6.1f ms  p95 %6.1f ms\n", q, len(byQuery[q]), ms(ql.p50), ms(ql.p95))
	}
	l := percentiles(lat)
	fmt.Printf("bench search_p50_ms %.1f ms\n", ms(l.p50))
	fmt.Printf("bench search_p95_ms %.1f ms\n", ms(l.p95))
	fmt.Printf("bench search_p99_ms %.1f ms\n", ms(l.p99))
	fmt.Printf("bench search_rps %.0f req/s\n", float64(len(lat))/d.Seconds())
	return l, cookie, nil
}

// searchQueries are typical searches: by the member's wish alone, with
// country and ages, a province, a deep page, anyone of an age, and a
// search so narrow that similar results are looked for.
func searchQueries() []string {
	var out []string
	regions, _ := geo.Regions("NL")
	for _, r := range regions.Items {
		out = append(out, "gender=female&countryregion="+r.Code+"&min_age=30&max_age=45")
	}
	return append(out,
		"gender=female",
		"gender=female&country=NL&min_age=25&max_age=40",
		"gender=female&country=BE&min_age=40&max_age=60&page=5",
		"gender=male&country=NL&page=20&per_page=40",
		"gender=&min_age=50&max_age=60&page=2",
		"gender=female&min_age=18&max_age=22&per_page=60",
		"gender=female&countryregion=BE-WLX&min_age=70&max_age=71",
	)
}

func searchOnce(client *http.Client, addr, cookie, query string) (time.Duration, error) {
	req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/api/members.php?"+query, nil)
	req.Host = searchHost
	req.Header.Set("Cookie", cookie)
	start := time.Now()
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	took := time.Since(start)
	if res.StatusCode != http.StatusOK {
		return took, fmt.Errorf("members.php?%s: %d %s", query, res.StatusCode, body)
	}
	return took, nil
}

// generateProfiles writes n profiles into the search tenant's pool with
// set-based INSERTs (generate_series), searchBatch at a time: three in
// four Dutch over the provinces, the rest Belgian and Luxembourgish, ages
// 18 to 75, activity over 90 days, a few invisible or hidden, half with a
// photo row, each at a place spread over its country. The secondary indexes of the three tables are dropped for the
// load and built again from their own definitions afterwards, as one bulk
// loads a table: building an index once is several times faster than
// updating it a row at a time. Then VACUUM ANALYZE, as autovacuum would
// leave the tables.
func generateProfiles(ctx context.Context, pool *pgxpool.Pool, n int) error {
	rows, err := pool.Query(ctx, `SELECT indexname, indexdef FROM pg_indexes
		WHERE schemaname = 'public' AND tablename IN ('members', 'profiles', 'photos') AND indexname NOT LIKE '%\_pkey'`)
	if err != nil {
		return err
	}
	var names, defs []string
	for rows.Next() {
		var name, def string
		if err := rows.Scan(&name, &def); err != nil {
			return err
		}
		names, defs = append(names, name), append(defs, def)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, name := range names {
		if _, err := pool.Exec(ctx, "DROP INDEX "+name); err != nil {
			return fmt.Errorf("drop index %s for the load: %w", name, err)
		}
	}
	var tenantID int64
	var profilePool string
	if err := pool.QueryRow(ctx, `SELECT t.id, t.profile_pool FROM tenants t JOIN tenant_hosts h ON h.tenant_id = t.id WHERE h.host = $1`,
		searchHost).Scan(&tenantID, &profilePool); err != nil {
		return fmt.Errorf("search tenant: %w", err)
	}
	codes := func(country string) string {
		list, _ := geo.Regions(country)
		var c []string
		for _, r := range list.Items {
			c = append(c, r.Code)
		}
		return "{" + strings.Join(c, ",") + "}"
	}
	start := time.Now()
	for done := 0; done < n; done += searchBatch {
		size := min(searchBatch, n-done)
		_, err := pool.Exec(ctx, `
WITH m AS (
    INSERT INTO members (tenant_id, email, language, status, last_seen_at)
    SELECT $1, 'gen-' || g || '@bench.example', 'nl', 'active', now()
    FROM generate_series($2::int, $3::int) g
    RETURNING id
), p AS (
    INSERT INTO profiles (id, pool, name, gender, seeking, date_of_birth, country, region, status, invisible, last_active_at,
                          latitude, longitude)
    SELECT id, $4, 'Gen' || id,
           CASE WHEN h % 2 = 0 THEN 'female' ELSE 'male' END,
           CASE WHEN h % 2 = 0 THEN 'male' ELSE 'female' END,
           date '1950-06-01' + (h % 20800)::int,
           c.country,
           CASE c.country WHEN 'NL' THEN ($5::text[])[1 + (h / 7) % cardinality($5::text[])]
                          WHEN 'BE' THEN ($6::text[])[1 + (h / 7) % cardinality($6::text[])]
                          ELSE ($7::text[])[1 + (h / 7) % cardinality($7::text[])] END,
           CASE WHEN h % 53 = 0 THEN 'hidden' ELSE 'active' END,
           h % 47 = 0,
           now() - (h % 7776000) * interval '1 second',
           c.lat0 + c.lat_span * (h % 10007) / 10007.0, c.lon0 + c.lon_span * (h / 10007 % 10009) / 10009.0
    FROM (SELECT id, abs(hashint8(id)) AS h FROM m) x,
         LATERAL (SELECT CASE WHEN x.h % 20 < 15 THEN 'NL' WHEN x.h % 20 < 19 THEN 'BE' ELSE 'LU' END AS country) c0,
         -- Spread over each country's bounding box, for the distance bench.
         LATERAL (SELECT c0.country,
                         CASE c0.country WHEN 'NL' THEN 50.75 WHEN 'BE' THEN 49.5 ELSE 49.45 END AS lat0,
                         CASE c0.country WHEN 'NL' THEN 2.7 WHEN 'BE' THEN 2.0 ELSE 0.73 END AS lat_span,
                         CASE c0.country WHEN 'NL' THEN 3.4 WHEN 'BE' THEN 2.55 ELSE 5.74 END AS lon0,
                         CASE c0.country WHEN 'NL' THEN 3.8 WHEN 'BE' THEN 3.85 ELSE 0.79 END AS lon_span) c
    RETURNING id
)
INSERT INTO photos (profile_id, filename, thumb_filename, status, position, width, height)
SELECT id, 'bench/' || (id % 24) || '.jpg', 'bench/' || (id % 24) || '_t.jpg', 'active', 1, 800, 1000
FROM p WHERE id % 2 = 0`, tenantID, done+1, done+size, profilePool, codes("NL"), codes("BE"), codes("LU"))
		if err != nil {
			return fmt.Errorf("generate profiles: %w", err)
		}
		fmt.Fprintf(os.Stderr, "bench: generated %d of %d profiles (%s)\n", done+size, n, time.Since(start).Round(time.Second))
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SET maintenance_work_mem = '256MB'"); err != nil {
		return err
	}
	for i, def := range defs {
		if _, err := conn.Exec(ctx, def); err != nil {
			return fmt.Errorf("rebuild index %s: %w", names[i], err)
		}
		fmt.Fprintf(os.Stderr, "bench: built index %s (%s)\n", names[i], time.Since(start).Round(time.Second))
	}
	if _, err := pool.Exec(ctx, "VACUUM ANALYZE members, profiles, photos"); err != nil {
		return fmt.Errorf("vacuum: %w", err)
	}
	fmt.Printf("bench search_generate_seconds %.0f s\n", time.Since(start).Seconds())
	return nil
}

// searchMember makes the member who searches (a man seeking women, in a
// province) and logs them in.
func searchMember(ctx context.Context, pool *pgxpool.Pool, addr string) (string, error) {
	const password = "bench password 1"
	hash, err := argon2id.CreateHash(password, &argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		return "", err
	}
	var id int64
	if err := pool.QueryRow(ctx, `INSERT INTO members (tenant_id, email, password_hash, status, language)
		SELECT t.id, 'searcher@bench.example', $2, 'active', 'nl' FROM tenants t JOIN tenant_hosts h ON h.tenant_id = t.id WHERE h.host = $1
		RETURNING id`, searchHost, hash).Scan(&id); err != nil {
		return "", fmt.Errorf("search member: %w", err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO profiles (id, pool, name, gender, seeking, date_of_birth, country, region, city, status)
		SELECT $1, t.profile_pool, 'Searcher', 'male', 'female', '1985-03-01', 'NL', 'NL-NH', 'Amsterdam', 'active'
		FROM tenants t JOIN tenant_hosts h ON h.tenant_id = t.id WHERE h.host = $2`, id, searchHost); err != nil {
		return "", fmt.Errorf("search member profile: %w", err)
	}
	// Some blocks, as a member who has used the site for a while has.
	if _, err := pool.Exec(ctx, `INSERT INTO blocks (blocker_id, blocked_id)
		SELECT $1, id FROM profiles WHERE id <> $1 ORDER BY id LIMIT 5`, id); err != nil {
		return "", err
	}
	return login(addr, "searcher@bench.example", password)
}
