package delivery

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Message is one email, rendered and ready to send.
type Message struct {
	TenantID int64  `json:"tenant_id"`
	From     string `json:"from"`
	To       string `json:"to"`
	Subject  string `json:"subject"`
	Text     string `json:"text"`
	HTML     string `json:"html"`
	// Links are the URLs the mail asks the reader to open.
	Links []string `json:"links"`
	// Headers are extra headers: List-Unsubscribe and List-Unsubscribe-Post
	// on bulk mail.
	Headers map[string]string `json:"headers,omitempty"`
	// Template names what the mail was made from, for logs and the mailbox.
	Template string `json:"template"`
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// SendArgs is the job that delivers one message. A message with a secret
// is held (Hold): Message then carries only its tenant and template, and
// Held names the held message.
type SendArgs struct {
	Message Message `json:"message"`
	Held    int64   `json:"held,omitempty"`
}

// Kind names the job in River.
func (SendArgs) Kind() string { return "notify_send_mail" }

// InsertOpts retries a failing mail server for about a day.
func (SendArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 15} }

// SendWorker delivers queued messages.
type SendWorker struct {
	river.WorkerDefaults[SendArgs]
	Sender Sender
	// Pool holds the held messages (Hold).
	Pool *pgxpool.Pool
	Log  *slog.Logger
}

// Work sends the job's message, the held one when it has one.
func (w *SendWorker) Work(ctx context.Context, job *river.Job[SendArgs]) error {
	return SendHeld(ctx, w.Pool, job.JobRow, job.Args.Held, job.Args.Message, func(m Message) error {
		if err := w.Sender.Send(ctx, m); err != nil {
			return fmt.Errorf("send %s mail to tenant %d: %w", m.Template, m.TenantID, err)
		}
		if w.Log != nil {
			w.Log.Info("mail sent", "template", m.Template, "tenant", m.TenantID)
		}
		return nil
	}, w.Log)
}

// Timeout bounds one delivery attempt.
func (w *SendWorker) Timeout(*river.Job[SendArgs]) time.Duration { return time.Minute }

// Inserter queues jobs inside a transaction; the engine's River client is one.
type Inserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Mailer renders mails and queues them for delivery.
type Mailer struct {
	Templates *Templates
	Jobs      Inserter
	// FromAddress is the sender address (MAIL_FROM); empty means
	// noreply@<the tenant's primary host>.
	FromAddress string
}

// ErrNoJobs means the mailer has no job queue to send with.
var ErrNoJobs = errors.New("notify: no job queue")

// Queue renders mail and queues it in tx: the mail goes out only if tx
// commits.
func (m *Mailer) Queue(ctx context.Context, tx pgx.Tx, mail Mail) error {
	if m == nil || m.Jobs == nil {
		return ErrNoJobs
	}
	msg, err := m.Templates.Render(mail, m.FromAddress)
	if err != nil {
		return err
	}
	args := SendArgs{Message: msg}
	if mail.Secret {
		if args.Held, err = Hold(ctx, tx, msg); err != nil {
			return err
		}
		args.Message = Message{TenantID: msg.TenantID, Template: msg.Template}
	}
	if _, err := m.Jobs.InsertTx(ctx, tx, args, nil); err != nil {
		return fmt.Errorf("queue %s mail: %w", mail.Template, err)
	}
	return nil
}
