package server

import (
	"github.com/go-chi/chi/v5"
	"github.com/riverqueue/river"

	"rendezvous/engine/accounts"
	"rendezvous/engine/chat"
	"rendezvous/engine/limits"
	"rendezvous/engine/notify"
	"rendezvous/engine/notify/push"
	"rendezvous/engine/platform/jobs"
)

// jobsAndMail builds the job queue with every area's workers and periodic
// jobs, and the delivery of mail: SMTP when SMTP_URL is set, else the
// development mailbox when asked for (--dev-mailbox, --demo), else
// nowhere when MAIL_DISABLED=1, else a start-up error. The caller starts
// e.Jobs (serve does; tests too).
func jobsAndMail(d Deps, e *Engine) error {
	templates, err := notify.LoadTemplates()
	if err != nil {
		return err
	}
	if err := d.Config.CheckMail(); err != nil {
		return err
	}
	var sender notify.Sender
	switch {
	case d.Config.SMTPURL != "":
		if sender, err = notify.NewSMTP(d.Config.SMTPURL); err != nil {
			return err
		}
	case d.Config.DevMailbox:
		e.Mailbox = &notify.Mailbox{Pool: d.Pool}
		sender = e.Mailbox
	default:
		sender = notify.Discard{Log: d.Log}
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, &notify.SendWorker{Sender: sender, Log: d.Log})
	river.AddWorker(workers, &accounts.PurgeWorker{Service: e.Accounts})
	push.Register(workers, d.Pool, d.Log)
	river.AddWorker(workers, &limits.CleanupWorker{Limiter: e.Limits})
	river.AddWorker(workers, &chat.SignupMessageWorker{Chat: e.Chat, Tenants: d.Directory})
	periodic := []*river.PeriodicJob{accounts.PeriodicPurge(), limits.PeriodicCleanup()}
	client, err := jobs.NewClient(d.Pool, workers, d.Log, jobs.Options{Work: true, Periodic: periodic})
	if err != nil {
		return err
	}
	e.Jobs = client
	e.Chat.Push = &push.Queuer{Jobs: client}
	e.Accounts.Jobs = client
	e.Accounts.Mailer = &notify.Mailer{Templates: templates, Jobs: client, FromAddress: d.Config.MailFrom}
	e.Accounts.HookSecret = d.Config.MailWebhookSecret
	return nil
}

// mailRoutes are the tenant's mail endpoints outside the member API: the
// development mailbox (only in development mode), the provider's bounce and
// complaint webhooks (only when they can be trusted: with a secret, or in
// development mode) and the RFC 8058 List-Unsubscribe URL.
func mailRoutes(r chi.Router, d Deps, e *Engine) {
	a := accounts.Handlers{Service: e.Accounts, Locator: e.Locator}
	if e.Mailbox != nil {
		r.Get("/dev/mailbox", e.Mailbox.Page)
		r.Get("/dev/mailbox.json", e.Mailbox.JSON)
	}
	if e.Mailbox != nil || d.Config.MailWebhookSecret != "" {
		r.Post("/hooks/mail/{kind}", a.MailHook) // kind: fbl or bounce
	}
	r.Get("/hooks/mail/unsubscribe", a.Unsubscribe)
	r.Post("/hooks/mail/unsubscribe", a.Unsubscribe)
}
