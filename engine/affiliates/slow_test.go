package affiliates_test

import (
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/affiliates"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy/tenancytest"
)

// silentNetwork is a postback endpoint that accepts connections and never
// answers; it counts the connections it holds.
type silentNetwork struct {
	ln       net.Listener
	accepted atomic.Int64
	mu       sync.Mutex
	conns    []net.Conn
}

func newSilentNetwork(t *testing.T) *silentNetwork {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &silentNetwork{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.mu.Lock()
			s.conns = append(s.conns, c)
			s.mu.Unlock()
			s.accepted.Add(1)
		}
	}()
	t.Cleanup(func() {
		_ = ln.Close()
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, c := range s.conns {
			_ = c.Close()
		}
	})
	return s
}

func (s *silentNetwork) url() string { return "http://" + s.ln.Addr().String() }

// await waits until the network holds at least n connections.
func (s *silentNetwork) await(t *testing.T, n int64) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for s.accepted.Load() < n {
		if time.Now().After(deadline) {
			t.Fatalf("the network got %d calls, want %d", s.accepted.Load(), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestHangingPostbackHoldsNoConnection: while a network keeps its
// postback calls waiting, the jobs hold no database connection (and so no
// transaction and no row lock).
func TestHangingPostbackHoldsNoConnection(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := tenancytest.Pool(t)
	silent := newSilentNetwork(t)
	configureURL(t, pool, "lustlokaal", silent.url())
	const calls = 3
	jobs := inserter(t, pool)
	for range calls {
		signupFromAdnet(t, pool, jobs)
	}
	ids := postbackJobs(t, pool)
	if len(ids) != calls {
		t.Fatalf("%d postbacks", len(ids))
	}
	w := testWorker(pool)
	workCtx, stop := context.WithCancel(ctx)
	var done sync.WaitGroup
	for _, id := range ids {
		done.Go(func() {
			_ = w.Work(workCtx, &river.Job[affiliates.PostbackArgs]{JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: affiliates.MaxAttempts},
				Args: affiliates.PostbackArgs{PostbackID: id}})
		})
	}
	silent.await(t, calls)
	held := pool.Stat().AcquiredConns()
	stop()
	done.Wait()
	if held != 0 {
		t.Fatalf("%d database connections held while %d postback calls wait", held, calls)
	}
	// The cut calls are recorded as failed attempts, to be retried.
	var recorded int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM postback_calls c JOIN postbacks p ON p.id = c.postback_id
		WHERE p.status = 'pending' AND c.status_code = 0 AND c.error <> ''`).Scan(&recorded); err != nil || recorded != calls {
		t.Fatalf("%d failed calls recorded (%v), want %d", recorded, err, calls)
	}
}

// TestHangingNetworkDoesNotStallMembers: on a running engine, many
// postbacks to a network that never answers take a few workers of their
// own queue and no database connection, so members are still served at
// once.
func TestHangingNetworkDoesNotStallMembers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env := servertest.New(t)
	silent := newSilentNetwork(t)
	configureURL(t, env.Pool, "lustlokaal", silent.url())
	env.Tenants.Invalidate()
	c, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	const postbacks = 30
	for range postbacks {
		signupFromAdnet(t, env.Pool, env.Jobs)
	}
	silent.await(t, 3)
	for range 5 {
		start := time.Now()
		res := c.Do(http.MethodGet, "/api/user.php", nil)
		if res.Status != http.StatusOK || time.Since(start) > 2*time.Second {
			t.Fatalf("a member waited %s for %d while postbacks hang", time.Since(start), res.Status)
		}
	}
	// A hanging call holds no transaction: none has waited between its
	// statements for a second (other work's transactions come and go).
	var inTx int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
		WHERE datname = current_database() AND state LIKE 'idle in transaction%'
		AND state_change < now() - interval '1 second'`).Scan(&inTx); err != nil {
		t.Fatal(err)
	}
	if inTx != 0 {
		t.Fatalf("%d database sessions wait in a transaction while postbacks hang", inTx)
	}
	var running int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'traffic_postback' AND state = 'running'`).Scan(&running); err != nil {
		t.Fatal(err)
	}
	if running > affiliates.PostbackWorkers {
		t.Fatalf("%d postbacks called at once, more than the queue's %d workers", running, affiliates.PostbackWorkers)
	}
}
