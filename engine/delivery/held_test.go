package delivery_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/delivery"
	"rendezvous/engine/platform/pgtest"
)

// A held message is sent as held and deleted once sent, kept for the next
// attempt after a failure, deleted after the last attempt failed, and never
// sent twice: a message already gone was sent before.
func TestSendHeld(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	ctx := context.Background()
	hold := func(text string) int64 {
		var id int64
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			var err error
			id, err = delivery.Hold(ctx, tx, delivery.Message{TenantID: 1, Text: text})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	heldCount := func(id int64) int {
		var n int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM held_messages WHERE id = $1", id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	failed := errors.New("server down")
	cases := []struct {
		name     string
		attempt  int
		sendErr  error
		wantErr  bool
		wantKept bool
	}{
		{"sent", 1, nil, false, false},
		{"failed, tried again", 1, failed, true, true},
		{"last attempt failed", 3, failed, true, false},
	}
	for _, tc := range cases {
		id := hold("code 123456 " + tc.name)
		var sent []string
		send := func(m delivery.Message) error { sent = append(sent, m.Text); return tc.sendErr }
		job := &rivertype.JobRow{Attempt: tc.attempt, MaxAttempts: 3}
		err := delivery.SendHeld(ctx, pool, job, id, delivery.Message{TenantID: 1}, send, nil)
		if (err != nil) != tc.wantErr || len(sent) != 1 || sent[0] != "code 123456 "+tc.name {
			t.Errorf("%s: err %v, sent %q", tc.name, err, sent)
		}
		if kept := heldCount(id) == 1; kept != tc.wantKept {
			t.Errorf("%s: held message kept %v, want %v", tc.name, kept, tc.wantKept)
		}
	}
	// An attempt after the message was sent and deleted sends nothing.
	id := hold("once")
	var sends int
	send := func(delivery.Message) error { sends++; return nil }
	for range 2 {
		if err := delivery.SendHeld(ctx, pool, &rivertype.JobRow{Attempt: 1, MaxAttempts: 3}, id, delivery.Message{}, send, nil); err != nil {
			t.Fatal(err)
		}
	}
	if sends != 1 {
		t.Errorf("a held message was sent %d times", sends)
	}
}
