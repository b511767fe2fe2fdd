package billing

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/billing/internal/db"
	"rendezvous/engine/credits"
)

// Chargebacks: a paid payment the payer's bank or card issuer took back
// keeps nothing it bought. When the provider reports an amount charged back
// (on the webhook it calls for it), settle records the chargeback once per
// payment, takes the order's credits back through the ledger (never below
// zero: what the member spent already is recorded as the open amount),
// marks the order refunded (the money went back, and no refund can pay it
// back a second time) and blocks the member from direct debit, as an
// operator's dd-block would. A repeated webhook finds it recorded and
// changes nothing.

// chargebacksOf asks a provider that lists chargebacks for a payment's
// (their ids and reasons, for the operators), unless the chargeback is
// recorded already.
func (s *Service) chargebacksOf(ctx context.Context, prov Provider, paymentID int64, providerID string) ([]Chargeback, error) {
	lister, ok := prov.(ChargebackLister)
	if !ok {
		return nil, nil
	}
	known, err := db.New(s.pool).ChargebackKnown(ctx, paymentID)
	if err != nil {
		return nil, fmt.Errorf("chargeback of payment %d: %w", paymentID, err)
	}
	if known {
		return nil, nil
	}
	list, err := lister.Chargebacks(ctx, providerID)
	if err != nil {
		return nil, fmt.Errorf("chargebacks of payment %s %s: %w", prov.Name(), providerID, err)
	}
	return list, nil
}

// chargeBack records the chargeback of payment p inside settle's
// transaction tx, which holds order o's lock.
func (s *Service) chargeBack(ctx context.Context, tx pgx.Tx, o db.Order, paymentID int64, p Payment) error {
	q := db.New(tx)
	known, err := q.ChargebackKnown(ctx, paymentID)
	if err != nil {
		return fmt.Errorf("chargeback of payment %d: %w", paymentID, err)
	}
	if known {
		return nil
	}
	var taken, open int64
	switch o.Status {
	case OrderCompleted:
		paid, err := q.RefundPaidPayment(ctx, o.ID)
		if err != nil {
			return fmt.Errorf("paid payment of order %d: %w", o.ID, err)
		}
		// Only the payment that paid the order bought its credits.
		if paid.ID == paymentID {
			taken, err = credits.TakeBack(ctx, tx, o.MemberID, o.Credits, fmt.Sprintf("chargeback:order:%d", o.ID), fmt.Sprintf("chargeback of order %d", o.ID))
			if err != nil && !errors.Is(err, credits.ErrAlreadyBooked) {
				return fmt.Errorf("take back the credits of order %d: %w", o.ID, err)
			}
			open = o.Credits - taken
			if err := q.OrderSetStatus(ctx, db.OrderSetStatusParams{ID: o.ID, Status: OrderRefunded}); err != nil {
				return fmt.Errorf("order %d charged back: %w", o.ID, err)
			}
		}
	case OrderPending:
		// Taken back before the engine heard it was paid: nothing booked.
		if err := q.OrderSetStatus(ctx, db.OrderSetStatusParams{ID: o.ID, Status: OrderFailed}); err != nil {
			return fmt.Errorf("order %d charged back: %w", o.ID, err)
		}
		if err := discounts.Release(ctx, tx, o.ID); err != nil {
			return err
		}
	}
	var ids, reasons []string
	for _, c := range p.Chargebacks {
		ids, reasons = append(ids, c.ID), append(reasons, c.Reason)
	}
	if _, err := q.ChargebackInsert(ctx, db.ChargebackInsertParams{OrderID: o.ID, PaymentID: paymentID,
		ProviderChargebackID: strings.Join(ids, ", "), Reason: strings.Join(reasons, "; "),
		Amount: p.ChargedBack.Minor, Currency: p.ChargedBack.Currency, CreditsTaken: taken, CreditsOpen: open}); err != nil {
		return fmt.Errorf("record chargeback of payment %d: %w", paymentID, err)
	}
	if err := q.DirectDebitBlockAuto(ctx, db.DirectDebitBlockAutoParams{MemberID: o.MemberID, Reason: fmt.Sprintf("chargeback of order %d", o.ID)}); err != nil {
		return fmt.Errorf("block member %d from direct debit: %w", o.MemberID, err)
	}
	s.log.Warn("a payment was charged back", "order", o.ID, "payment", paymentID, "member", o.MemberID,
		"amount", p.ChargedBack, "credits_taken", taken, "credits_open", open)
	return nil
}
