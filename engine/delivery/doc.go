// Package delivery sends members email: templates per tenant and locale
// (go-i18n catalogues), queued as River jobs in the transaction that causes
// them, and delivered by SMTP or, when none is configured, kept in the
// development mailbox.
package delivery
