package pgcluster_test

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/pgcluster"
)

// envCrashOwner makes the test binary an engine that starts the cluster in
// the named directory, says "ready" and waits to be killed: the owner that
// crashes in TestAdoptsOrphanAfterCrash.
const envCrashOwner = "RDV_PGCLUSTER_CRASH_OWNER"

func TestMain(m *testing.M) {
	if dir := os.Getenv(envCrashOwner); dir != "" {
		if _, err := pgcluster.Start(context.Background(), dir, slog.New(slog.DiscardHandler), pgcluster.Options{NotDurable: true}); err != nil {
			fmt.Println("start:", err)
			os.Exit(1)
		}
		fmt.Println("ready")
		select {} // until SIGKILL
	}
	os.Exit(m.Run())
}

func clusterDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "rdv-pgcluster-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

var quiet = slog.New(slog.DiscardHandler)

// The cluster is created once, survives a stop and is reused by the next
// start with its data intact.
func TestStartStopReuse(t *testing.T) {
	t.Parallel()
	dir := clusterDir(t)
	ctx := context.Background()
	fast := pgcluster.Options{NotDurable: true}

	c, err := pgcluster.Start(ctx, dir, quiet, fast)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)"); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)

	// A second start while its owner lives reuses the server and leaves it
	// running.
	again, err := pgcluster.Start(ctx, dir, quiet, fast)
	if err != nil {
		t.Fatal(err)
	}
	if again.Owned() || !c.Owned() {
		t.Fatalf("owned: first %v, second %v", c.Owned(), again.Owned())
	}
	if err := again.Stop(); err != nil {
		t.Fatal(err)
	}
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	if _, err := pgx.Connect(ctx, c.URL("postgres")); err == nil {
		t.Fatal("server still answers after Stop")
	}

	c, err = pgcluster.Start(ctx, dir, quiet, fast)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Stop() })
	conn, err = pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var v int
	if err := conn.QueryRow(ctx, "SELECT v FROM kept").Scan(&v); err != nil || v != 42 {
		t.Fatalf("data lost across restart: %v %d", err, v)
	}
}

// The engine's cluster (the zero Options) is durable: a power loss cannot
// drop confirmed commits or tear pages. Only an explicit NotDurable, which
// tests and benchmarks set, turns that off. Read back from the running
// servers.
func TestDurableByDefault(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		opts pgcluster.Options
		want string
	}{
		{"default", pgcluster.Options{}, "on"},
		{"not durable", pgcluster.Options{NotDurable: true}, "off"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, err := pgcluster.Start(ctx, clusterDir(t), quiet, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = c.Stop() })
			conn, err := pgx.Connect(ctx, c.URL("postgres"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close(ctx)
			for _, setting := range []string{"fsync", "synchronous_commit", "full_page_writes"} {
				var got string
				if err := conn.QueryRow(ctx, "SHOW "+setting).Scan(&got); err != nil {
					t.Fatal(err)
				}
				if got != tc.want {
					t.Errorf("%s = %s, want %s", setting, got, tc.want)
				}
			}
		})
	}
}

// An engine killed with SIGKILL leaves its PostgreSQL running. The next
// start adopts that server (the same postmaster, not a new one), owns it,
// and its Stop ends it.
func TestAdoptsOrphanAfterCrash(t *testing.T) {
	t.Parallel()
	dir := clusterDir(t)
	ctx := context.Background()

	owner := exec.Command(os.Args[0], "-test.run=^$")
	owner.Env = append(os.Environ(), envCrashOwner+"="+dir)
	out, err := owner.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	owner.Stderr = os.Stderr
	if err := owner.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	if strings.TrimSpace(line) != "ready" {
		_ = owner.Process.Kill()
		t.Fatalf("crashing owner: %q", line)
	}
	pid := postmasterPID(t, dir)
	if err := owner.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = owner.Wait()
	if !alive(pid) {
		t.Fatal("the postmaster died with its owner; nothing to adopt")
	}

	c, err := pgcluster.Start(ctx, dir, quiet, pgcluster.Options{NotDurable: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGQUIT) }) // should it survive
	if !c.Owned() {
		t.Fatal("the orphan was not adopted")
	}
	if got := postmasterPID(t, dir); got != pid {
		t.Fatalf("postmaster %d replaced by %d instead of adopted", pid, got)
	}
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	// pg_ctl returns once the server has removed its pid file, a moment
	// before the process is gone.
	deadline := time.Now().Add(10 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("postmaster %d still runs after the adopting owner stopped", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func postmasterPID(t *testing.T, dir string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "pgdata", "postmaster.pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.SplitN(string(b), "\n", 2)[0])
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// alive reports whether pid runs; a zombie waiting for its parent to reap
// it has ended.
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(fields) > 0 && fields[0] != "Z" && fields[0] != "X"
}
