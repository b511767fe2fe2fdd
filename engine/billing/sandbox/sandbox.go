package sandbox

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/billing"
	"rendezvous/engine/billing/sandbox/internal/db"
	"rendezvous/engine/platform/jobs"
)

// Expiry is how long a payment stays open, as at a real provider: fetched
// after that, an open or pending payment is expired.
const Expiry = 15 * time.Minute

// Provider is the sandbox payment provider.
type Provider struct {
	pool *pgxpool.Pool
	// jobs queues webhooks in the transaction that records an outcome.
	jobs *jobs.Client
	log  *slog.Logger
}

// New builds the sandbox provider.
func New(pool *pgxpool.Pool, inserter *jobs.Client, log *slog.Logger) *Provider {
	return &Provider{pool: pool, jobs: inserter, log: log}
}

// Name is the sandbox's name in tenant files and webhook URLs.
func (p *Provider) Name() string { return billing.ProviderSandbox }

var (
	_ billing.Recurring = (*Provider)(nil)
	_ billing.Canceller = (*Provider)(nil)
)

// CreatePayment opens a payment; its checkout page is on the tenant's host
// the payer returns to. A first payment (for a customer) leaves a mandate
// when paid; a recurring one is charged on its mandate at once, paid or
// declined as the mandate's test card says, with no checkout.
func (p *Provider) CreatePayment(ctx context.Context, req billing.PaymentRequest) (billing.Payment, error) {
	if req.Amount.Minor <= 0 || req.Amount.Currency == "" {
		return billing.Payment{}, fmt.Errorf("%w: amount %v", billing.ErrProviderRefused, req.Amount)
	}
	switch req.SequenceType {
	case "", billing.SequenceOneOff:
	case billing.SequenceFirst:
		if req.CustomerID == "" {
			return billing.Payment{}, fmt.Errorf("%w: a first payment needs a customer", billing.ErrProviderRefused)
		}
	case billing.SequenceRecurring:
		return p.charge(ctx, req)
	default:
		return billing.Payment{}, fmt.Errorf("%w: sequence type %q", billing.ErrProviderRefused, req.SequenceType)
	}
	back, err := url.Parse(req.RedirectURL)
	if err != nil || back.Host == "" {
		return billing.Payment{}, fmt.Errorf("%w: redirect URL %q", billing.ErrProviderRefused, req.RedirectURL)
	}
	id, err := newID("sb_")
	if err != nil {
		return billing.Payment{}, err
	}
	seq := billing.SequenceOneOff
	var customer pgtype.Text
	if req.SequenceType == billing.SequenceFirst {
		seq, customer = billing.SequenceFirst, pgtype.Text{String: req.CustomerID, Valid: true}
	}
	row, _, err := insertOnce(ctx, db.New(p.pool), db.SandboxPaymentInsertParams{
		ID: id, TenantID: req.TenantID, Amount: req.Amount.Minor, Currency: req.Amount.Currency, Method: req.Method,
		Description: req.Description, RedirectUrl: req.RedirectURL, WebhookUrl: req.WebhookURL, ExpiresAt: time.Now().Add(Expiry),
		Status: string(billing.StatusOpen), CustomerID: customer, SequenceType: seq, IdempotencyKey: idempotencyKey(req),
	})
	if isForeignKey(err) {
		return billing.Payment{}, fmt.Errorf("%w: no customer %s", billing.ErrProviderRefused, req.CustomerID)
	}
	if err != nil {
		return billing.Payment{}, fmt.Errorf("%w: record payment: %v", billing.ErrProviderUnavailable, err)
	}
	return payment(row, back.Scheme+"://"+back.Host), nil
}

// idempotencyKey is the key a request is made once under, as at Mollie:
// its own, else its reference.
func idempotencyKey(req billing.PaymentRequest) pgtype.Text {
	key := req.IdempotencyKey
	if key == "" {
		key = req.Reference
	}
	return pgtype.Text{String: key, Valid: key != ""}
}

// insertOnce records a payment once per idempotency key: a request
// repeated with the key answers the first one's payment (fresh false).
func insertOnce(ctx context.Context, q *db.Queries, params db.SandboxPaymentInsertParams) (row db.SandboxPayment, fresh bool, err error) {
	row, err = q.SandboxPaymentInsert(ctx, params)
	if errors.Is(err, pgx.ErrNoRows) {
		row, err = q.SandboxPaymentOfKey(ctx, db.SandboxPaymentOfKeyParams{TenantID: params.TenantID, IdempotencyKey: params.IdempotencyKey})
		return row, false, err
	}
	return row, err == nil, err
}

// FetchPayment answers a payment as the provider knows it.
func (p *Provider) FetchPayment(ctx context.Context, id string) (billing.Payment, error) {
	row, err := fetch(ctx, db.New(p.pool), id)
	if errors.Is(err, pgx.ErrNoRows) {
		return billing.Payment{}, billing.ErrPaymentNotFound
	}
	if err != nil {
		return billing.Payment{}, fmt.Errorf("%w: %v", billing.ErrProviderUnavailable, err)
	}
	origin := ""
	if back, err := url.Parse(row.RedirectUrl); err == nil {
		origin = back.Scheme + "://" + back.Host
	}
	return payment(row, origin), nil
}

// fetch reads a payment, expiring it first when its time is up.
func fetch(ctx context.Context, q *db.Queries, id string) (db.SandboxPayment, error) {
	row, err := q.SandboxPaymentGet(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return q.SandboxPaymentByID(ctx, id)
	}
	return row, err
}

// CancelPayment cancels an open payment, as Mollie does; a payment that
// is not open is refused.
func (p *Provider) CancelPayment(ctx context.Context, id string) (billing.Payment, error) {
	q := db.New(p.pool)
	row, err := q.SandboxPaymentCancel(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		if _, err := q.SandboxPaymentByID(ctx, id); errors.Is(err, pgx.ErrNoRows) {
			return billing.Payment{}, billing.ErrPaymentNotFound
		}
		return billing.Payment{}, fmt.Errorf("%w: payment %s is not open", billing.ErrProviderRefused, id)
	}
	if err != nil {
		return billing.Payment{}, fmt.Errorf("%w: %v", billing.ErrProviderUnavailable, err)
	}
	return payment(row, ""), nil
}

// CreateRefund pays back (part of) a paid payment.
func (p *Provider) CreateRefund(ctx context.Context, req billing.RefundRequest) (billing.Refund, error) {
	row, err := db.New(p.pool).SandboxPaymentRefund(ctx, db.SandboxPaymentRefundParams{ID: req.PaymentID, Amount: req.Amount.Minor})
	if errors.Is(err, pgx.ErrNoRows) {
		return billing.Refund{}, fmt.Errorf("%w: payment %s is not paid, unknown, or the refund is more than is left", billing.ErrProviderRefused, req.PaymentID)
	}
	if err != nil {
		return billing.Refund{}, fmt.Errorf("%w: %v", billing.ErrProviderUnavailable, err)
	}
	if row.Currency != req.Amount.Currency {
		return billing.Refund{}, fmt.Errorf("%w: refund in %s of a payment in %s", billing.ErrProviderRefused, req.Amount.Currency, row.Currency)
	}
	id, err := newID("sbr_")
	if err != nil {
		return billing.Refund{}, err
	}
	return billing.Refund{ID: id, Status: "refunded", Amount: req.Amount}, nil
}

// Methods are every method of billing.Methods: the sandbox takes them all.
func (p *Provider) Methods(context.Context, billing.Money) ([]string, error) {
	return billing.Methods, nil
}

// payment is a record as the provider interface answers it.
func payment(row db.SandboxPayment, origin string) billing.Payment {
	out := billing.Payment{
		ID: row.ID, Status: billing.Status(row.Status), Method: row.Method, ExpiresAt: row.ExpiresAt,
		Amount:   billing.Money{Minor: row.Amount, Currency: row.Currency},
		Refunded: billing.Money{Minor: row.Refunded, Currency: row.Currency},
	}
	if !out.Status.Settled() && row.SequenceType != billing.SequenceRecurring {
		out.CheckoutURL = origin + CheckoutPath + row.ID
	}
	if row.MandateID.Valid {
		out.MandateID, out.CustomerID = row.MandateID.String, row.CustomerID.String
	}
	return out
}

func newID(prefix string) (string, error) {
	b := make([]byte, 10)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("sandbox id: %w", err)
	}
	return prefix + strings.ToLower(base32.StdEncoding.EncodeToString(b)), nil
}
