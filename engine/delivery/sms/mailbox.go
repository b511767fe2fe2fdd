package sms

import (
	"context"

	"rendezvous/engine/delivery"
)

// MailboxSubject is the subject an SMS carries in the development mailbox.
const MailboxSubject = "SMS"

// MailboxTemplate is what the mailbox names an SMS's template.
const MailboxTemplate = "sms"

// Mailbox is the gateway of development mode: every SMS is kept in the
// development mailbox as an entry whose to is the phone number, whose subject
// is "SMS" and whose text is the message, so a tester reads the code at
// /dev/mailbox or /dev/mailbox.json.
type Mailbox struct {
	Box *delivery.Mailbox
}

// Send stores m in its tenant's mailbox.
func (b Mailbox) Send(ctx context.Context, m Message) error {
	return b.Box.Send(ctx, delivery.Message{TenantID: m.TenantID, To: m.To, Subject: MailboxSubject, Text: m.Text,
		Template: MailboxTemplate})
}
