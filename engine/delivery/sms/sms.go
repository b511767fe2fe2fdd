package sms

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"rendezvous/engine/delivery"
)

// Message is one SMS: the recipient in E.164 form (+31612345678) and the
// text, already in the member's language.
type Message struct {
	TenantID int64  `json:"tenant_id"`
	To       string `json:"to"`
	Text     string `json:"text"`
}

// Gateway delivers SMS.
type Gateway interface {
	Send(ctx context.Context, m Message) error
}

// ErrRejected means the gateway refused the message for good (a number it
// cannot text, a bad sender, wrong credentials): sending it again would
// fail again, so the job is not retried.
var ErrRejected = errors.New("sms: the gateway rejected the message")

// ErrUnavailable means the gateway could not be reached or failed (network,
// 429, 5xx); the job tries again.
var ErrUnavailable = errors.New("sms: the gateway is unavailable")

// SendArgs is the job that delivers one SMS. Queued by QueueTx, the text
// (a code) is held (delivery.Hold): Message carries only the tenant, and
// Held names the held message.
type SendArgs struct {
	Message Message `json:"message"`
	Held    int64   `json:"held,omitempty"`
}

// QueueTx queues m in tx, its text held out of the job's arguments: an
// SMS carries a code.
func QueueTx(ctx context.Context, tx pgx.Tx, jobs delivery.Inserter, m Message) error {
	held, err := delivery.Hold(ctx, tx, m)
	if err != nil {
		return err
	}
	if _, err := jobs.InsertTx(ctx, tx, SendArgs{Message: Message{TenantID: m.TenantID}, Held: held}, nil); err != nil {
		return fmt.Errorf("queue sms: %w", err)
	}
	return nil
}

// Kind names the job in River.
func (SendArgs) Kind() string { return "notify_send_sms" }

// InsertOpts retries a failing gateway a few times only: a code texted
// after it expired is of no use.
func (SendArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 4} }

// SendWorker delivers queued SMS through its gateway.
type SendWorker struct {
	river.WorkerDefaults[SendArgs]
	Gateway Gateway
	// Pool holds the held messages (delivery.Hold).
	Pool *pgxpool.Pool
	Log  *slog.Logger
}

// Work sends the job's message, the held one when it has one; a rejected
// one is cancelled, not retried.
func (w *SendWorker) Work(ctx context.Context, job *river.Job[SendArgs]) error {
	return delivery.SendHeld(ctx, w.Pool, job.JobRow, job.Args.Held, job.Args.Message, func(m Message) error {
		if w.Gateway == nil {
			return river.JobCancel(errors.New("sms: no gateway configured"))
		}
		err := w.Gateway.Send(ctx, m)
		if errors.Is(err, ErrRejected) {
			return river.JobCancel(fmt.Errorf("sms to tenant %d's member: %w", m.TenantID, err))
		}
		if err != nil {
			return fmt.Errorf("sms to tenant %d's member: %w", m.TenantID, err)
		}
		if w.Log != nil {
			w.Log.Info("sms sent", "tenant", m.TenantID)
		}
		return nil
	}, w.Log)
}

// Timeout bounds one delivery attempt.
func (w *SendWorker) Timeout(*river.Job[SendArgs]) time.Duration { return 30 * time.Second }
