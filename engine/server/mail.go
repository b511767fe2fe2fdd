package server

import (
	"github.com/go-chi/chi/v5"

	"rendezvous/engine/accounts"
	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/sms"
	"rendezvous/engine/platform/jobs"
	"rendezvous/themes"
)

// mail builds the delivery of mail: SMTP when SMTP_URL is set, else the
// development mailbox when asked for (--dev-mailbox, --demo), else
// nowhere when MAIL_DISABLED=1, else a start-up error. The mailer queues
// mails with inserter; the send worker (see work) delivers them through
// the returned sender. The mails take their colours from the engine's
// themes, set.
func mail(d Deps, e *Engine, inserter *jobs.Client, set *themes.Set) (*delivery.Mailer, delivery.Sender, error) {
	templates, err := delivery.LoadTemplates(set)
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
