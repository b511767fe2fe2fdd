package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"rendezvous/engine/platform/pgcluster"
)

// chatBaseline is the baseline of `-only chat`: pgbench's TPC-B-like
// transaction (prepared) at the engine's engineDBConns connections only, the
// figure printSendsVsPgbench compares the sends with, so that the message
// figures can be rerun alone in a couple of minutes.
func chatBaseline(cluster *pgcluster.Cluster, d time.Duration) (pgbenchResult, error) {
	ctx := context.Background()
	url, drop, err := pgbenchScratch(ctx, cluster, "bench_pgbench_chat")
	if err != nil {
		return pgbenchResult{}, err
	}
	defer drop()
	secs := pgbenchSeconds(d, engineDBConns)
	fmt.Fprintf(os.Stderr, "bench: pgbench tpcb, %d clients, %ds\n", engineDBConns, secs)
	cpu := startCPU(0, cluster.URL("postgres"))
	tps, err := pgbenchRun(ctx, cluster, url, engineDBConns, secs)
	if err != nil {
		return pgbenchResult{}, err
	}
	fmt.Printf("bench pgbench_tpcb_c%d_tps %.0f tx/s\n", engineDBConns, tps)
	_, dbCPU := cpu.per(tps * float64(secs))
	fmt.Printf("bench pgbench_tpcb_db_cpu %.0f us/tx\n", float64(dbCPU.Microseconds()))
	return pgbenchResult{tpcbTPS: map[int]float64{engineDBConns: tps}}, nil
}
