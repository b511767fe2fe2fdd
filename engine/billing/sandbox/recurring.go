package sandbox

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/billing"
	"rendezvous/engine/billing/sandbox/internal/db"
)

// TestCard is a card the payer can keep on the sandbox checkout of a first
// payment. Like a real provider's test cards, the card decides what its
// later recurring charges do: a tester keeps the declining card to see a
// repeat order fail.
type TestCard struct {
	// Value is the form value of the checkout's card choice.
	Value    string
	Label    string
	Last4    string
	Declines bool
}

// TestCards are the sandbox's cards; the first is the checkout's default.
var TestCards = []TestCard{
	{Value: "4242", Label: "Visa", Last4: "4242"},
	{Value: "0341", Label: "Mastercard", Last4: "0341", Declines: true},
}

// testCard answers the card of a form value; empty is the default card.
func testCard(value string) (TestCard, bool) {
	if value == "" {
		return TestCards[0], true
	}
	for _, c := range TestCards {
		if c.Value == value {
			return c, true
		}
	}
	return TestCard{}, false
}

// CreateCustomer makes a customer to hold mandates.
func (p *Provider) CreateCustomer(ctx context.Context, req billing.CustomerRequest) (string, error) {
	id, err := newID("sbc_")
	if err != nil {
		return "", err
	}
	if err := db.New(p.pool).SandboxCustomerInsert(ctx, db.SandboxCustomerInsertParams{ID: id, TenantID: req.TenantID, Name: req.Name}); err != nil {
		return "", fmt.Errorf("%w: record customer: %v", billing.ErrProviderUnavailable, err)
	}
	return id, nil
}

// FetchMandate answers a customer's mandate; a revoked one is not found,
// as Mollie answers 410 for it.
func (p *Provider) FetchMandate(ctx context.Context, customerID, mandateID string) (billing.Mandate, error) {
	m, err := db.New(p.pool).SandboxMandateGet(ctx, db.SandboxMandateGetParams{ID: mandateID, CustomerID: customerID})
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && m.Status != billing.MandateValid) {
		return billing.Mandate{}, billing.ErrMandateNotFound
	}
	if err != nil {
		return billing.Mandate{}, fmt.Errorf("%w: %v", billing.ErrProviderUnavailable, err)
	}
	return billing.Mandate{ID: m.ID, CustomerID: m.CustomerID, Status: m.Status, Method: m.Method,
		CardLabel: m.CardLabel, CardLast4: m.CardNumber, CardExpiry: m.CardExpiry}, nil
}

// RevokeMandate ends a mandate: later recurring charges on it are refused.
func (p *Provider) RevokeMandate(ctx context.Context, customerID, mandateID string) error {
	n, err := db.New(p.pool).SandboxMandateRevoke(ctx, db.SandboxMandateRevokeParams{ID: mandateID, CustomerID: customerID})
	if err != nil {
		return fmt.Errorf("%w: %v", billing.ErrProviderUnavailable, err)
	}
	if n == 0 {
		return billing.ErrMandateNotFound
	}
	return nil
}

// charge is a recurring payment: settled at once on its mandate, paid or
// failed as the mandate's card says, with its webhook queued in the same
// transaction, as a real provider reports a recurring payment.
func (p *Provider) charge(ctx context.Context, req billing.PaymentRequest) (billing.Payment, error) {
	id, err := newID("sb_")
	if err != nil {
		return billing.Payment{}, err
	}
	var row db.SandboxPayment
	err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		m, err := q.SandboxMandateGet(ctx, db.SandboxMandateGetParams{ID: req.MandateID, CustomerID: req.CustomerID})
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && m.Status != billing.MandateValid) {
			return fmt.Errorf("%w: customer %s has no valid mandate %s", billing.ErrProviderRefused, req.CustomerID, req.MandateID)
		}
		if err != nil {
			return fmt.Errorf("%w: mandate: %v", billing.ErrProviderUnavailable, err)
		}
		status := billing.StatusPaid
		if m.Declines {
			status = billing.StatusFailed
		}
		var fresh bool
		row, fresh, err = insertOnce(ctx, q, db.SandboxPaymentInsertParams{
			ID: id, TenantID: req.TenantID, Amount: req.Amount.Minor, Currency: req.Amount.Currency, Method: m.Method,
			Description: req.Description, RedirectUrl: req.RedirectURL, WebhookUrl: req.WebhookURL, ExpiresAt: time.Now().Add(Expiry),
			Status: string(status), CustomerID: pgtype.Text{String: m.CustomerID, Valid: true}, SequenceType: billing.SequenceRecurring,
			MandateID: pgtype.Text{String: m.ID, Valid: true}, IdempotencyKey: idempotencyKey(req),
		})
		if err != nil {
			return fmt.Errorf("%w: record payment: %v", billing.ErrProviderUnavailable, err)
		}
		if !fresh {
			return nil // charged by the first request with this key
		}
		return p.queueWebhook(ctx, tx, row)
	})
	if err != nil {
		return billing.Payment{}, err
	}
	return payment(row, ""), nil
}

// keepCard records the mandate a paid first payment leaves on the card the
// payer chose, inside the transaction that settles it.
func keepCard(ctx context.Context, q *db.Queries, row db.SandboxPayment, card TestCard) error {
	id, err := newID("sbm_")
	if err != nil {
		return err
	}
	expiry := fmt.Sprintf("%d-12-31", time.Now().Year()+3)
	if err := q.SandboxMandateInsert(ctx, db.SandboxMandateInsertParams{ID: id, CustomerID: row.CustomerID.String, Method: "creditcard",
		CardLabel: card.Label, CardNumber: card.Last4, CardExpiry: expiry, Declines: card.Declines}); err != nil {
		return fmt.Errorf("mandate of sandbox payment %s: %w", row.ID, err)
	}
	if err := q.SandboxPaymentSetMandate(ctx, db.SandboxPaymentSetMandateParams{ID: row.ID, MandateID: pgtype.Text{String: id, Valid: true}}); err != nil {
		return fmt.Errorf("mandate of sandbox payment %s: %w", row.ID, err)
	}
	return nil
}

// isForeignKey reports a reference to a row that does not exist (an
// unknown customer).
func isForeignKey(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23503"
}
