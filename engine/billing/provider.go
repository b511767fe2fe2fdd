package billing

import (
	"context"
	"errors"
	"time"
)

// Status is a payment's state at the provider, in Mollie's words (every
// provider adapter maps its own states onto these).
type Status string

// The states of a payment at the provider. Open, pending and authorized are
// unsettled; paid, failed, canceled and expired are final.
const (
	StatusOpen       Status = "open"
	StatusPending    Status = "pending"
	StatusAuthorized Status = "authorized"
	StatusPaid       Status = "paid"
	StatusFailed     Status = "failed"
	StatusCanceled   Status = "canceled"
	StatusExpired    Status = "expired"
)

// Settled reports whether the provider will not change s any more.
func (s Status) Settled() bool {
	switch s {
	case StatusPaid, StatusFailed, StatusCanceled, StatusExpired:
		return true
	}
	return false
}

// Money is an amount in minor units (cents) of an ISO 4217 currency.
type Money struct {
	Minor    int64
	Currency string
}

// PaymentRequest asks a provider to open a payment.
type PaymentRequest struct {
	TenantID int64
	Amount   Money
	// Method is the payment method's name in billing.Methods (ideal,
	// bancontact, creditcard, visa, paypal, sdd...); adapters map it to
	// their own.
	Method      string
	Description string
	// RedirectURL is where the payer's browser returns after the checkout.
	RedirectURL string
	// WebhookURL is where the provider posts the payment's id when its
	// state changes.
	WebhookURL string
	// Locale is the payer's language (nl_NL, de_DE, en_US...).
	Locale string
	// Reference is the engine's own reference of the payment, kept in the
	// provider's metadata.
	Reference string
	// IdempotencyKey, when set, makes a repeated request answer the payment
	// the first one made (Mollie's Idempotency-Key); else Reference is the
	// key.
	IdempotencyKey string
	// SequenceType is empty (a one-off payment), SequenceFirst (the payer
	// pays at the checkout and the provider keeps a mandate on the card for
	// CustomerID) or SequenceRecurring (charged on MandateID of CustomerID
	// without the payer: no checkout, no redirect).
	SequenceType string
	CustomerID   string
	MandateID    string
}

// Sequence types of a payment, in Mollie's words.
const (
	SequenceOneOff    = "oneoff"
	SequenceFirst     = "first"
	SequenceRecurring = "recurring"
)

// Payment is a payment as the provider knows it.
type Payment struct {
	// ID is the provider's id (tr_... at Mollie).
	ID     string
	Status Status
	// CheckoutURL is where to send the payer; empty once settled.
	CheckoutURL string
	Amount      Money
	Refunded    Money
	Method      string
	ExpiresAt   time.Time
	// MandateID is the mandate a paid first payment gave (or a recurring
	// payment was charged on), with its CustomerID; empty otherwise.
	MandateID  string
	CustomerID string
	// ChargedBack is what the payer's bank or card issuer took back
	// (Mollie's amountChargedBack); zero when nothing was.
	ChargedBack Money
	// Chargebacks are the payment's chargebacks as the provider lists
	// them, read (ChargebackLister) once the payment reports an amount
	// charged back; empty when the provider lists none.
	Chargebacks []Chargeback
}

// Chargeback is money the payer's bank or card issuer took back from a
// paid payment (a disputed card payment, a reversed direct debit).
type Chargeback struct {
	// ID is the provider's id (chb_... at Mollie).
	ID     string
	Amount Money
	// Reason is the bank's reason code and text, as the provider gives it.
	Reason string
}

// ChargebackLister is a provider that lists a payment's chargebacks
// (Mollie's Chargebacks API).
type ChargebackLister interface {
	Chargebacks(ctx context.Context, paymentID string) ([]Chargeback, error)
}

// RefundRequest asks a provider to pay back (part of) a paid payment.
type RefundRequest struct {
	PaymentID   string
	Amount      Money
	Description string
	// IdempotencyKey, when set, makes a repeated request answer the refund
	// the first one made (Mollie's Idempotency-Key).
	IdempotencyKey string
}

// Refund is a refund as the provider knows it.
type Refund struct {
	ID     string
	Status string
	Amount Money
}

// Provider is a payment provider: the embedded sandbox, Mollie. The engine
// trusts nothing a webhook or a browser says about a payment; it asks the
// provider with FetchPayment.
type Provider interface {
	// Name is the provider's name in tenant files and webhook URLs
	// (/hooks/payments/{name}).
	Name() string
	CreatePayment(ctx context.Context, req PaymentRequest) (Payment, error)
	// FetchPayment answers ErrPaymentNotFound for an id the provider does
	// not know.
	FetchPayment(ctx context.Context, id string) (Payment, error)
	CreateRefund(ctx context.Context, req RefundRequest) (Refund, error)
	// Methods lists the methods (names of billing.Methods) the provider can
	// take for amount; the tenant's country lists are filtered by it.
	Methods(ctx context.Context, amount Money) ([]string, error)
}

// Canceller is a provider that can cancel an open payment (Mollie's
// DELETE /v2/payments/{id}): the payer can no longer pay it. A payment the
// provider will not cancel (paid, settled, or a method that cannot be
// cancelled) answers ErrProviderRefused; one it does not know
// ErrPaymentNotFound.
type Canceller interface {
	CancelPayment(ctx context.Context, id string) (Payment, error)
}

// CustomerRequest asks a provider for a customer to hold a member's
// mandates. It carries no personal data beyond the engine's reference.
type CustomerRequest struct {
	TenantID int64
	Name     string
	Locale   string
	// Reference is the engine's reference of the member, kept in the
	// provider's metadata.
	Reference string
}

// Mandate is a provider's permission to charge a customer's card again
// (Mollie's mandate object). Only the card's brand, its last four digits
// and its expiry are known; never its number.
type Mandate struct {
	ID         string
	CustomerID string
	// Status is valid, pending or invalid.
	Status     string
	Method     string
	CardLabel  string
	CardLast4  string
	CardExpiry string
}

// MandateValid is the status of a mandate that can be charged.
const MandateValid = "valid"

// Recurring is a provider that keeps cards for recurring payments, in
// Mollie's model: a customer, a first payment (PaymentRequest.SequenceType
// SequenceFirst) that leaves a mandate, then recurring payments on it
// (SequenceRecurring), which settle without the payer.
type Recurring interface {
	CreateCustomer(ctx context.Context, req CustomerRequest) (string, error)
	// FetchMandate answers ErrMandateNotFound for a mandate the provider
	// does not know or has revoked.
	FetchMandate(ctx context.Context, customerID, mandateID string) (Mandate, error)
	// RevokeMandate ends a mandate; one revoked already is
	// ErrMandateNotFound.
	RevokeMandate(ctx context.Context, customerID, mandateID string) error
}

var (
	// ErrMandateNotFound means the provider does not know the mandate, or
	// it was revoked.
	ErrMandateNotFound = errors.New("billing: the provider does not know this mandate")
	// ErrPaymentNotFound means the provider does not know the payment id.
	ErrPaymentNotFound = errors.New("billing: the provider does not know this payment")
	// ErrProviderRefused means the provider answered the request with a
	// refusal (a 4xx with its own error body), wrapped with its detail.
	ErrProviderRefused = errors.New("billing: the provider refused the request")
	// ErrProviderUnavailable means the provider could not be reached or
	// failed (network error, 5xx); the request may be retried.
	ErrProviderUnavailable = errors.New("billing: the provider is unavailable")
)
