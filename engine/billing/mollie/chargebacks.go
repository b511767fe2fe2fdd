package mollie

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"rendezvous/engine/billing"
)

var _ billing.ChargebackLister = (*Provider)(nil)

// chargebackIDPattern is the form of Mollie's chargeback ids (chb_n9z0tp).
var chargebackIDPattern = regexp.MustCompile(`^chb_[A-Za-z0-9]{1,64}$`)

// chargebackList is Mollie's list of a payment's chargebacks, the fields
// the engine reads.
type chargebackList struct {
	Embedded struct {
		Chargebacks []struct {
			ID     string `json:"id"`
			Amount amount `json:"amount"`
			Reason *struct {
				Code        string `json:"code"`
				Description string `json:"description"`
			} `json:"reason"`
			ReversedAt *string `json:"reversedAt"`
		} `json:"chargebacks"`
	} `json:"_embedded"`
}

// Chargebacks lists a payment's chargebacks (GET
// /v2/payments/{id}/chargebacks), leaving out those Mollie reports
// reversed (the bank gave the money back).
func (p *Provider) Chargebacks(ctx context.Context, paymentID string) ([]billing.Chargeback, error) {
	if !paymentIDPattern.MatchString(paymentID) {
		return nil, fmt.Errorf("mollie: payment id %q: %w", paymentID, billing.ErrPaymentNotFound)
	}
	var out chargebackList
	if err := p.call(ctx, http.MethodGet, "/payments/"+paymentID+"/chargebacks", nil, nil, "", true, &out); err != nil {
		return nil, fmt.Errorf("mollie: chargebacks of payment %s: %w", paymentID, err)
	}
	var list []billing.Chargeback
	for _, c := range out.Embedded.Chargebacks {
		if c.ReversedAt != nil {
			continue
		}
		m, err := c.Amount.money()
		if err != nil || !chargebackIDPattern.MatchString(c.ID) {
			return nil, fmt.Errorf("mollie: chargebacks of payment %s: unreadable chargeback %q (%v): %w", paymentID, c.ID, err, billing.ErrProviderUnavailable)
		}
		cb := billing.Chargeback{ID: c.ID, Amount: m}
		if c.Reason != nil {
			cb.Reason = strings.TrimSpace(c.Reason.Code + " " + c.Reason.Description)
		}
		list = append(list, cb)
	}
	return list, nil
}
