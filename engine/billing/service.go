package billing

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/affiliates"
	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/billing/internal/db"
	"rendezvous/engine/credits"
	"rendezvous/engine/delivery"
	"rendezvous/engine/limits"
	"rendezvous/engine/platform/jobs"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// Opener gives the provider of a tenant's billing section (a Mollie client
// with the tenant's API key, the embedded sandbox).
type Opener func(Settings) (Provider, error)

// Providers are the payment providers this engine may use, by name. A
// provider that is not here (the sandbox without --payment-sandbox) is
// unavailable: its tenants' orders answer payments_unavailable.
type Providers map[string]Opener

// Tenants finds a tenant by id (tenancy.Directory), for the work done
// outside a request (reconciliation).
type Tenants interface {
	ByID(ctx context.Context, id int64) (*tenancy.Tenant, error)
}

// Refusals of the billing calls.
var (
	errCountryInvalid = refusal.New(refusal.Invalid, "country_invalid", "Payments are not offered in this country.")
	errPackageInvalid = refusal.New(refusal.Invalid, "package_invalid", "This package does not exist.")
	errMethodInvalid  = refusal.New(refusal.Invalid, "paymentmethod_invalid", "This payment method is not offered in this country.")
	errUnavailable    = refusal.New(refusal.Unavailable, "payments_unavailable", "Payments are not possible right now, please try again later.")
	errOrderNotFound  = refusal.New(refusal.NotFound, "order_not_found", "This order could not be found.")
	errOrderSettled   = refusal.New(refusal.Conflict, "order_settled", "This order has been paid already.")
	errOrderPending   = refusal.New(refusal.Conflict, "order_pending", "This order is still waiting for its payment.")
)

// MessageFailed is the fixed text for a failed, cancelled or expired payment.
const MessageFailed = "Payment failed or has been cancelled."

// Order states (orders.status).
const (
	OrderPending   = "pending"
	OrderCompleted = "completed"
	OrderFailed    = "failed"
	OrderCancelled = "cancelled"
	OrderExpired   = "expired"
	OrderRefunded  = "refunded"
)

// Reconciliation back-off: an unsettled payment is first asked about
// firstCheck after it was made (its webhook usually comes sooner), then
// after checkBackoff, doubling each time up to maxBackoff.
const (
	firstCheck   = 2 * time.Minute
	checkBackoff = time.Minute
	maxBackoff   = 6 * time.Hour
)

// askGap is how often, at most, a member's polling of an unsettled payment
// (GET orders.php) asks its provider; in between it answers the recorded
// state. Webhooks and reconciliation always ask.
const askGap = 3 * time.Second

// Service sells credit packages: offers, orders, their payments and the
// order states the providers' word moves.
type Service struct {
	pool      *pgxpool.Pool
	providers Providers
	tenants   Tenants
	// jobs queues the refund of a payment that paid an order twice, in the
	// transaction that learns of it.
	jobs *jobs.Client
	log  *slog.Logger
	// texts write the direct debit's SMS; nil when no SMS gateway is
	// configured, and direct debit answers sms_unavailable.
	texts *delivery.Templates
	// Now is the clock discount codes are timed by (the time bonus's
	// window, a code's end); tests replace it. The member's browser clock
	// never decides.
	Now func() time.Time
	// Postbacks tells the members' affiliate networks of their first
	// purchases; nil tells none.
	Postbacks *affiliates.Postbacks
	// Limits counts the direct debit codes texted per client address and
	// per number; nil counts none (commands that text nothing).
	Limits *limits.Limiter
	// Mailer sends the receipt of every paid order (queueReceipt), with
	// links made by Links; nil sends none (commands that settle orders).
	Mailer *delivery.Mailer
	Links  *tenancy.Links
}

// Deps are what billing takes from the rest of the engine; each is
// described on Service. Jobs may be nil for a service that settles no
// payment (the refund command), Postbacks and Limits for one that sells
// nothing to members (commands).
type Deps struct {
	Pool      *pgxpool.Pool
	Providers Providers
	Tenants   Tenants
	Jobs      *jobs.Client
	Postbacks *affiliates.Postbacks
	Limits    *limits.Limiter
	// SMSTexts are the catalogues direct debit's SMS is written from; nil
	// when no SMS gateway is configured.
	SMSTexts *delivery.Templates
	Log      *slog.Logger
	Mailer   *delivery.Mailer
	Links    *tenancy.Links
}

// NewService builds the billing service over d.
func NewService(d Deps) *Service {
	return &Service{pool: d.Pool, providers: d.Providers, tenants: d.Tenants, jobs: d.Jobs, log: d.Log, Now: time.Now,
		Postbacks: d.Postbacks, Limits: d.Limits, texts: d.SMSTexts, Mailer: d.Mailer, Links: d.Links}
}

// provider opens the named provider with the tenant's billing section.
func (s *Service) provider(name string, set Settings) (Provider, error) {
	open, ok := s.providers[name]
	if !ok {
		return nil, fmt.Errorf("provider %s is not enabled: %w", name, ErrProviderUnavailable)
	}
	p, err := open(set)
	if err != nil {
		return nil, fmt.Errorf("open provider %s: %w", name, err)
	}
	return p, nil
}

// Offer is what a payment country is offered: packages priced in its
// currency and its payment methods.
type Offer struct {
	Country   string           `json:"country"`
	Countries []string         `json:"countries"`
	Currency  string           `json:"currency"`
	Packages  []OfferedPackage `json:"packages"`
	Methods   []string         `json:"methods"`
	Provider  string           `json:"provider"`
}

// OfferedPackage is a package priced in one currency.
type OfferedPackage struct {
	ID       string  `json:"id"`
	Credits  int64   `json:"credits"`
	Amount   int64   `json:"amount"`
	Currency string  `json:"currency"`
	Badge    *string `json:"badge"`
}

// paymentCountry is the country a member pays in: the one asked for, which
// must be one of the tenant's payment countries, else where they are when
// the tenant serves it, else the tenant's first payment country.
func paymentCountry(set Settings, asked, located string) (string, error) {
	if asked != "" {
		asked = strings.ToUpper(asked)
		if _, ok := set.Countries[asked]; !ok {
			return "", errCountryInvalid
		}
		return asked, nil
	}
	if _, ok := set.Countries[located]; ok {
		return located, nil
	}
	return set.Order[0], nil
}

// Offer answers the packages and methods of the payment country (asked, or
// where the visitor is located). The country's methods are narrowed to
// those the provider takes; when the provider cannot say (unreachable, not
// enabled), the tenant's list stands and ordering will tell.
func (s *Service) Offer(ctx context.Context, t *tenancy.Tenant, asked, located string) (Offer, error) {
	set, err := SettingsOf(t)
	if err != nil {
		return Offer{}, err
	}
	country, err := paymentCountry(set, asked, located)
	if err != nil {
		return Offer{}, err
	}
	c := set.Countries[country]
	o := Offer{Country: country, Countries: set.Order, Currency: c.Currency, Methods: c.Methods, Provider: set.Provider}
	var least int64
	for _, p := range set.Packages {
		op := OfferedPackage{ID: p.ID, Credits: p.Credits, Amount: p.Prices[c.Currency], Currency: c.Currency}
		if p.Badge != "" {
			op.Badge = &p.Badge
		}
		if least == 0 || op.Amount < least {
			least = op.Amount
		}
		o.Packages = append(o.Packages, op)
	}
	prov, err := s.provider(set.Provider, set)
	if err != nil {
		return o, nil
	}
	taken, err := prov.Methods(ctx, Money{Minor: least, Currency: c.Currency})
	if err != nil {
		s.log.Warn("payment methods of the provider", "tenant", t.Slug, "provider", set.Provider, "err", err)
		return o, nil
	}
	o.Methods = slices.DeleteFunc(slices.Clone(c.Methods), func(m string) bool { return !slices.Contains(taken, m) })
	return o, nil
}

// OrderRequest is a member's order of a package (POST orders.php), or with
// OrderID the retry of a failed order with another method.
type OrderRequest struct {
	PackageID    string `json:"package_id"`
	Method       string `json:"paymentmethod"`
	Country      string `json:"country"`
	DiscountCode string `json:"discount_code"`
	OrderID      int64  `json:"order_id"`
	// KeepCard is the member's consent to keep the card for repeat
	// orders: the payment is a first payment that leaves a mandate.
	KeepCard bool `json:"keep_card"`
	// WaiveWithdrawal is the member's consent that the credits come at
	// once, waiving the 14-day withdrawal right (withdrawalWaiver).
	WaiveWithdrawal bool `json:"waive_withdrawal"`
}

// Checkout is where to send the payer.
type Checkout struct {
	OrderID     int64  `json:"order_id"`
	PaymentID   string `json:"payment_id"`
	RedirectURL string `json:"redirect_url"`
}

// Order makes an order and its payment at the provider, or retries a
// failed, cancelled or expired order with a new payment. base is the
// tenant's address as the member reached it (return page and webhook);
// located is the member's GeoIP country. A discount code is applied here,
// on the server (discounts.Apply: every condition of the code), and taken
// in the order's transaction (holdCode: once per member, over from an open
// order of the member); the provider is asked for the discounted amount and
// the order records the code and the price before it.
func (s *Service) Order(ctx context.Context, t *tenancy.Tenant, memberID int64, base, located, locale string, req OrderRequest) (Checkout, error) {
	set, err := SettingsOf(t)
	if err != nil {
		return Checkout{}, err
	}
	if req.OrderID != 0 {
		return s.retry(ctx, t, set, memberID, base, locale, req)
	}
	country, err := paymentCountry(set, req.Country, located)
	if err != nil {
		return Checkout{}, err
	}
	pkg, ok := set.Package(req.PackageID)
	if !ok {
		return Checkout{}, errPackageInvalid
	}
	c := set.Countries[country]
	if !slices.Contains(c.Methods, req.Method) {
		return Checkout{}, errMethodInvalid
	}
	waived, err := withdrawalWaiver(t, req.WaiveWithdrawal, s.Now())
	if err != nil {
		return Checkout{}, err
	}
	amount := Money{Minor: pkg.Prices[c.Currency], Currency: c.Currency}
	params := db.OrderInsertParams{TenantID: t.ID, MemberID: memberID, PackageID: pkg.ID,
		Credits: pkg.Credits, Amount: amount.Minor, Currency: amount.Currency, Country: country, WithdrawalWaivedAt: waived}
	var code *discounts.Discount
	if strings.TrimSpace(req.DiscountCode) != "" {
		d, err := discounts.Apply(ctx, s.pool, t.ID, memberID, req.DiscountCode,
			discounts.Sale{ListAmount: amount.Minor, Currency: amount.Currency, Country: country, Method: req.Method}, s.Now())
		if err != nil {
			return Checkout{}, err
		}
		code, amount.Minor = &d, d.Amount
		params.Amount = d.Amount
		params.DiscountCodeID = pgtype.Int8{Int64: d.CodeID, Valid: true}
		params.DiscountCode = pgtype.Text{String: d.Code, Valid: true}
		params.DiscountPercentage = pgtype.Int4{Int32: int32(d.Percentage), Valid: true}
		params.ListAmount = pgtype.Int8{Int64: d.ListAmount, Valid: true}
	}
	spec := paymentSpec{packageID: pkg.ID, credits: pkg.Credits, method: req.Method, amount: amount}
	if req.KeepCard {
		if spec, err = s.keepCard(ctx, t, set, memberID, locale, spec); err != nil {
			return Checkout{}, err
		}
	}
	pay, err := s.createPayment(ctx, t, set, base, locale, spec)
	if err != nil {
		return Checkout{}, err
	}
	var out Checkout
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		id, err := q.OrderInsert(ctx, params)
		if err != nil {
			return fmt.Errorf("insert order of member %d: %w", memberID, err)
		}
		// The order takes its code, over from an open order of the member
		// if need be. One whose code is spent or under way rolls back, and
		// its payment at the provider stays unused and expires there
		// (nobody is sent to pay it).
		if code != nil {
			if err := s.holdCode(ctx, tx, code.CodeID, memberID, id); err != nil {
				return err
			}
		}
		out = Checkout{OrderID: id, PaymentID: pay.publicID, RedirectURL: pay.CheckoutURL}
		_, err = pay.insert(ctx, q, id, req.Method)
		return err
	})
	if err != nil {
		return Checkout{}, err
	}
	return out, nil
}

// retry is a new payment for a failed, cancelled or expired order.
func (s *Service) retry(ctx context.Context, t *tenancy.Tenant, set Settings, memberID int64, base, locale string, req OrderRequest) (Checkout, error) {
	key := db.OrderOfMemberParams{ID: req.OrderID, MemberID: memberID, TenantID: t.ID}
	o, err := db.New(s.pool).OrderOfMember(ctx, key)
	if errors.Is(err, pgx.ErrNoRows) {
		return Checkout{}, errOrderNotFound
	}
	if err != nil {
		return Checkout{}, fmt.Errorf("order %d: %w", req.OrderID, err)
	}
	if err := retryable(o.Status); err != nil {
		return Checkout{}, err
	}
	c, ok := set.Countries[o.Country]
	if !ok || c.Currency != o.Currency {
		return Checkout{}, errCountryInvalid
	}
	if !slices.Contains(c.Methods, req.Method) {
		return Checkout{}, errMethodInvalid
	}
	// The failed order gave its code back: the retry applies it again
	// (with the new method) and takes it again, or is refused.
	if o.DiscountCodeID.Valid {
		d, err := discounts.Apply(ctx, s.pool, t.ID, memberID, o.DiscountCode.String, discounts.Sale{ListAmount: o.ListAmount.Int64,
			Currency: o.Currency, Country: o.Country, Method: req.Method, OrderID: o.ID}, s.Now())
		if err != nil {
			return Checkout{}, err
		}
		if d.CodeID != o.DiscountCodeID.Int64 || d.Amount != o.Amount {
			return Checkout{}, discounts.ErrNotFound
		}
	}
	spec := paymentSpec{packageID: o.PackageID, credits: o.Credits, method: req.Method, amount: Money{Minor: o.Amount, Currency: o.Currency}}
	if req.KeepCard {
		if spec, err = s.keepCard(ctx, t, set, memberID, locale, spec); err != nil {
			return Checkout{}, err
		}
	}
	pay, err := s.createPayment(ctx, t, set, base, locale, spec)
	if err != nil {
		return Checkout{}, err
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		o, err := q.OrderLockOfMember(ctx, db.OrderLockOfMemberParams(key))
		if err != nil {
			return fmt.Errorf("lock order %d: %w", req.OrderID, err)
		}
		// A webhook or another retry may have moved it meanwhile; the new
		// payment at the provider then stays unused and expires there.
		if err := retryable(o.Status); err != nil {
			return err
		}
		if err := q.OrderSetStatus(ctx, db.OrderSetStatusParams{ID: o.ID, Status: OrderPending}); err != nil {
			return fmt.Errorf("reopen order %d: %w", o.ID, err)
		}
		if o.DiscountCodeID.Valid {
			if err := s.holdCode(ctx, tx, o.DiscountCodeID.Int64, memberID, o.ID); err != nil {
				return err
			}
		}
		_, err = pay.insert(ctx, q, o.ID, req.Method)
		return err
	})
	if err != nil {
		return Checkout{}, err
	}
	return Checkout{OrderID: o.ID, PaymentID: pay.publicID, RedirectURL: pay.CheckoutURL}, nil
}

// retryable says whether an order in status may get a new payment.
func retryable(status string) error {
	switch status {
	case OrderFailed, OrderCancelled, OrderExpired:
		return nil
	case OrderPending:
		return errOrderPending
	default:
		return errOrderSettled
	}
}

// paymentSpec is what a payment to open pays and how: a one-off payment,
// a first one (customerID set: the card is kept) or a recurring one
// (charged on mandateID).
type paymentSpec struct {
	packageID string
	credits   int64
	method    string
	amount    Money
	// sequence is SequenceOneOff when empty.
	sequence   string
	customerID string
	mandateID  string
	// idempotencyKey makes a repeated request answer the first one's
	// payment at the provider.
	idempotencyKey string
	// publicID is the payment's public id claimed before the provider is
	// asked; a new one when empty.
	publicID string
}

// openedPayment is a payment the provider opened, not yet recorded.
type openedPayment struct {
	Payment
	provider string
	publicID string
	sequence string
}

// createPayment opens a payment at the tenant's provider. Any failure of
// the provider is payments_unavailable to the member, with the cause in the
// log; a provider's refusal of a recurring charge is errCardFailed.
func (s *Service) createPayment(ctx context.Context, t *tenancy.Tenant, set Settings, base, locale string, spec paymentSpec) (openedPayment, error) {
	prov, err := s.provider(set.Provider, set)
	if err != nil {
		s.log.Warn("payment provider", "tenant", t.Slug, "err", err)
		return openedPayment{}, errUnavailable
	}
	publicID := spec.publicID
	if publicID == "" {
		if publicID, err = newPublicID(); err != nil {
			return openedPayment{}, err
		}
	}
	if spec.sequence == "" {
		spec.sequence = SequenceOneOff
	}
	p, err := prov.CreatePayment(ctx, PaymentRequest{
		TenantID:       t.ID,
		Amount:         spec.amount,
		Method:         spec.method,
		Description:    fmt.Sprintf("%s: %d credits (%s)", t.Name, spec.credits, spec.packageID),
		RedirectURL:    base + "/credits/" + spec.packageID + "/" + spec.method + "?payment_id=" + publicID,
		WebhookURL:     base + "/hooks/payments/" + prov.Name(),
		Locale:         locale,
		Reference:      publicID,
		IdempotencyKey: spec.idempotencyKey,
		SequenceType:   spec.sequence,
		CustomerID:     spec.customerID,
		MandateID:      spec.mandateID,
	})
	if err != nil {
		s.log.Warn("create payment", "tenant", t.Slug, "provider", prov.Name(), "sequence", spec.sequence, "err", err)
		if spec.sequence == SequenceRecurring && errors.Is(err, ErrProviderRefused) {
			return openedPayment{}, errCardFailed
		}
		return openedPayment{}, errUnavailable
	}
	return openedPayment{Payment: p, provider: prov.Name(), publicID: publicID, sequence: spec.sequence}, nil
}

// insert records the opened payment for order and answers its id.
func (p openedPayment) insert(ctx context.Context, q *db.Queries, order int64, method string) (int64, error) {
	status := p.Status
	if status == "" {
		status = StatusOpen
	}
	seq := p.sequence
	if seq == "" {
		seq = SequenceOneOff
	}
	id, err := q.PaymentInsert(ctx, db.PaymentInsertParams{PublicID: p.publicID, OrderID: order, Provider: p.provider,
		ProviderPaymentID: p.ID, Method: method, Status: string(status), CheckoutUrl: p.CheckoutURL,
		CheckAt: time.Now().Add(firstCheck), SequenceType: seq})
	if err != nil {
		return 0, fmt.Errorf("insert payment of order %d: %w", order, err)
	}
	return id, nil
}

// newPublicID is a payment id members see: random, not guessable.
func newPublicID() (string, error) {
	b := make([]byte, 15)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("payment id: %w", err)
	}
	return "pay_" + strings.ToLower(base32.StdEncoding.EncodeToString(b)), nil
}

// Webhook handles a provider's call naming one of its payments: the engine
// trusts nothing but the id, asks the provider and moves the order. An id
// the engine does not know on this tenant changes nothing.
func (s *Service) Webhook(ctx context.Context, t *tenancy.Tenant, provider, id string) error {
	p, err := db.New(s.pool).PaymentByProviderID(ctx, db.PaymentByProviderIDParams{Provider: provider, ProviderPaymentID: id, TenantID: t.ID})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("payment %s %s: %w", provider, id, err)
	}
	return s.sync(ctx, t, p.ID, p.Provider, p.ProviderPaymentID)
}

// sync asks the provider about a payment and applies its answer.
func (s *Service) sync(ctx context.Context, t *tenancy.Tenant, paymentID int64, provider, providerID string) error {
	set, err := SettingsOf(t)
	if err != nil {
		return err
	}
	prov, err := s.provider(provider, set)
	if err != nil {
		return err
	}
	p, err := prov.FetchPayment(ctx, providerID)
	if errors.Is(err, ErrPaymentNotFound) {
		s.log.Warn("the provider does not know a payment", "tenant", t.Slug, "provider", provider, "id", providerID)
		return nil
	}
	if err != nil {
		return fmt.Errorf("fetch payment %s %s: %w", provider, providerID, err)
	}
	if p.Status == StatusPaid && p.ChargedBack.Minor > 0 {
		if p.Chargebacks, err = s.chargebacksOf(ctx, prov, paymentID, providerID); err != nil {
			return err
		}
	}
	return s.settle(ctx, paymentID, p, s.mandateOf(ctx, t, prov, p))
}

// settle moves a payment and its order to what the provider said, in one
// transaction holding the order's row lock: a paid payment completes its
// order (whatever earlier attempts did) and books its credits, once; a
// failed, cancelled or expired payment fails the order when it is the
// order's newest attempt and the order still waits. Money is never kept
// twice: a payment that becomes paid for an order completed (or refunded)
// already, or that does not pay its order's amount, is refunded at the
// provider by a job queued here, once, when the payment turns paid. A paid
// first payment keeps mandate, the card the member consented to keep, when
// the provider gave one.
func (s *Service) settle(ctx context.Context, paymentID int64, p Payment, mandate *Mandate) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return s.settleTx(ctx, tx, paymentID, p, mandate)
	})
}

// settleTx is settle inside tx (a repeat order settles its charge in the
// transaction that records it).
func (s *Service) settleTx(ctx context.Context, tx pgx.Tx, paymentID int64, p Payment, mandate *Mandate) error {
	q := db.New(tx)
	o, err := q.OrderLockByPayment(ctx, paymentID)
	if err != nil {
		return fmt.Errorf("lock order of payment %d: %w", paymentID, err)
	}
	changed, err := q.PaymentSetStatus(ctx, db.PaymentSetStatusParams{ID: paymentID, Status: string(p.Status)})
	if err != nil {
		return fmt.Errorf("payment %d status: %w", paymentID, err)
	}
	if p.Status == StatusPaid && p.ChargedBack.Minor > 0 {
		return s.chargeBack(ctx, tx, o, paymentID, p)
	}
	switch p.Status {
	case StatusPaid:
		if mandate != nil {
			if err := s.keepMandate(ctx, tx, o, paymentID, *mandate); err != nil {
				return err
			}
		}
		switch o.Status {
		case OrderCompleted, OrderRefunded:
			if changed == 0 {
				return nil
			}
			s.log.Warn("a second payment of an order paid already: it is refunded", "order", o.ID, "payment", paymentID, "paid", p.Amount)
			return s.queueRefund(ctx, tx, paymentID)
		}
		// The member ordered again with this order's code and the newer
		// order took it over: this payment is not kept.
		if o.SupersededBy.Valid {
			if changed == 0 {
				return nil
			}
			s.log.Warn("a payment of an order another order took over is refunded", "order", o.ID, "by", o.SupersededBy.Int64, "payment", paymentID)
			return s.queueRefund(ctx, tx, paymentID)
		}
		if p.Amount.Minor != o.Amount || p.Amount.Currency != o.Currency {
			s.log.Error("a paid payment does not match its order", "order", o.ID, "payment", paymentID, "paid", p.Amount, "amount", o.Amount, "currency", o.Currency)
			if changed == 0 {
				return nil
			}
			return s.queueRefund(ctx, tx, paymentID)
		}
		return s.complete(ctx, tx, o)
	case StatusFailed, StatusCanceled, StatusExpired:
		if o.Status != OrderPending {
			return nil
		}
		latest, err := q.PaymentLatestID(ctx, o.ID)
		if err != nil {
			return fmt.Errorf("newest payment of order %d: %w", o.ID, err)
		}
		if latest != paymentID {
			return nil
		}
		status := map[Status]string{StatusFailed: OrderFailed, StatusCanceled: OrderCancelled, StatusExpired: OrderExpired}[p.Status]
		if err := q.OrderSetStatus(ctx, db.OrderSetStatusParams{ID: o.ID, Status: status}); err != nil {
			return fmt.Errorf("order %d %s: %w", o.ID, status, err)
		}
		// Its discount code is free again for the member.
		return discounts.Release(ctx, tx, o.ID)
	}
	return nil
}

// complete books a paid order inside tx, which holds the order's lock: the
// order completed, the credits through the ledger (premium on the first
// purchase) with the order as reference, so it is booked once, and its
// invoice numbered.
func (s *Service) complete(ctx context.Context, tx pgx.Tx, o db.Order) error {
	if err := db.New(tx).OrderSetStatus(ctx, db.OrderSetStatusParams{ID: o.ID, Status: OrderCompleted}); err != nil {
		return fmt.Errorf("complete order %d: %w", o.ID, err)
	}
	note := fmt.Sprintf("package %s", o.PackageID)
	_, first, err := credits.BookPurchase(ctx, tx, o.MemberID, o.Credits, fmt.Sprintf("order:%d", o.ID), note)
	if err != nil {
		return fmt.Errorf("book order %d: %w", o.ID, err)
	}
	if first {
		// The member's affiliate network is told of the first purchase.
		if err := s.Postbacks.Queue(ctx, tx, affiliates.Event{MemberID: o.MemberID, Kind: affiliates.EventFirstPurchase, OrderID: o.ID}); err != nil {
			return err
		}
	}
	if o.DiscountCodeID.Valid {
		twice, err := discounts.Use(ctx, tx, o.DiscountCodeID.Int64, o.MemberID, o.ID)
		if err != nil {
			return err
		}
		if twice {
			s.log.Warn("a late payment used a discount code another order of the member holds", "order", o.ID, "code", o.DiscountCode.String)
		}
	}
	inv, err := issueInvoice(ctx, tx, o.ID)
	if err != nil {
		return fmt.Errorf("invoice of order %d: %w", o.ID, err)
	}
	return s.queueReceipt(ctx, tx, o.TenantID, inv)
}

// PaymentState is a payment as its member sees it (GET orders.php).
type PaymentState struct {
	PaymentID string `json:"payment_id"`
	OrderID   int64  `json:"order_id"`
	// Status is pending, completed, failed, cancelled, expired or refunded.
	Status    string `json:"status"`
	Credits   int64  `json:"credits"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	PackageID string `json:"package_id"`
	Method    string `json:"paymentmethod"`
	Message   string `json:"message,omitempty"`
}

// Payment answers a member's payment. When the member returns from the
// provider while the payment is unsettled, the engine asks the provider
// (its word, not the browser's, moves the order); a provider that cannot
// answer leaves the state as recorded.
func (s *Service) Payment(ctx context.Context, t *tenancy.Tenant, memberID int64, publicID string) (PaymentState, error) {
	key := db.PaymentOfMemberParams{PublicID: publicID, MemberID: memberID, TenantID: t.ID}
	p, err := db.New(s.pool).PaymentOfMember(ctx, key)
	if errors.Is(err, pgx.ErrNoRows) {
		return PaymentState{}, errOrderNotFound
	}
	if err != nil {
		return PaymentState{}, fmt.Errorf("payment %s: %w", publicID, err)
	}
	if !Status(p.Status).Settled() && p.OrderStatus == OrderPending && s.mayAsk(ctx, p.ID) {
		if err := s.sync(ctx, t, p.ID, p.Provider, p.ProviderPaymentID); err != nil {
			s.log.Warn("ask the provider on return", "payment", publicID, "err", err)
		}
		if p, err = db.New(s.pool).PaymentOfMember(ctx, key); err != nil {
			return PaymentState{}, fmt.Errorf("payment %s: %w", publicID, err)
		}
	}
	st := PaymentState{PaymentID: p.PublicID, OrderID: p.OrderID, Status: paymentStatus(p.OrderStatus, Status(p.Status)),
		Credits: p.Credits, Amount: p.Amount, Currency: p.Currency, PackageID: p.PackageID, Method: p.Method}
	switch st.Status {
	case OrderFailed, OrderCancelled, OrderExpired:
		st.Message = MessageFailed
	}
	return st, nil
}

// mayAsk claims the right to ask the provider about a payment for a
// member's poll: once per askGap per payment, however many pages poll, so
// a poll every second does not become a provider call every second. A
// database failure answers no (the recorded state is answered).
func (s *Service) mayAsk(ctx context.Context, paymentID int64) bool {
	n, err := db.New(s.pool).PaymentClaimAsk(ctx, db.PaymentClaimAskParams{ID: paymentID, MinGapMs: int32(askGap / time.Millisecond)})
	if err != nil {
		s.log.Warn("claim asking the provider", "payment", paymentID, "err", err)
		return false
	}
	return n == 1
}

// paymentStatus is what a member is told of one payment of an order: the
// order's state once it is completed or refunded, or cancelled while the
// payment is still open at the provider (another order took its discount
// code over), else the payment's own.
func paymentStatus(order string, payment Status) string {
	switch order {
	case OrderCompleted, OrderRefunded:
		return order
	case OrderCancelled:
		if !payment.Settled() {
			return order
		}
	}
	switch payment {
	case StatusFailed:
		return OrderFailed
	case StatusCanceled:
		return OrderCancelled
	case StatusExpired:
		return OrderExpired
	}
	return OrderPending
}

// Transaction is one order in the member's transactions.
type Transaction struct {
	ID          int64      `json:"id"`
	PaymentID   string     `json:"payment_id"`
	Status      string     `json:"status"`
	Amount      int64      `json:"amount"`
	Currency    string     `json:"currency"`
	Credits     int64      `json:"credits"`
	Method      string     `json:"paymentmethod"`
	PackageID   string     `json:"package_id"`
	CreatedAt   time.Time  `json:"created_at"`
	CompletedAt *time.Time `json:"completed_at"`
	// InvoiceNumber is the printed number (LOKAAL-MEDIA-000042).
	InvoiceNumber *string `json:"invoice_number"`
	InvoiceURL    *string `json:"invoice_url"`
	// ListAmount and DiscountCode are the price before the discount and the
	// code, null for an order without one (Amount is what was paid).
	ListAmount   *int64  `json:"list_amount"`
	DiscountCode *string `json:"discount_code"`
}

// maxTransactions bounds the transactions list, maxLedger the ledger
// entries listed with it.
const (
	maxTransactions = 200
	maxLedger       = 200
)

// LedgerEntry is one change of a member's credit balance in their
// transactions: purchases, refunds, the signup bonus and what the credits
// were spent on. References and notes are the operators' and stay out.
type LedgerEntry struct {
	ID           int64        `json:"id"`
	Delta        int64        `json:"delta"`
	BalanceAfter int64        `json:"balance_after"`
	Kind         credits.Kind `json:"kind"`
	CreatedAt    time.Time    `json:"created_at"`
}

// Ledger lists a member's newest credit ledger entries, newest first.
func (s *Service) Ledger(ctx context.Context, memberID int64) ([]LedgerEntry, error) {
	rows, err := credits.History(ctx, s.pool, memberID, maxLedger)
	if err != nil {
		return nil, err
	}
	out := make([]LedgerEntry, len(rows))
	for i, r := range rows {
		out[i] = LedgerEntry{ID: r.ID, Delta: r.Delta, BalanceAfter: r.BalanceAfter, Kind: r.Kind, CreatedAt: r.CreatedAt}
	}
	return out, nil
}

// Transactions lists a member's orders, newest first; with order not 0,
// only that one (errOrderNotFound when it is not the member's).
func (s *Service) Transactions(ctx context.Context, t *tenancy.Tenant, memberID, order int64) ([]Transaction, error) {
	params := db.TransactionsOfMemberParams{MemberID: memberID, TenantID: t.ID, MaxRows: maxTransactions}
	if order != 0 {
		params.OrderID = pgtype.Int8{Int64: order, Valid: true}
	}
	rows, err := db.New(s.pool).TransactionsOfMember(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("transactions of member %d: %w", memberID, err)
	}
	if order != 0 && len(rows) == 0 {
		return nil, errOrderNotFound
	}
	out := make([]Transaction, len(rows))
	for i, r := range rows {
		tr := Transaction{ID: r.ID, PaymentID: r.PublicID, Status: r.Status, Amount: r.Amount, Currency: r.Currency,
			Credits: r.Credits, Method: r.Method, PackageID: r.PackageID, CreatedAt: r.CreatedAt}
		if r.CompletedAt.Valid {
			at := r.CompletedAt.Time
			tr.CompletedAt = &at
		}
		if r.DiscountCode.Valid {
			tr.ListAmount, tr.DiscountCode = &r.ListAmount.Int64, &r.DiscountCode.String
		}
		if r.InvoiceNumber.Valid {
			n, url := InvoiceNumber(r.InvoiceCompany, r.InvoiceNumber.Int64), fmt.Sprintf("/api/invoice.php?id=%d", r.ID)
			tr.InvoiceNumber, tr.InvoiceURL = &n, &url
		}
		out[i] = tr
	}
	return out, nil
}
