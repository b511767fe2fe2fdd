package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"rendezvous/engine/billing/internal/db"
)

// ReconcileInterval is how often the reconciliation job looks for payments
// due to be asked about again.
const ReconcileInterval = time.Minute

// reconcileBatch bounds the payments one round claims at a time.
const reconcileBatch = 50

// ReconcileArgs is the periodic reconciliation job.
type ReconcileArgs struct{}

// Kind names the job in River.
func (ReconcileArgs) Kind() string { return "billing_reconcile" }

// PeriodicReconcile schedules reconciliation every ReconcileInterval.
func PeriodicReconcile() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(ReconcileInterval),
		func() (river.JobArgs, *river.InsertOpts) { return ReconcileArgs{}, nil },
		&river.PeriodicJobOpts{ID: "billing_reconcile"})
}

// ReconcileWorker works the reconciliation job.
type ReconcileWorker struct {
	river.WorkerDefaults[ReconcileArgs]
	Billing *Service
}

// Work reconciles what is due.
func (w *ReconcileWorker) Work(ctx context.Context, _ *river.Job[ReconcileArgs]) error {
	_, err := w.Billing.Reconcile(ctx)
	return err
}

// Reconcile asks the providers again about the unsettled payments that are
// due and moves their orders, so a lost webhook loses no money: each
// payment is claimed by one instance (and pushed to its next check, further
// each time, up to maxBackoff) before its provider is asked. A provider
// that cannot answer is asked again at the next check. It answers how many
// payments it asked about.
func (s *Service) Reconcile(ctx context.Context) (int, error) {
	asked := 0
	for {
		due, err := db.New(s.pool).PaymentsDue(ctx, db.PaymentsDueParams{
			FirstBackoffSecs: int32(checkBackoff / time.Second), MaxBackoffSecs: int32(maxBackoff / time.Second), MaxRows: reconcileBatch})
		if err != nil {
			return asked, fmt.Errorf("claim payments to reconcile: %w", err)
		}
		for _, p := range due {
			asked++
			t, err := s.tenants.ByID(ctx, p.TenantID)
			if err == nil {
				err = s.sync(ctx, t, p.ID, p.Provider, p.ProviderPaymentID)
			}
			if err != nil {
				if ctx.Err() != nil {
					return asked, ctx.Err()
				}
				s.log.Warn("reconcile payment", "payment", p.ID, "provider", p.Provider, "err", err)
			}
		}
		if len(due) < reconcileBatch {
			return asked, nil
		}
	}
}
