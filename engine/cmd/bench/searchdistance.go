package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"sync"
	"time"
)

// distanceQueries are searches by distance from the searcher's place
// (Amsterdam), over the million profiles the search benchmark generated:
// nearest first within a radius, with ages, a later page, nearest first
// anywhere, and a radius in the most recently active order.
func distanceQueries() []string {
	return []string{
		"gender=female&distance=25&sort=distance",
		"gender=female&distance=50&min_age=30&max_age=45&sort=distance",
		"gender=female&distance=100&sort=distance&page=3",
		"gender=female&sort=distance",
		"gender=female&distance=10",
		"gender=female&distance=5&min_age=60&max_age=65&sort=distance",
	}
}

// distanceBench times distanceQueries for d, as searchBenches times the
// others, and prints the p95 against the card fetch's; with statements,
// the statements of the timed searches and their costs too, and with prof
// a profile of the engine while they run.
func distanceBench(addr, dbURL, cookie string, d time.Duration, card latency, prof *profiler, statements bool) error {
	queries := distanceQueries()
	for _, q := range queries { // every query must work before it is timed
		if _, err := searchOnce(http.DefaultClient, addr, cookie, q); err != nil {
			return err
		}
	}
	if statements {
		if err := statementsReset(context.Background(), dbURL); err != nil {
			return err
		}
	}
	profiled := prof.start(d)
	var mu sync.Mutex
	byQuery := map[string][]time.Duration{}
	lat, err := timedClients(searchClients, d, func(c int) func() (time.Duration, error) {
		rng := rand.New(rand.NewPCG(uint64(c), 2))
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
		return err
	}
	if err := profiled(); err != nil {
		return err
	}
	for _, q := range queries {
		ql := percentiles(byQuery[q])
		fmt.Fprintf(os.Stderr, "bench: distance %-60s n=%-4d p50 %6.1f ms  p95 %6.1f ms\n", q, len(byQuery[q]), ms(ql.p50), ms(ql.p95))
	}
	l := percentiles(lat)
	fmt.Fprintf(os.Stderr, "bench: distance search p50 %.1f ms p95 %.1f ms over %d searches\n", ms(l.p50), ms(l.p95), len(lat))
	fmt.Printf("bench search_distance_p95_ms %.1f ms\n", ms(l.p95))
	fmt.Printf("bench search_distance_p95_vs_card_p95 %.1f x\n", ms(l.p95)/max(ms(card.p95), 0.001))
	if statements {
		return statementsPrint(context.Background(), dbURL, float64(len(lat)), "distance search")
	}
	return nil
}
