package live_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/live"
	"rendezvous/engine/live/livetest"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/tenancy/tenancytest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func setup(t *testing.T) (*pgxpool.Pool, *live.Hub, int64) {
	t.Helper()
	pool := tenancytest.Pool(t)
	hub := live.NewHub(pool, 0, slog.New(slog.DiscardHandler))
	hub.Start()
	t.Cleanup(hub.Close)
	select {
	case <-hub.Ready():
	case <-time.After(10 * time.Second):
		t.Fatal("hub never listened")
	}
	return pool, hub, accountstest.NewMember(t, pool, accountstest.Member{}).ID
}

// A stream outlives the server's read and write timeouts (the production
// server has both at a minute; here one second), keeps sending heartbeats
// and still delivers events afterwards.
func TestStreamOutlivesServerTimeouts(t *testing.T) {
	t.Parallel()
	pool, hub, member := setup(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{ReadTimeout: time.Second, WriteTimeout: time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hub.Serve(w, r, live.Login{Member: member}, 100*time.Millisecond)
	})}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })

	res, err := http.Get("http://" + ln.Addr().String() + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	lines := bufio.NewScanner(res.Body)
	start := time.Now()
	pings := 0
	for lines.Scan() {
		if lines.Text() == ": ping" {
			pings++
		}
		// Well past both timeouts.
		if pings >= 5 && time.Since(start) > 2500*time.Millisecond {
			break
		}
	}
	if err := live.Publish(context.Background(), pool, member, live.Event{Type: live.TypeCredits, Data: map[string]int{"credits": 7}}); err != nil {
		t.Fatal(err)
	}
	for lines.Scan() {
		if lines.Text() == `data: {"credits":7}` {
			return
		}
	}
	t.Fatalf("stream ended after %s: %v", time.Since(start), lines.Err())
}

// Presence follows the member's streams: connected while one is open on any
// instance, not connected once the last closes.
func TestPresence(t *testing.T) {
	t.Parallel()
	pool, hub, member := setup(t)
	a, b := hub.Subscribe(member), hub.Subscribe(member)
	livetest.AwaitConnected(t, pool, member, true)
	hub.Unsubscribe(a)
	if hub.Connections() != 1 {
		t.Fatalf("%d connections", hub.Connections())
	}
	hub.Unsubscribe(b)
	livetest.AwaitConnected(t, pool, member, false)
}

// A subscriber that does not read is cut off rather than slowing the hub;
// events roll back with their transaction; an event too big for a
// notification arrives without its data.
func TestDeliveryEdges(t *testing.T) {
	t.Parallel()
	pool, hub, member := setup(t)
	ctx := context.Background()

	slow := hub.Subscribe(member)
	defer hub.Unsubscribe(slow)
	other := accountstest.NewMember(t, pool, accountstest.Member{}).ID
	marker := hub.Subscribe(other)
	defer hub.Unsubscribe(marker)
	for i := 0; i < 40; i++ {
		if err := live.Publish(ctx, pool, member, live.Event{Type: live.TypeUser, Data: i}); err != nil {
			t.Fatal(err)
		}
	}
	// One listener dispatches in order: once the marker is through, all
	// forty were offered to the slow subscriber.
	if err := live.Publish(ctx, pool, other, live.Event{Type: live.TypeUser}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-marker.C:
	case <-time.After(10 * time.Second):
		t.Fatal("no marker")
	}
	for n := 0; ; n++ {
		if _, ok := <-slow.C; !ok {
			if n != 32 {
				t.Fatalf("read %d frames before the cut, buffer is 32", n)
			}
			break
		}
	}
	sub := hub.Subscribe(member)
	defer hub.Unsubscribe(sub)
	_ = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := live.Publish(ctx, tx, member, live.Event{Type: live.TypeMessage, Data: "rolled back"}); err != nil {
			t.Fatal(err)
		}
		return context.Canceled
	})
	if err := live.Publish(ctx, pool, member, live.Event{Type: live.TypeMessage, Data: strings.Repeat("x", 9000)}); err != nil {
		t.Fatal(err)
	}
	select {
	case f := <-sub.C:
		if string(f) != "event: message\ndata: null\n\n" {
			t.Fatalf("frame %q", f)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no event")
	}
}

// notifies counts the pg_notify statements a pool sends.
type notifies struct{ n atomic.Int64 }

func (c *notifies) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	if strings.Contains(d.SQL, "pg_notify") {
		c.n.Add(1)
	}
	return ctx
}

func (c *notifies) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// The events published in an outbox reach their members in order once the
// transaction commits, in as few notifications as fit the payload limit
// (each one a round trip and a wake-up of every listener), and never when
// it rolls back.
func TestOutbox(t *testing.T) {
	t.Parallel()
	pool, hub, member := setup(t)
	other := accountstest.NewMember(t, pool, accountstest.Member{}).ID
	ctx := context.Background()
	mine, theirs := hub.Subscribe(member), hub.Subscribe(other)
	defer hub.Unsubscribe(mine)
	defer hub.Unsubscribe(theirs)
	cfg := pool.Config().Copy()
	count := &notifies{}
	cfg.ConnConfig.Tracer = count
	traced, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer traced.Close()

	// publish sends events alternately to member and other in one
	// transaction and returns how many notifications it took.
	publish := func(commit bool, events, size int) int64 {
		t.Helper()
		before := count.n.Load()
		octx, box := live.WithOutbox(ctx)
		err := pgx.BeginFunc(octx, traced, func(tx pgx.Tx) error {
			for i := 0; i < events; i++ {
				to := member
				if i%2 == 1 {
					to = other
				}
				e := live.Event{Type: live.TypeUser, Data: map[string]any{"n": i, "pad": strings.Repeat("p", size)}}
				if err := live.Publish(octx, tx, to, e); err != nil {
					return err
				}
			}
			if err := box.Flush(octx, tx); err != nil {
				return err
			}
			if !commit {
				return context.Canceled
			}
			return nil
		})
		if commit && err != nil {
			t.Fatal(err)
		}
		return count.n.Load() - before
	}
	want := func(sub *live.Subscriber, n int) {
		t.Helper()
		select {
		case f := <-sub.C:
			if !strings.Contains(string(f), `"n":`+strconv.Itoa(n)+`,`) {
				t.Fatalf("frame %q, want event %d", f, n)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("event %d never arrived", n)
		}
	}
	if n := publish(false, 3, 10); n != 1 {
		t.Fatalf("3 small events took %d notifications, want 1", n)
	}
	if n := publish(true, 3, 10); n != 1 {
		t.Fatalf("3 small events took %d notifications, want 1", n)
	}
	// Only the committed events arrive, in order: 0 and 2 to member, 1 to other.
	want(mine, 0)
	want(mine, 2)
	want(theirs, 1)
	// Ten events of 3 KB do not fit one notification: two go in each.
	if n := publish(true, 10, 3000); n != 5 {
		t.Fatalf("10 events of 3 KB took %d notifications, want 5", n)
	}
	for i := 0; i < 10; i++ {
		if i%2 == 0 {
			want(mine, i)
		} else {
			want(theirs, i)
		}
	}
	select {
	case f := <-mine.C:
		t.Fatalf("unexpected frame %q", f)
	default:
	}
}

// maxIdleStreamBytes bounds what one idle event stream may cost the engine
// in Go heap and stacks (at most 20 KiB per idle connection with 10,000 open;
// a stream served by the HTTP server's own goroutine cost about 45 KiB).
const maxIdleStreamBytes = 20 << 10

// An idle stream costs at most maxIdleStreamBytes, measured over a few
// hundred streams through a real HTTP server (the test's own ends of the
// connections count too, so the bound is conservative), and every stream
// still delivers. Not parallel: it measures the whole process's memory,
// so it runs before the package's parallel tests start.
func TestIdleStreamMemory(t *testing.T) {
	pool, _, member := setup(t)
	const streams = 400
	hub := live.NewHub(pool, streams, slog.New(slog.DiscardHandler))
	hub.Start()
	t.Cleanup(hub.Close)
	<-hub.Ready()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, WriteTimeout: time.Minute,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hub.Serve(w, r, live.Login{Member: member}, time.Minute) })}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })

	inUse := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse + m.StackInuse
	}
	open := func() net.Conn {
		t.Helper()
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		// Read up to the ready comment, byte by byte, so the test's end
		// keeps no buffer.
		var got []byte
		b := make([]byte, 1)
		for !bytes.Contains(got, []byte(": ready\n")) {
			if _, err := c.Read(b); err != nil {
				t.Fatalf("stream never got ready: %q %v", got, err)
			}
			got = append(got, b[0])
		}
		if !bytes.HasPrefix(got, []byte("HTTP/1.1 200 OK\r\n")) || !bytes.Contains(got, []byte("Content-Type: text/event-stream\r\n")) {
			t.Fatalf("stream head %q", got)
		}
		return c
	}
	// Warm up: the server's and the hub's first allocations are not the
	// streams'.
	for _, c := range []net.Conn{open(), open()} {
		defer c.Close()
	}
	before := inUse()
	conns := make([]net.Conn, 0, streams-2)
	for len(conns) < streams-2 {
		conns = append(conns, open())
	}
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	per := float64(int64(inUse())-int64(before)) / float64(len(conns))
	t.Logf("%.0f bytes per idle stream", per)
	if per > maxIdleStreamBytes {
		t.Fatalf("an idle stream costs %.0f bytes, want at most %d", per, maxIdleStreamBytes)
	}
	if err := live.Publish(context.Background(), pool, member, live.Event{Type: live.TypeCredits, Data: map[string]int{"credits": 5}}); err != nil {
		t.Fatal(err)
	}
	for _, c := range conns[:3] {
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		b := make([]byte, 256)
		var got []byte
		for !bytes.Contains(got, []byte(`data: {"credits":5}`)) {
			n, err := c.Read(b)
			if err != nil {
				t.Fatalf("no event on the stream: %q %v", got, err)
			}
			got = append(got, b[:n]...)
		}
	}
}

// notifyTrace notes, for each statement that notifies, whether its
// connection was inside a transaction block and whether the statement
// lifts the wait for the commit's flush.
type notifyTrace struct {
	mu    sync.Mutex
	inTx  []bool
	async []bool
}

func (c *notifyTrace) TraceQueryStart(ctx context.Context, conn *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	if strings.Contains(d.SQL, "pg_notify") {
		c.mu.Lock()
		c.inTx = append(c.inTx, conn.PgConn().TxStatus() != 'I')
		c.async = append(c.async, strings.Contains(d.SQL, "set_config('synchronous_commit', 'off', true)"))
		c.mu.Unlock()
	}
	return ctx
}

func (c *notifyTrace) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (c *notifyTrace) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}

func (c *notifyTrace) TraceBatchQuery(ctx context.Context, conn *pgx.Conn, d pgx.TraceBatchQueryData) {
	c.TraceQueryStart(ctx, conn, pgx.TraceQueryStartData{SQL: d.SQL})
}

func (c *notifyTrace) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// SendCommitted sends an outbox's events after their transaction
// committed: outside any transaction block (so the send's commit no
// longer holds PostgreSQL's cluster-wide notify lock), in a statement
// that does not wait for its flush, in as few notifications as fit, in
// order; an empty outbox sends nothing.
func TestOutboxSendCommitted(t *testing.T) {
	t.Parallel()
	pool, hub, member := setup(t)
	ctx := context.Background()
	sub := hub.Subscribe(member)
	defer hub.Unsubscribe(sub)
	cfg := pool.Config().Copy()
	trace := &notifyTrace{}
	cfg.ConnConfig.Tracer = trace
	traced, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer traced.Close()

	octx, box := live.WithOutbox(ctx)
	if err := pgx.BeginFunc(octx, traced, func(tx pgx.Tx) error {
		for i := range 4 {
			e := live.Event{Type: live.TypeUser, Data: map[string]any{"n": i, "pad": strings.Repeat("p", 3000)}}
			if err := live.Publish(octx, tx, member, e); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := box.SendCommitted(ctx, traced); err != nil {
		t.Fatal(err)
	}
	if err := box.SendCommitted(ctx, traced); err != nil { // emptied: nothing more
		t.Fatal(err)
	}
	awaitNumbered(t, sub, 0, 4)
	trace.mu.Lock()
	defer trace.mu.Unlock()
	// Four events of 3 KB: two per notification.
	if len(trace.inTx) != 2 {
		t.Fatalf("%d notifications, want 2", len(trace.inTx))
	}
	for i := range trace.inTx {
		if trace.inTx[i] || !trace.async[i] {
			t.Errorf("notification %d: in a transaction block %v, without waiting for the flush %v; want false, true", i, trace.inTx[i], trace.async[i])
		}
	}
}

// Announce sends the events of committed transactions through the hub's
// notifier, in the order they were announced; before Start and after Close
// the hub sends them itself, and they still arrive.
func TestAnnounce(t *testing.T) {
	t.Parallel()
	pool, hub, member := setup(t)
	ctx := context.Background()
	sub := hub.Subscribe(member)
	defer hub.Unsubscribe(sub)
	announce := func(h *live.Hub, from, to int) {
		t.Helper()
		for i := from; i < to; i++ {
			octx, box := live.WithOutbox(ctx)
			if err := live.Publish(octx, pool, member, live.Event{Type: live.TypeUser, Data: map[string]any{"n": i}}); err != nil {
				t.Fatal(err)
			}
			if err := h.Announce(ctx, box); err != nil {
				t.Fatal(err)
			}
			if err := h.Announce(ctx, box); err != nil { // emptied: nothing more
				t.Fatal(err)
			}
		}
	}
	want := func(from, to int) {
		t.Helper()
		awaitNumbered(t, sub, from, to)
	}
	// Fewer than a stream's buffer holds, as nobody reads meanwhile.
	announce(hub, 0, 30)
	want(0, 30)
	// A hub not started, and one closed, send for themselves.
	idle := live.NewHub(pool, 0, slog.New(slog.DiscardHandler))
	announce(idle, 30, 33)
	want(30, 33)
	closed := live.NewHub(pool, 0, slog.New(slog.DiscardHandler))
	closed.Start()
	closed.Close()
	announce(closed, 33, 36)
	want(33, 36)
}

// awaitNumbered waits for the events numbered from to to-1 (their data's
// n), in that order, on sub.
func awaitNumbered(t *testing.T, sub *live.Subscriber, from, to int) {
	t.Helper()
	for i := from; i < to; i++ {
		select {
		case f := <-sub.C:
			if n := `"n":` + strconv.Itoa(i); !strings.Contains(string(f), n+",") && !strings.Contains(string(f), n+"}") {
				t.Fatalf("frame %q, want event %d", f, i)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("event %d never arrived", i)
		}
	}
}
