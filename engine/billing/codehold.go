package billing

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/riverqueue/river"

	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/billing/internal/db"
)

// holdAttempts bounds how often holdCode looks again when the code's
// holder changed under it (parallel orders of one member).
const holdAttempts = 5

// holdCode lets order take its discount code inside tx, the transaction
// that records (or reopens) the order. A code another open order of the
// member holds (the member left its checkout without paying) is taken
// over: that order is cancelled in favour of this one and its payments
// are cancelled at the provider by a job queued here, so a hesitation
// never costs the member the discount. A code spent by a paid order, or
// held by one whose payment is under way, is discounts.ErrUsed.
//
// The older order is locked before the code's row, the order every
// settlement takes them in, so a takeover and that order's payment
// turning paid wait for each other instead of deadlocking; whichever comes
// second sees the other's outcome (a paid order's code is used; a
// payment of a cancelled, superseded order is refunded).
func (s *Service) holdCode(ctx context.Context, tx pgx.Tx, codeID, memberID, orderID int64) error {
	q := db.New(tx)
	for range holdAttempts {
		h, err := discounts.Holder(ctx, tx, codeID, memberID)
		if errors.Is(err, discounts.ErrNotHeld) {
			err = discounts.Hold(ctx, tx, codeID, memberID, orderID)
			if errors.Is(err, discounts.ErrUsed) {
				continue // another order took it meanwhile: look again
			}
			return err
		}
		if err != nil {
			return err
		}
		if h.OrderID == orderID && !h.Used {
			return nil // the order holds it already
		}
		if h.Used || !h.Open {
			return discounts.ErrUsed
		}
		if _, err := q.OrderLock(ctx, h.OrderID); err != nil {
			return fmt.Errorf("lock order %d holding code %d: %w", h.OrderID, codeID, err)
		}
		again, err := discounts.Holder(ctx, tx, codeID, memberID)
		if err != nil && !errors.Is(err, discounts.ErrNotHeld) {
			return err
		}
		if err != nil || again != h {
			continue
		}
		moved, err := discounts.TakeOver(ctx, tx, codeID, memberID, h.OrderID, orderID)
		if err != nil {
			return err
		}
		if !moved {
			continue
		}
		return s.supersede(ctx, tx, h.OrderID, orderID)
	}
	return discounts.ErrUsed
}

// supersede cancels the open order old in favour of by, inside tx, and
// queues the cancellation of its payments at the provider.
func (s *Service) supersede(ctx context.Context, tx pgx.Tx, old, by int64) error {
	n, err := db.New(tx).OrderSupersede(ctx, db.OrderSupersedeParams{ID: old, By: pgtype.Int8{Int64: by, Valid: true}})
	if err != nil {
		return fmt.Errorf("cancel order %d for order %d: %w", old, by, err)
	}
	if n == 0 {
		return fmt.Errorf("cancel order %d for order %d: it no longer waits", old, by)
	}
	if s.jobs == nil {
		return fmt.Errorf("cancel the payments of order %d: this billing service has no job inserter", old)
	}
	if _, err := s.jobs.InsertTx(ctx, tx, CancelPaymentsArgs{OrderID: old}, nil); err != nil {
		return fmt.Errorf("queue the cancellation of the payments of order %d: %w", old, err)
	}
	return nil
}

// CancelPaymentsArgs is the job that cancels, at their provider, the
// unsettled payments of an order the engine cancelled (another order took
// its discount code over): the payer can no longer pay them. Queued in the
// transaction that cancels the order, it asks the provider outside it;
// River retries it while the provider cannot be reached.
type CancelPaymentsArgs struct {
	OrderID int64 `json:"order_id"`
}

// Kind names the job in River.
func (CancelPaymentsArgs) Kind() string { return "billing_cancel_payments" }

// InsertOpts make the job unique per order.
func (CancelPaymentsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// CancelPaymentsWorker works the cancel job.
type CancelPaymentsWorker struct {
	river.WorkerDefaults[CancelPaymentsArgs]
	Billing *Service
}

// Work cancels the order's payments.
func (w *CancelPaymentsWorker) Work(ctx context.Context, job *river.Job[CancelPaymentsArgs]) error {
	return w.Billing.CancelPayments(ctx, job.Args.OrderID)
}

// CancelPayments cancels the unsettled payments of a cancelled order at
// their provider and records what the provider answers. A provider that
// cannot cancel (no Canceller, a method it will not cancel, a payment
// under way) leaves the payment to run out; should it be paid all the
// same, settling refunds it.
func (s *Service) CancelPayments(ctx context.Context, orderID int64) error {
	rows, err := db.New(s.pool).PaymentsToCancel(ctx, orderID)
	if err != nil {
		return fmt.Errorf("payments of order %d to cancel: %w", orderID, err)
	}
	for _, row := range rows {
		t, err := s.tenants.ByID(ctx, row.TenantID)
		if err != nil {
			return fmt.Errorf("tenant %d of order %d: %w", row.TenantID, orderID, err)
		}
		set, err := SettingsOf(t)
		if err != nil {
			return err
		}
		prov, err := s.provider(row.Provider, set)
		if err != nil {
			return err
		}
		c, ok := prov.(Canceller)
		if !ok {
			continue
		}
		p, err := c.CancelPayment(ctx, row.ProviderPaymentID)
		switch {
		case errors.Is(err, ErrProviderRefused), errors.Is(err, ErrPaymentNotFound):
			s.log.Info("the provider did not cancel a payment of a cancelled order", "order", orderID, "payment", row.ID, "err", err)
			continue
		case err != nil:
			return fmt.Errorf("cancel payment %d of order %d: %w", row.ID, orderID, err)
		}
		if err := s.settle(ctx, row.ID, p, nil); err != nil {
			return err
		}
	}
	return nil
}
