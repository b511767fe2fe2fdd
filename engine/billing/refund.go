package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/billing/internal/db"
	"rendezvous/engine/credits"
	"rendezvous/engine/platform/refusal"
)

// Refusals of a refund.
var (
	ErrOrderNotCompleted = refusal.New(refusal.Conflict, "order_not_completed", "Only a completed order can be refunded.")
	ErrOrderRefunded     = refusal.New(refusal.Conflict, "order_refunded", "This order has been refunded already.")
	ErrRefundWindowOver  = refusal.New(refusal.Conflict, "refund_window_over",
		"This order was completed more than {refund_days} days ago and can no longer be refunded.")
	ErrRefundRefused = refusal.New(refusal.Conflict, "refund_refused", "The payment provider refused the refund: {detail}")
)

// RefundResult is a refund made.
type RefundResult struct {
	OrderID int64 `json:"order_id"`
	// ProviderRefundID is the provider's id of the refund; empty when an
	// earlier attempt made the refund at the provider and this one only
	// booked it.
	ProviderRefundID string `json:"provider_refund_id"`
	Amount           Money  `json:"amount"`
	// CreditsTaken is what the ledger took back; CreditsSpent is the rest of
	// the order's credits, already spent (balances never go below zero).
	CreditsTaken int64 `json:"credits_taken"`
	CreditsSpent int64 `json:"credits_spent"`
}

// Refund pays a completed order back in full at its provider and takes its
// credits back, at an operator's request (requestedBy: their e-mail, or
// "cli"). Only within the tenant's refund_days from completion
// (ErrRefundWindowOver; refund_days 0 allows none), and once
// (ErrOrderRefunded). The member stays premium: premium follows any
// purchase, refunded or not.
//
// No database connection is held while the provider is asked: a short
// read checks the order; then the provider is asked for its record of the
// payment and, unless it refunded the payment already, for the refund, with
// an idempotency key of the order (two refunds of one order running at once
// make one refund there; a provider without such keys refuses to refund
// more than was paid, and the refused one finds the payment refunded); its
// refusal changes nothing (ErrRefundRefused). Then one short
// transaction holding the order's lock books it: the credits taken back
// through the ledger (never below zero; the rest is recorded as spent), the
// refund recorded, the order refunded; a parallel refund that booked it
// first leaves ErrOrderRefunded. Should the booking fail after the provider
// refunded (a crash, a lost connection), the refund can simply be run
// again: the provider's record of the payment (its refunded amount,
// FetchPayment) tells that the money went back already, so the retry books
// the refund without refunding twice, whatever the window.
func (s *Service) Refund(ctx context.Context, orderID int64, requestedBy, reason string) (RefundResult, error) {
	q := db.New(s.pool)
	o, err := q.OrderByID(ctx, orderID)
	if errors.Is(err, pgx.ErrNoRows) {
		return RefundResult{}, errOrderNotFound
	}
	if err != nil {
		return RefundResult{}, fmt.Errorf("order %d: %w", orderID, err)
	}
	if err := refundable(o.Status); err != nil {
		return RefundResult{}, err
	}
	t, err := s.tenants.ByID(ctx, o.TenantID)
	if err != nil {
		return RefundResult{}, fmt.Errorf("tenant of order %d: %w", orderID, err)
	}
	paid, err := q.RefundPaidPayment(ctx, orderID)
	if err != nil {
		return RefundResult{}, fmt.Errorf("paid payment of order %d: %w", orderID, err)
	}
	set, err := SettingsOf(t)
	if err != nil {
		return RefundResult{}, fmt.Errorf("billing settings of tenant %s: %w", t.Slug, err)
	}
	p, err := s.provider(paid.Provider, set)
	if err != nil {
		return RefundResult{}, fmt.Errorf("%w (%v)", errUnavailable, err)
	}
	amount := Money{Minor: o.Amount, Currency: o.Currency}
	res := RefundResult{OrderID: orderID, Amount: amount}
	at, err := p.FetchPayment(ctx, paid.ProviderPaymentID)
	if err != nil {
		return RefundResult{}, providerError(err)
	}
	// A payment the provider refunded already was refunded by an earlier
	// attempt whose booking failed: book it now, whatever the window.
	if at.Refunded.Minor < amount.Minor {
		days := t.Settings.RefundDays
		if !o.CompletedAt.Valid || time.Since(o.CompletedAt.Time) > time.Duration(days)*24*time.Hour {
			return RefundResult{}, ErrRefundWindowOver.With(map[string]any{"refund_days": days})
		}
		r, err := p.CreateRefund(ctx, RefundRequest{
			PaymentID: paid.ProviderPaymentID, Amount: amount, Description: fmt.Sprintf("Refund of order %d", orderID),
			IdempotencyKey: fmt.Sprintf("refund:order:%d", orderID),
		})
		if errors.Is(err, ErrProviderRefused) && s.refundedAlready(ctx, p, paid.ProviderPaymentID, amount) {
			// A refund of the order running at the same time refunded it
			// first: booked below once, by whichever gets there first.
			err = nil
		}
		if err != nil {
			return RefundResult{}, providerError(err)
		}
		res.ProviderRefundID = r.ID
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		o, err := q.OrderLock(ctx, orderID)
		if err != nil {
			return fmt.Errorf("lock order %d: %w", orderID, err)
		}
		if err := refundable(o.Status); err != nil {
			return err
		}
		reference := fmt.Sprintf("refund:order:%d", orderID)
		res.CreditsTaken, err = credits.TakeBack(ctx, tx, o.MemberID, o.Credits, reference, fmt.Sprintf("refund of order %d", orderID))
		if err != nil {
			return fmt.Errorf("take back the credits of order %d: %w", orderID, err)
		}
		res.CreditsSpent = o.Credits - res.CreditsTaken
		if _, err := q.RefundInsert(ctx, db.RefundInsertParams{
			OrderID: orderID, ProviderRefundID: res.ProviderRefundID, Amount: o.Amount,
			CreditsTaken: res.CreditsTaken, CreditsSpent: res.CreditsSpent, RequestedBy: requestedBy, Reason: reason,
		}); err != nil {
			return fmt.Errorf("record refund of order %d: %w", orderID, err)
		}
		if err := q.OrderSetStatus(ctx, db.OrderSetStatusParams{ID: orderID, Status: OrderRefunded}); err != nil {
			return fmt.Errorf("order %d refunded: %w", orderID, err)
		}
		return nil
	})
	if err != nil {
		return RefundResult{}, err
	}
	return res, nil
}

// refundedAlready says whether the provider reports the payment refunded
// by amount or more.
func (s *Service) refundedAlready(ctx context.Context, p Provider, providerPaymentID string, amount Money) bool {
	at, err := p.FetchPayment(ctx, providerPaymentID)
	return err == nil && at.Refunded.Minor >= amount.Minor
}

// refundable says whether an order in status may be refunded.
func refundable(status string) error {
	switch status {
	case OrderRefunded:
		return ErrOrderRefunded
	case OrderCompleted:
		return nil
	}
	return ErrOrderNotCompleted
}

// providerError turns a provider's failure into the refusal an operator
// sees: its refusal with its detail, or payments_unavailable.
func providerError(err error) error {
	switch {
	case errors.Is(err, ErrProviderRefused), errors.Is(err, ErrPaymentNotFound):
		return ErrRefundRefused.With(map[string]any{"detail": err.Error()})
	case errors.Is(err, ErrProviderUnavailable):
		return fmt.Errorf("%w (%v)", errUnavailable, err)
	}
	return err
}
