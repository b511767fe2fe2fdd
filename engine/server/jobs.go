package server

import (
	"context"
	"fmt"
	"net/http"
	"os"

	"github.com/jackc/pgx/v5"

	"github.com/go-chi/chi/v5"
	"github.com/riverqueue/river"

	"rendezvous/engine/accounts"
	"rendezvous/engine/admin"
	"rendezvous/engine/affiliates"
	"rendezvous/engine/billing"
	"rendezvous/engine/billing/mollie"
	"rendezvous/engine/billing/sandbox"
	"rendezvous/engine/chat"
	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/push"
	"rendezvous/engine/delivery/sms"
	"rendezvous/engine/limits"
	"rendezvous/engine/media"
	"rendezvous/engine/notifications"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/jobs"
	"rendezvous/engine/profiles"
)

// mail builds the delivery of mail: SMTP when SMTP_URL is set, else the
// development mailbox when asked for (--dev-mailbox, --demo), else
// nowhere when MAIL_DISABLED=1, else a start-up error. The mailer queues
// mails with inserter; the send worker (see work) delivers them through
// the returned sender.
func mail(d Deps, e *Engine, inserter *jobs.Client) (*delivery.Mailer, delivery.Sender, error) {
	templates, err := delivery.LoadTemplates()
	if err != nil {
		return nil, nil, err
	}
	if err := d.Config.CheckMail(); err != nil {
		return nil, nil, err
	}
	var sender delivery.Sender
	switch {
	case d.Config.SMTPURL != "":
		if sender, err = delivery.NewSMTP(d.Config.SMTPURL, nil); err != nil {
			return nil, nil, err
		}
	case d.Config.DevMailbox:
		e.Mailbox = &delivery.Mailbox{Pool: d.Pool}
		sender = e.Mailbox
	default:
		sender = delivery.Discard{Log: d.Log}
	}
	return &delivery.Mailer{Templates: templates, Jobs: inserter, FromAddress: d.Config.MailFrom}, sender, nil
}

// smsGateway builds the delivery of SMS (direct debit codes): Twilio when
// TWILIO_ACCOUNT_SID is set, else the development mailbox when there is
// one (an entry to the phone number with the subject SMS), else none, and
// direct debit answers sms_unavailable.
func smsGateway(d Deps, e *Engine) (sms.Gateway, error) {
	c := d.Config.SMS
	switch {
	case c.AccountSID != "":
		g, err := sms.NewTwilio(sms.TwilioConfig{AccountSID: c.AccountSID, AuthToken: c.AuthToken, From: c.From,
			MessagingServiceSID: c.MessagingServiceSID, BaseURL: c.BaseURL})
		if err != nil {
			return nil, err
		}
		return g, nil
	case e.Mailbox != nil:
		return sms.Mailbox{Box: e.Mailbox}, nil
	}
	return nil, nil
}

// work builds the River client that works every area's jobs and schedules
// the periodic ones. It comes after the services, whose workers it runs,
// and after the engine's handler, through which the sandbox payment
// provider delivers its webhooks; the services queue their jobs through
// the insert-only client made before them. The caller starts it (serve
// does; tests too).
func work(d Deps, e *Engine, sender delivery.Sender, handler http.Handler) (*jobs.Client, error) {
	workers := river.NewWorkers()
	river.AddWorker(workers, &delivery.SendWorker{Sender: sender, Pool: d.Pool, Log: d.Log})
	river.AddWorker(workers, &sms.SendWorker{Gateway: e.SMS, Pool: d.Pool, Log: d.Log})
	river.AddWorker(workers, &purgeWorker{engine: e})
	push.Register(workers, d.Pool, d.Outbound, d.Log)
	notifications.Register(workers, e.Notifications)
	river.AddWorker(workers, &limits.CleanupWorker{Limiter: e.Limits})
	river.AddWorker(workers, &chat.SignupMessageWorker{Chat: e.Chat, Tenants: d.Directory})
	media.Register(workers, d.Pool, d.Media, d.Log)
	river.AddWorker(workers, &billing.ReconcileWorker{Billing: e.Billing})
	river.AddWorker(workers, &billing.RefundWorker{Billing: e.Billing})
	river.AddWorker(workers, &billing.RevokeMandateWorker{Billing: e.Billing})
	// Registered even with the sandbox off, so webhooks queued while it
	// was on are still delivered.
	river.AddWorker(workers, sandbox.NewWebhookWorker(handler))
	river.AddWorker(workers, &admin.CleanupWorker{Service: e.Console.Service})
	river.AddWorker(workers, &profiles.TrimVisitsWorker{Profiles: e.Profiles})
	river.AddWorker(workers, &affiliates.Worker{Pool: d.Pool, Guard: d.Outbound, Log: d.Log})
	periodic := []*river.PeriodicJob{accounts.PeriodicPurge(), limits.PeriodicCleanup(), billing.PeriodicReconcile(),
		admin.PeriodicCleanup(), notifications.PeriodicDigest(), profiles.PeriodicTrimVisits()}
	return jobs.NewClient(d.Pool, workers, d.Log, jobs.Options{Work: true, Periodic: periodic,
		Queues: map[string]int{affiliates.Queue: affiliates.PostbackWorkers}})
}

// paymentProviders are the payment providers tenants may name: Mollie,
// and the sandbox only when enabled (--payment-sandbox, --demo), as its
// checkout gives credits for nothing.
func paymentProviders(d Deps, e *Engine, inserter *jobs.Client) billing.Providers {
	lookupEnv := d.Config.LookupEnv
	if lookupEnv == nil {
		lookupEnv = os.LookupEnv
	}
	providers := billing.Providers{
		// Each tenant has its own Mollie website profile: the key is in the
		// environment variable its billing section names; a tenant without
		// it answers orders with payments_unavailable.
		billing.ProviderMollie: mollie.Opener(lookupEnv, d.Config.MollieBaseURL),
	}
	if d.Config.PaymentSandbox {
		e.Sandbox = sandbox.New(d.Pool, inserter, d.Log)
		providers[billing.ProviderSandbox] = func(billing.Settings) (billing.Provider, error) { return e.Sandbox, nil }
	}
	return providers
}

// paymentRoutes are the payment providers' webhooks and, when enabled, the
// sandbox provider's checkout page. Without the sandbox its pages are 404
// rather than the web app.
func paymentRoutes(r chi.Router, e *Engine) {
	b := billing.Handlers{Service: e.Billing, Locator: e.Locator, Links: e.Links}
	r.Post("/hooks/payments/{provider}", b.Webhook)
	if e.Sandbox == nil {
		r.HandleFunc(sandbox.CheckoutPath+"*", func(w http.ResponseWriter, r *http.Request) { httpx.WriteError(w, r, httpx.ErrNotFound) })
		return
	}
	r.Get(sandbox.CheckoutPath+"{id}", e.Sandbox.Checkout)
	r.Post(sandbox.CheckoutPath+"{id}", e.Sandbox.Decide)
}

// mailRoutes are the tenant's mail endpoints outside the member API: the
// development mailbox and push sink (only in development mode), the
// provider's bounce and complaint webhooks (only when they can be trusted:
// with a secret, or in development mode) and the RFC 8058
// List-Unsubscribe URL.
func mailRoutes(r chi.Router, d Deps, e *Engine) {
	a := accounts.Handlers{Service: e.Accounts}
	if e.Mailbox != nil {
		r.Get("/dev/mailbox", e.Mailbox.Page)
		r.Get("/dev/mailbox.json", e.Mailbox.JSON)
	}
	if e.PushSink != nil {
		r.Get("/dev/push.json", e.PushSink.JSON)
	}
	if e.Mailbox != nil || d.Config.MailWebhookSecret != "" {
		r.Post("/hooks/mail/{kind}", a.MailHook) // kind: fbl or bounce
	}
	r.Get("/hooks/mail/unsubscribe", a.Unsubscribe)
	r.Post("/hooks/mail/unsubscribe", a.Unsubscribe)
}

// purgeBatch bounds one round of members to purge.
const purgeBatch = 100

// PurgeDue purges every member whose deletion has been pending for
// accounts.DeletionGrace, and returns how many it purged.
func (e *Engine) PurgeDue(ctx context.Context) (int, error) {
	total := 0
	for {
		ids, err := e.Accounts.DueForPurge(ctx, purgeBatch)
		if err != nil {
			return total, err
		}
		purged := 0
		for _, id := range ids {
			ok, err := e.purgeMember(ctx, id)
			if err != nil {
				return total, err
			}
			if ok {
				purged++
			}
		}
		total += purged
		if len(ids) < purgeBatch || purged == 0 {
			return total, nil
		}
	}
}

// purgeMember erases one member's personal data in one transaction: each
// area erases its own rows (and releases its blobs, which the media area
// deletes by a job once the purge commits), and accounts anonymises the
// member row last. It answers false when the member was reactivated
// meanwhile or another purge job has them.
func (e *Engine) purgeMember(ctx context.Context, id int64) (bool, error) {
	areas := []struct {
		name  string
		purge func(context.Context, pgx.Tx, int64) error
	}{
		{"chat", e.Chat.PurgeMember},
		{"likes", e.Likes.PurgeMember},
		{"profiles", e.Profiles.PurgeMember},
		{"push", push.PurgeMember},
		{"notifications", notifications.PurgeMember},
		{"billing", billing.PurgeMember},
		{"kept cards", e.Billing.PurgeCards},
		{"accounts", e.Accounts.PurgeMember},
	}
	var done bool
	err := pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
		ok, err := e.Accounts.LockForPurge(ctx, tx, id)
		if err != nil || !ok {
			return err
		}
		for _, a := range areas {
			if err := a.purge(ctx, tx, id); err != nil {
				return fmt.Errorf("purge member %d, %s: %w", id, a.name, err)
			}
		}
		done = true
		return nil
	})
	if err != nil {
		return false, err
	}
	if done {
		e.log.Info("purged member", "member", id)
	}
	return done, nil
}

// purgeWorker runs the periodic purge job.
type purgeWorker struct {
	river.WorkerDefaults[accounts.PurgeArgs]
	engine *Engine
}

// Work purges what is due.
func (w *purgeWorker) Work(ctx context.Context, _ *river.Job[accounts.PurgeArgs]) error {
	_, err := w.engine.PurgeDue(ctx)
	return err
}
