package mollie

import (
	"context"
	"fmt"
	"net/http"

	"rendezvous/engine/billing"
)

var _ billing.DirectDebiter = (*Provider)(nil)

// createMandate is the body of POST /v2/customers/{customerId}/mandates
// for SEPA direct debit.
type createMandate struct {
	Method           string `json:"method"`
	ConsumerName     string `json:"consumerName"`
	ConsumerAccount  string `json:"consumerAccount"`
	SignatureDate    string `json:"signatureDate,omitempty"`
	MandateReference string `json:"mandateReference,omitempty"`
}

// CreateDirectDebit collects a SEPA direct debit from an account the
// member gave (and confirmed with the SMS code), the way Mollie documents
// it for an IBAN the merchant collected: a customer (POST /v2/customers),
// a directdebit mandate with the consumer's name and IBAN, the signature
// date and the engine's mandate reference (POST
// /v2/customers/{id}/mandates), then a recurring payment on that mandate
// (POST /v2/payments, sequenceType recurring, method directdebit): no
// checkout; Mollie reports it pending until the bank collects it, then paid
// or failed by webhook.
func (p *Provider) CreateDirectDebit(ctx context.Context, req billing.DirectDebitRequest) (billing.Payment, error) {
	customer, err := p.CreateCustomer(ctx, billing.CustomerRequest{TenantID: req.TenantID, Name: req.ConsumerName,
		Locale: req.Locale, Reference: req.Reference})
	if err != nil {
		return billing.Payment{}, err
	}
	body := createMandate{Method: "directdebit", ConsumerName: req.ConsumerName, ConsumerAccount: req.ConsumerAccount,
		MandateReference: req.MandateReference}
	if !req.SignatureDate.IsZero() {
		body.SignatureDate = req.SignatureDate.Format("2006-01-02")
	}
	var m mandate
	if err := p.call(ctx, http.MethodPost, "/customers/"+customer+"/mandates", nil, body, "", false, &m); err != nil {
		return billing.Payment{}, fmt.Errorf("mollie: create directdebit mandate: %w", err)
	}
	if !mandateIDPattern.MatchString(m.ID) {
		return billing.Payment{}, fmt.Errorf("mollie: create directdebit mandate: unreadable id %q: %w", m.ID, billing.ErrProviderUnavailable)
	}
	if m.Status != billing.MandateValid && m.Status != "pending" {
		return billing.Payment{}, fmt.Errorf("mollie: directdebit mandate %s is %s: %w", m.ID, m.Status, billing.ErrProviderRefused)
	}
	pay := req.PaymentRequest
	pay.Method = billing.MethodDirectDebit
	pay.SequenceType, pay.CustomerID, pay.MandateID = billing.SequenceRecurring, customer, m.ID
	return p.CreatePayment(ctx, pay)
}
