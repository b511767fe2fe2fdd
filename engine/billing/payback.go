package billing

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"rendezvous/engine/billing/internal/db"
)

// RefundPaymentArgs is the job that pays back a payment the engine must not
// keep: a second payment of an order paid already (the member paid twice,
// an old bank transfer settling after a retry was paid), or a payment of
// another amount than its order's. It is queued in the transaction that
// learns the payment is paid and asks the provider outside it; River
// retries it while the provider cannot be reached.
type RefundPaymentArgs struct {
	PaymentID int64 `json:"payment_id"`
}

// Kind names the job in River.
func (RefundPaymentArgs) Kind() string { return "billing_refund_payment" }

// InsertOpts make the job unique per payment: however often its webhook
// comes, a payment is refunded by one job.
func (RefundPaymentArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// RefundWorker works the refund job.
type RefundWorker struct {
	river.WorkerDefaults[RefundPaymentArgs]
	Billing *Service
}

// Work refunds the payment.
func (w *RefundWorker) Work(ctx context.Context, job *river.Job[RefundPaymentArgs]) error {
	return w.Billing.RefundPayment(ctx, job.Args.PaymentID)
}

// queueRefund queues the refund of a payment inside tx, the transaction
// that recorded it paid.
func (s *Service) queueRefund(ctx context.Context, tx pgx.Tx, paymentID int64) error {
	if s.jobs == nil {
		return fmt.Errorf("queue refund of payment %d: this billing service has no job inserter", paymentID)
	}
	if _, err := s.jobs.InsertTx(ctx, tx, RefundPaymentArgs{PaymentID: paymentID}, nil); err != nil {
		return fmt.Errorf("queue refund of payment %d: %w", paymentID, err)
	}
	return nil
}

// RefundPayment pays back at its provider what is left of a paid payment
// the engine does not keep. It asks the provider first, so a retry after a
// refund that went through (but whose job did not finish) refunds nothing
// more. A refusal by the provider is logged for the operator and not
// retried; an unreachable provider is retried by River.
func (s *Service) RefundPayment(ctx context.Context, paymentID int64) error {
	row, err := db.New(s.pool).PaymentToRefund(ctx, paymentID)
	if errors.Is(err, pgx.ErrNoRows) {
		return river.JobCancel(fmt.Errorf("refund of payment %d: no such payment", paymentID))
	}
	if err != nil {
		return fmt.Errorf("payment %d to refund: %w", paymentID, err)
	}
	t, err := s.tenants.ByID(ctx, row.TenantID)
	if err != nil {
		return fmt.Errorf("tenant %d of payment %d: %w", row.TenantID, paymentID, err)
	}
	set, err := SettingsOf(t)
	if err != nil {
		return err
	}
	prov, err := s.provider(row.Provider, set)
	if err != nil {
		return err
	}
	p, err := prov.FetchPayment(ctx, row.ProviderPaymentID)
	if err != nil {
		return fmt.Errorf("fetch payment %s %s to refund: %w", row.Provider, row.ProviderPaymentID, err)
	}
	left := p.Amount.Minor - p.Refunded.Minor
	if p.Status != StatusPaid || left <= 0 {
		s.log.Info("nothing left to refund of a payment", "tenant", t.Slug, "order", row.OrderID, "payment", paymentID,
			"status", p.Status, "refunded", p.Refunded)
		return nil
	}
	amount := Money{Minor: left, Currency: p.Amount.Currency}
	r, err := prov.CreateRefund(ctx, RefundRequest{PaymentID: row.ProviderPaymentID, Amount: amount,
		Description: fmt.Sprintf("Order %d was paid already", row.OrderID)})
	if errors.Is(err, ErrProviderRefused) {
		s.log.Error("the provider refused to refund a payment the engine does not keep: refund it by hand", "tenant", t.Slug,
			"order", row.OrderID, "payment", paymentID, "provider", row.Provider, "id", row.ProviderPaymentID, "err", err)
		return river.JobCancel(err)
	}
	if err != nil {
		return fmt.Errorf("refund payment %s %s: %w", row.Provider, row.ProviderPaymentID, err)
	}
	s.log.Warn("refunded a payment the engine does not keep", "tenant", t.Slug, "order", row.OrderID, "payment", paymentID,
		"provider", row.Provider, "id", row.ProviderPaymentID, "refund", r.ID, "amount", amount)
	return nil
}
