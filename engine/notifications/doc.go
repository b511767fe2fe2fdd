// Package notifications decides which notification mails go out and when: the
// event mails that chat and likes queue (new conversation, new message, like
// and match), the reminders, unread-message reminders and weekly updates of a
// periodic job, and the operators' promotions and news. Every mail respects
// the member's settings and state (accounts.Service.Notify); on top of that a
// mail is claimed in notification_log under a unique key, so it goes out once
// however many engine instances run the job, and the claims count each type
// against a daily cap. Nothing goes out in the quiet hours of the tenant's
// time zone: it waits until they end.
package notifications
