package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/trust"
)

// The trust benchmark: the same-photo lookup every upload runs, over
// trustPhotos perceptual hashes (random ones, as different photos hash),
// against a primary-key read of the same table, the floor of any indexed
// read, in the same run; and the plain scan the band indexes spare.
const (
	trustPhotos  = 1_000_000
	trustBatch   = 100_000
	trustLookups = 400
)

func trustBenches(dbURL string) error {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	var member, tenant int64
	err = pool.QueryRow(ctx, `INSERT INTO members (tenant_id, email, language)
		SELECT id, 'trust-bench@example.com', 'en' FROM tenants ORDER BY id LIMIT 1 RETURNING id, tenant_id`).Scan(&member, &tenant)
	if err != nil {
		return fmt.Errorf("bench member: %w", err)
	}
	fmt.Fprintf(os.Stderr, "bench: %d photo hashes\n", trustPhotos)
	for done := 0; done < trustPhotos; done += trustBatch {
		// A random 64-bit hash from two 32-bit halves; its bands as the
		// engine splits it.
		_, err := pool.Exec(ctx, `INSERT INTO photo_hashes (member_id, tenant_id, hash, band0, band1, band2, band3, source, filename)
			SELECT $1, $2, h, (h & 65535)::int, ((h >> 16) & 65535)::int, ((h >> 32) & 65535)::int, ((h >> 48) & 65535)::int, 'profile', 'bench.jpg'
			FROM (SELECT ((floor(random() * 4294967296)::bigint << 32) | floor(random() * 4294967296)::bigint) AS h
			      FROM generate_series(1, $3)) g`, member, tenant, trustBatch)
		if err != nil {
			return fmt.Errorf("photo hashes: %w", err)
		}
	}
	if _, err := pool.Exec(ctx, "ANALYZE photo_hashes"); err != nil {
		return err
	}
	// Hashes to look up: half are near copies (a few bits off) of stored
	// ones, which the lookup must find.
	var stored []int64
	rows, err := pool.Query(ctx, "SELECT hash FROM photo_hashes TABLESAMPLE SYSTEM (1) LIMIT $1", trustLookups/2)
	if err != nil {
		return err
	}
	for rows.Next() {
		var h int64
		if err := rows.Scan(&h); err != nil {
			return err
		}
		stored = append(stored, h)
	}
	rows.Close()
	rng := rand.New(rand.NewPCG(3, 4))
	var probes []uint64
	for _, h := range stored {
		near := uint64(h)
		for range 1 + rng.IntN(trust.MatchDistance) {
			near ^= 1 << rng.IntN(64)
		}
		probes = append(probes, near, rng.Uint64())
	}
	var lookup, pk []time.Duration
	found := 0
	for i, h := range probes {
		start := time.Now()
		ids, err := trust.PhotosCloseTo(ctx, pool, h, 0)
		if err != nil {
			return err
		}
		lookup = append(lookup, time.Since(start))
		if i%2 == 0 && len(ids) > 0 {
			found++
		}
		start = time.Now()
		var one int64
		if err := pool.QueryRow(ctx, "SELECT hash FROM photo_hashes WHERE id = $1", 1+rng.Int64N(trustPhotos)).Scan(&one); err != nil {
			return err
		}
		pk = append(pk, time.Since(start))
	}
	if found != len(stored) {
		return fmt.Errorf("the lookup found %d of %d near copies", found, len(stored))
	}
	// The plain scan: every hash's distance, a few times only.
	var scan []time.Duration
	for _, h := range probes[:5] {
		start := time.Now()
		var n int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM photo_hashes WHERE bit_count((hash # $1::bigint)::bit(64)) <= $2",
			int64(h), trust.MatchDistance).Scan(&n); err != nil {
			return err
		}
		scan = append(scan, time.Since(start))
	}
	l, p, s := percentiles(lookup), percentiles(pk), percentiles(scan)
	fmt.Printf("bench trust_photo_lookup_p50_ms %.2f ms\n", ms(l.p50))
	fmt.Printf("bench trust_photo_lookup_p95_ms %.2f ms\n", ms(l.p95))
	fmt.Printf("bench trust_photo_lookup_p50_vs_pk_read %.1f ratio\n", ms(l.p50)/max(ms(p.p50), 0.001))
	fmt.Printf("bench trust_photo_scan_p50_vs_lookup %.0f ratio\n", ms(s.p50)/max(ms(l.p50), 0.001))
	return nil
}
