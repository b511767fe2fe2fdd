package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// liveNotifiers commit the live path's notifications at once: as many as
// sends the engine's pool (20 connections) would commit concurrently.
const liveNotifiers = 20

// livePath measures the live path alone at the offered rate (the target's
// 1,000 messages a second), without the sends in front of it: the bench
// commits, liveNotifiers at a time, the notification a message's send
// commits (the outbox's array: the recipient's message with the sender's
// card, the sender's copy and the sender's new balance, about the same
// size), and times each from its commit (the send accepted) to its
// arrival on the recipient's stream on the engine at streamAddr (in the
// two-instance run not the one whose database session committed it, as
// no engine did). What it measures: PostgreSQL's NOTIFY to the listening
// session, the engine's listener, hub and stream write, and the client
// reading it.
func livePath(prefix, dbURL, streamAddr string, senders, recipients []benchMember, d time.Duration, rate float64) error {
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		return err
	}
	cfg.MaxConns = liveNotifiers
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	arr, err := openArrivals(streamAddr, recipients)
	if err != nil {
		return err
	}
	// A listener of the bench's own beside the engine's: when each
	// notification reaches a listening session's client straight from
	// PostgreSQL, so the engine's share (listener, hub, stream) shows.
	raw, err := listenRaw(ctx, dbURL)
	if err != nil {
		arr.close(0)
		return err
	}
	fmt.Fprintf(os.Stderr, "bench: %s live path alone, %.0f notifications/s offered by %d sessions, %s\n", prefix, rate, liveNotifiers, d)
	pad := strings.Repeat("x", 400) // the cards' names, photos and texts
	run := strconv.FormatInt(time.Now().UnixNano(), 16)
	var mu sync.Mutex
	committed := map[string]time.Time{}
	var commit []time.Duration
	var done atomic.Int64
	var firstErr atomic.Value
	every := time.Duration(float64(liveNotifiers) / rate * float64(time.Second))
	dctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var wg sync.WaitGroup
	began := time.Now()
	for w := range liveNotifiers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := time.NewTicker(every)
			defer tick.Stop()
			for seq := w; ; seq += liveNotifiers {
				i := seq % len(recipients)
				text := fmt.Sprintf("latency %s %d", run, seq)
				payload := fmt.Sprintf(`[{"m":%d,"t":"message","d":{"conversation":{"id":%d},"profile":{"id":%d,"name":"Bench%d","photo":"%s"},"message":{"id":%d,"text":%q},"num_unread_messages":1}},`+
					`{"m":%d,"t":"message","d":{"conversation":{"id":%d},"profile":{"id":%d,"name":"Bench%d","photo":"%s"},"message":{"id":%d,"text":%q}}},`+
					`{"m":%d,"t":"credits","d":{"credits":1000}}]`,
					recipients[i].id, seq, senders[i].id, i, pad, seq, text,
					senders[i].id, seq, recipients[i].id, i, pad, seq, text, senders[i].id)
				start := time.Now()
				// One statement in its own transaction: it commits, and
				// so notifies, when it returns.
				if _, err := pool.Exec(ctx, "SELECT pg_notify('rdv_events', $1)", payload); err != nil {
					firstErr.CompareAndSwap(nil, err)
					return
				}
				at := time.Now()
				mu.Lock()
				committed[text] = at
				commit = append(commit, at.Sub(start))
				mu.Unlock()
				done.Add(1)
				select {
				case <-dctx.Done():
					return
				case <-tick.C:
				}
			}
		}()
	}
	wg.Wait()
	took := time.Since(began)
	if err, _ := firstErr.Load().(error); err != nil {
		arr.close(0)
		return err
	}
	arrived := arr.close(int(done.Load()))
	rawAt := raw.close(int(done.Load()))
	var live, pg []time.Duration
	for text, at := range committed {
		if got, ok := arrived[text]; ok {
			live = append(live, max(got.Sub(at), 0))
		}
		if got, ok := rawAt[text]; ok {
			pg = append(pg, max(got.Sub(at), 0))
		}
	}
	if len(live) == 0 {
		return fmt.Errorf("%s live path: no notification arrived", prefix)
	}
	l, c, r := percentiles(live), percentiles(commit), percentiles(pg)
	name := prefix + "_live_path"
	fmt.Printf("bench %s_p50 %.1f ms\n", name, ms(l.p50))
	fmt.Printf("bench %s_p99 %.1f ms\n", name, ms(l.p99))
	fmt.Printf("bench %s_offered %.0f msg/s\n", name, rate)
	fmt.Printf("bench %s_rate %.0f msg/s\n", name, float64(done.Load())/took.Seconds())
	fmt.Printf("bench %s_commit_p99 %.1f ms\n", name, ms(c.p99))
	fmt.Printf("bench %s_pg_p50 %.1f ms\n", name, ms(r.p50))
	fmt.Printf("bench %s_pg_p99 %.1f ms\n", name, ms(r.p99))
	fmt.Printf("bench %s_lost %d msgs\n", name, int(done.Load())-len(live))
	return nil
}

// rawListener is a LISTEN session of the bench's own on the engine's
// channel, noting when each latency message's notification arrives.
type rawListener struct {
	conn   *pgx.Conn
	cancel context.CancelFunc
	done   chan struct{}
	arrived
}

func listenRaw(ctx context.Context, dbURL string) (*rawListener, error) {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN rdv_events"); err != nil {
		conn.Close(ctx)
		return nil, err
	}
	lctx, cancel := context.WithCancel(ctx)
	l := &rawListener{conn: conn, cancel: cancel, done: make(chan struct{}), arrived: arrived{at: map[string]time.Time{}}}
	go func() {
		defer close(l.done)
		for {
			n, err := conn.WaitForNotification(lctx)
			if err != nil {
				return
			}
			at := time.Now()
			var events []struct {
				T string `json:"t"`
				D struct {
					Message struct {
						Text string `json:"text"`
					} `json:"message"`
				} `json:"d"`
			}
			if json.Unmarshal([]byte(n.Payload), &events) != nil || len(events) == 0 {
				continue
			}
			l.mark(events[0].D.Message.Text, at)
		}
	}()
	return l, nil
}

// close waits up to 5 s for want notifications, ends the session and
// returns each arrival.
func (l *rawListener) close(want int) map[string]time.Time {
	l.await(want)
	l.cancel()
	<-l.done
	l.conn.Close(context.Background())
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.at
}
