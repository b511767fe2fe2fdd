package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/pgcluster"
)

// sendTurns is how many turns of the sends and of their baseline alternate.
const sendTurns = 3

// sendsAndBaseline measures the message sends and their baseline, pgbench's
// TPC-B-like transaction (prepared) at the engine's engineDBConns
// connections, in sendTurns alternating turns of d each, so that both meet
// the machine in the same minutes: on a shared two-core machine pgbench
// alone gave 1,558 to 2,624 transactions a second within half an hour, and
// a baseline run once, before the sends, moved the ratio by as much. It
// prints the means of the turns, the CPU per transaction and per message
// (the engine's and the database's), and the ratio; it returns the mean
// send rate. With statements, it lists the sends' statements and their
// costs (statementsPrint) after the last turn. prof, when not nil,
// profiles the engine during each turn of sends and their trust checks.
func sendsAndBaseline(cluster *pgcluster.Cluster, addr, dbURL string, enginePID int, senders, recipients []benchMember, d time.Duration, settingsCPU float64, prof *profiler, statements bool) (float64, error) {
	ctx := context.Background()
	url, drop, err := pgbenchScratch(ctx, cluster, "bench_pgbench_chat")
	if err != nil {
		return 0, err
	}
	defer drop()
	secs := pgbenchSeconds(d, engineDBConns)
	var tpsSum, txs, rateSum, msgs float64
	var txCPU, msgCPU cpuUse
	for turn := 1; turn <= sendTurns; turn++ {
		fmt.Fprintf(os.Stderr, "bench: turn %d of %d: pgbench tpcb, %d clients, %ds\n", turn, sendTurns, engineDBConns, secs)
		cpu := startCPU(0, dbURL)
		tps, err := pgbenchRun(ctx, cluster, url, engineDBConns, secs)
		if err != nil {
			return 0, err
		}
		tpsSum, txs, txCPU = tpsSum+tps, txs+tps*float64(secs), txCPU.add(cpu.used())

		fmt.Fprintf(os.Stderr, "bench: turn %d of %d: messages.php, %d concurrent senders, %s\n", turn, sendTurns, len(senders), d)
		profiled := func() error { return nil }
		rate, err := sendLoad(addr, senders, recipients, d, func() {
			if statements && turn == 1 {
				if err := statementsReset(ctx, dbURL); err != nil {
					fmt.Fprintln(os.Stderr, "bench: reset pg_stat_statements:", err)
				}
			}
			cpu = startCPU(enginePID, dbURL)
			// The sends and the few seconds of their checks after them.
			profiled = prof.start(d + 3*time.Second)
		})
		if err != nil {
			return 0, err
		}
		// The sends' trust checks run as jobs, a few seconds after their
		// texts: they are the sends' cost, not the next pgbench turn's.
		if err := awaitChecks(ctx, dbURL); err != nil {
			return 0, err
		}
		if err := profiled(); err != nil {
			return 0, err
		}
		rateSum, msgs, msgCPU = rateSum+rate, msgs+rate*d.Seconds(), msgCPU.add(cpu.used())
		fmt.Fprintf(os.Stderr, "bench: turn %d: %.0f tx/s, %.0f msg/s (%.3f)\n", turn, tps, rate, rate/tps)
	}
	if statements {
		if err := statementsPrint(ctx, dbURL, msgs, "message sent"); err != nil {
			return 0, fmt.Errorf("pg_stat_statements: %w", err)
		}
	}
	tps, rate := tpsSum/sendTurns, rateSum/sendTurns
	fmt.Printf("bench pgbench_tpcb_c%d_tps %.0f tx/s\n", engineDBConns, tps)
	fmt.Printf("bench pgbench_tpcb_db_cpu %.0f us/tx\n", perOp(txCPU.db, txs))
	fmt.Printf("bench pgbench_tpcb_client_cpu %.0f us/tx\n", perOp(txCPU.client, txs))
	fmt.Printf("bench chat_messages_per_second %.0f msg/s\n", rate)
	// CPU per message tells more than the rate on a shared machine, whose
	// other tenants take a varying share of the cores.
	fmt.Printf("bench chat_send_engine_cpu %.0f us/msg\n", perOp(msgCPU.engine, msgs))
	fmt.Printf("bench chat_send_db_cpu %.0f us/msg\n", perOp(msgCPU.db, msgs))
	fmt.Printf("bench chat_send_client_cpu %.0f us/msg\n", perOp(msgCPU.client, msgs))
	// The costs per operation against the machine's own baselines: the
	// database's per send to its per TPC-B transaction (target <= 2.5), the
	// engine's per send to its per settings.php answer (target <= 5).
	if tx := perOp(txCPU.db, txs); tx > 0 {
		fmt.Printf("bench chat_send_db_cpu_vs_tpcb %.2f ratio\n", perOp(msgCPU.db, msgs)/tx)
	}
	if settingsCPU > 0 {
		fmt.Printf("bench chat_send_engine_cpu_vs_settings %.2f ratio\n", perOp(msgCPU.engine, msgs)/settingsCPU)
	}
	if tps > 0 {
		fmt.Printf("bench chat_sends_vs_pgbench_tpcb %.3f ratio\n", rate/tps)
		// The load, the engine and the database share the machine's
		// cores: even a database that cost nothing would leave the sends
		// the rate the cores give the engine and the senders, so this is
		// the most chat_sends_vs_pgbench_tpcb can be at this engine cost.
		if outside := perOp(msgCPU.engine+msgCPU.client, msgs); outside > 0 {
			ceiling := float64(runtime.NumCPU()) * 1e6 / outside
			fmt.Printf("bench chat_sends_ceiling_vs_pgbench_tpcb %.3f ratio\n", ceiling/tps)
		}
	}
	return rate, nil
}

// perOp is cpu spread over ops, in microseconds.
func perOp(cpu time.Duration, ops float64) float64 {
	if ops <= 0 {
		return 0
	}
	return float64(cpu.Microseconds()) / ops
}

// awaitChecks waits up to 30 s until no trust check of a message waits or
// runs.
func awaitChecks(ctx context.Context, dbURL string) error {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	for deadline := time.Now().Add(30 * time.Second); ; {
		var waiting int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind IN ('trust_check', 'trust_texts')
			AND state NOT IN ('completed', 'discarded', 'cancelled')`).Scan(&waiting); err != nil {
			return err
		}
		if waiting == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d trust checks of the sends still wait", waiting)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
