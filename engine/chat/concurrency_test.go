package chat_test

import (
	"net/http"
	"sync"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// Fifty sends race from one member whose credits pay for exactly ten:
// exactly ten are sent, forty refused with 402, and the ledger balances.
func TestParallelSendsNeverOverdraw(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100})
	b := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	// The conversation exists, so every send is a plain message.
	a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "first"})
	env.Exec(t, "UPDATE members SET credits = credits + 10 WHERE id = $1", a.ID)
	env.Exec(t, "INSERT INTO ledger (member_id, delta, balance_after, kind, note) VALUES ($1, 10, 100, 'correction', 'test')", a.ID)

	count := a.race(t, 50, map[string]any{"profile_id": b.ID, "text": "race"})
	if count[http.StatusCreated] != 10 || count[http.StatusPaymentRequired] != 40 {
		t.Fatalf("statuses %v", count)
	}
	if got := balance(t, env, a.ID); got != 0 {
		t.Fatalf("balance %d", got)
	}
	var messages int
	if err := env.Pool.QueryRow(t.Context(), "SELECT count(*) FROM messages WHERE sender_id = $1", a.ID).Scan(&messages); err != nil {
		t.Fatal(err)
	}
	if messages != 11 {
		t.Fatalf("%d messages stored", messages)
	}
	ledgerBalances(t, env, a.TenantID)
}

// A send retried with its client_id, one after the other or all at once,
// is sent and charged once and answers the first message every time.
func TestClientIDMakesSendsIdempotent(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100})
	b := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})

	first := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "once", "client_id": "retry-1"})
	res, again := a.send(t, map[string]any{"profile_id": b.ID, "text": "once", "client_id": "retry-1"})
	if res.Status != http.StatusOK || again.Message.ID != first.Message.ID || again.Credits != 90 {
		t.Fatalf("retry: %d %s", res.Status, res.Body)
	}

	ids := make([]int64, 20)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, s := a.send(t, map[string]any{"conversation": first.Message.ConversationID, "text": "burst", "client_id": "burst-1"})
			if res.Status != http.StatusCreated && res.Status != http.StatusOK {
				t.Errorf("burst: %d %s", res.Status, res.Body)
			}
			ids[i] = s.Message.ID
		}()
	}
	wg.Wait()
	for _, id := range ids {
		if id != ids[0] || id == 0 {
			t.Fatalf("burst answered different messages: %v", ids)
		}
	}
	if got := balance(t, env, a.ID); got != 80 {
		t.Fatalf("balance %d after two distinct sends", got)
	}
	if th := b.thread(t, first.Message.ConversationID); len(th.Messages) != 2 {
		t.Fatalf("b received %d messages", len(th.Messages))
	}
	ledgerBalances(t, env, a.TenantID)
}

// A send whose client id another transaction uses while the send waits for
// the sender's row (its facts were read in a snapshot taken before that
// message) finds out when it writes, with its COMMIT: it answers that
// message, sends and charges nothing, and keeps nothing of its own.
func TestClientIDUsedWhileTheSendWaits(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	a := newMember(t, env, accountstest.Member{Credits: 100})
	b := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	conv := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "first"}).Message.ConversationID
	ctx := t.Context()

	other, err := env.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = other.Rollback(ctx) }()
	if _, err := other.Exec(ctx, "SELECT 1 FROM members WHERE id = $1 FOR UPDATE", a.ID); err != nil {
		t.Fatal(err)
	}
	type answer struct {
		res  servertest.Response
		sent sent
	}
	done := make(chan answer, 1)
	go func() {
		res, s := a.send(t, map[string]any{"conversation": conv, "text": "waited", "client_id": "waited-1"})
		done <- answer{res, s}
	}()
	// The send waits for the sender's row.
	env.AwaitCount(t, 1, `SELECT count(*) FROM pg_stat_activity
		WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%SendStart%'`)
	var id int64
	if err := other.QueryRow(ctx, `INSERT INTO messages (conversation_id, sender_id, kind, body, credits, client_id)
		VALUES ($1, $2, 'text', 'waited', 10, 'waited-1') RETURNING id`, conv, a.ID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if _, err := other.Exec(ctx, "UPDATE members SET credits = credits - 10 WHERE id = $1", a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := other.Exec(ctx, `INSERT INTO ledger (member_id, delta, balance_after, kind, reference)
		VALUES ($1, -10, 80, 'message', 'message:' || $2::bigint)`, a.ID, id); err != nil {
		t.Fatal(err)
	}
	if err := other.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	got := <-done
	if got.res.Status != http.StatusOK || got.sent.Message.ID != id || got.sent.Credits != 80 {
		t.Fatalf("the waiting send answered %d %s; want 200 with message %d and 80 credits", got.res.Status, got.res.Body, id)
	}
	if bal := balance(t, env, a.ID); bal != 80 {
		t.Errorf("balance %d, want 80: charged once", bal)
	}
	if th := b.thread(t, conv); len(th.Messages) != 2 {
		t.Errorf("b received %d messages, want 2", len(th.Messages))
	}
	ledgerBalances(t, env, a.TenantID)
}
