package sandbox

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/billing"
	"rendezvous/engine/billing/sandbox/internal/db"
)

var _ billing.DirectDebiter = (*Provider)(nil)

// CreateDirectDebit collects a SEPA direct debit the way a bank that
// never refuses would: the payment is recorded paid at once (no checkout
// page; no money moves) and its webhook queued, as a real provider calls
// back when a direct debit is collected. The account itself is not kept.
func (p *Provider) CreateDirectDebit(ctx context.Context, req billing.DirectDebitRequest) (billing.Payment, error) {
	if req.Amount.Minor <= 0 || req.Amount.Currency != "EUR" {
		return billing.Payment{}, fmt.Errorf("%w: a direct debit of %v", billing.ErrProviderRefused, req.Amount)
	}
	if req.ConsumerName == "" || req.ConsumerAccount == "" {
		return billing.Payment{}, fmt.Errorf("%w: a direct debit needs the consumer's name and account", billing.ErrProviderRefused)
	}
	back, err := url.Parse(req.RedirectURL)
	if err != nil || back.Host == "" {
		return billing.Payment{}, fmt.Errorf("%w: redirect URL %q", billing.ErrProviderRefused, req.RedirectURL)
	}
	id, err := newID("sb_")
	if err != nil {
		return billing.Payment{}, err
	}
	var row db.SandboxPayment
	err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var (
			fresh bool
			err   error
		)
		row, fresh, err = insertOnce(ctx, q, db.SandboxPaymentInsertParams{
			ID: id, TenantID: req.TenantID, Amount: req.Amount.Minor, Currency: req.Amount.Currency, Method: billing.MethodDirectDebit,
			Description: req.Description, RedirectUrl: req.RedirectURL, WebhookUrl: req.WebhookURL, ExpiresAt: time.Now().Add(Expiry),
			Status: string(billing.StatusOpen), SequenceType: billing.SequenceOneOff, IdempotencyKey: idempotencyKey(req.PaymentRequest),
		})
		if err != nil || !fresh {
			return err // !fresh: debited by the first request with this key
		}
		row, err = q.SandboxPaymentSettle(ctx, db.SandboxPaymentSettleParams{ID: id, TenantID: req.TenantID, Status: string(billing.StatusPaid)})
		if err != nil {
			return err
		}
		if p.jobs == nil {
			return nil
		}
		_, err = p.jobs.InsertTx(ctx, tx, WebhookArgs{PaymentID: id, URL: req.WebhookURL}, nil)
		return err
	})
	if err != nil {
		return billing.Payment{}, fmt.Errorf("%w: record direct debit: %v", billing.ErrProviderUnavailable, err)
	}
	return payment(row, back.Scheme+"://"+back.Host), nil
}
