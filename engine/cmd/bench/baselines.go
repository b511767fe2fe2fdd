package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/alexedwards/argon2id"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/pgcluster"
)

// The baselines: what the machine allows, measured in the same run as the
// engine's figures so that each figure can be given as a ratio to its floor
// (the machines are shared and noisy; absolute figures drift from run to
// run, ratios much less).
const (
	// pgbenchScale is pgbench's scale factor: 10 branches and 1,000,000
	// accounts (about 150 MB), built in seconds, larger than the buffer
	// cache's hot set of the message load.
	pgbenchScale = 10
	// engineDBConns is how many connections the engine's pool opens on
	// PostgreSQL (engine/platform/database.Open: at least 20), which is
	// the concurrency the database sees under any HTTP load.
	engineDBConns = 20
	// cardClients fetch the profile card at once: as many as search
	// clients, so that the two latencies are measured alike.
	cardClients = searchClients
)

// pgbenchClients are the client counts pgbench runs at: the engine's
// connections to PostgreSQL, and the message load's concurrent senders.
func pgbenchClients() []int { return []int{engineDBConns, chatSenders} }

var tpsLine = regexp.MustCompile(`(?m)^tps = ([0-9.]+)`)

// pgbenchScratch makes the scratch database name in the bench's own
// cluster (the same PostgreSQL, settings and disk the engine uses) with
// pgbench's tables at pgbenchScale; drop removes it.
func pgbenchScratch(ctx context.Context, cluster *pgcluster.Cluster, name string) (url string, drop func(), err error) {
	admin, err := pgx.Connect(ctx, cluster.URL("postgres"))
	if err != nil {
		return "", nil, err
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close(ctx)
		return "", nil, fmt.Errorf("scratch database: %w", err)
	}
	drop = func() {
		_, _ = admin.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)")
		admin.Close(ctx)
	}
	url = cluster.URL(name)
	fmt.Fprintf(os.Stderr, "bench: pgbench -i -s %d\n", pgbenchScale)
	start := time.Now()
	if out, err := cluster.Command(ctx, "pgbench", "-i", "-q", "-s", strconv.Itoa(pgbenchScale), url).CombinedOutput(); err != nil {
		drop()
		return "", nil, fmt.Errorf("pgbench -i: %w: %s", err, out)
	}
	fmt.Fprintf(os.Stderr, "bench: pgbench tables built in %s\n", time.Since(start).Round(time.Millisecond))
	return url, drop, nil
}

// pgbenchSeconds is how long a pgbench run at clients lasts: pgbench's -T
// counts from before its clients connect, which takes up to 50 ms each on a
// busy two-core machine, so they get a second per 10 clients on top of d
// ("tps" leaves that time out).
func pgbenchSeconds(d time.Duration, clients int) int {
	return max(1, int(d.Seconds())) + clients/10
}

// pgbenchRun runs pgbench (prepared statements) at clients for secs with
// script's arguments (none: TPC-B-like; -S: select-only) and reads its
// transactions per second.
func pgbenchRun(ctx context.Context, cluster *pgcluster.Cluster, url string, clients, secs int, script ...string) (float64, error) {
	args := append([]string{"-n", "-M", "prepared", "-c", strconv.Itoa(clients), "-j", "2", "-T", strconv.Itoa(secs)}, script...)
	out, err := cluster.Command(ctx, "pgbench", append(args, url)...).CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("pgbench %v: %w: %s", args, err, out)
	}
	m := tpsLine.FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("pgbench %v: no tps line in %s", args, out)
	}
	return strconv.ParseFloat(string(m[1]), 64)
}

// pgbenchBaselines runs pgbench on a scratch database: the select-only
// script with prepared statements and the TPC-B-like default (prepared too,
// as pgx prepares the engine's statements), d each, at pgbenchClients. A
// run that measures nothing (200 clients on an overloaded machine may not
// all connect in time) is reported and left out, so the rest of the bench
// still runs; its ratio lines are then not printed.
func pgbenchBaselines(cluster *pgcluster.Cluster, d time.Duration) error {
	ctx := context.Background()
	url, drop, err := pgbenchScratch(ctx, cluster, "bench_pgbench")
	if err != nil {
		return err
	}
	defer drop()
	for _, c := range pgbenchClients() {
		for _, mode := range []struct {
			name   string
			script []string
		}{
			{"select", []string{"-S"}},
			{"tpcb", nil},
		} {
			if mode.name == "tpcb" && c == engineDBConns {
				// The sends' baseline: measured in turns with them
				// (sendsAndBaseline).
				continue
			}
			secs := pgbenchSeconds(d, c)
			fmt.Fprintf(os.Stderr, "bench: pgbench %s, %d clients, %ds\n", mode.name, c, secs)
			tps, err := pgbenchRun(ctx, cluster, url, c, secs, mode.script...)
			if err != nil {
				fmt.Fprintf(os.Stderr, "bench: pgbench %s at %d clients measured nothing: %v\n", mode.name, c, err)
				continue
			}
			fmt.Printf("bench pgbench_%s_c%d_tps %.0f tx/s\n", mode.name, c, tps)
		}
	}
	return nil
}

// latency is the percentiles of a latency benchmark.
type latency struct{ p50, p95, p99 time.Duration }

// percentiles sorts lat and reads its percentiles.
func percentiles(lat []time.Duration) latency {
	if len(lat) == 0 {
		return latency{}
	}
	slices.Sort(lat)
	pct := func(p float64) time.Duration { return lat[min(len(lat)-1, int(float64(len(lat))*p))] }
	return latency{p50: pct(0.50), p95: pct(0.95), p99: pct(0.99)}
}

// timedClients runs clients goroutines for d, each calling the request its
// newClient(c) gives until the deadline, and gathers every latency; the
// first failure stops its client and is returned.
func timedClients(clients int, d time.Duration, newClient func(c int) func() (time.Duration, error)) ([]time.Duration, error) {
	var mu sync.Mutex
	var lat []time.Duration
	var failed error
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once := newClient(c)
			for time.Now().Before(deadline) {
				took, err := once()
				mu.Lock()
				if err != nil {
					failed = err
				}
				lat = append(lat, took)
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	return lat, failed
}

// cardFetch times the floor of a member call that reads the database: the
// engine has no call that answers one profile card and nothing else, so it
// is profile.php, the logged-in member's own profile (engine/README.md,
// Benchmarks): the session and member lookups every member call makes,
// tenancy, the profile row by its primary key and its photos by an index, as
// JSON. member.php, the card of another member, also writes the visit and the
// opened like, which no floor should include. cardClients fetch at once
// for d.
func cardFetch(addr, dbURL string, d time.Duration) (latency, error) {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return latency{}, err
	}
	defer pool.Close()
	cookie, err := cardMember(ctx, pool, addr)
	if err != nil {
		return latency{}, err
	}
	client := &http.Client{Timeout: 30 * time.Second}
	if _, err := cardOnce(client, addr, cookie); err != nil { // it must work before it is timed
		return latency{}, err
	}
	fmt.Fprintf(os.Stderr, "bench: profile.php (the card fetch floor), %d clients, %s\n", cardClients, d)
	lat, err := timedClients(cardClients, d, func(int) func() (time.Duration, error) {
		client := &http.Client{Timeout: 30 * time.Second}
		return func() (time.Duration, error) { return cardOnce(client, addr, cookie) }
	})
	if err != nil {
		return latency{}, err
	}
	l := percentiles(lat)
	fmt.Printf("bench card_fetch_p50_ms %.2f ms\n", ms(l.p50))
	fmt.Printf("bench card_fetch_p95_ms %.2f ms\n", ms(l.p95))
	fmt.Printf("bench card_fetch_rps %.0f req/s\n", float64(len(lat))/d.Seconds())
	return l, nil
}

func cardOnce(client *http.Client, addr, cookie string) (time.Duration, error) {
	req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/api/profile.php", nil)
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
		return took, fmt.Errorf("profile.php: %d %s", res.StatusCode, body)
	}
	return took, nil
}

// cardMember makes the member whose card is fetched, on the search
// tenant, with one photo, and logs them in.
func cardMember(ctx context.Context, pool *pgxpool.Pool, addr string) (string, error) {
	const password = "bench password 1"
	const email = "card@bench.example"
	hash, err := argon2id.CreateHash(password, &argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		return "", err
	}
	var id int64
	err = pool.QueryRow(ctx, `SELECT id FROM members WHERE email = $1`, email).Scan(&id)
	if err == nil {
		return login(addr, email, password)
	}
	if err := pool.QueryRow(ctx, `INSERT INTO members (tenant_id, email, password_hash, status, language)
		SELECT t.id, $2, $3, 'active', 'nl' FROM tenants t JOIN tenant_hosts h ON h.tenant_id = t.id WHERE h.host = $1
		RETURNING id`, searchHost, email, hash).Scan(&id); err != nil {
		return "", fmt.Errorf("card member: %w", err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO profiles (id, pool, name, gender, seeking, date_of_birth, country, region, status, about_me)
		SELECT $1, t.profile_pool, 'Card', 'female', 'male', '1990-05-01', 'NL', 'NL-UT', 'active', 'A profile as members fill it in.'
		FROM tenants t JOIN tenant_hosts h ON h.tenant_id = t.id WHERE h.host = $2`, id, searchHost); err != nil {
		return "", fmt.Errorf("card member profile: %w", err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO photos (profile_id, filename, thumb_filename, status, position, width, height)
		VALUES ($1, 'bench/card.jpg', 'bench/card_t.jpg', 'active', 1, 800, 1000)`, id); err != nil {
		return "", fmt.Errorf("card member photo: %w", err)
	}
	return login(addr, email, password)
}
