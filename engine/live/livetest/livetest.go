package livetest

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/live"
)

// AwaitConnected waits until the member's presence, which the hub writes a
// moment after a stream opens or closes, is want.
func AwaitConnected(tb testing.TB, pool *pgxpool.Pool, member int64, want bool) {
	tb.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, err := live.Connected(context.Background(), pool, member)
		if err != nil {
			tb.Fatal(err)
		}
		if got == want {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("livetest: member %d connected never became %v", member, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
