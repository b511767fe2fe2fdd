package sms_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/sms"
	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// In development an SMS is a mailbox entry to the phone number, with the
// subject SMS and the message as its text.
func TestMailboxKeepsAnSMSAsAnEntry(t *testing.T) {
	t.Parallel()
	pool := pgtest.New(t)
	ctx := context.Background()
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tenancy.Import(ctx, pool, files, false); err != nil {
		t.Fatal(err)
	}
	var tenant int64
	if err := pool.QueryRow(ctx, "SELECT id FROM tenants ORDER BY position LIMIT 1").Scan(&tenant); err != nil {
		t.Fatal(err)
	}
	box := &delivery.Mailbox{Pool: pool}
	w := &sms.SendWorker{Gateway: sms.Mailbox{Box: box}}
	job := &river.Job[sms.SendArgs]{JobRow: &rivertype.JobRow{}, Args: sms.SendArgs{Message: sms.Message{TenantID: tenant, To: "+31612345678", Text: "123456 is your code"}}}
	if err := w.Work(ctx, job); err != nil {
		t.Fatal(err)
	}
	got, err := box.List(ctx, tenant)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].To != "+31612345678" || got[0].Subject != sms.MailboxSubject || got[0].Text != "123456 is your code" || got[0].Template != "sms" {
		t.Fatalf("mailbox %+v", got)
	}
}

type gatewayFunc func(context.Context, sms.Message) error

func (f gatewayFunc) Send(ctx context.Context, m sms.Message) error { return f(ctx, m) }

// A message the gateway rejects is cancelled (no retry); an unavailable
// gateway's is retried.
func TestSendWorkerCancelsRejectedMessages(t *testing.T) {
	t.Parallel()
	cases := []struct {
		err    error
		cancel bool
	}{
		{fmt.Errorf("bad number: %w", sms.ErrRejected), true},
		{fmt.Errorf("down: %w", sms.ErrUnavailable), false},
	}
	for _, c := range cases {
		w := &sms.SendWorker{Gateway: gatewayFunc(func(context.Context, sms.Message) error { return c.err })}
		err := w.Work(context.Background(), &river.Job[sms.SendArgs]{JobRow: &rivertype.JobRow{}, Args: sms.SendArgs{}})
		var cancel *rivertype.JobCancelError
		if err == nil || errors.As(err, &cancel) != c.cancel {
			t.Errorf("%v: Work = %v, cancelled %v", c.err, err, errors.As(err, &cancel))
		}
	}
}
