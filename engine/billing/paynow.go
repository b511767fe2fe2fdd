package billing

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/billing/internal/db"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// errOrderNotPending refuses Pay now for an order that no longer waits:
// failed, cancelled or expired orders are paid again with a retry
// (orders.php with order_id), paid ones not at all (order_settled).
var errOrderNotPending = refusal.New(refusal.Conflict, "order_not_pending", "This order is no longer waiting for its payment.")

// PayNow is a new payment for a member's order that still waits (the
// member left the checkout without paying), with the method of its newest
// payment, as a retry makes one for a failed order; the order keeps its
// discount code and its price. clientID is the click's key: the provider
// is asked with a key made of it, so a repeated request with the same key
// (a double click, a retry of the call) answers the same new payment.
func (s *Service) PayNow(ctx context.Context, t *tenancy.Tenant, memberID int64, base, locale string, req PayNowRequest) (Checkout, error) {
	if !validClientID(req.ClientID) {
		return Checkout{}, errClientIDInvalid
	}
	orderID := req.OrderID
	set, err := SettingsOf(t)
	if err != nil {
		return Checkout{}, err
	}
	key := db.OrderOfMemberParams{ID: orderID, MemberID: memberID, TenantID: t.ID}
	q := db.New(s.pool)
	o, err := q.OrderOfMember(ctx, key)
	if errors.Is(err, pgx.ErrNoRows) {
		return Checkout{}, errOrderNotFound
	}
	if err != nil {
		return Checkout{}, fmt.Errorf("order %d: %w", orderID, err)
	}
	if err := payableNow(o.Status); err != nil {
		return Checkout{}, err
	}
	newest, err := q.PaymentNewest(ctx, o.ID)
	if errors.Is(err, pgx.ErrNoRows) {
		// A claimed payment not recorded yet (direct debit, repeat order):
		// its own flow finishes it.
		return Checkout{}, errOrderPending
	}
	if err != nil {
		return Checkout{}, fmt.Errorf("newest payment of order %d: %w", o.ID, err)
	}
	c, ok := set.Countries[o.Country]
	if !ok || c.Currency != o.Currency {
		return Checkout{}, errCountryInvalid
	}
	// A direct debit or a charge on a kept card is under way without the
	// member: nothing to pay at a checkout.
	if newest.Method == MethodDirectDebit || newest.SequenceType == SequenceRecurring {
		return Checkout{}, errOrderPending
	}
	if !slices.Contains(c.Methods, newest.Method) {
		return Checkout{}, errMethodInvalid
	}
	pay, err := s.createPayment(ctx, t, set, base, locale, paymentSpec{packageID: o.PackageID, credits: o.Credits, method: newest.Method,
		amount: Money{Minor: o.Amount, Currency: o.Currency}, idempotencyKey: payNowKey(t.ID, o.ID, req.ClientID), publicID: payNowPublicID(t.ID, o.ID, req.ClientID)})
	if err != nil {
		return Checkout{}, err
	}
	var out Checkout
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		o, err := q.OrderLockOfMember(ctx, db.OrderLockOfMemberParams(key))
		if err != nil {
			return fmt.Errorf("lock order %d: %w", orderID, err)
		}
		if err := payableNow(o.Status); err != nil {
			return err
		}
		// A repeated request got the first one's payment from the
		// provider: it answers the payment recorded.
		known, err := q.PaymentOfOrderAt(ctx, db.PaymentOfOrderAtParams{OrderID: o.ID, Provider: pay.provider, ProviderPaymentID: pay.ID})
		if err == nil {
			out = Checkout{OrderID: o.ID, PaymentID: known.PublicID, RedirectURL: known.CheckoutUrl}
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("payment %s of order %d: %w", pay.ID, o.ID, err)
		}
		if _, err := pay.insert(ctx, q, o.ID, newest.Method); err != nil {
			return err
		}
		out = Checkout{OrderID: o.ID, PaymentID: pay.publicID, RedirectURL: pay.CheckoutURL}
		return nil
	})
	if err != nil {
		return Checkout{}, err
	}
	return out, nil
}

// payNowKey is the provider's idempotency key of a Pay now click: the
// same click on the same order of the tenant, the same payment.
func payNowKey(tenantID, orderID int64, clientID string) string {
	key := sha256.Sum256(fmt.Appendf(nil, "paynow:%d:%d:%s", tenantID, orderID, clientID))
	return hex.EncodeToString(key[:])
}

// payNowPublicID is the public id of a Pay now click's payment, the same
// for a repeated request, so the provider's return address (made by the
// first request) names the payment whichever request records it. The
// click's key is the member's own random text: nobody else can guess it.
func payNowPublicID(tenantID, orderID int64, clientID string) string {
	key := sha256.Sum256(fmt.Appendf(nil, "paynow-id:%d:%d:%s", tenantID, orderID, clientID))
	return "pay_" + strings.ToLower(base32.StdEncoding.EncodeToString(key[:15]))
}

// payableNow says whether an order in status may be paid with Pay now.
func payableNow(status string) error {
	switch status {
	case OrderPending:
		return nil
	case OrderCompleted, OrderRefunded:
		return errOrderSettled
	default:
		return errOrderNotPending
	}
}
