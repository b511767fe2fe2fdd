package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"rendezvous/engine/billing/internal/db"
	"rendezvous/engine/tenancy"
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
			break
		}
	}
	resumed, err := s.resumeOpenings(ctx)
	return asked + resumed, err
}

// Openings: a payment an order claimed (a repeat order's charge, a direct
// debit) whose request failed or died before it was recorded is asked for
// again, with the same idempotency key, once openingGrace has passed (more
// than a provider call may take, mollie.DefaultTimeout). After
// openingGiveUp, well within the hour Mollie keeps an idempotency key, the
// claim is given up: the order goes and the error log names the reference
// to look up at the provider.
const (
	openingGrace  = 2 * time.Minute
	openingGiveUp = 45 * time.Minute
)

// resumeOpenings asks the providers for the claimed payments past their
// grace, and answers how many.
func (s *Service) resumeOpenings(ctx context.Context) (int, error) {
	rows, err := db.New(s.pool).OrdersOpening(ctx, db.OrdersOpeningParams{Before: time.Now().Add(-openingGrace), MaxRows: reconcileBatch})
	if err != nil {
		return 0, fmt.Errorf("orders with a claimed payment: %w", err)
	}
	for _, o := range rows {
		t, err := s.tenants.ByID(ctx, o.TenantID)
		if err == nil {
			err = s.resumeOpening(ctx, t, o)
		}
		if err != nil {
			if ctx.Err() != nil {
				return len(rows), ctx.Err()
			}
			s.log.Warn("resume a claimed payment", "order", o.ID, "err", err)
		}
	}
	return len(rows), nil
}

// resumeOpening asks the provider again for the payment order o claimed.
func (s *Service) resumeOpening(ctx context.Context, t *tenancy.Tenant, o db.Order) error {
	if time.Since(o.CreatedAt) > openingGiveUp {
		s.log.Error("a claimed payment was never recorded: look its reference up at the provider", "tenant", t.Slug,
			"order", o.ID, "reference", o.OpeningID.String)
		return s.dropOpening(ctx, o.ID)
	}
	if !o.ClientID.Valid {
		return s.openDirectDebit(ctx, t, o, t.Settings.DomainLanguage)
	}
	set, err := SettingsOf(t)
	if err != nil {
		return err
	}
	return s.openRepeat(ctx, t, set, o, t.Settings.DomainLanguage)
}
