package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/pgcluster"
)

// chatBaseline is the baseline of `-only chat`: pgbench's TPC-B-like
// transaction (prepared) at the engine's engineDBConns connections only, the
// figure printSendsVsPgbench compares the sends with, so that the message
// figures can be rerun alone in a couple of minutes.
func chatBaseline(cluster *pgcluster.Cluster, d time.Duration) (pgbenchResult, error) {
	ctx := context.Background()
	const scratch = "bench_pgbench_chat"
	admin, err := pgx.Connect(ctx, cluster.URL("postgres"))
	if err != nil {
		return pgbenchResult{}, err
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+scratch); err != nil {
		return pgbenchResult{}, fmt.Errorf("scratch database: %w", err)
	}
	defer func() { _, _ = admin.Exec(ctx, "DROP DATABASE "+scratch+" WITH (FORCE)") }()
	url := cluster.URL(scratch)
	if out, err := cluster.Command(ctx, "pgbench", "-i", "-q", "-s", strconv.Itoa(pgbenchScale), url).CombinedOutput(); err != nil {
		return pgbenchResult{}, fmt.Errorf("pgbench -i: %w: %s", err, out)
	}
	secs := strconv.Itoa(max(1, int(d.Seconds())) + engineDBConns/10)
	fmt.Fprintf(os.Stderr, "bench: pgbench tpcb, %d clients, %ss\n", engineDBConns, secs)
	cpu := startCPU(0, cluster.URL("postgres"))
	out, err := cluster.Command(ctx, "pgbench", "-n", "-M", "prepared", "-c", strconv.Itoa(engineDBConns), "-j", "2", "-T", secs, url).CombinedOutput()
	if err != nil {
		return pgbenchResult{}, fmt.Errorf("pgbench: %w: %s", err, out)
	}
	m := tpsLine.FindSubmatch(out)
	if m == nil {
		return pgbenchResult{}, fmt.Errorf("pgbench: no tps line in %s", out)
	}
	tps, _ := strconv.ParseFloat(string(m[1]), 64)
	fmt.Printf("bench pgbench_tpcb_c%d_tps %.0f tx/s\n", engineDBConns, tps)
	secsF, _ := strconv.ParseFloat(secs, 64)
	_, dbCPU := cpu.per(tps * secsF)
	fmt.Printf("bench pgbench_tpcb_db_cpu %.0f us/tx\n", float64(dbCPU.Microseconds()))
	return pgbenchResult{tpcbTPS: map[int]float64{engineDBConns: tps}}, nil
}
