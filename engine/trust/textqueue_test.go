package trust_test

import (
	"context"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/trust"
)

// TestTextsOfAWindowWriteTheirRowOnce: the first text of a window writes
// the member's row of texts waiting for their check; the texts after it
// write no new version of it (each rewrote it with the list of the
// window's texts, a row version and its WAL per send), and the check reads
// all of them, with the texts it compares them with, in one statement (it
// read the member's recent texts again for each text), and checks each:
// the phone number in the third is a signal naming it.
func TestTextsOfAWindowWriteTheirRowOnce(t *testing.T) {
	t.Parallel()
	e := servertest.NewIdle(t)
	ctx := context.Background()
	w := women(t, e, 1)[0]
	sender, made := e.LoggedIn(t, "localhost", accountstest.Member{PaidUser: true, Credits: 1000})
	row := func() (version string, ids []int64) {
		t.Helper()
		if err := e.Pool.QueryRow(ctx, "SELECT xmin::text, message_ids FROM trust_text_checks WHERE member_id = $1",
			made.ID).Scan(&version, &ids); err != nil {
			t.Fatal(err)
		}
		return version, ids
	}
	first := sendText(t, sender, w.ID, "Hi there")
	version, ids := row()
	sent := []int64{first}
	for _, text := range []string{"How are you?", "call me on 06 12345678", "Tell me about you"} {
		sent = append(sent, sendText(t, sender, w.ID, text))
	}
	if v, after := row(); v != version || !slices.Equal(after, []int64{first}) || !slices.Equal(ids, []int64{first}) {
		t.Errorf("row of waiting texts: version %s with %v after the first text, %s with %v after four, want one version naming %d",
			version, ids, v, after, first)
	}

	cfg := e.Pool.Config().Copy()
	trace := &servertest.QueryNames{}
	cfg.ConnConfig.Tracer = trace
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	brand := &tenancy.Tenant{ID: made.TenantID, Locales: []string{"nl"}, RawSettings: []byte(`{}`)}
	svc := &trust.Service{Pool: pool, Tenants: brands{brand}}
	if err := svc.CheckTexts(ctx, made.ID); err != nil {
		t.Fatal(err)
	}
	names := trace.Take()
	if n := slices.Index(names, "TextsToCheck"); n < 0 || slices.Contains(names[n+1:], "TextsToCheck") {
		t.Errorf("the check of %d texts ran %v, want one TextsToCheck", len(sent), names)
	}
	var signals [][]int64
	rows, err := e.Pool.Query(ctx, "SELECT message_ids FROM trust_signals WHERE member_id = $1 AND kind = $2", made.ID, trust.SignalPhone)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var of []int64
		if err := rows.Scan(&of); err != nil {
			t.Fatal(err)
		}
		signals = append(signals, of)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(signals) != 1 || !slices.Equal(signals[0], []int64{sent[2]}) {
		t.Errorf("phone signals %v, want one naming message %d", signals, sent[2])
	}
}

// TestATextCommittedWhileTheCheckTakesItsRowIsChecked: a text whose send
// locked the member's row of waiting texts (it names the first text only)
// and commits while the check is taking that row is checked by that
// check: the taking waits for the send's commit and then reads its text.
func TestATextCommittedWhileTheCheckTakesItsRowIsChecked(t *testing.T) {
	t.Parallel()
	e := servertest.NewIdle(t)
	ctx := context.Background()
	w := women(t, e, 1)[0]
	sender, made := e.LoggedIn(t, "localhost", accountstest.Member{PaidUser: true, Credits: 1000})
	first := sendText(t, sender, w.ID, "Hi there")

	// A send's COMMIT batch: its message and its text's trust row.
	send, err := e.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer send.Rollback(ctx)
	var late int64
	if err := send.QueryRow(ctx, `INSERT INTO messages (conversation_id, sender_id, kind, body)
		SELECT conversation_id, sender_id, 'text', 'call me on 06 12345678' FROM messages WHERE id = $1 RETURNING id`, first).Scan(&late); err != nil {
		t.Fatal(err)
	}
	batch := &pgx.Batch{}
	if err := trust.QueueTextAtCommit(batch, made.ID, late); err != nil {
		t.Fatal(err)
	}
	if err := send.SendBatch(ctx, batch).Close(); err != nil {
		t.Fatal(err)
	}

	brand := &tenancy.Tenant{ID: made.TenantID, Locales: []string{"nl"}, RawSettings: []byte(`{}`)}
	svc := &trust.Service{Pool: e.Pool, Tenants: brands{brand}}
	checked := make(chan error, 1)
	go func() { checked <- svc.CheckTexts(ctx, made.ID) }()
	// The check waits for the send's lock on the row.
	e.AwaitCount(t, 1, `SELECT count(*) FROM pg_stat_activity
		WHERE wait_event_type = 'Lock' AND query LIKE '%TextChecksTake%'`)
	if err := send.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-checked; err != nil {
		t.Fatal(err)
	}
	e.AwaitCount(t, 0, textsWaiting, made.ID)
	e.AwaitCount(t, 1, "SELECT count(*) FROM trust_signals WHERE member_id = $1 AND kind = $2 AND message_ids = ARRAY[$3::bigint]",
		made.ID, trust.SignalPhone, late)
}
