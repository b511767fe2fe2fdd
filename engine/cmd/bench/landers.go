package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// landerPath is the lander the benchmarks load: the swipe deck, with a
// traffic source as affiliates link it (the visit is recorded too).
const landerPath = "/landers/tinderswipe/b?network=bench&ref=bench"

// landerMembers is how many members with a photo the lander's pool gets.
const landerMembers = 300

// landerBenches measures the lander against settings.php in the same run
// (same connections and length, one after the other): its rate as a ratio
// of settings.php's, the engine's cheapest call, and its size without
// images.
func landerBenches(addr, dbURL string, conns int, d time.Duration) error {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := landerPool(ctx, pool, landerMembers); err != nil {
		return err
	}
	body, err := fetch("http://" + addr + landerPath)
	if err != nil {
		return err
	}
	if n := strings.Count(body, `data-testid="swipe-card"`); n == 0 {
		return fmt.Errorf("the bench lander shows no members")
	}
	fmt.Fprintf(os.Stderr, "bench: lander vs settings.php, %d connections, %s each\n", conns, d)
	settings := load("http://"+addr+"/api/settings.php?domain=localhost", conns, d)
	lander := load("http://"+addr+landerPath, conns, d)
	fmt.Printf("bench lander_rps %.0f req/s\n", lander)
	fmt.Printf("bench lander_vs_settings %.3f ratio\n", lander/settings)
	fmt.Printf("bench lander_bytes %d bytes\n", len(body))
	return nil
}

// landerPool gives the lustlokaal pool (localhost) n active members with a
// photo row each, half of them women, aged 20 to 69.
func landerPool(ctx context.Context, pool *pgxpool.Pool, n int) error {
	_, err := pool.Exec(ctx, `
WITH t AS (
    SELECT t.id, t.profile_pool FROM tenants t JOIN tenant_hosts h ON h.tenant_id = t.id WHERE h.host = 'localhost'
), m AS (
    INSERT INTO members (tenant_id, email, language, status, last_seen_at)
    SELECT t.id, 'lander-' || g || '@bench.example', 'nl', 'active', now() FROM t, generate_series(1, $1::int) g
    RETURNING id
), p AS (
    INSERT INTO profiles (id, pool, name, gender, seeking, date_of_birth, country, city, status, last_active_at)
    SELECT m.id, t.profile_pool, 'Lander' || m.id, CASE WHEN m.id % 2 = 0 THEN 'female' ELSE 'male' END,
           CASE WHEN m.id % 2 = 0 THEN 'male' ELSE 'female' END, current_date - ((20 + m.id % 50) * 365)::int, 'NL', 'Amsterdam',
           'active', now() - (m.id % 1000) * interval '1 minute'
    FROM m, t
    RETURNING id
)
INSERT INTO photos (profile_id, filename, thumb_filename, status, width, height)
SELECT id, 'bench/' || id || '.jpg', 'bench/' || id || '-t.jpg', 'active', 960, 1280 FROM p`, n)
	if err != nil {
		return fmt.Errorf("lander members: %w", err)
	}
	return nil
}
