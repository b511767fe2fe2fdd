package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/pgcluster"
	"rendezvous/engine/platform/pgtest"
)

// statementsSetup restarts the bench's cluster with pg_stat_statements
// loaded (bench -statements), so the message sends' statements can be
// listed with their costs; the extension's own bookkeeping costs a little
// CPU per statement, so the figures of such a run are not the bench's. It
// answers the cluster that runs, the one it was given when it failed
// before stopping it.
func statementsSetup(dir string, cluster *pgcluster.Cluster) (*pgcluster.Cluster, error) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, cluster.URL("postgres"))
	if err != nil {
		return cluster, err
	}
	_, err = conn.Exec(ctx, "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'")
	conn.Close(ctx)
	if err != nil {
		return cluster, err
	}
	if err := cluster.Stop(); err != nil {
		return cluster, err
	}
	restarted, err := pgtest.StartCluster(dir, pgtest.Throwaway)
	if err != nil {
		return cluster, err
	}
	conn, err = pgx.Connect(ctx, restarted.URL("postgres"))
	if err != nil {
		return restarted, err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
	return restarted, err
}

// statementsReset forgets what the statements cost so far (the sends'
// warm-up, the members' making).
func statementsReset(ctx context.Context, dbURL string) error {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "SELECT pg_stat_statements_reset(), pg_stat_reset()")
	return err
}

// statementsPrint lists the statements run in the engine's database since
// the last reset, costliest first, per operation of the timed runs (ops
// of what, "message sent" or "distance search"): calls, mean time, rows, shared buffers hit and dirtied, and WAL
// bytes; then the row updates of the engine's tables and how many of them
// were HOT. The warm-ups of the later turns and the sends still under way
// when a run's time is up count too: a send's statements show a little
// over 1 call a message.
func statementsPrint(ctx context.Context, dbURL string, msgs float64, what string) error {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `SELECT s.calls, s.total_exec_time, s.total_plan_time, s.rows, s.shared_blks_hit + s.shared_blks_read,
			s.shared_blks_dirtied, s.wal_bytes::bigint, s.query
		FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
		WHERE d.datname = current_database()
		ORDER BY s.total_exec_time + s.total_plan_time DESC LIMIT 30`)
	if err != nil {
		return err
	}
	defer rows.Close()
	fmt.Fprintf(os.Stderr, "bench: statements per %s (%.0f of them)\n", what, msgs)
	fmt.Fprintf(os.Stderr, "%9s %9s %9s %7s %8s %8s %9s  %s\n", "calls/op", "ms/op", "mean ms", "rows", "blks/op", "dirt/op", "wal B/op", "query")
	for rows.Next() {
		var calls, rowsN, blks, dirtied, wal int64
		var exec, plan float64
		var query string
		if err := rows.Scan(&calls, &exec, &plan, &rowsN, &blks, &dirtied, &wal, &query); err != nil {
			return err
		}
		query = strings.Join(strings.Fields(query), " ")
		if len(query) > 110 {
			query = query[:110]
		}
		fmt.Fprintf(os.Stderr, "%9.3f %9.4f %9.4f %7.2f %8.2f %8.3f %9.0f  %s\n", float64(calls)/msgs, (exec+plan)/msgs,
			(exec+plan)/float64(max(calls, 1)), float64(rowsN)/float64(max(calls, 1)), float64(blks)/msgs, float64(dirtied)/msgs,
			float64(wal)/msgs, query)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	tables, err := conn.Query(ctx, `SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del
		FROM pg_stat_user_tables WHERE n_tup_ins + n_tup_upd + n_tup_del > 0 ORDER BY relname`)
	if err != nil {
		return err
	}
	defer tables.Close()
	fmt.Fprintf(os.Stderr, "%-28s %9s %9s %9s %9s\n", "table", "ins/op", "upd/op", "hot/op", "del/op")
	for tables.Next() {
		var name string
		var ins, upd, hot, del int64
		if err := tables.Scan(&name, &ins, &upd, &hot, &del); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%-28s %9.3f %9.3f %9.3f %9.3f\n", name, float64(ins)/msgs, float64(upd)/msgs, float64(hot)/msgs, float64(del)/msgs)
	}
	return tables.Err()
}
