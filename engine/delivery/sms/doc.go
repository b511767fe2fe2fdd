// Package sms texts members short messages (the direct debit's confirmation
// code) through a small gateway interface: in development every SMS is
// kept in the development mailbox (Mailbox), on a real install it goes to
// an SMS gateway over its REST API (Twilio). Messages are River jobs queued
// in the transaction that causes them, like mail.
package sms
