package mollie

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"

	"rendezvous/engine/billing"
)

var _ billing.Recurring = (*Provider)(nil)

// The forms of Mollie's customer and mandate ids (cst_8wmqcHMN4U,
// mdt_pWUnw6pkBN); ids of other forms are not sent to Mollie.
var (
	customerIDPattern = regexp.MustCompile(`^cst_[A-Za-z0-9]{1,64}$`)
	mandateIDPattern  = regexp.MustCompile(`^mdt_[A-Za-z0-9]{1,64}$`)
)

type createCustomer struct {
	Name     string            `json:"name,omitempty"`
	Locale   string            `json:"locale,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

type customer struct {
	ID string `json:"id"`
}

// CreateCustomer makes a customer (POST /v2/customers) to hold a member's
// mandates. Its name is the engine's, no e-mail is sent: Mollie needs
// neither for card mandates.
func (p *Provider) CreateCustomer(ctx context.Context, req billing.CustomerRequest) (string, error) {
	body := createCustomer{Name: req.Name}
	if localePattern.MatchString(req.Locale) {
		body.Locale = req.Locale
	}
	if req.Reference != "" {
		body.Metadata = map[string]string{"reference": req.Reference}
	}
	var out customer
	if err := p.call(ctx, http.MethodPost, "/customers", nil, body, "", false, &out); err != nil {
		return "", fmt.Errorf("mollie: create customer: %w", err)
	}
	if !customerIDPattern.MatchString(out.ID) {
		return "", fmt.Errorf("mollie: create customer: unreadable id %q: %w", out.ID, billing.ErrProviderUnavailable)
	}
	return out.ID, nil
}

// mandate is Mollie's mandate object, the fields the engine reads; a card
// mandate's details name the card's brand (cardLabel), its last four
// digits (cardNumber) and its expiry (cardExpiryDate).
type mandate struct {
	ID      string `json:"id"`
	Status  string `json:"status"`
	Method  string `json:"method"`
	Details struct {
		CardLabel      *string `json:"cardLabel"`
		CardNumber     *string `json:"cardNumber"`
		CardExpiryDate *string `json:"cardExpiryDate"`
	} `json:"details"`
}

var last4Pattern = regexp.MustCompile(`^[0-9]{4}$`)

// FetchMandate answers a customer's mandate (GET
// /v2/customers/{customerId}/mandates/{mandateId}); 404, or Mollie's 410
// for a revoked mandate, is billing.ErrMandateNotFound.
func (p *Provider) FetchMandate(ctx context.Context, customerID, mandateID string) (billing.Mandate, error) {
	if !customerIDPattern.MatchString(customerID) || !mandateIDPattern.MatchString(mandateID) {
		return billing.Mandate{}, fmt.Errorf("mollie: mandate %q of %q: %w", mandateID, customerID, billing.ErrMandateNotFound)
	}
	var out mandate
	err := p.call(ctx, http.MethodGet, "/customers/"+customerID+"/mandates/"+mandateID, nil, nil, "", false, &out)
	if err != nil {
		return billing.Mandate{}, fmt.Errorf("mollie: get mandate %s: %w", mandateID, gone(err))
	}
	if out.ID != mandateID {
		return billing.Mandate{}, fmt.Errorf("mollie: get mandate %s: unreadable id %q: %w", mandateID, out.ID, billing.ErrProviderUnavailable)
	}
	m := billing.Mandate{ID: out.ID, CustomerID: customerID, Status: out.Status, Method: out.Method}
	if out.Details.CardLabel != nil {
		m.CardLabel = *out.Details.CardLabel
	}
	if out.Details.CardNumber != nil && last4Pattern.MatchString(*out.Details.CardNumber) {
		m.CardLast4 = *out.Details.CardNumber
	}
	if out.Details.CardExpiryDate != nil {
		m.CardExpiry = *out.Details.CardExpiryDate
	}
	return m, nil
}

// RevokeMandate ends a mandate (DELETE
// /v2/customers/{customerId}/mandates/{mandateId}, 204); one unknown or
// revoked already is billing.ErrMandateNotFound.
func (p *Provider) RevokeMandate(ctx context.Context, customerID, mandateID string) error {
	if !customerIDPattern.MatchString(customerID) || !mandateIDPattern.MatchString(mandateID) {
		return fmt.Errorf("mollie: mandate %q of %q: %w", mandateID, customerID, billing.ErrMandateNotFound)
	}
	if err := p.call(ctx, http.MethodDelete, "/customers/"+customerID+"/mandates/"+mandateID, nil, nil, "", false, nil); err != nil {
		return fmt.Errorf("mollie: revoke mandate %s: %w", mandateID, gone(err))
	}
	return nil
}

// gone turns Mollie's 404 and 410 for a customer's mandate into
// billing.ErrMandateNotFound.
func gone(err error) error {
	var apiErr *APIError
	if errors.As(err, &apiErr) && (apiErr.Status == http.StatusNotFound || apiErr.Status == http.StatusGone) {
		apiErr.kind = billing.ErrMandateNotFound
	}
	return err
}
