// Package mollietest is a local HTTP server speaking the part of Mollie's
// API v2 the engine uses (create and get payments, create refunds, list
// chargebacks, list methods, create customers, get and revoke mandates,
// first and recurring payments), with Mollie's documented answer and error bodies, for tests
// that run the engine against "Mollie" without the internet. A test moves a
// payment's state as a payer at Mollie's checkout would (SetStatus); a
// first payment set to paid leaves a valid creditcard mandate on Card, and
// recurring payments get RecurringStatus at once. A test has the payer's
// bank take a paid payment back (Chargeback) and can make Mollie slow
// (Stall).
package mollietest
